"""systemd/narrator.service: its settings, and `systemd-analyze verify` on it."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parents[2] / "systemd" / "narrator.service"


def parse_unit(text: str) -> dict[str, list[tuple[str, str]]]:
    """Sections -> (key, value) pairs in order; keys may repeat (Environment=)."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], [])
            continue
        key, sep, value = line.partition("=")
        assert sep and current is not None, f"not a unit line: {raw!r}"
        current.append((key.strip(), value.strip()))
    return sections


def one(pairs: list[tuple[str, str]], key: str) -> str:
    values = [v for k, v in pairs if k == key]
    assert len(values) == 1, f"{key}= appears {len(values)} times"
    return values[0]


@pytest.fixture(scope="module")
def service() -> list[tuple[str, str]]:
    return parse_unit(UNIT.read_text())["Service"]


def test_runs_narrator_run_as_unprivileged_user(service):
    assert one(service, "ExecStart").split()[1:] == ["run"]
    assert Path(one(service, "ExecStart").split()[0]).name == "narrator"
    assert one(service, "User") == "narrator"
    assert set(one(service, "SupplementaryGroups").split()) >= {"audio", "gpio"}
    assert one(service, "NoNewPrivileges") == "yes"


def test_notify_watchdog_and_restart(service):
    assert one(service, "Type") == "notify"
    assert int(one(service, "WatchdogSec")) >= 10
    assert one(service, "Restart") == "on-failure"


def test_writable_working_directory_is_the_state_directory(service):
    state = one(service, "StateDirectory")
    assert one(service, "WorkingDirectory") == f"/var/lib/{state}"


def test_environment_and_logging(service):
    env = [v for k, v in service if k == "Environment"]
    assert "NARRATOR_SYSTEM=1" in env
    assert one(service, "StandardError") == "journal"


def test_enabled_for_boot():
    assert one(parse_unit(UNIT.read_text())["Install"], "WantedBy") == "multi-user.target"


# ---- systemd-analyze verify -------------------------------------------------------------
#
# verify checks that ExecStart's binary exists, and /opt/narrator exists only on an installed
# Pi. So it checks a copy whose ExecStart names a binary that exists here (the installed
# `narrator` console script, else `true`), arguments unchanged, everything else as written.
# verify exits 0 even for unknown keys or bad values (it only warns), so any line of its
# output that names the unit counts as a failure; a deliberately broken copy shows that this
# check can fail.

def verify(unit_text: str, tmp_path: Path) -> tuple[int, list[str]]:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed (apt-get install systemd)")
    binary = shutil.which("narrator") or shutil.which("true")
    exec_start = one(parse_unit(unit_text)["Service"], "ExecStart")
    original = exec_start.split()[0]
    copy = tmp_path / "narrator.service"
    copy.write_text(unit_text.replace(f"ExecStart={original}", f"ExecStart={binary}"))
    done = subprocess.run([analyze, "verify", "--man=no", str(copy)],
                          capture_output=True, text=True, timeout=120)
    output = (done.stdout + done.stderr).splitlines()
    return done.returncode, [line for line in output if "narrator" in line]


def test_systemd_analyze_verify_is_clean(tmp_path):
    code, complaints = verify(UNIT.read_text(), tmp_path)
    assert code == 0 and complaints == []


def test_systemd_analyze_verify_catches_mistakes(tmp_path):
    broken = UNIT.read_text().replace("Type=notify", "Type=notfy").replace("Restart=", "Restrt=")
    _code, complaints = verify(broken, tmp_path)
    assert any("notfy" in line for line in complaints)
    assert any("Restrt" in line for line in complaints)


# ---- systemd-analyze security ---------------------------------------------------------------

SECURITY_TARGET = 3.0


def exposure(unit_text: str, tmp_path: Path) -> float:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed (apt-get install systemd)")
    copy = tmp_path / "narrator.service"
    copy.write_text(unit_text)
    done = subprocess.run([analyze, "security", "--offline=yes", "--no-pager", str(copy)],
                          capture_output=True, text=True, timeout=120)
    found = re.search(r"Overall exposure level for narrator\.service: ([\d.]+)", done.stdout)
    assert found, done.stdout[-500:] + done.stderr[-500:]
    return float(found.group(1))


def test_the_service_is_locked_down(tmp_path):
    assert exposure(UNIT.read_text(), tmp_path) <= SECURITY_TARGET


def test_the_security_score_can_fail(tmp_path):
    """The score falls apart without the sandbox lines (the check is not a constant)."""
    text = UNIT.read_text()
    loose = text.split("# --- Locked down")[0] + "\n[Install]" + text.split("[Install]")[1]
    assert exposure(loose, tmp_path) > SECURITY_TARGET


def test_the_lockdown_directives(service):
    """Held even where systemd-analyze is missing: the lines the score rests on."""
    assert one(service, "ProtectSystem") == "strict"
    assert one(service, "PrivateNetwork") == "yes"
    assert one(service, "IPAddressDeny") == "any"
    assert one(service, "RestrictAddressFamilies") == "AF_UNIX"
    assert one(service, "CapabilityBoundingSet") == ""
    assert one(service, "DevicePolicy") == "closed"
    allowed = {v.split()[0] for k, v in service if k == "DeviceAllow"}
    assert {"char-alsa", "char-gpiochip"} <= allowed
    assert one(service, "UMask") == "0077"
    assert one(service, "StateDirectoryMode") == "0700"
    for key in ("RestrictSUIDSGID", "ProtectKernelTunables", "ProtectKernelModules",
                "ProtectKernelLogs", "ProtectControlGroups", "ProtectClock", "ProtectHostname",
                "RestrictNamespaces", "LockPersonality", "NoNewPrivileges"):
        assert one(service, key) == "yes", key
    assert one(service, "ProtectProc") == "invisible"
    assert one(service, "SystemCallArchitectures") == "native"
    assert "@system-service" in [v for k, v in service if k == "SystemCallFilter"]
