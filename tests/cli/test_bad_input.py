"""Bad input to the real CLI: each case is one clear message, a non-zero exit, no traceback,
and nothing written (issue 14's bad-input classes: paths, command files, logs, characters).
"""
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

PLAYERS = "Ann,Ben,Cat,Dan,Eve"
ENV = {**os.environ, "PYTHONUNBUFFERED": "1"}


def narrator(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "narrator", *args], capture_output=True,
                          text=True, env=ENV, timeout=120, cwd=cwd)


def assert_clear_refusal(r, fragment: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stderr[-800:])
    assert "Traceback" not in r.stderr + r.stdout, r.stderr[-1500:]
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("narrator: "), r.stderr
    assert fragment in lines[0], lines[0]


@pytest.fixture
def files(tmp_path):
    (tmp_path / "next.txt").write_text("next\n")
    (tmp_path / "bad.txt").write_bytes(b"next\n\xff\xfeseat 1\n")
    (tmp_path / "utf16.txt").write_text("next\n", encoding="utf-16")
    (tmp_path / "afile").write_text("")
    (tmp_path / "adir").mkdir()
    return tmp_path


@pytest.mark.parametrize("extra,fragment", [
    (["--game", "adir"], "that is a folder"),
    (["--game", "afile/g.sqlite"], "afile is a file, not a folder"),
    (["--game", "/proc/narrator-test.sqlite"], "cannot keep the game there"),
    (["--game", "g.sqlite", "--commands", "bad.txt"], "not UTF-8 text (line 2"),
    (["--game", "g.sqlite", "--commands", "utf16.txt"], "not UTF-8"),
    (["--game", "g.sqlite", "--commands", "adir"], "that is a folder, not a file"),
    (["--game", "g.sqlite", "--commands", "missing.txt"], "cannot read"),
    (["--game", "g.sqlite", "--commands", "next.txt", "--log", "adir"], "that is a folder"),
    (["--game", "g.sqlite", "--commands", "next.txt", "--log", "nowhere/x.jsonl"],
     "the folder nowhere does not exist"),
    (["--game", "g.sqlite", "--commands", "next.txt", "--characters", ",,,,"],
     "names no character"),
    (["--game", "g.sqlite", "--commands", "next.txt", "--characters", "x" * 5000],
     "(5000 characters)"),
])
def test_play_refuses_bad_input_and_writes_nothing(files, extra, fragment):
    before = sorted(p.name for p in files.iterdir())
    r = narrator("play", "--players", PLAYERS, "--seed", "1", *extra, cwd=files)
    assert_clear_refusal(r, fragment)
    assert sorted(p.name for p in files.iterdir()) == before
    assert len(r.stderr) < 400   # a long bad value is cut, not echoed whole


@pytest.mark.parametrize("extra,fragment", [
    (["--game", "adir"], "that is a folder"),
    (["--game", "missing.sqlite"], "no such game file"),
])
def test_resume_refuses_bad_input(files, extra, fragment):
    assert_clear_refusal(narrator("resume", *extra, cwd=files), fragment)


def test_resume_checks_the_command_file_before_touching_the_game(files):
    r = narrator("play", "--players", PLAYERS, "--seed", "1", "--game", "g.sqlite",
                 "--commands", "next.txt", cwd=files)
    assert r.returncode == 0, r.stderr
    journal = files / "g.sqlite"
    before = journal.read_bytes()
    r = narrator("resume", "--game", "g.sqlite", "--commands", "bad.txt", cwd=files)
    assert_clear_refusal(r, "not UTF-8")
    assert journal.read_bytes() == before


