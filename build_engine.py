"""Compiles the game engine to C with mypyc, into var/compiled-engine/.

    python -m build_engine

`make` runs this once its requirements are installed, and again whenever an engine module
changed. The engine uses the compiled modules only while they match its sources (see
games/engine/compiled.py); if the build fails, the plain Python engine runs, and this says why.
"""

import shutil
import sys
import time

from games.engine import compiled

# Every compiled module in one shared library, a module of the engine package itself.
GROUP = "games.engine._compiled"


def main() -> int:
    started = time.perf_counter()
    # The sources as they are when the build reads them: a module edited during the build must
    # not be taken for compiled.
    sources = compiled.fingerprint()
    shutil.rmtree(compiled.BUILD, ignore_errors=True)
    try:
        from mypyc.build import mypycify  # only the build needs the compiler
        from setuptools import setup

        root = compiled.ENGINE.parent.parent
        modules = [str(path.relative_to(root)) for path in compiled.sources()]
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
                "--build-lib", str(compiled.BUILD),
                "--build-temp", str(compiled.BUILD / "temp"),
                "--parallel", "2",
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
