"""script/install-pi: dry run, a real run into a fake root, and idempotence.

The installer runs for real with ``--root DIR``: every file it writes lands in a temp tree.
The system commands it calls (apt-get, dpkg-query, getent, useradd, systemctl, runuser, ...)
are stand-ins on PATH that keep their state in files and log every call, and the venv is
made by a stand-in PYTHON, so nothing is downloaded and the host is not touched.
"""
from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from narrator.config import load_config

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "script" / "install-pi"
STEPS = ["apt", "groups", "user", "state", "venv", "project", "model", "config", "unit", "enable"]
READ_ONLY = {"dpkg-query", "apt-cache", "getent"}

FAKES = {
    "dpkg-query": 'grep -qx "${@: -1}" "$STATE/apt" && echo "install ok installed" || exit 1',
    "apt-cache": 'exit 0',
    "apt-get": 'if [ "$1" = install ]; then for p in "$@"; do case $p in -*|install) ;;'
               ' *) echo "$p" >> "$STATE/apt";; esac; done; fi',
    "getent": 'grep "^$2:" "$STATE/$1"',
    "groupadd": 'echo "${@: -1}:x:999:" >> "$STATE/group"',
    "useradd": 'user="${@: -1}"; echo "$user:x:999:999::/var/lib/narrator:/usr/sbin/nologin"'
               ' >> "$STATE/passwd"; add_groups "$user" "$@"',
    "usermod": 'add_groups "${@: -1}" "$@"',
    "chown": 'true',
    # runuser ... narrator model download en --dir DIR: unpack a stand-in model into the root
    "runuser": 'for a in "$@"; do [ "$prev" = --dir ] && dir=$a; prev=$a; done;'
               ' mkdir -p "$FAKE_ROOT$dir/vosk-model-small-en-us-0.15/am";'
               ' touch "$FAKE_ROOT$dir/vosk-model-small-en-us-0.15/am/final.mdl"',
    "systemctl": 'args=("$@"); [[ ${args[0]} == --root=* ]] && args=("${args[@]:1}");'
                 ' case ${args[0]} in is-enabled) [ -f "$STATE/enabled" ];;'
                 ' enable) touch "$STATE/enabled";; is-active) exit 3;; esac',
}

PRELUDE = r'''#!/usr/bin/env bash
STATE="$FAKE_STATE"
echo "$(basename "$0") $*" >> "$STATE/log"
add_groups() {  # add_groups USER ARGS...: add USER to the groups after --groups
  local user=$1; shift
  while [ $# -gt 0 ]; do
    if [ "$1" = --groups ]; then
      for g in ${2//,/ }; do
        sed -i "s/^\($g:x:[0-9]*:\)\(.*\)$/\1\2,$user/; s/^\($g:x:[0-9]*:\),/\1/" "$STATE/group"
      done
    fi
    shift
  done
}
'''

FAKE_PYTHON = r'''#!/usr/bin/env bash
# stand-in for "python3 -m venv [--system-site-packages] DIR": a venv of logging stand-ins
echo "python $*" >> "$FAKE_STATE/log"
dir="${@: -1}"
mkdir -p "$dir/bin"
for tool in python pip narrator; do
  printf '#!/bin/sh\necho "%s $*" >> "$FAKE_STATE/log"\n' "$tool" > "$dir/bin/$tool"
  chmod +x "$dir/bin/$tool"
done
'''


def make_exec(path: Path, text: str) -> None:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def copy_source(dest: Path) -> Path:
    """A still snapshot of the checkout: the live tree may change while a test runs."""
    dest.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for part in ("pyproject.toml", "systemd", "narrator", "hardware", "statemachine",
                 "characters"):
        if (REPO / part).is_dir():
            shutil.copytree(REPO / part, dest / part, ignore=ignore)
        elif (REPO / part).exists():
            shutil.copy(REPO / part, dest / part)
    return dest


@pytest.fixture
def machine(tmp_path: Path):
    """A fake root, fake system commands and their state; returns a runner."""
    root, fakes, state = tmp_path / "root", tmp_path / "bin", tmp_path / "state"
    for d in (root, fakes, state):
        d.mkdir()
    (state / "apt").write_text("")
    (state / "group").write_text("audio:x:29:pi\n")
    (state / "passwd").write_text("pi:x:1000:1000::/home/pi:/bin/bash\n")
    (state / "log").write_text("")
    for name, body in FAKES.items():
        make_exec(fakes / name, PRELUDE + body + "\n")
    make_exec(tmp_path / "python", FAKE_PYTHON)
    env = {**os.environ, "PATH": f"{fakes}:{os.environ['PATH']}", "FAKE_STATE": str(state),
           "FAKE_ROOT": str(root),
           "PYTHON": str(tmp_path / "python")}
    env.pop("NARRATOR_INSTALL_ROOT", None)
    checkout = copy_source(tmp_path / "checkout")

    class Machine:
        def __init__(self) -> None:
            self.root, self.state = root, state

        def run(self, *args: str, source: Path | None = None) -> subprocess.CompletedProcess[str]:
            source = source or checkout
            (state / "log").write_text("")
            return subprocess.run([str(SCRIPT), "--root", str(root), "--source", str(source),
                                   *args], env=env, capture_output=True, text=True, timeout=120)

        def calls(self) -> list[str]:
            return (state / "log").read_text().splitlines()

        def changes(self) -> list[str]:
            """Logged calls that change something (lookups and status queries excluded)."""
            return [c for c in self.calls() if c.split()[0] not in READ_ONLY
                    and " is-enabled " not in f" {c} " and " is-active " not in f" {c} "]

        def snapshot(self) -> dict[str, bytes]:
            tree = {str(p.relative_to(tmp_path)): p.read_bytes()
                    for base in (root, state) for p in sorted(base.rglob("*"))
                    if p.is_file() and p.name != "log"}
            tree.update({str(p.relative_to(tmp_path)) + "/": b""
                         for p in root.rglob("*") if p.is_dir()})
            return tree

    return Machine()


