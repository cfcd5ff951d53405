"""Compiles the game engine to C with mypyc, into var/compiled-engine/.

    python -m build_engine

`make` runs this once its requirements are installed, and again whenever an engine module
changed. The engine uses the compiled modules only while they match its sources (see
games/engine/compiled.py); if the build fails, the plain Python engine runs, and this says why.
"""

import shutil
import sys
import time

from bohnanza_site.repeating import every
from games.engine import compiled

# Every compiled module in one shared library, a module of the engine package itself.
GROUP = "games.engine._compiled"
# What a build takes, said before it starts: 80 s on two idle cores, 349 s on two loaded ones
# (mypy's checking and one C file's compiling run on one core, whatever else runs there).
TAKES = "about a minute and a half on two idle cores, five minutes or more on a busy machine"
# How often a build that is still running says so.
TICK = 30.0


def still_compiling(started: float) -> None:
    took = time.perf_counter() - started
    print(f"Still compiling the engine ({took:.0f} s so far).", flush=True)


def main() -> int:
    started = time.perf_counter()
    # The sources as they are when the build reads them: a module edited during the build must
    # not be taken for compiled.
    sources = compiled.fingerprint()
    shutil.rmtree(compiled.BUILD, ignore_errors=True)
    root = compiled.ENGINE.parent.parent
    modules = [str(path.relative_to(root)) for path in compiled.sources()]
    print(
        f"Compiling the rules engine to C with mypyc ({len(modules)} modules), {TAKES}; what "
        "waits for it starts once it is done. It is compiled again only after an engine module "
        "changes.",
        flush=True,
    )
    try:
        from mypyc.build import mypycify  # only the build needs the compiler
        from setuptools import setup

        with every(TICK, lambda: still_compiling(started)):
            setup(
                name="bohnanza-engine",
                packages=[],
                py_modules=[],
                ext_modules=mypycify(
                    modules, opt_level="3", group_name=GROUP, target_dir=str(compiled.BUILD / "c")
                ),
                script_args=[
                    "--quiet",
                    "build_ext",
                    "--build-lib",
                    str(compiled.BUILD),
                    "--build-temp",
                    str(compiled.BUILD / "temp"),
                    "--parallel",
                    "2",
                ],
            )
    except (Exception, SystemExit) as error:  # noqa: BLE001 - the site runs on without it
        shutil.rmtree(compiled.BUILD, ignore_errors=True)
        print(f"The engine was not compiled ({error}); it runs as plain Python.", file=sys.stderr)
        return 0
    for scratch in ("temp", "c"):
        shutil.rmtree(compiled.BUILD / scratch, ignore_errors=True)
    compiled.FINGERPRINT.write_text(sources + "\n")
    took = time.perf_counter() - started
    print(f"Compiled {len(modules)} engine modules in {took:.0f} s into {compiled.BUILD}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
