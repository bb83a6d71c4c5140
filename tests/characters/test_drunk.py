"""The Drunk: believes a not-in-play Townsfolk, wakes as that Townsfolk with proposals
that may be false, and their token never goes in the bag."""
import pytest

from engine_helpers import new_game, run, skip_to
from statemachine.errors import Rejected
from tb_steps import private, walk_night

SETUP = "imp,drunk,empath,monk,poisoner,chef,soldier"   # Drunk seat 2


def test_the_drunk_believes_a_townsfolk_that_is_not_in_play():
    for seed in range(1, 8):
        game = new_game(SETUP, seed=seed, start=False)
        drunk = game.grim.seat(2)
        believed = game.unit(drunk.believes)
        assert believed.team == "townsfolk"
        assert drunk.believes not in {p.character for p in game.grim.players}
        assert drunk.believes not in game.grim.bluffs
        assert game.unit("drunk").in_bag() is False
        lines = "\n".join(game.setup_lines())
        assert f"Seat 2, Ben is the Drunk and is shown the {believed.name}." in lines


def test_the_storyteller_may_change_the_drunk_token_at_setup_only():
    game = new_game(SETUP, start=False)
    with pytest.raises(Rejected):
        run(game, ("drunk_believes", {"character": "empath"}))    # in play
    run(game, ("drunk_believes", {"character": "fortuneteller"}))
    assert game.grim.seat(2).believes == "fortuneteller"
    run(game, "next")
    with pytest.raises(Rejected):
        run(game, ("drunk_believes", {"character": "undertaker"}))


def test_the_drunk_wakes_as_their_townsfolk_and_is_always_drunk():
    game = new_game(SETUP, start=False)
    run(game, ("drunk_believes", {"character": "fortuneteller"}), "next")
    assert "fortuneteller" in game.night_order_ids(first=True)
    said = skip_to(game, "poisoner")
    said += run(game, ("choose", {"seats": [7]}))
    said += skip_to(game, "fortuneteller")
    assert "Wake the Fortune Teller, seat 2, Ben. They are drunk." in private(said)
    said = run(game, ("choose", {"seats": [1, 3]}))
    w = game.wait
    assert w.truth is True and w.proposal is False
    assert "They are drunk: give anything." in w.prompt
    assert game.impairment(game.grim.seat(2)) == "drunk"


def test_a_drunk_soldier_is_not_safe_from_the_demon():
    game = new_game("imp,drunk,empath,monk,poisoner,chef,saint", start=False)
    run(game, ("drunk_believes", {"character": "soldier"}), "next")
    walk_night(game, {"poisoner": 6})
    run(game, ("end_day", {}))
    walk_night(game, {"poisoner": 6, "monk": 3}, until="imp")
    run(game, ("choose", {"seats": [2]}))
    assert not game.grim.seat(2).alive


def test_the_reveal_names_what_the_drunk_believed():
    game = new_game(SETUP, start=False)
    run(game, ("drunk_believes", {"character": "fortuneteller"}), "next",
        ("end_game", {"winner": "good"}))
    assert "Drunk (thought they were the Fortune Teller)" in game.reveal()


def test_a_bluff_that_is_the_drunks_token_is_warned_about():
    game = new_game(SETUP, start=False)
    bluff = game.grim.bluffs[0]
    name = game.unit(bluff).name
    said = run(game, ("drunk_believes", {"character": bluff}))
    assert (f"Warning: the {name} is a Demon bluff and the token the Drunk, seat 2, Ben, "
            "was shown") in private(said)
    assert f"the {name} is a Demon bluff" in "\n".join(game.setup_lines())


def test_the_storyteller_may_bluff_the_drunks_token_but_is_warned():
    game = new_game(SETUP, start=False)
    drunk = game.grim.seat(2).believes
    free = [c for c in ("washerwoman", "librarian", "investigator", "undertaker",
                        "ravenkeeper", "virgin", "slayer", "mayor") if c != drunk][:2]
    said = run(game, ("bluffs", {"characters": [drunk] + free}))
    assert game.grim.bluffs == [drunk] + free
    assert "the token the Drunk, seat 2, Ben, was shown" in private(said)
    with pytest.raises(Rejected, match="not in play"):
        run(game, ("bluffs", {"characters": ["empath"] + free}))