def step_lines(output: str) -> dict[str, str]:
    lines = {}
    for line in output.splitlines():
        if line.startswith("["):
            name, _, rest = line[1:].partition("]")
            lines[name] = rest.strip()
    return lines


def test_dry_run_on_a_fresh_machine_changes_nothing(machine):
    before = machine.snapshot()
    done = machine.run("--dry-run")
    assert done.returncode == 0, done.stderr
    steps = step_lines(done.stdout)
    assert list(steps) == STEPS
    assert all(text.startswith("would do:") for text in steps.values()), steps
    assert "would run: useradd --system" in done.stdout
    assert "would run: apt-get update" in done.stdout
    assert "narrator model download en" in done.stdout
    assert done.stdout.rstrip().endswith("dry run: nothing was changed")
    assert machine.changes() == []
    assert machine.snapshot() == before


def test_install_then_second_run_changes_nothing(machine):
    first = machine.run()
    assert first.returncode == 0, first.stderr
    assert all(t.startswith("doing:") for t in step_lines(first.stdout).values()), first.stdout
    calls = machine.changes()
    assert any(c.startswith("apt-get install") and "espeak-ng" in c for c in calls)
    assert "groupadd --system gpio" in calls
    assert any(c.startswith("useradd --system") for c in calls)
    assert any(c.startswith("pip install") for c in calls)
    assert any(c.startswith("runuser -u narrator --") and
               "/opt/narrator/venv/bin/narrator model download en --dir /var/lib/narrator/models"
               in c for c in calls)

    assert "systemctl --root={} enable narrator.service".format(machine.root) in calls

    root = machine.root
    cfg = load_config(root / "etc/narrator/narrator.toml")
    assert (root / cfg.recognizer.model_path.lstrip("/") / "am/final.mdl").is_file()
    assert (root / "etc/systemd/system/narrator.service").read_bytes() == \
        (REPO / "systemd/narrator.service").read_bytes()
    assert (root / "etc/narrator/narrator.toml").read_bytes() == \
        (REPO / "systemd/narrator.toml").read_bytes()
    exec_start = next(line for line in (root / "etc/systemd/system/narrator.service")
                      .read_text().splitlines() if line.startswith("ExecStart="))
    assert (root / exec_start.split("=", 1)[1].split()[0].lstrip("/")).exists()
    group = (machine.state / "group").read_text()
    assert "audio:x:29:pi,narrator" in group and "gpio:x:999:narrator" in group

    after_first = machine.snapshot()
    second = machine.run()
    assert second.returncode == 0, second.stderr
    assert all(t.startswith("already done:") for t in step_lines(second.stdout).values()), \
        second.stdout
    assert machine.changes() == []
    assert machine.snapshot() == after_first

    dry = machine.run("--dry-run")
    assert list(step_lines(dry.stdout)) == STEPS
    assert all(t.startswith("already done:") for t in step_lines(dry.stdout).values())
    assert "would run" not in dry.stdout


def test_config_is_never_overwritten(machine):
    mine = machine.root / "etc/narrator/narrator.toml"
    mine.parent.mkdir(parents=True)
    mine.write_text("[gpio]\nenabled = false\n")
    assert machine.run().returncode == 0
    assert mine.read_text() == "[gpio]\nenabled = false\n"


def test_changed_source_reinstalls_only_the_project(machine, tmp_path):
    source = copy_source(tmp_path / "other-checkout")
    assert machine.run(source=source).returncode == 0
    (source / "narrator" / "new_module.py").write_text("X = 1\n")
    again = machine.run(source=source)
    steps = step_lines(again.stdout)
    assert [name for name, text in steps.items() if not text.startswith("already done")] \
        == ["project"]
    assert any(c.startswith("pip install") for c in machine.changes())


def test_user_already_there_gets_missing_groups(machine):
    (machine.state / "passwd").write_text("narrator:x:998:998::/var/lib/narrator:/bin/false\n")
    done = machine.run()
    assert done.returncode == 0, done.stderr
    assert "usermod --append --groups audio,gpio narrator" in machine.changes()
    assert not any(c.startswith("useradd") for c in machine.changes())


def test_unknown_option_is_a_usage_error(machine):
    done = machine.run("--frobnicate")
    assert done.returncode == 2 and "unknown option" in done.stderr


def test_shipped_system_config_is_valid():
    cfg = load_config(REPO / "systemd" / "narrator.toml")
    assert cfg.recognizer.backend == "vosk"
    assert cfg.game.data_dir == "/var/lib/narrator"
