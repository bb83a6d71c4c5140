"""Nothing read aloud that a person should not hear: no path, no file name, no log reference,
in any line table mode can say; every table-mode error said privately as what to do, with
the detail in the log. (Every line said in tests/table/test_table.py's games is checked too, in
its harness, and every line of tests/games/ in tests/games/test_game_files.py.)"""
from __future__ import annotations

import json

import pytest

from statemachine.line_rules import unfit_to_say
from narrator.table import lines
from narrator.table.games import GameFileError, read_game_file, start_game
from test_table import GPIO, Running, tap, wait_until

OLD_LINES = [  # what table mode said before: each must be caught
    "Waiting for a game. Put new-game.toml or new-game.json in /var/lib/narrator.",
    "The game file could not be used; the log says why. Still waiting for a game.",
    "Something went wrong there; nothing changed. See the log.",
]


@pytest.mark.parametrize("text", OLD_LINES + [
    "cannot load the script (FileNotFoundError: [Errno 2] No such file)",
    "Put it in ~/narrator.", "Saved in C:\\games.", "Open ./new-game.json.", "game-1.sqlite",
    "Check journalctl for the traceback.",
])
def test_what_must_not_be_said_is_caught(text):
    assert unfit_to_say(text)


@pytest.mark.parametrize("text", [
    "Wake the Empath, seat 3, Cat. Their alive neighbours are seat 2, Ben and seat 4, Dan.",
    "Dawn. Everyone, open your eyes.", "The demon blogs.", "Seven votes: on the block.",
    "I did not understand 'seat nine sings'. Say help for what works now.",
])
def test_ordinary_lines_pass(text):
    assert unfit_to_say(text) is None


def test_every_table_line_is_fit_to_say():
    said = lines.every_line()
    assert len(said) >= 14
    for line in said:
        assert unfit_to_say(line) is None, line
    assert lines.bad_game_file("/etc/x.toml: bad").startswith(lines.GAME_FILE_PROBLEM)
    assert "~" not in lines.not_understood("load ~/x.toml")
    # bytes the keyboard could not read are not read back
    assert lines.not_understood(" \ufffd\ufffd garbage") == "I did not understand that. Say help for what works now."
    assert lines.not_understood("bell\x07") == "I did not understand that. Say help for what works now."
    assert lines.not_understood("foo bar") == "I did not understand 'foo bar'. Say help for what works now."


BAD_FILES = [  # (file name, text, what the earpiece hears of it)
    ("g.toml", "players = [", "The game file has a mistake."),
    ("g.toml", 'players = "Ann"\nseed = = 3', "The game file has a mistake on line 2."),
    ("g.json", '{"players": ', "The game file has a mistake on line 1."),
    ("g.json", '["Ann"]', "The game file holds no settings."),
    ("g.toml", 'players = "Ann,Ben"\ncolour = "red"',
     "The game file has a setting the narrator does not know: colour."),
    ("g.toml", 'script = "Trouble Brewing"', "The game file names no players."),
    ("g.toml", 'players = "Ann,Ben,Cat,Dan,Eve"\nseed = "x"',
     "The seed in the game file must be a whole number."),
    ("g.toml", "players = 7", "The players in the game file must be a list of names."),
    ("g.toml", 'players = "Ann,Ben,Cat,Dan,Eve"\nscript = 3',
     "The script in the game file must be a script's name."),
    ("g.toml", 'players = "Ann,Ben,Cat,Dan,Eve"\nscript = "broken.json"',
     "The script in the game file cannot be found or loaded."),
    ("g.toml", 'players = "Ann,Ben,Cat,Dan,Eve"\nscript = "/nowhere/at/all.json"',
     "The script in the game file cannot be found or loaded."),
    ("g.toml", 'players = "Ann,Ben,Cat,Dan,Eve,Fay,Gus"\n'
               'characters = "imp,chef,zzyzx,monk,empath,saint,spy"',
     "The game file names unknown characters: zzyzx."),
    ("g.toml", 'players = "Ann,Ben,Cat"', "This game cannot be set up: a game needs 5 to"),
    ("g.toml", 'players = "Ann,Ann,Cat,Dan,Eve"', "This game cannot be set up: two players"),
]


