"""The Hermit: 'You have all Outsider abilities. [-0 or -1 Outsider]' From the almanac page
as found (summary, How to Run, the first example): the Hermit has the abilities of every
other Outsider on the script at once, none off it; an ability that works after death is
kept when the Hermit dies, the others are not; the Storyteller may take an Outsider out at
setup, a Townsfolk in its place; the Hermit is treated as the other Outsiders, woken for
them. The example used: a Hermit with the Klutz's, the Butler's and the Recluse's
abilities chooses a master each night."""
from characters.scripts import load_script, registry_for
from engine_helpers import execute, new_game, private, run, script_file
from statemachine.game import Game, GameSetup
from statemachine.line_rules import assert_fit_to_say
from tb_steps import walk_night

IDS = ["imp", "poisoner", "spy", "baron", "washerwoman", "librarian", "investigator",
       "chef", "empath", "fortuneteller", "undertaker", "monk", "soldier", "mayor", "slayer",
       "virgin", "ravenkeeper", "butler", "saint", "recluse", "klutz", "drunk", "hermit"]
SETUP = "imp,poisoner,hermit,empath,chef,monk,soldier"        # Hermit 3


def game_of(tmp_path, setup=SETUP, start=True):
    return new_game(setup, script_file(tmp_path / "hermit.json", "Hermitage", IDS),
                    start=start)


def test_the_hermit_holds_every_other_outsider_on_the_script_but_the_drunk(tmp_path):
    game = game_of(tmp_path)
    held = set(game.abilities(game.grim.seat(3)))
    assert {"hermit", "butler", "saint", "recluse", "klutz"} <= held
    assert "drunk" not in held and "goon" not in held         # the Goon is not on the script
    lines = "\n".join(game.setup_lines())
    assert ("The Hermit has the abilities of 4 Outsiders.\nThey are the Butler, the Saint, the Recluse "
            "and the Klutz.") in lines
    assert "1 Outsider in play, where the usual is 0." in lines
    assert "Run these Outsider abilities of the Hermit yourself: the Drunk." in lines


def test_the_almanacs_example_the_hermit_chooses_a_master_each_night(tmp_path):
    game = game_of(tmp_path, start=False)
    said = run(game, "next")
    said += walk_night(game, {"poisoner": 7, "butler": 4}, until="butler")
    assert game.current.ability == "butler" and game.current.seat == 3
    assert "Wake the Hermit, seat 3, Cat, with the Butler's ability." in private(said)


def test_the_hermit_executed_is_the_saint_executed(tmp_path):
    game = game_of(tmp_path)
    walk_night(game, {"poisoner": 7, "butler": 4})
    run(game, execute(3))
    assert game.winner.winner == "evil"


def test_a_poisoned_hermits_abilities_all_fail(tmp_path):
    game = game_of(tmp_path)
    walk_night(game, {"poisoner": 3, "butler": 4})
    run(game, execute(3))
    assert game.winner is None


def test_the_hermit_registers_as_the_recluse_would_and_keeps_it_when_dead(tmp_path):
    game = game_of(tmp_path)
    cat = game.grim.seat(3)
    assert {"evil", "minion", "demon"} <= game.misregisters(cat)
    walk_night(game, {"poisoner": 7, "butler": 4})
    game.grim.seat(3).alive = False                          # dead: only the Recluse's stays
    assert "evil" in game.misregisters(cat)
    assert game.working(cat, "recluse") and not game.working(cat, "butler")


def test_setup_one_outsider_fewer_or_as_many(tmp_path):
    loaded = load_script(script_file(tmp_path / "hermit.json", "Hermitage", IDS))
    reg = registry_for(loaded)
    seen = set()
    for seed in range(30):
        game = Game(GameSetup(loaded.name, loaded.ids, [f"P{i}" for i in range(9)], None,
                              seed), reg)
        ids = [p.character for p in game.grim.players]
        if "hermit" not in ids or "baron" in ids:
            continue
        outsiders = sum(reg.get(c).team == "outsider" for c in ids)
        seen.add(outsiders)
        assert outsiders in (1, 2) and len(ids) == 9
    assert seen == {1, 2}


def test_its_lines_are_fit_to_be_said(tmp_path):
    game = game_of(tmp_path, start=False)
    said = run(game, "next") + walk_night(game, {"poisoner": 7, "butler": 4})
    assert_fit_to_say([(s.text, s.channel == "private", s.channel) for s in said])
