"""The Ogre: on your 1st night, choose a player (not yourself): you become their alignment
(you don't know which) even if drunk or poisoned. The rulings (the search tool gave the
release notes' rulings, How to Run and examples, quoted in a forum thread): the alignment is
taken at once even if drunk or poisoned, and is not told; the friend changing alignment
later changes nothing. The jinxes are characters/data/jinxes.toml's."""
import json

import pytest

from engine_helpers import new_game, private, run
from statemachine.errors import Rejected
from statemachine.model import Effect
from tf_steps import until

TB = ["washerwoman", "librarian", "chef", "empath", "monk", "soldier", "mayor", "saint",
      "recluse"]
# seats: 1 imp, 2 spy, 3 ogre, 4 chef, 5 empath, 6 recluse, 7 monk
SETUP = "imp,spy,ogre,chef,empath,recluse,monk"


def game(tmp_path, *extra, poisoned=False):
    path = tmp_path / "ogre.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Ogres"}, "imp", "spy", "boffin",
                                "ogre", *TB, *extra]))
    g = new_game(SETUP, str(path), start=False)
    if poisoned:
        g.grim.seat(3).add_effect(Effect("poisoned", until="dusk", note="test"))
    run(g, "next")
    until(g, "ogre", {})
    return g


def choose(seat):
    return ("choose", {"seats": [seat]})


def test_the_ogre_takes_the_chosen_players_alignment_without_being_told(tmp_path):
    g = game(tmp_path)
    with pytest.raises(Rejected, match="another player"):
        run(g, choose(3))
    said = run(g, choose(1))
    assert g.grim.seat(3).alignment == "evil"
    assert "is evil now. Do not tell them." in private(said)


def test_even_poisoned_it_happens(tmp_path):
    g = game(tmp_path, poisoned=True)
    run(g, choose(1))
    assert g.grim.seat(3).alignment == "evil"


def test_choosing_a_good_player_it_stays_good_even_if_they_turn_evil_later(tmp_path):
    g = game(tmp_path)
    said = run(g, choose(4))
    assert g.grim.seat(3).alignment == "good" and "they stay good" in private(said)
    g.set_alignment(g.grim.seat(4), "evil")
    assert g.grim.seat(3).alignment == "good"


def test_jinx_the_spy_counts_as_evil(tmp_path):
    g = game(tmp_path)
    run(g, choose(2))
    assert g.grim.seat(3).alignment == "evil"


def test_jinx_a_recluse_counting_as_evil_turns_the_ogre_evil_who_is_told(tmp_path):
    g = game(tmp_path)
    run(g, choose(6))
    assert "the Recluse may count as evil to the Ogre" in g.wait.prompt
    said = run(g, "yes")
    assert g.grim.seat(3).alignment == "evil" and "tell them they are evil" in private(said)
    g = game(tmp_path)
    run(g, choose(6), "no")
    assert g.grim.seat(3).alignment == "good"


def test_jinx_the_boffin_cannot_give_the_demon_the_ogres_ability(tmp_path):
    path = tmp_path / "ogre.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Ogres"}, "imp", "boffin", "ogre",
                                *TB]))
    g = new_game("imp,boffin,chef,empath,monk,soldier,saint", str(path), start=False)
    with pytest.raises(Rejected, match="cannot give the Demon the Ogre"):
        run(g, ("boffin_gives", {"character": "ogre"}))


def test_jinx_an_evil_player_the_pit_hag_makes_the_ogre_stays_evil(tmp_path):
    from engine_helpers import end_day
    from tf_steps import to_day
    path = tmp_path / "hag.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Hag and Ogre"}, "imp", "pithag",
                                "poisoner", "ogre", *TB]))
    # seats: 1 imp, 2 pit-hag, 3 poisoner, 4 monk, 5 empath, 6 chef, 7 saint
    g = new_game("imp,pithag,poisoner,monk,empath,chef,saint", str(path))
    to_day(g, {"poisoner": 6})
    run(g, end_day())
    until(g, "pithag", {"poisoner": 6, "monk": 5})
    run(g, ("choose", {"seats": [3]}), ("character", {"character": "ogre"}))
    assert g.grim.seat(3).character == "ogre"
    until(g, "ogre", {"monk": 5, "imp": 6})
    said = run(g, ("choose", {"seats": [4]}))              # a good friend
    assert g.grim.seat(3).alignment == "evil"
    assert "The Pit-Hag made this Ogre of an evil player: they stay evil (a jinx)." \
        in private(said)
