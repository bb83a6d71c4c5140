"""The Marionette: 'You think you are a good character, but you are not. The Demon knows who
you are. [You neighbour the Demon]'

From the ability text and the official night sheet (the Marionette's place, after the Demon
info: the Demon is woken and shown the Marionette); no almanac page was found, so these
rulings are ours and listed for checking: the Minion info does not wake the Marionette and
the Demon info does not show them among the Minions (the Demon learns them at the
Marionette's step); the believed good ability never works, as the Drunk's; the Poppy Grower
hides the Marionette from the Demon as it hides the Minions. Jinxes: Balloonist (one more
Outsider may be added: said), Huntsman (only with a Damsel in play), Mathematician (a note)."""
import json

import pytest

from characters.scripts import load_script, registry_for
from engine_helpers import new_game, private, run, skip_to
from statemachine import line_rules
from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup
from statemachine.model import EVIL

SCRIPT_IDS = ["imp", "marionette", "poisoner", "baron", "scarletwoman", "empath", "chef",
              "monk", "soldier", "washerwoman", "librarian", "investigator", "undertaker",
              "ravenkeeper", "virgin", "slayer", "mayor", "balloonist", "huntsman", "damsel",
              "mathematician", "poppygrower", "butler", "saint", "recluse", "drunk"]


def script_file(tmp_path, ids=SCRIPT_IDS):
    path = tmp_path / "marionette.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Strings Attached"}, *ids]))
    return str(path)


SETUP = "imp,marionette,poisoner,empath,chef,monk,soldier,washerwoman"  # Marionette seat 2


def test_the_marionette_is_an_evil_minion_shown_a_good_character(tmp_path):
    game = new_game(SETUP, script=script_file(tmp_path), start=False)
    m = game.grim.seat(2)
    assert m.alignment == EVIL and game.is_minion(m)
    assert game.unit(m.believes).team == "townsfolk"
    assert m.believes not in {p.character for p in game.grim.players}
    assert m.believes not in ("balloonist", "huntsman")      # no jinx proposed by default
    lines = game.setup_lines()
    assert any(f"Seat 2, Ben is the Marionette and is shown the "
               f"{game.unit(m.believes).name}." in line for line in lines)


def test_the_minion_info_leaves_the_marionette_out_and_the_demon_learns_them(tmp_path):
    game = new_game(SETUP, script=script_file(tmp_path), start=False)
    said = run(game, "next") + skip_to(game, "marionette")
    text = private(said)
    assert "Wake the Minion: seat 3, Cat." in text
    assert "Show the Minion: seat 3, Cat." in text
    assert "seat 2, Ben" not in text.split("Demon info")[0].split("Minion info")[-1]
    assert ("Wake the Demon, seat 1, Ann: show them the Marionette token and point to seat 2, "
            "Ben.") in game.wait.prompt
    assert "Wake the Marionette" not in text
    order = game.night_order_ids(first=True)
    assert order.index("demoninfo") < order.index("marionette")


def test_the_marionette_wakes_as_their_believed_character_and_it_never_works(tmp_path):
    game = new_game("imp,marionette,poisoner,chef,monk,soldier,washerwoman,saint",
                    script=script_file(tmp_path), start=False)
    run(game, ("marionette_believes", {"character": "empath"}))
    game.handle("next")
    skip_to(game, "poisoner")
    said = run(game, ("choose", {"seats": [6]})) + skip_to(game, "empath")
    assert "They are the Marionette: their ability does not work." in private(said)
    assert game.impairment(game.grim.seat(2), "empath") is not None


def test_the_believed_character_must_be_good_and_not_in_play(tmp_path):
    game = new_game(SETUP, script=script_file(tmp_path), start=False)
    with pytest.raises(Rejected, match="good character that is not in play"):
        run(game, ("marionette_believes", {"character": "chef"}))        # in play
    with pytest.raises(Rejected):
        run(game, ("marionette_believes", {"character": "poisoner"}))    # evil
    with pytest.raises(Rejected):
        run(game, ("marionette_believes", {"character": "drunk"}))       # a believer too
    said = run(game, ("marionette_believes", {"character": "saint"}))   # an Outsider is good
    assert "The Marionette thinks they are the Saint." in private(said)


