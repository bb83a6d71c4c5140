"""Issue 23, item 6: a 1 MB line is cut, names in two Unicode forms are one name, and a
name that is a command word is refused with the reason."""
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from console_helpers import Typed, rejected
from statemachine.line_rules import unfit_to_say
from narrator.table.games import GameFileError, read_game_file, start_game

ROOT = Path(__file__).resolve().parents[2]
CHARS = "empath,virgin,monk,imp,poisoner,fortuneteller,chef"
NFC, NFD = unicodedata.normalize("NFC", "Zoë"), unicodedata.normalize("NFD", "Zoë")


def narrator(*args):
    return subprocess.run([sys.executable, "-m", "narrator", *args], cwd=ROOT, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True,
                          timeout=120)


def test_a_one_megabyte_line_is_cut_and_changes_nothing(tmp_path):
    t = Typed(tmp_path, CHARS)
    before = t.journaled
    out = t.type("x" * 1_000_000)
    (message,) = rejected(out)
    assert message == "That line is too long to be a command. Say help for what works now."
    assert not unfit_to_say(message)
    assert t.journaled == before


def test_names_in_two_unicode_forms_are_one_player(tmp_path):
    r = narrator("play", "--script", "Trouble Brewing", "--players",
                 f"{NFC},Ben,Cat,Dan,{NFD}", "--game", str(tmp_path / "g.sqlite"),
                 "--commands", "/dev/null")
    assert r.returncode == 2 and "two players have the same name" in r.stderr, r.stderr
    assert not (tmp_path / "g.sqlite").exists()


def test_a_traveller_may_not_join_under_a_name_already_seated_in_another_form(tmp_path):
    import engine_helpers
    names = engine_helpers.NAMES
    engine_helpers.NAMES = [NFC, *names[1:]]
    try:
        import console_helpers
        console_helpers.NAMES = engine_helpers.NAMES
        t = Typed(tmp_path, CHARS)
    finally:
        engine_helpers.NAMES = console_helpers.NAMES = names
    assert t.session.game.grim.players[0].name == NFC
    from statemachine.errors import Rejected
    with pytest.raises(Rejected, match="already a player called"):
        t.session.apply("traveller_joins", {"name": NFD, "character": "beggar"})


@pytest.mark.parametrize("name", ["yes", "Next", "undo"])
def test_a_name_that_is_a_command_is_refused_with_the_reason(tmp_path, name):
    r = narrator("play", "--script", "Trouble Brewing", "--players",
                 f"Ann,Ben,Cat,Dan,{name}", "--game", str(tmp_path / "g.sqlite"),
                 "--commands", "/dev/null")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert f"{name} cannot be a player's name: it is also a command" in r.stderr
    assert not (tmp_path / "g.sqlite").exists()


def test_a_game_file_or_a_traveller_named_as_a_command_is_refused(tmp_path):
    game = tmp_path / "new-game.toml"
    game.write_text('script = "Trouble Brewing"\nplayers = ["Ann", "Ben", "Cat", "Dan", '
                    '"Eve"]\ntravellers = ["next"]\n')
    with pytest.raises(GameFileError, match="next cannot be a player's name"):
        start_game(read_game_file(game), tmp_path / "games")
    assert not (tmp_path / "games").exists() or not list((tmp_path / "games").iterdir())
    t = Typed(tmp_path, CHARS)
    t.type("next", "next", "next")
    before = t.journaled
    out = t.type("traveller yes joins as the beggar")
    assert rejected(out) and "Yes cannot be a player's name" in rejected(out)[-1]
    assert t.journaled == before