@pytest.mark.parametrize("name, text, heard", BAD_FILES)
def test_each_game_file_problem_is_said_without_the_path(tmp_path, name, text, heard):
    (tmp_path / "broken.json").write_text("[not json")
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(GameFileError) as info:
        start_game(read_game_file(path), tmp_path / "games")
    assert str(path) in str(info.value)              # the log has the detail
    assert info.value.spoken.startswith(heard)       # the earpiece has the problem
    line = lines.bad_game_file(info.value.spoken)
    assert unfit_to_say(line) is None and line.startswith(info.value.spoken)
    assert "Correct the file and save it again" in line


def test_table_mode_says_a_bad_game_file_as_what_to_do(factory, tmp_path):
    run = Running(tmp_path)
    try:
        run.wait_said("No game yet. Say new game, or press next.")
        assert str(run.data) in run.out.getvalue()   # where a file may go: in the log only
        bad = run.data / "new-game.json"
        bad.write_text(json.dumps({"players": "Ann,Ben,Cat,Dan,Eve", "seed": "x"}))
        run.wait_said("The seed in the game file must be a whole number. "
                      "Correct the file and save it again, or say new game.")
        assert f"bad game file: {bad}: 'seed' must be a whole number" in run.out.getvalue()
    finally:
        run.stop()  # and no line said contained a path (the harness checks)


def test_a_failure_inside_the_loop_is_said_as_what_to_do(factory, tmp_path, game_file):
    run = Running(tmp_path, game_file=game_file)
    try:
        run.wait_said("Welcome to Trouble Brewing")

        def broken(*_args):
            raise RuntimeError("the engine tripped over /tmp/somewhere")
        run.table.session.apply = broken
        tap(factory, GPIO.pin_next)
        run.wait_said(lines.SOMETHING_WENT_WRONG)
        wait_until(lambda: "RuntimeError: the engine tripped" in run.out.getvalue(), "traceback")
    finally:
        run.stop()


def test_a_line_with_a_path_is_never_said(factory, tmp_path, game_file):
    """Even from a bug elsewhere (here a rejection naming a file): the Storyteller hears
    that something went wrong; the line itself goes to the log."""
    from statemachine.errors import Rejected

    run = Running(tmp_path, game_file=game_file)
    try:
        run.wait_said("Welcome to Trouble Brewing")

        def rejects(*_args):
            raise Rejected("cannot open /var/lib/narrator/games/x.sqlite")
        run.table.session.apply = rejects
        run.unsaid_expected = True
        tap(factory, GPIO.pin_next)
        run.wait_said(lines.SOMETHING_WENT_WRONG)
        assert "/var/lib" not in run.said.getvalue()
        assert ("not said (a file path: /var/lib/narrator/games/x.sqlite): "
                "[private] Cannot open /var/lib") in run.out.getvalue()
    finally:
        run.stop()


def test_a_saved_game_that_cannot_be_opened_is_said_and_skipped(factory, tmp_path, game_file):
    import sqlite3

    games = tmp_path / "data" / "games"
    session = start_game(read_game_file(game_file), games)
    session.apply("next", {}, "next")
    path = session.journal.path
    session.close()
    with sqlite3.connect(str(path)) as db:  # a journal whose command no longer replays
        db.execute("UPDATE events SET intent = 'dance' WHERE seq = 1")
    db.close()
    run = Running(tmp_path)
    try:
        run.wait_said(lines.RESUME_FAILED)
        run.wait_said("No game yet. Say new game, or press next.")
        assert f"cannot resume {path}" in run.out.getvalue()
    finally:
        run.stop()


