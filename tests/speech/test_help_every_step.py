"""`help` fits the step: a game of each bundled script walked step by step (the hand-out
seat by seat, every night step, days, votes), and at each new step every example help
offers, typed and spoken, is carried out for real on the session, where it must be taken,
and then taken back. Help names the script's own characters and no seat beyond the table."""
from __future__ import annotations

import random
import re

import pytest

from characters.scripts import bundled_scripts, load_script, registry_for
from engine_helpers import NAMES
from statemachine.line_rules import LEAD_WORDS, line_problems, sentences, words
from line_walk import TRAVELLER_NAMES, Heard, Walker, bag
from narrator.language.commands import CommandLanguage
from narrator.language.help import help_lines
from statemachine.errors import Rejected
from statemachine.game import GameSetup
from statemachine.journal.session import Session

SCRIPTS = sorted(bundled_scripts())
QUOTED = re.compile(r"'([^']+)'")


def carried_out(session: Session, language: CommandLanguage, phrase: str, spoken: bool) -> str:
    """'' if the session takes ``phrase`` now (carried out for real, then undone), else why
    not."""
    game = session.game
    command = language.parse(phrase, game.expected_intents(), spoken=spoken)
    if command is None:
        return "does not parse among the expected commands"
    events, handout = len(session.journal), session.handout
    last = session.journal.events()[-1] if events else None
    try:
        session.apply(command.intent, command.slots, command.text)
    except Rejected as exc:
        return f"refused: {exc}"
    if len(session.journal) > events:
        session.undo()
    elif len(session.journal) < events:          # undo: the event put back
        session.apply(*last)
    session.handout = handout
    assert len(session.journal) == events
    return ""


def step_of(session: Session) -> tuple:
    game = session.game
    return (game.phase.state, game.grim.night, game.grim.day,
            session.handout if session.in_handout() else -1,
            getattr(game.current, "ability", None) if game.phase.at_night else None,
            type(game.wait).__name__ if game.phase.at_night else None)


def names_in(text: str, registry) -> set[str]:
    """Characters of the whole catalogue named in ``text``."""
    return {c.id for c in registry if re.search(rf"\bthe {re.escape(c.name.lower())}\b",
                                                text.lower())}


@pytest.mark.parametrize("n", range(len(SCRIPTS)))
def test_every_example_help_offers_is_taken(tmp_path, n):
    script = load_script(SCRIPTS[n])
    registry = registry_for(script)
    players = (5, 8, 10, 15, 7, 12)[n % 6]
    travellers = [i for i in script.ids if registry.get(i).team == "traveller"][:n % 3]
    setup = GameSetup(script.name, script.ids, NAMES[:players], bag(script.name, players, n)
                      + travellers, n, TRAVELLER_NAMES[:len(travellers)], script.custom)
    session = Session.create(tmp_path / "g.sqlite", setup, registry)
    walker, rng = Walker(tmp_path, Heard()), random.Random(n)
    from characters.catalogue import build_registry
    everyone = build_registry()
    checked, seen, offered = 0, set(), set()
    session.hand_out()
    for _ in range(80):
        game = session.game
        if game.winner:
            break
        seats = len(game.grim.players)
        if step_of(session) not in seen:
            seen.add(step_of(session))
            done: set = set()
            for spoken in (False, True):
                language = CommandLanguage(registry, script.ids, seats)
                said = help_lines(session, language, spoken)
                text = " ".join(said)
                prose = [QUOTED.sub("'it'", line) for line in said]   # examples are commands
                assert not [p for line in prose for p in line_problems(line)], said
                # in the earpiece, each line's first sentence short enough, its examples and all
                assert all(words(sentences(line)[0]) <= LEAD_WORDS for line in said), said
                assert not names_in(text, everyone) - set(script.ids), (text, script.name)
                for number in re.findall(r"\bseats? (\d+)", text):
                    assert 1 <= int(number) <= seats, text
                for phrase in QUOTED.findall(text):
                    command = language.parse(phrase, spoken=spoken)
                    key = command and (command.intent, repr(command.slots))
                    if key in done:
                        continue
                    done.add(key)
                    why = carried_out(session, language, phrase, spoken)
                    assert not why, (script.name, step_of(session), phrase, why, said)
                    checked += 1
                    offered.add(language.parse(phrase, spoken=spoken).intent)
        if session.in_handout():
            session.apply("next")
            continue
        intent, slots = walker.pick(game, rng, CommandLanguage(registry, script.ids, seats))
        try:
            session.apply(intent, slots)
        except Rejected:
            continue
    session.close()
    assert len(seen) > 15 and checked > 100, (len(seen), checked)
    assert {"next", "choose", "nominate", "end_day"} <= offered, offered


def test_help_offers_one_way_to_step_on_and_a_nomination_of_another_seat(tmp_path):
    """In the hand-out 'next' and not its twin 'yes', nor 'hand out the tokens' (begun already);
    by day a nominee other than the nominator."""
    script = load_script("Trouble Brewing")
    registry = registry_for(script)
    setup = GameSetup(script.name, script.ids, NAMES[:5], bag(script.name, 5, 4), 4, [], script.custom)
    session = Session.create(tmp_path / "g.sqlite", setup, registry)
    language = CommandLanguage(registry, script.ids, 5)
    session.hand_out()
    examples = QUOTED.findall(help_lines(session, language, spoken=True)[1])
    assert "next" in examples and "yes" not in examples and "hand out the tokens" not in examples
    while session.game.phase.state != "day":
        session.apply("next")
    examples = QUOTED.findall(" ".join(help_lines(session, language, spoken=True)))
    nomination = next(e for e in examples if "nominates" in e)
    first, second = re.findall(r"seat (\w+)", nomination)
    assert first != second, nomination
    session.close()


def test_help_at_a_step_that_shows_a_character_offers_an_answer_naming_it(tmp_path):
    """The Librarian's token: an example of 'answer' with the step's own proposal (the first
    characters of the script, Townsfolk, were tried and refused, and none was offered)."""
    script = load_script("Trouble Brewing")
    registry = registry_for(script)
    chars = ["librarian", "imp", "poisoner", "butler", "empath", "chef", "monk"]
    session = Session.create(tmp_path / "g.sqlite", GameSetup(script.name, script.ids, NAMES[:7], chars, 4),
                             registry)
    language = CommandLanguage(registry, script.ids, 7)
    session.apply("begin_night")
    for _ in range(12):
        wait = session.game.wait
        if getattr(wait, "kind", "") == "character":
            break
        if type(wait).__name__ == "ChooseSeats":
            session.apply("choose", {"seats": [5]})
        else:
            session.apply("next")
    assert session.game.wait.kind == "character"
    examples = QUOTED.findall(help_lines(session, language, spoken=True)[1])
    assert any(e.startswith("answer") and "butler" in e for e in examples), examples
    session.close()
