"""The seat dial: the rotary encoder on gpiozero's MockFactory, what it offers for each kind
of question (with real games), and a table-mode night answered with the dial alone."""
from __future__ import annotations

import time


from engine_helpers import choose, new_game, run, skip_to
from gpio_helpers import Recorder, factory, no_gpio  # noqa: F401 (fixtures)
from hardware.rotary import NO_GPIO_DIAL, Dial, DialPins, open_dial
from narrator.config import GpioConfig
from narrator.language.commands import CommandLanguage
from narrator.table.dial import SeatDial, offer_for

_G = GpioConfig()     # table mode's own pins: the table test turns the dial it opens
PINS = DialPins(a=_G.pin_dial_a, b=_G.pin_dial_b, button=_G.pin_dial_button, hold_seconds=0.2)


def clockwise(factory, pins=PINS) -> None:
    """One detent clockwise: A falls before B (the pins idle high on pull-ups)."""
    a, b = factory.pin(pins.a), factory.pin(pins.b)
    a.drive_low(); b.drive_low(); a.drive_high(); b.drive_high()  # noqa: E702


def counter_clockwise(factory, pins=PINS) -> None:
    a, b = factory.pin(pins.a), factory.pin(pins.b)
    b.drive_low(); a.drive_low(); b.drive_high(); a.drive_high()  # noqa: E702


def press(factory, pins=PINS) -> None:
    factory.pin(pins.button).drive_low()
    factory.pin(pins.button).drive_high()


# --- the device -------------------------------------------------------------------------------

def test_turns_and_presses_become_actions(factory):
    got = Recorder()
    with Dial(PINS, got):
        clockwise(factory)
        clockwise(factory)
        counter_clockwise(factory)
        press(factory)
        assert got.wait_for(4) == ["dial_up", "dial_up", "dial_down", "dial_press"]


def test_a_long_press_is_a_hold_not_a_press(factory):
    got = Recorder()
    with Dial(PINS, got):
        factory.pin(PINS.button).drive_low()
        assert got.wait_for(1) == ["dial_hold"]
        factory.pin(PINS.button).drive_high()
        time.sleep(0.05)
        assert got.actions == ["dial_hold"]


def test_no_gpio_means_no_dial_and_a_reason(no_gpio):
    lines: list[str] = []
    assert open_dial(PINS, lambda a: None, log=lines.append) is None
    assert lines and lines[0].startswith(NO_GPIO_DIAL)


# --- what it offers ---------------------------------------------------------------------------

CHARS = "empath,virgin,monk,imp,poisoner,fortuneteller,chef"


def parse(game, phrase: str):
    """The phrase a press makes goes the typed road: it must parse, for what is expected."""
    language = CommandLanguage(game.registry, game.setup.script, len(game.grim.players))
    command = language.parse(phrase, game.expected_intents())
    assert command is not None, phrase
    return command


def advance(game, until) -> None:
    """Go on through the night (choosing the first seats that are legal) until ``until``."""
    from statemachine.errors import Rejected
    from statemachine.waits import ChooseSeats

    for _ in range(80):
        if until(game):
            return
        wait = game.wait
        if isinstance(wait, ChooseSeats):
            for first in range(1, len(game.grim.players) + 1):
                seats = [(first + i - 1) % len(game.grim.players) + 1 for i in range(wait.count)]
                try:
                    game.handle("choose", {"seats": seats})
                    break
                except Rejected:
                    continue
        else:
            game.handle("next")
    raise AssertionError("never got there")


def at(ability):
    return lambda g: g.current is not None and g.current.ability == ability and g.wait is not None


def turn_to(dial: SeatDial, game, label_start: str, limit: int = 40) -> str:
    for _ in range(limit):
        label = dial.turn(game, 1)
        if label.startswith(label_start):
            return label
    raise AssertionError(f"the dial never said {label_start!r}")


def test_a_night_choice_of_one_seat():
    game = new_game(CHARS)
    skip_to(game, "poisoner")
    dial = SeatDial()
    assert dial.turn(game, 1) == "Seat 1, Ann."
    assert dial.turn(game, 1) == "Seat 2, Ben."
    assert dial.turn(game, -1) == "Seat 1, Ann."
    assert dial.press(game) == (None, "seat 1")
    command = parse(game, "seat 1")
    before = game.grim.seat(1).effects[:]
    game.handle(command.intent, command.slots)
    assert game.grim.seat(1).effects != before      # the Empath is poisoned


def test_the_first_turn_back_is_the_last_seat():
    """Turned back first, the dial said seat 6 of 7: the last seat but one."""
    game = new_game(CHARS)
    skip_to(game, "poisoner")
    dial = SeatDial()
    last = game.grim.players[-1]
    assert dial.turn(game, -1) == f"Seat {last.seat}, {last.name}."
    assert dial.turn(game, 1) == "Seat 1, Ann."


