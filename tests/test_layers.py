"""The imports go one way, and every package of the site has its rule here (docs/layers.md
draws the map): pages (views, forms, the tables app, middleware, management commands) call
services; the night file reads and writes files, folds a night over the posting core and hands
it to a service to write; services lock, load (selectors), apply the posting core and write
(models); selectors read models; the posting core is pure (no database, nothing above it);
`rules` is under everything. Every module's imports are read with `ast` (those inside
functions and under TYPE_CHECKING too, relative ones resolved), so a new import the wrong way
fails here, naming the module and the line."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Above the services: what a person or a command line reaches first.
PAGES = ("ledger.views", "ledger.forms", "ledger.pages", "ledger.middleware",
         "ledger.management", "ledger.templatetags", "ledger.urls", "ledger.tables",
         "ledger.admin", "ledger.kept", "ledger.health")
# Under the models: what a row uses as it is saved (the chain, the key, the database's guards)
# and the plain values and helpers every layer may use; none reads a model.
UNDER_MODELS = ("ledger.integrity.chain", "ledger.integrity.key", "ledger.integrity.triggers",
                "ledger.scoping", "ledger.house_settings", "ledger.names", "ledger.numbers",
                "ledger.types", "ledger.charts", "ledger.public_url", "ledger.mail_url",
                "ledger.client_address", "ledger.form_renderer", "ledger.languages",
                "ledger.sqlite_backend",
                "ledger.postgresql_backend")
ABOVE_MODELS = ("ledger.models", "ledger.selectors", "ledger.services", "ledger.night_file",
                "ledger.integrity.witness", "ledger.integrity.rechain", "ledger.integrity.audit",
                "tables", *PAGES)

# (modules under this name, may not import any module under these names); a module follows
# every rule whose name it is under.
FORBIDDEN = [
    ("ledger.posting", ("django.db", "django.contrib", "ledger.models", "ledger.selectors",
                        "ledger.services", "ledger.night_file", "ledger.integrity",
                        "ledger.house", "ledger.permissions", "ledger.command_line",
                        "ledger.backups", "ledger.database_copy", "tables", *PAGES)),
    ("ledger.selectors", ("ledger.services", "ledger.night_file", "tables", *PAGES)),
    ("ledger.services", ("ledger.night_file", "ledger.backups", "tables", *PAGES)),
    ("ledger.models", ("ledger.services", "ledger.selectors", "ledger.night_file",
                       "ledger.posting", "ledger.house", "ledger.permissions",
                       "ledger.integrity.witness", "ledger.integrity.rechain",
                       "ledger.integrity.audit", "tables", *PAGES)),
    ("ledger.night_file", ("tables", *PAGES)),
    ("ledger.views", ("ledger.posting", "ledger.night_file.replay", "ledger.night_file.planning",
                      "ledger.management", "ledger.urls", "ledger.integrity")),
    ("ledger.forms", ("ledger.views", "ledger.pages", "ledger.middleware", "ledger.management",
                      "ledger.posting", "ledger.night_file", "ledger.integrity")),
    ("ledger.pages", ("ledger.views", "ledger.middleware", "ledger.management",
                      "ledger.posting", "ledger.night_file")),
    ("ledger.middleware", ("ledger.views", "ledger.forms", "ledger.services", "ledger.management",
                           "ledger.posting", "ledger.night_file")),
    ("ledger.management", ("ledger.views", "ledger.forms", "ledger.pages", "ledger.middleware",
                           "ledger.posting")),
    ("ledger.templatetags", ("ledger.views", "ledger.forms", "ledger.services",
                             "ledger.management", "ledger.posting", "ledger.night_file")),
    ("ledger.tables", ("ledger.views", "ledger.services", "ledger.management", "ledger.posting",
                       "ledger.night_file")),
    ("ledger.kept", ("ledger.views", "ledger.services", "ledger.management", "ledger.posting",
                     "ledger.night_file")),
    ("ledger.admin", ("ledger.views", "ledger.services", "ledger.management", "ledger.posting",
                      "ledger.night_file")),
    ("ledger.health", ("ledger.views", "ledger.forms", "ledger.services", "ledger.management",
                       "ledger.posting", "ledger.night_file")),
    # the journal's integrity (ledger/integrity/): the audit and the witness read the models;
    # the chain, the key and the guards sit under them
    ("ledger.integrity", ("ledger.services", "ledger.selectors", "ledger.night_file",
                          "tables", *PAGES)),
    *[(name, ABOVE_MODELS) for name in UNDER_MODELS],
    # houses beside the models: the house of a request, who may do what, a command's house
    ("ledger.house", ("ledger.services", "ledger.selectors", "ledger.night_file",
                      "ledger.posting", "tables", *PAGES)),
    ("ledger.permissions", ("ledger.services", "ledger.selectors", "ledger.night_file",
                            "ledger.posting", "tables", *PAGES)),
    ("ledger.command_line", ("ledger.services", "ledger.selectors", "ledger.night_file",
                             "ledger.posting", "tables", *PAGES)),
    # copies of the database: the backups a close or a command makes, and how one is made
    ("ledger.backups", ("ledger.night_file", "ledger.posting", "tables", *PAGES)),
    ("ledger.database_copy", ("ledger.services", "ledger.selectors", "ledger.night_file",
                              "ledger.posting", "ledger.backups", "tables", *PAGES)),
    # the site's wiring: settings read no model; the app's checks read the guards
    ("ledger.settings", ("ledger.models", *ABOVE_MODELS, "ledger.posting")),
    ("ledger.checks", ABOVE_MODELS),
    ("ledger.apps", ("ledger.services", "ledger.selectors", "ledger.night_file", "tables",
                     *PAGES)),
    ("ledger.asgi", ("ledger.models", *ABOVE_MODELS)),
    ("ledger.wsgi", ("ledger.models", *ABOVE_MODELS)),
    ("ledger.urls", ("ledger.models", "ledger.selectors", "ledger.services", "ledger.posting",
                     "ledger.night_file")),
    ("ledger.migrations", ("ledger.services", "ledger.selectors", "ledger.night_file",
                           "ledger.posting", "tables", *PAGES)),
    ("ledger", ("tables",)),
    # the tables app: its tables and report pages read selectors and models, answer through
    # services and ledger.pages; never the bookkeeping's views, commands or posting core
    ("tables", ("ledger.views", "ledger.management", "ledger.middleware", "ledger.posting",
                "ledger.night_file.replay", "ledger.night_file.planning")),
    ("rules", ("django", "ledger", "tables")),
]
# The journal's vocabulary (account and entry kinds) and its refusals (LedgerError) are plain
# values anyone may name.
SHARED = ("ledger.posting.accounts", "ledger.posting.errors")
# What the whole tree's rules may be no more than: the package itself.
CATCH_ALL = ("ledger",)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(source: str, module: str, *, package: bool) -> list[tuple[int, str]]:
    """Each module `source` imports, by absolute name, with its line: `from . import x` is
    `pkg.x`, `from ..y import z` is `pkg.y.z` (a name imported may be a module)."""
    here = module.split(".") if package else module.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here[:len(here) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def modules() -> list[Path]:
    return sorted(p for top in ("ledger", "rules", "tables") for p in (ROOT / top).rglob("*.py"))


def top_level_imports(path: Path, module: str) -> set[str]:
    """The modules of this tree that `module` imports when it runs - at its top or inside a
    function, not under TYPE_CHECKING - each by the module it names (`from . import x` names
    the module x, not the package)."""
    known = {module_name(p) for p in modules()}
    package = path.stem == "__init__"
    found = set()
    for node in _running_imports(ast.parse(path.read_text())):
        names = [name for _, name in imported(ast.unparse(node), module, package=package)]
        if isinstance(node, ast.ImportFrom) and all(name in known for name in names[1:]) \
                and len(names) > 1:
            names = names[1:]   # `from pkg import module, ...`: the modules, not pkg
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                found.add(name)
    return found


def _running_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        else:
            found += _running_imports(node)
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while True:
                other = stack.pop()
                part.append(other)
                if other == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_imports_go_one_way():
    wrong: dict[str, str] = {}   # one complaint a line
    for path in modules():
        module = module_name(path)
        rules = [(layer, banned) for layer, banned in FORBIDDEN if within(module, layer)]
        if not rules:
            continue
        for line, name in imported(path.read_text(), module, package=path.stem == "__init__"):
            if any(within(name, b) for _, banned in rules for b in banned) \
                    and not any(within(name, shared) for shared in SHARED):
                wrong.setdefault(f"{path.relative_to(ROOT)}:{line}", name)
    assert not wrong, "\n".join(f"{where} imports {name}" for where, name in wrong.items())


def unruled(names: list[str]) -> list[str]:
    """The modules no rule names but the whole package's (never import `tables`)."""
    ruled = [layer for layer, _ in FORBIDDEN if layer not in CATCH_ALL]
    return [name for name in names
            if name not in CATCH_ALL and not any(within(name, layer) for layer in ruled)]


