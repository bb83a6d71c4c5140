"""``narrator recognize`` with pocketsphinx on synthetic speech, parsed by the command language:
the spoken forms, the verdict (act, ask, reject), a saved game's grammar, and each file decoded
as a recording of its own."""
from __future__ import annotations

import json

from audio_helpers import VOICES, requires_tts, synthesize
from narrator.cli import main
from statemachine.game import GameSetup
from statemachine.journal.session import Session
from voice_helpers import TB, script_and_registry


def recognize(capsys, *args) -> list[dict]:
    assert main(["recognize", *map(str, args)]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


@requires_tts
def test_recognize_prints_one_json_line_per_file(capsys) -> None:
    files = [synthesize("seat three nominates seat six", VOICES[0]),
             synthesize("override seat four is the mezepheles", VOICES[4])]
    lines = recognize(capsys, "--seats", "12", *files)
    assert [line["file"] for line in lines] == [str(f) for f in files]
    assert lines[0]["intent"] == "nominate" and lines[0]["slots"] == {"nominator": 3, "nominee": 6}
    assert lines[0]["accepted"] and 0 < lines[0]["confidence"] <= 1
    assert lines[0]["action"] == "act"
    assert lines[1]["text"] == "override seat four is the mezepheles"  # spoken override
    assert lines[1]["slots"]["character"] == "mezepheles"
    assert lines[1]["action"] == "ask"  # a character change is destructive: always asked


@requires_tts
def test_spoken_forms_are_parsed_as_spoken(capsys) -> None:
    # "seats" for one seat is a spoken form only (typed, it is refused)
    [line] = recognize(capsys, synthesize("the monk chooses seats seven", VOICES[0]))
    assert line["text"] == "the monk chooses seats seven"
    assert (line["intent"], line["slots"], line["accepted"]) == ("choose", {"actor": "monk", "seats": [7]}, True)


@requires_tts
def test_each_file_is_heard_as_if_first(capsys) -> None:
    first = synthesize("seat two nominates seat nine", VOICES[3])
    others = [synthesize(t, v) for t, v in [("the chef", VOICES[1]), ("seat eleven dies", VOICES[5]),
                                            ("override good wins", VOICES[2])]]
    lines = recognize(capsys, first, *others, first)
    assert lines[0] == lines[-1]  # the same text, confidence and verdict: nothing carried over


@requires_tts
def test_a_saved_game_sets_the_grammar(capsys, tmp_path) -> None:
    script, registry = script_and_registry(TB)
    setup = GameSetup(script.name, script.ids, ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"],
                      ["imp", "empath", "monk", "chef", "poisoner", "saint", "slayer"], 1)
    Session.create(tmp_path / "game.sqlite", setup, registry).close()
    files = [synthesize("next", VOICES[3]), synthesize("seat three nominates seat six", VOICES[0])]
    at_setup = recognize(capsys, "--game", tmp_path / "game.sqlite", *files)
    assert (at_setup[0]["intent"], at_setup[0]["action"]) == ("next", "act")
    assert at_setup[1]["intent"] != "nominate"  # not said at setup: not listened for
    everything = recognize(capsys, *files)
    assert everything[1]["intent"] == "nominate"


def test_missing_file_is_a_usage_error(tmp_path, capsys) -> None:
    assert main(["recognize", str(tmp_path / "nope.wav")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_missing_game_file_is_a_usage_error(tmp_path, capsys) -> None:
    wav = tmp_path / "x.wav"
    wav.write_bytes(b"")
    assert main(["recognize", "--game", str(tmp_path / "none.sqlite"), str(wav)]) == 2
    assert "no such game file" in capsys.readouterr().err