@pytest.fixture
def game_file(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text('script = "Trouble Brewing"\nplayers = "Ann,Ben,Cat,Dan,Eve,Fay,Gus"\n'
                    'characters = "imp,chef,poisoner,monk,empath,saint,spy"\nseed = 1\n')
    return path


from gpio_helpers import factory, no_gpio  # noqa: E402,F401 (fixtures)


def _spoken_literals() -> list[tuple[str, str]]:
    """Every string written in narrator/table and narrator/voice as an argument of a call
    that speaks (say, say_line, speak, reject, _speak): f-strings with each hole as "x"."""
    import ast
    from pathlib import Path

    import narrator

    root = Path(narrator.__file__).parent
    found = []
    for path in sorted([*(root / "table").glob("*.py"), *(root / "voice").glob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            if name not in ("say", "say_line", "speak", "reject", "_speak", "Speech"):
                continue
            for arg in node.args:
                for part in ast.walk(arg):
                    if isinstance(part, ast.JoinedStr):
                        text = "".join(v.value if isinstance(v, ast.Constant) else "x"
                                       for v in part.values)
                    elif isinstance(part, ast.Constant) and isinstance(part.value, str):
                        text = part.value
                    else:
                        continue
                    found.append((f"{path.name}:{node.lineno}", text))
    return found


def test_every_line_written_in_table_and_voice_code_is_fit_to_say():
    found = _spoken_literals()
    assert any("Voice paused" in text for _, text in found)  # the walk sees the listener
    unfit = [(where, text, why) for where, text in found if (why := unfit_to_say(text))]
    assert not unfit, unfit


def test_every_command_read_back_is_fit_to_say():
    from characters.scripts import load_script, registry_for
    from narrator.language.commands import CommandLanguage
    from narrator.voice.confirm import confirmation_question, spoken_text

    script = load_script("Trouble Brewing")
    language = CommandLanguage(registry_for(script), script.ids, 15)
    checked = 0
    for family in language.families:
        command = language.parse(language.example(family.intent))
        if command is None:
            continue
        for line in (confirmation_question(command), f"Not confirmed, so not done: "
                                                     f"{spoken_text(command)}."):
            assert unfit_to_say(line) is None, line
            checked += 1
    assert checked > 40


def test_a_game_open_elsewhere_is_said_before_the_service_stops(no_gpio, tmp_path, game_file):
    import io

    from narrator.config import Config, GameConfig, RecognizerConfig
    from narrator.speech.printed import PrintedNarration
    from narrator.table.loop import Table
    from narrator.table.watchdog import Notifier

    games = tmp_path / "data" / "games"
    held = start_game(read_game_file(game_file), games)  # being played: its lock is taken
    said, out = io.StringIO(), io.StringIO()
    config = Config(game=GameConfig(data_dir=str(tmp_path / "data")),
                    recognizer=RecognizerConfig(backend="none"))
    table = Table(config, out=out, narration=PrintedNarration(said), keyboard=False,
                  notifier=Notifier(None))
    try:
        assert table.run() == 1
    finally:
        held.close()
    assert lines.GAME_OPEN_ELSEWHERE in said.getvalue()
    assert f"cannot resume: {held.journal.path}" in out.getvalue()
    assert all(unfit_to_say(line) is None for line in said.getvalue().splitlines())


def test_a_game_taken_up_again_says_where_it_is_once():
    """By day the status was the step's whole prompt, and at night its first sentence: both
    said twice ("Resuming the game. Day 1. ..." then "Day 1. ..."). The hand-out's status and
    its seat's step differ, and both are said."""
    day = "Day 1. Say 'seat 1 nominates seat 2' or 'end the day'."
    assert lines.resumed(day, [day]) == [f"Resuming the game. {day}"]
    night = ["The first night: the Spy, seat 1. Show the Spy the Grimoire. Say yes or no."]
    assert lines.resumed("The first night: the Spy, seat 1. Say yes or no.", night) == [
        "Resuming the game. " + night[0]]
    handing = "Setup: handing out the tokens, seat 3 of 5. Say next for the next seat."
    assert lines.resumed(handing, ["Seat 3, Cat: give the Imp."]) == [
        f"Resuming the game. {handing}", "Seat 3, Cat: give the Imp."]
