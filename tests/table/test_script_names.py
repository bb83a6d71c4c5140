"""Every bundled script and every script in the data folder is chosen by the name a person
says ("sects and violets"), as said and as typed, and the setup's help lists it."""
from __future__ import annotations

import json
import logging

import pytest

from characters.scripts import bundled_scripts
from narrator.language.pronunciations import missing_words
from narrator.language.setup_phrases import setup_language, spoken_names
from narrator.table.setup import SetupQuestions, choices_from

# Names a group might give its own scripts: a sign, an accent, a digit, a leading "the".
HOMEMADE = {"chaos.json": "Dave's Chaos & Mayhem", "uber.json": "Über Grim",
            "five.json": "No. 5", "carousel.json": "The Carousel",
            "clash.json": "Sects and Violets", "signs.json": "!!!"}
SAID = {"Bad Moon Rising": "bad moon rising", "Sects & Violets": "sects and violets",
        "Trouble Brewing": "trouble brewing", "Once Upon a Baron": "once upon a baron",
        "Dave's Chaos & Mayhem": "daves chaos and mayhem", "Über Grim": "uber grim",
        "No. 5": "no five", "The Carousel": "carousel"}


@pytest.fixture
def choices(tmp_path, caplog):
    scripts = tmp_path / "scripts"
    scripts.mkdir()
    for file, name in HOMEMADE.items():
        (scripts / file).write_text(json.dumps([{"id": "_meta", "name": name}, "imp", "chef"]))
    with caplog.at_level(logging.WARNING):
        found = choices_from(tmp_path, {})
    found.log = caplog.text
    return found


def test_every_script_is_chosen_by_its_spoken_name_said_and_typed(choices):
    assert set(bundled_scripts()) <= set(choices.scripts)
    assert {"Dave's Chaos & Mayhem", "Über Grim", "No. 5", "The Carousel"} <= set(choices.scripts)
    language = setup_language(choices.scripts, choices.rosters)
    for name in choices.scripts:
        if name == "!!!":
            continue
        said = spoken_names(name)[0]
        if name in SAID:
            assert said == SAID[name]
        for phrase in (said, f"the script is {said}", f"play {said}"):
            command = language.parse(phrase, spoken=True)
            assert command is not None and command.slots == {"script": name}, phrase
        typed = language.parse(f"the script is {name}")          # the keyboard's form
        assert typed is not None and typed.slots == {"script": name}, name
    assert language.parse("play the carousel", spoken=True).slots == {"script": "The Carousel"}


def test_a_script_said_like_another_is_left_out_and_logged(choices):
    assert "Sects and Violets" not in choices.scripts           # said as "Sects & Violets" is
    assert "clash.json left out: it is said like Sects & Violets" in choices.log


def test_a_name_with_nothing_to_say_is_offered_by_the_dial_only(choices):
    q = SetupQuestions(choices)
    q.start()
    assert ("!!!.", "the script is !!!") in q.options()
    assert spoken_names("!!!") == []
    assert "!!!" not in " ".join(q.sayable())


def test_help_at_the_script_question_lists_every_script(choices):
    q = SetupQuestions(choices)
    q.start()
    said = q.sayable()
    language = setup_language(choices.scripts, choices.rosters)
    for name in choices.scripts:
        if spoken_names(name):
            assert spoken_names(name)[0] in said, name
    for phrase in said:                     # and each phrase offered is one the step takes
        command = language.parse(phrase, spoken=True)
        assert command is not None and command.intent in ("script", "next"), phrase


def test_the_recognizer_can_say_every_bundled_script_name():
    words = [w for name in bundled_scripts() for w in spoken_names(name)[0].split()]
    assert missing_words(words) == []


def test_every_setup_step_offers_what_it_takes(choices):
    """Each phrase help offers at each setup question parses, and the question takes it:
    the script, the counts, the names (a regular, a new name, a spelling), the last look."""
    from narrator.table.names import SeatNames
    choices.rosters = {"Thursday group": ("Ann", "Ben")}
    choices.regulars = ("Ann", "Ben", "Siobhan")
    q = SetupQuestions(choices)
    language = setup_language(choices.scripts, choices.rosters, choices.regulars)
    steps = []
    for _ in range(10):
        steps.append(q.step)
        waiting = q.names.waiting
        for phrase in q.sayable():
            command = language.parse(phrase, spoken=True)
            assert command is not None, (q.step, phrase)
            trial = SetupQuestions(choices)
            trial.step, trial.players, trial.names = q.step, q.players, SeatNames(
                choices.regulars, dict(q.names.given), q.names.asking, q.names.proposed)
            if command.intent in ("next", "yes") and not waiting:
                said = trial.accept() if trial.step else trial.start()
            else:
                said = trial.answer(command.intent, command.slots)
            assert said or trial.done, (q.step, phrase)
            assert not any(s.startswith(("Say the answer", "Names come after", "Say new game"))
                           or "I did not" in s for s in said), (q.step, phrase, said)
        if q.step == "names" and q.names.waiting:
            if q.names.proposed:
                q.answer("yes", {})
            else:
                q.answer("heard_name", {"name": "Cat"})
            continue
        if q.step == "names" and not q.names.given:
            q.answer("new_name", {"seat": 2})       # then the questions while a name waits
            continue
        if q.step == "confirm":
            break
        q.accept() if q.step else q.start()
    assert steps[:4] == ["", "script", "players", "travellers"], steps
    assert "confirm" in steps, (steps, q.names)


def test_a_new_name_another_seat_has_is_refused_at_once_not_read_back_first():
    from narrator.table.names import SeatNames
    names = SeatNames(("Siobhan",))
    taken = {1: "Ann"}
    assert names.name_seat(3, "ann", 7, taken) == ["Ann is already at seat 1. Say another name for seat 3."]
    assert not names.waiting and 3 not in names.given
    assert names.name_seat(3, "zoe", 7, taken) == ["Seat 3: Zoe. Yes or no?"]   # a new one: read back
