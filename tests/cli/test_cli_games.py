"""`narrator games --remove / --export`: finished games go, unfinished ones only when asked,
a game being played never; a copy out is a whole journal with its log; every refusal is one
line and changes nothing."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from narrator.cli import main
from narrator.table.games import GameSpec, start_game

SPEC = GameSpec("Trouble Brewing", ["Ann", "Ben", "Cat", "Dan", "Eve"], seed=3)


def made(games: Path, finished: bool) -> Path:
    session = start_game(SPEC, games)
    session.apply("begin_night")          # past the hand-out: the first night
    if finished:
        session.apply("end_game", {"winner": "good"})
        session.journal.path.with_suffix(".log.json").write_text("{}")
    path = Path(session.journal.path)
    session.close()
    return path


def narrator(capsys, *argv) -> tuple[int, str, str]:
    code = main(["games", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_remove_a_finished_game_and_not_an_unfinished_one(tmp_path, capsys):
    games = tmp_path / "games"
    done, open_ = made(games, True), made(games, False)
    code, out, _ = narrator(capsys, "--dir", str(games), "--remove", done.stem)
    assert code == 0 and f"removed {done.name}" in out and done.with_suffix(".log.json").name in out
    assert not [p for p in games.iterdir() if p.name.startswith(done.name)
                or p.name == done.with_suffix(".log.json").name]

    code, _, err = narrator(capsys, "--dir", str(games), "--remove", str(open_))
    assert code == 2 and "has not ended: nothing removed" in err and "--abandon-unfinished" in err
    assert open_.exists() and "Traceback" not in err
    code, out, _ = narrator(capsys, "--dir", str(games), "--remove", open_.name,
                            "--abandon-unfinished")
    assert code == 0 and not open_.exists()


def test_a_game_being_played_is_never_removed(tmp_path, capsys):
    from narrator.table.games import resume_game

    games = tmp_path / "games"
    path = made(games, False)
    session = resume_game(path)       # a table holds the game
    try:
        code, _, err = narrator(capsys, "--dir", str(games), "--remove", path.name,
                                "--abandon-unfinished")
        assert code == 2 and "nothing was changed" in err and "being played" in err
        assert "nothing removed" not in err                      # said once
        assert path.exists()
    finally:
        session.close()


def test_export_copies_the_journal_and_its_log(tmp_path, capsys):
    games, out_dir = tmp_path / "games", tmp_path / "usb"
    out_dir.mkdir()
    path = made(games, True)
    code, out, _ = narrator(capsys, "--dir", str(games), "--export", path.stem, "--to",
                            str(out_dir))
    assert code == 0 and f"exported {path.name}" in out
    with sqlite3.connect(out_dir / path.name) as db:
        assert db.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 2
    assert (out_dir / path.with_suffix(".log.json").name).exists()
    assert path.exists()                               # a copy: the game stays
    code, _, err = narrator(capsys, "--dir", str(games), "--export", path.stem, "--to",
                            str(out_dir))
    assert code == 2 and "exists: nothing copied" in err


@pytest.mark.parametrize("argv, message", [
    (["--export", "{game}"], "--export needs --to DIR"),
    (["--export", "{game}", "--to", "{tmp}/nowhere"], "no such folder"),
    (["--export", "{game}", "--to", "{tmp}/notes.txt"], "notes.txt: a file, not a folder"),
    (["--remove", "game-19990101"], "no saved game 'game-19990101'"),
    (["--remove", "{tmp}/notes.txt"], "not a saved game"),
    (["--to", "{tmp}"], "--to goes with --export"),
])
def test_bad_requests_are_one_line_and_change_nothing(tmp_path, capsys, argv, message):
    games = tmp_path / "games"
    path = made(games, True)
    (tmp_path / "notes.txt").write_text("not a journal")
    def files():  # SQLite's own -wal and -shm come and go with any reader
        return sorted(p.name for p in games.iterdir() if not p.name.endswith(("-wal", "-shm", "-journal")))
    before = files()
    argv = [a.format(game=path.stem, tmp=tmp_path) for a in argv]
    code, _, err = narrator(capsys, "--dir", str(games), *argv)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
    assert files() == before


def test_the_list_says_one_command_and_two_commands(tmp_path, capsys):
    one = made(tmp_path, finished=False)                 # begin the night: one command
    code, out, _ = narrator(capsys, "--dir", str(tmp_path))
    assert code == 0 and "Trouble Brewing, 5 players, 1 command\t" in out, out
    two = made(tmp_path, finished=True)
    code, out, _ = narrator(capsys, "--dir", str(tmp_path))
    assert "5 players, 2 commands\t" in out and one != two, out


def test_a_damaged_game_is_copied_as_it_is_and_removed_only_when_abandoned(tmp_path, capsys):
    path = made(tmp_path, finished=False)
    path.with_suffix(".svg").write_text("<svg/>")
    with open(path, "r+b") as f:
        f.truncate(path.stat().st_size // 2)           # cut short: SQLite finds it corrupt
    code, out, _ = narrator(capsys, "--dir", str(tmp_path))
    assert "damaged: the file is damaged" in out
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    code, out, _ = narrator(capsys, "--dir", str(tmp_path), "--export", path.stem, "--to", str(out_dir))
    assert code == 0 and "damaged: copied as it is" in out
    assert (out_dir / path.name).read_bytes() == path.read_bytes()
    code, _, err = narrator(capsys, "--dir", str(tmp_path), "--remove", path.stem)
    assert code == 2 and "--abandon-unfinished" in err and path.exists()
    code, out, _ = narrator(capsys, "--dir", str(tmp_path), "--remove", path.stem, "--abandon-unfinished")
    assert code == 0 and not path.exists() and not path.with_suffix(".svg").exists(), out


def test_a_dir_that_is_not_a_folder_is_refused(tmp_path, capsys):
    (tmp_path / "f.sqlite").write_text("")
    for folder, why in ((tmp_path / "none", "no such folder"), (tmp_path / "f.sqlite", "a file, not a folder")):
        code, out, err = narrator(capsys, "--dir", str(folder))
        assert code == 2 and why in err and not out, (out, err)
