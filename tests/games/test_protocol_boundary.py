"""The engine owns the game's protocol: outside games/engine/ nothing reads a phase.

Pages, mail and the timeout sweep ask the engine for the prompt, the default move and the clock
of a seat; a phase name in a Django module or a template would be a rule decided twice.
"""

import ast
import re
from pathlib import Path

from games.engine.move_kinds import MOVES
from games.engine.phases import PHASES

ROOT = Path(__file__).resolve().parents[2]
# Names of phases that are not also names of moves ("plant" is both).
PHASE_ONLY = sorted(set(PHASES) - set(MOVES))


def django_modules() -> list[Path]:
    found = [*ROOT.glob("games/**/*.py"), *ROOT.glob("bohnanza_site/**/*.py")]
    return [
        path
        for path in found
        if "engine" not in path.relative_to(ROOT).parts
        and "migrations" not in path.relative_to(ROOT).parts
    ]


def phase_reads(source: str) -> list[str]:
    """Each `.phase` lookup, `["phase"]` key and phase-name literal in a module's code."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "phase":
            found.append(f"line {node.lineno}: .phase")
        elif isinstance(node, ast.Constant) and node.value in ("phase", *PHASE_ONLY):
            found.append(f"line {node.lineno}: {node.value!r}")
    return found


def test_the_check_knows_the_engines_phases_and_finds_a_phase_read():
    assert {"trade", "plant_traded", "draw", "duel_offer", "duel_reveal"} <= set(PHASE_ONLY)
    assert phase_reads('if state.phase == "trade":\n    pass\n') == [
        "line 1: .phase",
        "line 1: 'trade'",
    ]
    assert phase_reads('label = view["phase"]\n') == ["line 1: 'phase'"]


def test_no_django_module_reads_a_phase_or_names_one():
    modules = django_modules()
    assert len(modules) > 20
    reads = {
        str(path.relative_to(ROOT)): found
        for path in modules
        if (found := phase_reads(path.read_text()))
    }

    assert reads == {}


def test_no_template_reads_a_phase_or_names_one():
    names = "|".join(["phase", *PHASE_ONLY])
    pattern = re.compile(rf"\.phase\b|[\"']({names})[\"']")
    templates = sorted((ROOT / "templates").rglob("*.*"))
    assert templates

    reads = {
        str(path.relative_to(ROOT)): pattern.findall(text)
        for path in templates
        if pattern.search(text := path.read_text())
    }

    assert reads == {}
