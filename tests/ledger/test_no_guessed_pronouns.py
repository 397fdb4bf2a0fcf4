"""The pages and the messages never guess whether a player is a man or a woman: a name or "the
banker", never "his", "her", "he", "she" (the close page once said "his own stake" of a woman)."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRONOUN = re.compile(r"\b(he|she|him|his|her|hers|himself|herself)\b", re.IGNORECASE)
SPOKEN = ("ledger", "rules", "tables")   # the packages whose strings reach a page or a message


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes: they speak to programmers, not to the table."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _said(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in skip and PRONOUN.search(node.value)]


def test_no_template_guesses_a_pronoun():
    found = [f"{path.relative_to(ROOT)}: {m.group(0)}"
             for path in sorted((ROOT / "templates").rglob("*.html"))
             for m in PRONOUN.finditer(re.sub(r"{#.*?#}|{% comment %}.*?{% endcomment %}", "",
                                              path.read_text(encoding="utf-8"), flags=re.S))]
    assert found == []


def test_no_message_guesses_a_pronoun():
    found = [f"{path.relative_to(ROOT)}: {text[:60]!r}"
             for package in SPOKEN for path in sorted((ROOT / package).rglob("*.py"))
             if "migrations" not in path.parts for text in _said(path)]
    assert found == []


def test_the_check_sees_a_guessed_pronoun(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""He wrote this."""\nMESSAGE = f"{name} took his own stake"\n')
    assert [text.strip() for text in _said(sample)] == ["took his own stake"]