def test_two_seats_are_picked_one_press_each():
    game = new_game(CHARS)
    advance(game, at("fortuneteller"))
    dial = SeatDial()
    turn_to(dial, game, "Seat 2,")
    assert dial.press(game) == ("Seat 2 picked. 1 more.", None)
    assert dial.press(game) == ("Seat 2 is picked already.", None)
    turn_to(dial, game, "Seat 4,")
    assert dial.press(game) == (None, "seats 2 and 4")
    parse(game, "seats 2 and 4")


def test_information_starts_at_the_proposal():
    game = new_game(CHARS)
    advance(game, at("chef"))
    truth = game.wait.proposal
    dial = SeatDial()
    assert dial.turn(game, 1) == f"{truth}, as proposed."
    assert dial.press(game) == (None, "next")
    label = dial.turn(game, 1)
    other = int(label.rstrip("."))
    assert other != truth
    assert dial.press(game) == (None, f"answer {other}")
    assert parse(game, f"answer {other}").slots["number"] == other


def test_by_day_a_nomination_then_the_vote_count():
    game = new_game(CHARS)
    advance(game, lambda g: g.phase.state == "day")
    dial = SeatDial()
    assert dial.turn(game, 1) == "End the day."
    turn_to(dial, game, "Seat 3,")
    assert dial.press(game) == ("Seat 3 nominates. Now turn to the nominee.", None)
    turn_to(dial, game, "Seat 6,")
    line, phrase = dial.press(game)
    assert phrase == "seat 3 nominates seat 6"
    command = parse(game, phrase)
    game.handle(command.intent, command.slots)
    assert game.phase.state == "vote"
    dial = SeatDial()
    assert dial.turn(game, 1) == "0 votes."
    assert dial.turn(game, 1) == "1 vote."
    assert dial.press(game) == (None, "1 vote")
    parse(game, "1 vote")


def test_a_new_question_starts_afresh_and_hold_clears():
    game = new_game(CHARS)
    advance(game, at("fortuneteller"))
    dial = SeatDial()
    turn_to(dial, game, "Seat 2,")
    dial.press(game)
    assert dial.clear().startswith("Cleared.")
    assert dial.picked == []
    run(game, choose(2, 4))
    assert dial.turn(game, 1) != "Seat 3, Cat."   # the position was for the old question


def test_nothing_to_offer_after_the_game():
    game = new_game(CHARS)
    run(game, ("end_game", {"winner": "good"}))
    assert offer_for(game) is None
    assert SeatDial().press(game)[0] == "The dial has nothing to choose now."


# --- table mode, the dial alone ---------------------------------------------------------------

def test_table_mode_takes_a_night_choice_from_the_dial(factory, tmp_path):
    import json
    import sqlite3

    from test_table import GAME_FILE, Running, wait_until

    path = tmp_path / "game.toml"
    path.write_text(GAME_FILE)
    table = Running(tmp_path, game_file=path)
    try:
        journal = table.journal()

        def events():
            with sqlite3.connect(str(journal)) as db:
                return [(i, json.loads(s)) for i, s in
                        db.execute("SELECT intent, slots FROM events ORDER BY seq")]

        def dial_next(count: int) -> None:
            clockwise(factory)              # the one option: next
            table.wait_said("Next.")
            press(factory)
            wait_until(lambda: len(events()) == count, f"{count} events")

        dial_next(1)                        # setup -> the first night
        game = table.table.session.game
        while not (game.current and game.current.ability == "poisoner" and game.wait):
            dial_next(len(events()) + 1)
            game = table.table.session.game
        said = table.said.getvalue()
        for _ in range(3):
            clockwise(factory)
        table.wait_said("Seat 3, Cat.")
        counter_clockwise(factory)          # back to seat 2
        wait_until(lambda: table.said.getvalue().count("Seat 2, Ben.") >= 2, "seat 2 again")
        press(factory)
        wait_until(lambda: events()[-1][0] == "choose", "the choice journaled")
        assert events()[-1][1]["seats"] == [2]
        assert "Traceback" not in table.out.getvalue()
        assert said in table.said.getvalue()
    finally:
        table.stop()


def test_at_setup_the_dial_offers_the_hand_out_and_at_a_vote_only_counts_that_can_be():
    """Buttons only, 'say hand out the tokens' had no way to be said; and the vote's counts
    went up to the whole table, dead players without a vote token too."""
    game = new_game(CHARS, start=False)
    assert [o.phrase for o in offer_for(game).options] == ["next", "hand out the tokens"]
    assert parse(game, "hand out the tokens").intent == "hand_out"
    game = new_game(CHARS)
    advance(game, lambda g: g.phase.state == "day")
    run(game, ("die", {"seat": 7}))
    game.grim.seat(7).ghost_vote = False
    run(game, ("nominate", {"nominator": 1, "nominee": 3}))    # not seat 2, the Virgin
    assert game.phase.state == "vote"
    counts = [o.phrase for o in offer_for(game).options]
    assert counts[0] == "0 votes" and counts[-1] == "6 votes" and len(counts) == 7
