"""Issue 23, item 3: nothing the narrator writes replaces a file it did not make for this
game, follows a symbolic link or uses a predictable temporary name; a dead process's
temporary game file is cleared."""
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from narrator import own_files
from statemachine.journal.store import Journal

ROOT = Path(__file__).resolve().parents[2]
ARGS = ["--script", "Trouble Brewing", "--players", "Ann,Ben,Cat,Dan,Eve,Fay,Gus",
        "--characters", "empath,virgin,monk,imp,poisoner,fortuneteller,chef", "--seed", "5"]
TO_GAME_OVER = "next\nnext\ngood wins\nyes\n"


def narrator(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "narrator", *args], cwd=cwd, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True,
                          timeout=180)


def play_to_the_end(tmp_path, *extra):
    commands = tmp_path / "c.txt"
    commands.write_text(TO_GAME_OVER)
    return narrator("play", *ARGS, "--game", str(tmp_path / "g.sqlite"), "--commands",
                    str(commands), *extra)


def test_game_over_never_replaces_someones_svg_or_notes(tmp_path):
    (tmp_path / "g.svg").write_text("my drawing")
    (tmp_path / "g.log.json").write_text("my notes")
    r = play_to_the_end(tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "g.svg").read_text() == "my drawing"
    assert (tmp_path / "g.log.json").read_text() == "my notes"
    log = json.loads((tmp_path / "g-2.log.json").read_text())
    assert log["winner"] == "good" and "g-2.log.json" in r.stdout + r.stderr
    assert "<svg" in (tmp_path / "g-2.svg").read_text()
    # Resumed at game over, the narrator rewrites its own files, not someone's, not new ones.
    r = narrator("resume", "--game", str(tmp_path / "g.sqlite"), "--commands", "/dev/null")
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "g.svg").read_text() == "my drawing"
    assert not (tmp_path / "g-3.log.json").exists() and not (tmp_path / "g-3.svg").exists()


def test_a_planted_link_receives_nothing(tmp_path):
    secret = tmp_path / "elsewhere.txt"
    secret.write_text("untouched")
    os.symlink(secret, tmp_path / "g.log.json")
    os.symlink(secret, tmp_path / "g.svg")
    r = play_to_the_end(tmp_path)
    assert r.returncode == 0, r.stderr
    assert secret.read_text() == "untouched"
    assert (tmp_path / "g.log.json").is_symlink() and (tmp_path / "g-2.log.json").is_file()


def test_grimoire_out_refuses_to_replace_a_file_without_force(tmp_path):
    assert play_to_the_end(tmp_path).returncode == 0
    out = tmp_path / "F.svg"
    out.write_text("someone's")
    r = narrator("grimoire", "--game", str(tmp_path / "g.sqlite"), "--out", str(out))
    assert r.returncode == 2 and "Add --force" in r.stderr and "Traceback" not in r.stderr
    assert out.read_text() == "someone's"
    r = narrator("grimoire", "--game", str(tmp_path / "g.sqlite"), "--out", str(out), "--force")
    assert r.returncode == 0 and "<svg" in out.read_text()
    r = narrator("grimoire", "--game", str(tmp_path / "g.sqlite"), "--out", str(out))
    assert r.returncode == 0, r.stderr          # its own picture of this game: redrawn
    # A link at the old temporary name is never written through (the name is random now).
    target = tmp_path / "target.txt"
    target.write_text("safe")
    os.symlink(target, tmp_path / ".G.svg.tmp")
    r = narrator("grimoire", "--game", str(tmp_path / "g.sqlite"), "--out",
                 str(tmp_path / "G.svg"))
    assert r.returncode == 0 and target.read_text() == "safe"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp") and not p.is_symlink()]


def test_log_is_never_appended_through_a_link_and_is_made_private(tmp_path):
    secret = tmp_path / "elsewhere.txt"
    secret.write_text("")
    os.symlink(secret, tmp_path / "play.jsonl")
    r = play_to_the_end(tmp_path, "--log", str(tmp_path / "play.jsonl"))
    assert r.returncode == 2 and "symbolic link" in r.stderr and secret.read_text() == ""
    assert not (tmp_path / "g.sqlite").exists()
    log = tmp_path / "open.jsonl"
    log.write_text("")
    log.chmod(0o644)
    r = play_to_the_end(tmp_path, "--log", str(log))
    assert r.returncode == 0, r.stderr
    assert stat.S_IMODE(log.stat().st_mode) == 0o600 and log.read_text()


def test_a_dead_processs_temporary_game_file_is_cleared(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    for name in (f".old.sqlite.new-{dead}", f".old.sqlite.new-{dead}-journal"):
        (tmp_path / name).write_bytes(b"half a game")
    alive = tmp_path / f".other.sqlite.new-{os.getppid()}"     # a live process's: kept
    alive.write_bytes(b"being made")
    Journal.create(tmp_path / "g.sqlite", meta={"setup": {}}).close()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [alive.name, "g.sqlite"], names


def test_own_files_write_links_and_refuses(tmp_path):
    path = tmp_path / "x.svg"
    own_files.write(path, b"<!-- narrator-game:abc -->", game_id="abc")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    own_files.write(path, b"<!-- narrator-game:abc --> again", game_id="abc")
    with pytest.raises(own_files.NotOurs):
        own_files.write(path, b"other game", game_id="def")
    assert path.read_bytes().endswith(b"again")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.svg"]
