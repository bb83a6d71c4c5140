"""Test-only ALSA devices: two `file` PCMs that PortAudio lists and that write raw samples.

A temporary HOME holds an .asoundrc; the code under test runs in a subprocess with that HOME
so PortAudio (which scans devices once, at import) sees the devices.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ASOUNDRC = """
pcm.narrator_public {{
    type file
    slave.pcm "null"
    file "{public}"
    format "raw"
    hint {{ show on description "Narrator test public" }}
}}
pcm.narrator_private {{
    type file
    slave.pcm "null"
    file "{private}"
    format "raw"
    hint {{ show on description "Narrator test private" }}
}}
"""


def make_alsa_home(tmp: Path) -> dict[str, Path]:
    """Write the .asoundrc; return the paths the two devices write to."""
    home = tmp / "home"
    home.mkdir()
    paths = {"home": home, "public": tmp / "public.raw", "private": tmp / "private.raw"}
    (home / ".asoundrc").write_text(
        ASOUNDRC.format(public=paths["public"], private=paths["private"])
    )
    return paths


def run_with_alsa_home(home: Path, code: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """Run Python ``code`` with HOME pointing at the test devices."""
    env = dict(os.environ, HOME=str(home))
    env.pop("ALSA_CONFIG_PATH", None)
    root = Path(__file__).resolve().parents[2]
    env["PYTHONPATH"] = os.pathsep.join([str(root), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=timeout, cwd=root)