def test_a_drawn_bag_always_seats_the_marionette_beside_the_demon(tmp_path):
    loaded = load_script(script_file(tmp_path))
    reg = registry_for(loaded)
    met = 0
    for n in range(5, 16):
        for seed in range(25):
            game = Game(GameSetup(loaded.name, loaded.ids, [f"P{i}" for i in range(n)], None,
                                  seed), reg)
            ms = [p for p in game.grim.players if p.character == "marionette"]
            if not ms:
                continue
            met += 1
            near = game.grim.neighbours(ms[0], alive_only=False)
            assert any(game.is_demon(p) for p in near), (n, seed)
    assert met > 20


def test_a_drawn_bag_with_travellers_still_seats_the_marionette_beside_the_demon(tmp_path):
    loaded = load_script(script_file(tmp_path, SCRIPT_IDS + ["thief", "beggar"]))
    reg = registry_for(loaded)
    met = 0
    for seed in range(40):
        game = Game(GameSetup(loaded.name, loaded.ids, [f"P{i}" for i in range(7)], None,
                              seed, ["T1", "T2"]), reg)
        ms = [p for p in game.grim.players if p.character == "marionette"]
        if ms:
            met += 1
            assert any(game.is_demon(p) for p in game.grim.neighbours(ms[0], alive_only=False))
    assert met


def test_an_explicit_setup_away_from_the_demon_is_said(tmp_path):
    game = new_game("imp,chef,marionette,poisoner,monk,soldier,empath",
                    script=script_file(tmp_path), start=False)
    assert any("The Marionette, seat 3, Cat, does not sit beside the Demon" in line
               for line in game.setup_lines())


def test_jinx_balloonist_may_add_an_outsider(tmp_path):
    game = new_game(SETUP, script=script_file(tmp_path), start=False)
    said = run(game, ("marionette_believes", {"character": "balloonist"}))
    assert ("A jinx: the Marionette thinks they are the Balloonist, so you may add one "
            "Outsider.") in private(said)


def test_jinx_huntsman_only_with_the_damsel_in_play(tmp_path):
    game = new_game(SETUP, script=script_file(tmp_path), start=False)
    with pytest.raises(Rejected):
        run(game, ("marionette_believes", {"character": "huntsman"}))
    game = new_game("imp,marionette,poisoner,damsel,chef,monk,soldier,empath",
                    script=script_file(tmp_path), start=False)
    said = run(game, ("marionette_believes", {"character": "huntsman"}))
    assert "The Marionette thinks they are the Huntsman." in private(said)


def test_jinx_mathematician_may_count_the_marionette(tmp_path):
    game = new_game("imp,marionette,poisoner,mathematician,chef,monk,soldier",
                    script=script_file(tmp_path))
    skip_to(game, "poisoner")
    run(game, ("choose", {"seats": [6]}))
    skip_to(game, "mathematician")
    assert ("A jinx: if the Marionette, seat 2, Ben, got false information or their ability "
            "failed, you may count the Marionette.") in game.wait.prompt + " ".join(
                getattr(game.wait, "notes", []) or [])


def test_the_poppy_grower_hides_the_marionette_from_the_demon(tmp_path):
    game = new_game("imp,marionette,poisoner,poppygrower,chef,monk,soldier",
                    script=script_file(tmp_path))
    skip_to(game, "marionette")
    assert "the Demon is not shown the Marionette" in game.wait.prompt


def test_every_marionette_line_is_fit_to_say(tmp_path):
    game = new_game(SETUP, script=script_file(tmp_path), start=False)
    lines = [(line, False) for line in game.setup_lines()]
    said = run(game, "next") + skip_to(game, "marionette")
    lines += [(game.wait.prompt, True)] + [(s.text, True) for s in said]
    line_rules.assert_fit_to_say(lines)
