"""The engine compiled to C, used in place of its Python modules when it was built from exactly
these sources.

`make` builds it with mypyc (`python -m build_engine`) into var/compiled-engine/, and writes
there a fingerprint of the sources it compiled. Each package of the engine puts that folder
first on its search path when the fingerprint matches the sources as they are now, so a module
edited since the build runs as Python until the next build, never as the old compiled code.
`BOHNANZA_ENGINE=python` runs the plain Python engine whatever was built (the tests run the
engine's own tests both ways). Whichever runs, the rules and every check are the same code.
"""

import hashlib
import os
import sys
from functools import cache
from pathlib import Path

ENGINE = Path(__file__).resolve().parent
BUILD = ENGINE.parent.parent / "var" / "compiled-engine"
FINGERPRINT = BUILD / "sources.sha256"
# Kept as Python: the packages' own files (they choose where their modules come from), this
# module, the errors the site catches, and the simulator's command line (run with -m).
AS_PYTHON = frozenset(("__init__.py", "compiled.py", "errors.py", "simulate.py"))


def sources() -> list[Path]:
    """The engine's modules that the build compiles."""
    return sorted(path for path in ENGINE.rglob("*.py") if path.name not in AS_PYTHON)


def fingerprint() -> str:
    """The sources as they are now, and the Python that would run them."""
    digest = hashlib.sha256(sys.version.encode())
    for path in sources():
        digest.update(str(path.relative_to(ENGINE)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


@cache
def in_use() -> bool:
    if os.environ.get("BOHNANZA_ENGINE") == "python" or not FINGERPRINT.is_file():
        return False
    return FINGERPRINT.read_text().strip() == fingerprint()


def search_path(path: list[str], package: str) -> list[str]:
    """A package's search path, its compiled modules first while they are in use."""
    if not in_use():
        return path
    return [str(BUILD.joinpath(*package.split("."))), *path]
