"""The services, the selectors and the posting core say what they take and give: no `Any` in a
public function's signature or a public class's fields (mypy checks the rest, strictly)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TYPED = ("ledger/services", "ledger/selectors", "ledger/posting")


def _annotations(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and not node.name.startswith("_"):
        args = node.args
        found = [a.annotation for a in [*args.posonlyargs, *args.args, *args.kwonlyargs,
                                        args.vararg, args.kwarg] if a and a.annotation]
        return found + ([node.returns] if node.returns else [])
    return []


def _public_any(path: Path, root: Path = ROOT) -> list[str]:
    found = []
    for node in ast.parse(path.read_text()).body:
        members = [node]
        if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            members += [n for n in node.body if isinstance(n, ast.AnnAssign)
                        and isinstance(n.target, ast.Name) and not n.target.id.startswith("_")]
            members += [n for n in node.body if isinstance(n, ast.FunctionDef)]
        for member in members:
            annotations = ([member.annotation] if isinstance(member, ast.AnnAssign)
                           else _annotations(member))
            if any(isinstance(n, ast.Name) and n.id == "Any"
                   for annotation in annotations for n in ast.walk(annotation)):
                found.append(f"{path.relative_to(root)}:{member.lineno}")
    return found


def test_no_any_in_the_public_signatures_of_the_services_selectors_and_core():
    found = [where for top in TYPED for path in sorted((ROOT / top).rglob("*.py"))
             for where in _public_any(path)]
    assert found == []


def test_the_check_sees_an_any(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("from typing import Any\ndef f(x: dict[str, Any]) -> None: ...\n")
    assert _public_any(module, tmp_path) == ["m.py:2"]
