"""Our simulator against the peer simulators on the same work, when they are present.

The peers' code is never part of the project: `PEERS` names the folder they were fetched into
(see ../shared/peers/README.md). Without it, one line says why the figures are missing.
"""

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUN_VS = ROOT.parent / "shared" / "peers" / "run_vs.sh"
PAIRS = "3"  # interleaved pairs per peer: the median of three, in about a minute
# Each peer run_vs.sh knows, by the folder it is fetched into under PEERS.
FOLDERS = {
    "void4": "void4_bohnanza",
    "distortedsignal": "distortedsignal_bohnanza",
    "textarena": "textarena_pr150",
}


def main() -> None:
    print("peers (ours/peer, games per second, interleaved on one core)")
    folder = os.environ.get("PEERS")
    if not folder or not Path(folder, "venv311").is_dir() or not RUN_VS.is_file():
        print(
            "  skipped: the peer simulators are not here (set PEERS to the folder holding "
            f"them, with {RUN_VS} present; see the README beside it)"
        )
        return
    present = [name for name, under in FOLDERS.items() if Path(folder, under).is_dir()]
    for name in sorted(FOLDERS.keys() - set(present)):
        print(f"  {name}: skipped, not fetched into {Path(folder, FOLDERS[name])}")
    if not present:
        return
    done = subprocess.run(
        ["bash", str(RUN_VS), *present],
        cwd=ROOT,
        env={**os.environ, "N": PAIRS},
        capture_output=True,
        text=True,
        check=False,
    )
    medians = [line for line in done.stdout.splitlines() if "median ratio" in line]
    for line in medians or [f"  the peer run failed: {done.stderr.strip()[-300:]}"]:
        print(f"  {line}")