def test_games_and_logs_are_private(tmp_path):
    """The grimoire is secret: journals, logs and the folders made for them are the user's
    alone (0600 / 0700), whatever the caller's umask."""
    (tmp_path / "next.txt").write_text("next\n")
    r = subprocess.run([sys.executable, "-c",
                        "import os, sys; os.umask(0o022); from narrator.cli import main; "
                        "sys.exit(main(sys.argv[1:]))",
                        "play", "--players", PLAYERS, "--seed", "1", "--game",
                        "games/new/g.sqlite", "--commands", "next.txt", "--log", "g.jsonl"],
                       capture_output=True, text=True, env=ENV, timeout=120, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    made = [tmp_path / "games", tmp_path / "games/new", *(tmp_path / "games/new").iterdir(),
            tmp_path / "g.jsonl"]
    assert len(made) >= 4
    for path in made:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == (0o700 if path.is_dir() else 0o600), (path, oct(mode))


def test_travellers_on_a_script_without_any(tmp_path):
    """Drawn: a clear refusal. Named: allowed on purpose (a Storyteller may bring in any
    Traveller), and the setup says so."""
    (tmp_path / "next.txt").write_text("next\n")
    r = narrator("play", "--script", "Once Upon a Baron", "--players", PLAYERS,
                 "--travellers", "Zed", "--game", "g.sqlite", "--commands", "next.txt",
                 cwd=tmp_path)
    assert_clear_refusal(r, "Once Upon a Baron has no Travellers to draw")
    assert not (tmp_path / "g.sqlite").exists()
    r = narrator("play", "--script", "Once Upon a Baron", "--players", PLAYERS + ",Fay,Gus",
                 "--characters", "imp,baron,chef,empath,monk,saint,recluse,beggar",
                 "--travellers", "Zed", "--game", "g.sqlite", "--commands", "next.txt",
                 cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "[private] Note: the Beggar is not on this script" in r.stdout


def test_recognize_refuses_what_is_not_a_wav_and_goes_on(tmp_path):
    """An empty file, a text file, a WAV with no audio: a line each on stderr, no traceback,
    exit 1; the good file among them is still recognized."""
    import numpy as np

    from hardware.audio_clip import Clip, write_wav

    (tmp_path / "empty.wav").write_bytes(b"")
    (tmp_path / "text.wav").write_text("not audio\n")
    write_wav(tmp_path / "silent.wav", Clip(np.zeros(0, dtype=np.int16), 16000))
    rng = np.random.default_rng(1)
    write_wav(tmp_path / "noise.wav", Clip((rng.normal(0, 30, 8000)).astype(np.int16), 16000))
    r = narrator("recognize", "empty.wav", "text.wav", "silent.wav", "noise.wav", cwd=tmp_path)
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    errors = r.stderr.strip().splitlines()
    assert errors == ["narrator: empty.wav: not a WAV file (it is empty or ends too soon)",
                      "narrator: text.wav: not a WAV file (file does not start with RIFF id)",
                      "narrator: silent.wav: the WAV file holds no audio"]
    assert len(r.stdout.strip().splitlines()) == 1 and "noise.wav" in r.stdout


SCRIPTS = {
    "utf16.json": ("[\"imp\", \"chef\"]".encode("utf-16"), "saved as UTF-16; save it as UTF-8"),
    "latin1.json": (b'["imp", "ch\xffef"]', "not UTF-8 text (byte 12)"),
    "binary.json": (bytes(range(256)) * 4, "binary, not text"),
    "deep.json": (b"[" * 200_000 + b"]" * 200_000, "nested more than 32 levels deep"),
    "nan.json": (b'[{"id": "x", "name": "X", "team": "townsfolk", "ability": "a", '
                 b'"firstNight": NaN}, "imp"]', "NaN is not a number a script may hold"),
    "infinity.json": (b'[{"id": "x", "name": "X", "team": "townsfolk", "ability": "a", '
                      b'"otherNight": Infinity}, "imp"]', "Infinity is not a number"),
    "broken.json": (b'["imp", "chef"', "not valid JSON (line 1"),
    "reminders.json": (b'[{"id": "x", "name": "X", "team": "townsfolk", "ability": "a", '
                       b'"reminders": 5}, "imp"]', "[0].reminders: must be a list of strings"),
    "noid.json": (b'[{"id": "!!!", "name": "X", "team": "townsfolk", "ability": "a"}, "imp"]',
                  "[0].id: '!!!' has no letter or digit"),
    "longid.json": (b'["imp", "chef", "' + b"x" * 5_000_000 + b'"]', "... (5000000 characters)"),
}


def test_scripts_that_cannot_be_read(tmp_path):
    for name, (data, fragment) in SCRIPTS.items():
        (tmp_path / name).write_bytes(data)
        r = narrator("night-order", "--script", name, "--night", "first", cwd=tmp_path)
        assert r.returncode == 2, (name, r.stderr[-500:])
        assert "Traceback" not in r.stderr, (name, r.stderr[-1500:])
        assert fragment in r.stderr, (name, r.stderr[:500])
        assert len(r.stderr) < 1000, name   # a long bad value is cut, not echoed whole
        r = narrator("play", "--script", name, "--players", PLAYERS, "--game", "g.sqlite",
                     cwd=tmp_path)
        assert_clear_refusal(r, fragment)
        assert not (tmp_path / "g.sqlite").exists()


def test_garbage_commands_in_a_running_game_never_reach_a_traceback(tmp_path):
    """300 seeded lines of near-commands and junk into a real game: every one is carried
    out or refused in words, and the game still resumes from its journal."""
    import random

    rng = random.Random(14)
    words = ["seat", "seats", "nominates", "votes", "vote", "and", "the", "imp", "chef",
             "answer", "next", "yes", "no", "undo", "is", "poisoned", "drunk", "dies",
             "execute", "kill", "traveller", "joins", "as", "beggar", "between", "override",
             "good", "evil", "-1", "0", "17", "99999999999999999999", "three", "½",
             "\u202e", "'", '"', "\\", "%s", "{seat}", "nobody", "bluffs", "are"]
    lines = [" ".join(rng.choice(words) for _ in range(rng.randint(1, 7))) for _ in range(300)]
    lines = ["next"] + lines
    (tmp_path / "junk.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = narrator("play", "--players", PLAYERS + ",Fay,Gus", "--seed", "3", "--game", "g.sqlite",
                 "--commands", "junk.txt", cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-1500:]
    assert "Traceback" not in r.stdout + r.stderr
    r = narrator("resume", "--game", "g.sqlite", "--commands", "junk.txt", cwd=tmp_path)
    assert "Traceback" not in r.stdout + r.stderr
    assert r.returncode in (0, 2), r.stderr[-800:]


def test_a_float_wav_is_read_as_its_sixteen_bit_twin(tmp_path):
    """Audacity exports 32-bit float by default: recognize and enroll refused it ('not a WAV
    file (unknown format: 3)'). Read, it is the same clip as the 16-bit PCM one."""
    import numpy as np

    from hardware.audio_clip import read_wav

    rng = np.random.default_rng(2)
    pcm = (rng.normal(0, 0.2, (4000, 2)).clip(-1, 1))
    data = pcm.astype("<f4").tobytes()
    fmt = (3).to_bytes(2, "little") + (2).to_bytes(2, "little") + (16000).to_bytes(4, "little") \
        + (16000 * 8).to_bytes(4, "little") + (8).to_bytes(2, "little") + (32).to_bytes(2, "little")
    body = b"WAVE" + b"fmt " + len(fmt).to_bytes(4, "little") + fmt \
        + b"data" + len(data).to_bytes(4, "little") + data
    path = tmp_path / "float.wav"
    path.write_bytes(b"RIFF" + len(body).to_bytes(4, "little") + body)
    clip = read_wav(path)
    assert clip.rate == 16000 and len(clip.samples) == 4000
    expected = np.clip(pcm.mean(axis=1) * 32767.0, -32768, 32767).astype(np.int16)
    assert np.abs(clip.samples.astype(int) - expected).max() <= 1
    odd = tmp_path / "odd.wav"                       # a format still refused, with its reason
    odd.write_bytes(path.read_bytes().replace((3).to_bytes(2, "little") + (2).to_bytes(2, "little"),
                                              (6).to_bytes(2, "little") + (2).to_bytes(2, "little"), 1))
    r = narrator("recognize", "odd.wav", cwd=tmp_path)
    assert r.returncode == 1 and "odd.wav: not a WAV file (unknown format: 6)" in r.stderr


def test_recognize_takes_a_folder_of_recordings(tmp_path):
    """'recognize wav/vote' said 'no such file: wav/vote'; a folder is its WAV files, in name
    order, and an empty one is said as such."""
    import json

    import numpy as np

    from hardware.audio_clip import Clip, write_wav

    folder = tmp_path / "takes"
    rng = np.random.default_rng(1)
    for name in ("b.wav", "a.wav"):
        write_wav(folder / name, Clip((rng.normal(0, 30, 8000)).astype(np.int16), 16000))
    (folder / "notes.txt").write_text("not a recording")
    r = narrator("recognize", "takes", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert [Path(json.loads(x)["file"]).name for x in r.stdout.splitlines()] == ["a.wav", "b.wav"]
    (tmp_path / "none").mkdir()
    r = narrator("recognize", "none", cwd=tmp_path)
    assert r.returncode == 2 and "no WAV files in none" in r.stderr and "Traceback" not in r.stderr
