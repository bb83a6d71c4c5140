"""The Boffin: the Demon (even if drunk or poisoned) has a not-in-play good character's
ability. You both know which."""
import pytest

from almanac_steps import almanac, private, walk_night
from engine_helpers import run
from statemachine.errors import Rejected
from statemachine.model import Effect

SETUP = "alhadikhia,boffin,noble,oracle,fisherman,savant,pixie"


def gives(cid):
    return ("boffin_gives", {"character": cid})


def game_with(cid="fortuneteller"):
    game = almanac(SETUP, start=False)
    game.start()
    run(game, gives(cid))
    return game


def test_a_not_in_play_good_character_is_proposed_never_the_drunk():
    for seed in range(8):
        game = almanac(SETUP, seed=seed, start=False)
        cid = next(r.split(": ")[1] for r in game.grim.seat(2).reminders
                   if r.startswith("Boffin gives"))
        unit = game.unit(cid)
        assert unit.team in ("townsfolk", "outsider") and cid != "drunk"
        assert cid not in {p.character for p in game.grim.players}
        assert f"gives the Demon the {unit.name}'s ability" in private(game.start())


def test_the_storyteller_may_choose_another_but_not_in_play_evil_or_the_drunk():
    game = almanac(SETUP, start=False)
    game.start()
    with pytest.raises(Rejected, match="in play"):
        run(game, gives("noble"))
    with pytest.raises(Rejected, match="good character"):
        run(game, gives("wraith"))
    with pytest.raises(Rejected, match="Drunk"):
        run(game, gives("drunk"))
    run(game, gives("king"))
    assert "king" in game.abilities(game.grim.seat(1))


def test_the_demon_has_the_ability_and_wakes_in_its_place():
    game = game_with("fortuneteller")
    assert game.abilities(game.grim.seat(1)) == ["alhadikhia", "fortuneteller"]
    run(game, "next")
    queue = game.night_queue(first=True)
    assert any(e.ability == "fortuneteller" and e.seat == 1 for e in queue)


def test_both_learn_which_on_the_first_night():
    game = game_with("fortuneteller")
    said = run(game, "next") + walk_night(game, until="boffin")
    assert "Wake the Boffin, seat 2, Ben." in private(said)
    assert "Wake the Demon too: seat 1, Ann." in private(said)
    assert "then the Fortune Teller" in private(said)
    run(game, "next")
    with pytest.raises(Rejected):
        run(game, gives("king"))          # the choice is made before they learn it


def test_even_if_the_demon_is_drunk_or_poisoned():
    game = game_with()
    demon = game.grim.seat(1)
    demon.add_effect(Effect("poisoned"))
    assert game.impairment(demon, "alhadikhia") == "poisoned"
    assert game.impairment(demon, "fortuneteller") is None


def test_a_drunk_or_poisoned_boffin_takes_it_away_for_now():
    game = game_with()
    boffin = game.grim.seat(2)
    boffin.add_effect(Effect("drunk", until="dusk"))
    assert game.impairment(game.grim.seat(1), "fortuneteller") == "drunk"
    boffin.remove_effects("drunk")
    assert game.working(game.grim.seat(1), "fortuneteller")


def test_only_while_the_boffin_is_alive():
    game = game_with()
    run(game, "next")
    walk_night(game)
    run(game, ("die", {"seat": 2}))
    assert "fortuneteller" not in game.abilities(game.grim.seat(1))


def test_a_new_demon_has_the_ability():
    game = game_with()
    run(game, "next")
    walk_night(game)
    game.swap_characters(game.grim.seat(1), game.grim.seat(4))     # a Barber's haircut
    assert "fortuneteller" in game.abilities(game.grim.seat(4))
    assert "fortuneteller" not in game.abilities(game.grim.seat(1))


def test_the_demon_wakes_as_itself_with_the_boffins_gift():
    game = game_with("fortuneteller")
    said = run(game, "next") + walk_night(game, until="fortuneteller")
    assert game.current.seat == 1
    assert ("Wake the Al-Hadikhia, seat 1, Ann, with the Fortune Teller's ability."
            in private(said))
    assert "Wake the Fortune Teller" not in private(said)
    said = walk_night(game, {"fortuneteller": [3, 4]})
    assert "Put the Al-Hadikhia to sleep." in private(said)
    assert "Put the Fortune Teller to sleep." not in private(said)
