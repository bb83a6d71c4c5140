"""A Seed Almanac game played to the end from Storyteller commands: the Voudon's vote, the
Mezepheles's word, the Xaan's night, the Al-Hadikhia's choice and the Barber's haircut."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "characters"))

from almanac_steps import (almanac, end_day, nominate, private, public, vote, votes,  # noqa: E402
                           walk_night)
from engine_helpers import run  # noqa: E402

# Seats 1-10 play; seat 11 is the Voudon. Two Outsiders (Barber, Butler): X = 2.
CHARACTERS = ("alhadikhia,mezepheles,xaan,noble,oracle,fisherman,savant,king,barber,butler,"
              "voudon")


def test_a_seed_almanac_game_to_a_good_win():
    game = almanac(CHARACTERS, travellers=1, start=False)
    opening = game.start()
    assert "The Storyteller has the Spirit of Ivory" in public(opening)
    assert "X is 2" in private(opening)
    word = next(r.split(": ")[1] for r in game.grim.seat(2).reminders
                if r.startswith("Mezepheles word"))

    # Night 1: the Mezepheles learns the word; the Xaan waits for night 2.
    said = run(game, "next") + walk_night(game)
    assert f"secret word, {word}" in private(said)
    assert "night X" not in private(said)
    assert game.phase.state == "day" and game.grim.day == 1

    # Day 1: Dan (the Noble) says the word. With the Voudon alive only they and the dead
    # vote: one vote puts the Barber on the block.
    run(game, ("mezepheles_heard", {"seat": 4}))
    said = run(game, nominate(5, 9))
    assert "1 vote needed" in public(said)
    said = run(game, vote(11), votes(1))
    assert "Seat 9, Ivy is about to die." in public(said)
    said = run(game, end_day())
    assert "Seat 9, Ivy is executed." in public(said)
    assert "haircuts tonight" in private(said)

    # Night 2: the Xaan's night, the Noble turns evil, the Al-Hadikhia chooses three.
    said += walk_night(game, until="alhadikhia")
    assert "It is night X" in private(said)
    assert all(game.impairment(game.grim.seat(s)) == "poisoned" for s in (5, 6, 7, 8))
    assert game.grim.seat(4).alignment == "evil"
    assert "Seat 4, Dan turns evil" in private(said)
    said = run(game, ("choose", {"seats": [5, 6, 7], "actor": "alhadikhia"}))
    assert "The Al-Hadikhia has chosen seat 5, Eve." in public(said)
    said = run(game, ("alhadikhia_die", {"seat": 5}), ("alhadikhia_live", {"seat": 6}),
               ("alhadikhia_live", {"seat": 7}))
    assert "The silence has ended." in public(said)
    assert not game.grim.seat(5).alive and game.grim.seat(6).alive

    # The Barber died today: the Demon swaps themself with the Xaan.
    walk_night(game, until="barber")
    said = run(game, ("choose", {"seats": [1, 3], "actor": "demon"}))
    assert game.grim.seat(3).character == "alhadikhia" and game.grim.seat(1).character == "xaan"
    assert "Wake seat 1, Ann. Show the You Are token and the Xaan." in private(said)
    said = run(game, "next")
    assert "Wake seat 3, Cat. Show the You Are token and the Al-Hadikhia. Remind them" not in \
        private(said) and "Wake seat 3, Cat. Show the You Are token and the Al-Hadikhia." in \
        private(said)
    said = walk_night(game)
    assert "Seat 5, Eve died in the night." in public(said)
    assert "The Al-Hadikhia's choices: seat 5, Eve, dead; seat 6, Fay, alive; seat 7, Gus, " \
           "alive." in public(said)

    # Day 2: the dead and the Voudon execute the new Demon; good wins.
    run(game, nominate(6, 3), vote(5, 9, 11), votes(3))
    assert game.grim.seat(5).ghost_vote and game.grim.seat(9).ghost_vote   # not spent
    said = run(game, end_day())
    assert game.winner is not None and game.winner.winner == "good"
    assert "The Demon is dead. Good wins." in public(said)
    # The reveal tells the whole story: the Barber's swap, the Mezepheles' convert.
    assert "Seat 1, Ann: Xaan (was the Al-Hadikhia), evil, alive." in public(said)
    assert "Seat 3, Cat: Al-Hadikhia (was the Xaan), evil, dead." in public(said)
    assert "Seat 4, Dan: Noble, evil, was good, alive." in public(said)


def test_the_spoken_commands_reach_these_characters():
    from characters.scripts import load_script, registry_for
    from narrator.language.commands import CommandLanguage
    script = load_script("Seed Almanac")
    lang = CommandLanguage(registry_for(script), script.ids)
    expected = {
        "seat three chooses to live": ("alhadikhia_live", {"seat": 3}),
        "seat four chooses to die": ("alhadikhia_die", {"seat": 4}),
        "mezepheles word heard by seat four": ("mezepheles_heard", {"seat": 4}),
        "another secret word": ("mezepheles_new_word", {}),
        "the matron swaps seats two and six": ("matron_swap", {"seats": [2, 6]}),
        "the boffin gives the demon the savant": ("boffin_gives", {"character": "savant"}),
        "the sweetheart makes seat six drunk": ("sweetheart_drunk", {"seat": 6}),
    }
    for phrase, (intent, slots) in expected.items():
        command = lang.parse(phrase)
        assert command is not None and (command.intent, command.slots) == (intent, slots), phrase
