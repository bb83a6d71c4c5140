"""script/pi-check without building a root: its summary and exit status, a step that fails or
is skipped, --break, and the service probe against stand-in services on this machine.

The whole check (a Debian arm64 root under qemu) takes many minutes and is run by hand:
``sudo script/pi-check`` (docs/raspberry-pi.md).
"""
from __future__ import annotations

import io
import sys
import textwrap
from importlib.machinery import SourceFileLoader
from importlib.util import module_from_spec, spec_from_loader
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def load_pi_check():
    loader = SourceFileLoader("pi_check", str(REPO / "script" / "pi-check"))
    module = module_from_spec(spec_from_loader("pi_check", loader))
    sys.modules["pi_check"] = module   # dataclasses look their module up there
    loader.exec_module(module)
    return module


pc = load_pi_check()


def test_every_step_passing_exits_zero():
    out = io.StringIO()
    steps = [pc.Step("a", "", lambda broken: pc.Outcome(True, "fine")),
             pc.Step("b", "", lambda broken: pc.Outcome(True, "also fine"), ("a",))]
    assert pc.run_steps(steps, out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("ok    a        fine (") and lines[1].startswith("ok    b ")
    assert lines[-1] == "pi-check: 2/2 steps pass"


def test_a_failing_step_fails_the_check_and_skips_what_needs_it():
    out = io.StringIO()

    def boom(broken):
        raise RuntimeError("no network")
    steps = [pc.Step("root", "", lambda broken: pc.Outcome(True, "built")),
             pc.Step("install", "", lambda broken: pc.Outcome(False, "exit 1: pip")),
             pc.Step("doctor", "", lambda broken: pc.Outcome(True, "fused"), ("install",)),
             pc.Step("piper", "", boom, ("root",)),
             pc.Step("game", "", lambda broken: pc.Outcome(True, "good wins"), ("root",))]
    assert pc.run_steps(steps, out) == 1
    lines = out.getvalue().splitlines()
    assert [line.split()[0] for line in lines[:-1]] == ["ok", "FAIL", "FAIL", "FAIL", "ok"]
    assert "FAIL  doctor   skipped: needs install" in lines[2]
    assert "FAIL  piper    RuntimeError: no network" in lines[3]
    assert lines[-1] == "pi-check: 2/5 steps pass"


def test_break_reaches_only_the_step_named():
    seen = {}

    def step(name):
        def run(broken):
            seen[name] = broken
            return pc.Outcome(not broken, "broken on purpose" if broken else "fine")
        return pc.Step(name, "", run)
    out = io.StringIO()
    assert pc.run_steps([step("doctor"), step("game")], out, broken="doctor") == 1
    assert seen == {"doctor": True, "game": False}
    assert out.getvalue().splitlines()[-1] == "pi-check: 1/2 steps pass"


def test_usage(capsys):
    assert pc.main(["--list"]) == 0
    assert capsys.readouterr().out.split() == pc.STEP_NAMES
    with pytest.raises(SystemExit) as exit_:
        pc.main(["--break", "nosuch"])
    assert exit_.value.code == 2 and "--break takes one of" in capsys.readouterr().err


def test_the_shipped_unit_and_game_as_pi_check_reads_them():
    unit = pc.parse_unit((REPO / "systemd" / "narrator.service").read_text())
    assert unit["ExecStart"] == ["/opt/narrator/venv/bin/narrator run"]
    assert unit["User"] == ["narrator"] and unit["WatchdogSec"] == ["30"]
    assert "NARRATOR_SYSTEM=1" in unit["Environment"]
    args, first, second, winner = pc.game_halves(REPO / pc.GAME)
    assert "--players" in args and winner == "good"
    assert first and second and not any(line.startswith("#") for line in first + second)


SERVICE = r'''
import os, signal, socket, sys, time
mode = sys.argv[1]
sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
def notify(text):
    sock.sendto(text.encode(), os.environ["NOTIFY_SOCKET"])
assert os.environ["NARRATOR_SYSTEM"] == "1" and os.environ["WATCHDOG_USEC"] == "2000000"
stop = []
signal.signal(signal.SIGTERM, lambda *a: stop.append(1) if mode != "stubborn" else None)
if mode == "silent":
    time.sleep(30)
notify("READY=1")
if mode == "dies":
    sys.exit(3)
while not stop:
    notify("WATCHDOG=1")
    time.sleep(0.2)
notify("STOPPING=1")
sys.exit(0)
'''


def unit_for(tmp_path: Path, mode: str) -> str:
    script = tmp_path / "service.py"
    script.write_text(SERVICE)
    return textwrap.dedent(f"""\
        [Service]
        Type=notify
        ExecStart={sys.executable} {script} {mode}
        WorkingDirectory={tmp_path}
        Environment=NARRATOR_SYSTEM=1
        Environment=HOME={tmp_path}
        WatchdogSec=2
        """)


def test_the_service_probe_passes_a_service_that_behaves(tmp_path):
    got = pc.service_probe(unit_for(tmp_path, "good"), seconds=1, as_user=False)
    assert got.ok, got.detail
    assert got.detail.startswith("READY=1 after") and "STOPPING=1, exit 0" in got.detail


@pytest.mark.parametrize("mode, says", [
    ("silent", "no READY=1 within 2 s (still starting"),
    ("dies", "then it exited 3 by itself"),
    ("stubborn", "but no exit within 1 s of SIGTERM"),
])
def test_the_service_probe_fails_a_service_that_does_not(tmp_path, mode, says):
    got = pc.service_probe(unit_for(tmp_path, mode), seconds=1, ready_timeout=2, stop_timeout=1,
                           as_user=False)
    assert not got.ok and says in got.detail, got.detail
