"""The house keeps each expansion in its own folders: the core names none of them in its code."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXPANSIONS = ("bohnaparte", "duel")
# An expansion's own folders, and the two lines that install it: the engine's and the web's.
THEIRS = (
    "games/engine/bohnaparte/",
    "games/engine/duel/",
    "games/expansions/",
    "games/migrations/",
)
INSTALLING = ("games/engine/__init__.py", "games/apps.py")


def _docstrings(tree: ast.AST) -> set[int]:
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, kinds)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def _names_in_code(tree: ast.AST) -> list[tuple[int, str]]:
    """Identifiers, imported modules and one-word strings (keys, template names): not the
    docstrings, comments or sentences a player reads."""
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            found.append((node.lineno, node.attr))
        elif isinstance(node, ast.ImportFrom):
            found.append((node.lineno, node.module or ""))
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docs
            and " " not in node.value
        ):
            found.append((node.lineno, node.value))
    return found


def test_no_core_module_of_the_site_or_the_engine_names_an_expansion_in_its_code():
    named = []
    for path in sorted((ROOT / "games").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if where.startswith(THEIRS) or where in INSTALLING:
            continue
        for line, name in _names_in_code(ast.parse(path.read_text())):
            if any(expansion in name.lower() for expansion in EXPANSIONS):
                named.append(f"{where}:{line} {name}")
    assert named == []


def test_the_check_sees_an_expansion_named_in_code_but_not_in_words():
    code = '"""Bohnaparte."""\nfrom .bohnaparte import view\nKEY = "duel"\nTITLE = "The Duel"\n'
    names = [name for _, name in _names_in_code(ast.parse(code))]
    assert "bohnaparte" in names and "duel" in names
    assert "The Duel" not in names and "Bohnaparte." not in names