def test_every_module_has_its_rule():
    """A new module or package is given its place here before it lands."""
    assert unruled([module_name(path) for path in modules()]) == []
    assert unruled(["ledger.new_module", "ledger.views.new_page"]) == ["ledger.new_module"]


def test_no_import_circle():
    """No module imports, however indirectly, one that imports it back - at the top or inside
    a function: an import put inside a function to dodge a circle is a circle still."""
    graph = {module_name(path): top_level_imports(path, module_name(path))
             for path in modules()}
    assert circles(graph) == []


def test_a_circle_is_found():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]


@pytest.mark.parametrize("source, module, package, expected", [
    ("from . import holder", "ledger.services.journal", False, "ledger.services.holder"),
    ("from .journal import Banker", "ledger.services.book", False, "ledger.services.journal"),
    ("from .. import views", "ledger.selectors.bank", False, "ledger.views"),
    ("from ..views.common import x", "ledger.selectors.bank", False, "ledger.views.common"),
    ("from . import bank", "ledger.selectors", True, "ledger.selectors.bank"),
    ("import tables.report_tables", "ledger.views.nights", False, "tables.report_tables"),
])
def test_relative_imports_are_read_as_the_module_they_name(source, module, package, expected):
    assert expected in [name for _, name in imported(source, module, package=package)]


def test_rules_imports_without_django():
    """At run time too: importing the rules loads no Django (nor anything that would)."""
    code = "import sys, rules.cli, rules.cards, rules.money; assert 'django' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, env={"PATH": ""})
