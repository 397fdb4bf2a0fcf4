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
         "ledger.management", "ledger.templatetags", "ledger.urls")

# (modules under this name, may not import any module under these names)
FORBIDDEN = [
    ("ledger.posting", ("django.db", "django.contrib", "ledger.models", "ledger.selectors",
                        "ledger.services", "ledger.night_file", "tables", *PAGES)),
    ("ledger.selectors", ("ledger.services", "ledger.night_file", "tables", *PAGES)),
    ("ledger.services", ("ledger.night_file", "tables", *PAGES)),
    ("ledger.models", ("ledger.services", "ledger.selectors", "ledger.night_file",
                       "ledger.posting", "tables", *PAGES)),
    ("ledger.night_file", ("tables", *PAGES)),
    ("ledger.views", ("ledger.posting", "ledger.night_file.replay", "ledger.night_file.planning",
                      "ledger.management", "ledger.urls")),
    ("ledger.forms", ("ledger.views", "ledger.pages", "ledger.middleware", "ledger.management",
                      "ledger.posting", "ledger.night_file")),
    ("ledger.pages", ("ledger.views", "ledger.middleware", "ledger.management",
                      "ledger.posting", "ledger.night_file")),
    ("ledger.middleware", ("ledger.views", "ledger.forms", "ledger.services", "ledger.management",
                           "ledger.posting", "ledger.night_file")),
    ("ledger.management", ("ledger.views", "ledger.forms", "ledger.pages", "ledger.middleware",
                           "ledger.posting")),
    ("ledger.templatetags", ("ledger.views", "ledger.forms", "ledger.services",
                             "ledger.management", "ledger.posting", "ledger.night_file")),
    ("ledger", ("tables",)),
    # the tables app: its tables and report pages read selectors and models, answer through
    # services and ledger.pages; never the bookkeeping's views, commands or posting core
    ("tables", ("ledger.views", "ledger.management", "ledger.middleware", "ledger.posting",
                "ledger.night_file.replay", "ledger.night_file.planning")),
    ("rules", ("django", "ledger", "tables")),
]
# The journal's vocabulary (account and entry kinds) is plain values anyone may name.
SHARED = ("ledger.posting.accounts",)
PACKAGES = ["ledger.views", "ledger.forms", "ledger.services", "ledger.posting",
            "ledger.selectors", "ledger.models", "ledger.night_file", "ledger.middleware",
            "ledger.management", "ledger.templatetags", "tables", "rules"]


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


def test_every_package_has_its_rule():
    ruled = {layer for layer, _ in FORBIDDEN}
    assert [p for p in PACKAGES if p not in ruled] == []


@pytest.mark.parametrize("source, module, package, expected", [
    ("from . import holder", "ledger.services.journal", False, "ledger.services.holder"),
    ("from .journal import Banker", "ledger.services.book", False, "ledger.services.journal"),
    ("from .. import views", "ledger.selectors.bank", False, "ledger.views"),
    ("from ..views.common import x", "ledger.selectors.bank", False, "ledger.views.common"),
    ("from . import bank", "ledger.selectors", True, "ledger.selectors.bank"),
    ("import tables.report_tables", "ledger.views.sessions", False, "tables.report_tables"),
])
def test_relative_imports_are_read_as_the_module_they_name(source, module, package, expected):
    assert expected in [name for _, name in imported(source, module, package=package)]


def test_rules_imports_without_django():
    """At run time too: importing the rules loads no Django (nor anything that would)."""
    code = "import sys, rules.cli, rules.cards, rules.money; assert 'django' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, env={"PATH": ""})
