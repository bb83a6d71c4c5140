"""Issue 23, item 4: the last tracebacks: a file name too long for the files made beside
it, and a closed pipe (narrator config show | head)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def narrator(*args, **kw):
    return subprocess.run([sys.executable, "-m", "narrator", *args], cwd=ROOT, env=ENV,
                          text=True, timeout=120, **kw)


@pytest.mark.parametrize("command", [
    ["play", "--script", "Trouble Brewing", "--players", "Ann,Ben,Cat,Dan,Eve",
     "--commands", "/dev/null", "--game"],
    ["resume", "--game"], ["grimoire", "--game"]])
def test_a_300_character_file_name_is_refused_in_a_sentence(tmp_path, command):
    name = tmp_path / ("g" * 300 + ".sqlite")
    r = narrator(*command, str(name), capture_output=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert "bytes long; at most 200 are taken" in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_closed_pipe_ends_quietly(tmp_path):
    read, write = os.pipe()
    os.close(read)                    # the reader (head) has gone before anything is written
    try:
        r = narrator("config", "show", stdout=write, stderr=subprocess.PIPE)
    finally:
        os.close(write)
    assert "Traceback" not in r.stderr and "BrokenPipe" not in r.stderr, r.stderr
    assert r.returncode == 1


@pytest.mark.parametrize("seats", ["0", "-1", "21", "many"])
def test_a_seat_count_no_game_has_is_refused_in_a_sentence(seats):
    for command in (["commands"], ["recognize", "/dev/null"]):
        r = narrator(*command, "--seats", seats, capture_output=True)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        assert "a game has 5 to 20 seats" in r.stderr or "not a number of seats" in r.stderr


def test_the_grimoire_of_an_empty_file_says_it_is_empty(tmp_path):
    (tmp_path / "g.sqlite").write_bytes(b"")
    r = narrator("grimoire", "--game", str(tmp_path / "g.sqlite"), "--out", str(tmp_path / "g.svg"),
                 capture_output=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert "the file is empty (0 bytes)" in r.stderr


def test_run_with_a_game_file_that_is_not_there_exits_2(tmp_path):
    r = narrator("run", "--game-file", str(tmp_path / "none.toml"), "--set", f"game.data_dir={tmp_path}",
                 capture_output=True)
    assert r.returncode == 2 and "--game-file" in r.stderr and "no such file" in r.stderr, r.stderr


@pytest.mark.parametrize("option", [["--port", "9000"], ["--address", "127.0.0.1"]])
def test_a_serve_option_without_serve_is_refused_not_ignored(tmp_path, option):
    r = narrator("grimoire", "--game", str(tmp_path / "none.sqlite"), *option, capture_output=True)
    assert r.returncode == 2 and "goes with --serve" in r.stderr, r.stderr
