"""The Apprentice: on your 1st night, you gain a Townsfolk ability (if good), or a Minion
ability (if evil)."""
import pytest

from almanac_steps import almanac, private, walk_night
from engine_helpers import run
from statemachine.errors import Rejected

SETUP = "alhadikhia,wraith,noble,oracle,fisherman,savant,pixie,apprentice"


def first_night(alignment="good"):
    game = almanac(SETUP, travellers=1, start=False)
    game.start()
    if alignment == "evil":
        run(game, ("alignment", {"seat": 8, "alignment": "evil"}))
    said = run(game, "next") + walk_night(game, until="apprentice")
    return game, said


def test_a_good_apprentice_is_proposed_a_not_in_play_townsfolk():
    game, said = first_night()
    assert "The Apprentice is good, so they gain a Townsfolk ability. Proposed: the" in \
        private(said)
    run(game, "next")
    [gained] = game.grim.seat(8).extra_abilities
    assert game.unit(gained).team == "townsfolk"
    assert gained not in {p.character for p in game.grim.players}
    assert "Is The Apprentice" in game.grim.seat(8).reminders


def test_an_evil_apprentice_gains_a_minion_ability():
    game, said = first_night("evil")
    assert "gain a Minion ability" in private(said)
    with pytest.raises(Rejected, match="Minion ability"):
        run(game, ("character", {"character": "king"}))
    run(game, ("character", {"character": "boffin"}))
    assert game.grim.seat(8).extra_abilities == ["boffin"]


def test_the_storyteller_confirms_or_chooses_from_the_script():
    game, _ = first_night()
    with pytest.raises(Rejected):
        run(game, ("character", {"character": "empath"}))      # not on the Seed Almanac
    with pytest.raises(Rejected):
        run(game, ("character", {"character": "mezepheles"}))  # a good Apprentice
    said = run(game, ("character", {"character": "king"}))
    assert "Show them the You Are token, then the King." in private(said)


def test_they_act_that_night_in_the_gained_characters_place():
    game, _ = first_night()
    run(game, ("character", {"character": "fortuneteller"}))
    assert any(e.ability == "fortuneteller" and e.seat == 8 for e in game.night_queue())


def test_they_remain_a_traveller_not_the_character():
    game, _ = first_night()
    run(game, ("character", {"character": "fortuneteller"}))
    walk_night(game)
    app = game.grim.seat(8)
    assert app.character == "apprentice" and app.traveller
    assert app not in game.grim.living_non_travellers()


def test_only_their_first_night_and_until_they_die():
    game, _ = first_night()
    run(game, ("character", {"character": "fortuneteller"}))
    walk_night(game)
    assert not any(e.ability == "apprentice" for e in game.night_queue(first=False))
    run(game, ("die", {"seat": 8}))
    assert not game.working(game.grim.seat(8), "fortuneteller")
