"""The Summoner: 'You get 3 bluffs. On the 3rd night, choose a player: they become an evil
Demon of your choice. [No Demon]' From the almanac page as found (summary, How to Run and
examples): setup removes the Demon and adds a Townsfolk; the first night the Summoner is
shown three not-in-play characters; though no Demon is in play for two days the game does
not end, but if the Summoner becomes unable to make a Demon (dead, or drunk on night 3)
good wins; on night 3 the Summoner points at a player and a Demon, and that player is shown
they are the Demon and evil, and acts the same night. The examples used: the Summoner
executed on day one, good wins; the Summoner makes a player the Demon on night three."""
import pytest

from characters.scripts import load_script, registry_for
from engine_helpers import choose, execute, new_game, private, run, script_file
from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup
from statemachine.line_rules import assert_fit_to_say
from statemachine.model import Effect
from tb_steps import walk_night

IDS = ["imp", "pukka", "zombuul", "summoner", "poisoner", "marionette", "pithag",
       "washerwoman", "librarian", "chef", "empath", "monk", "soldier", "mayor", "clockmaker",
       "courtier", "preacher", "poppygrower", "saint", "recluse", "butler"]
SETUP = "summoner,poisoner,empath,chef,monk,soldier,saint"       # Summoner 1, no Demon


def script(tmp_path, *ids):
    return script_file(tmp_path / "summon.json", "Summoning", ids or IDS)


def night_three(tmp_path, setup=SETUP, ids=(), picks=None):
    game = new_game(setup, script(tmp_path, *ids))
    picks = picks or {"poisoner": 7, "monk": 4}
    said = walk_night(game, picks)
    run(game, "end_day")
    said += walk_night(game, picks)
    run(game, "end_day")
    said += walk_night(game, picks, until="summoner")
    return game, said


def demon(cid):
    return ("character", {"character": cid})


def test_a_drawn_bag_has_the_summoner_no_demon_and_one_more_townsfolk(tmp_path):
    loaded = load_script(script(tmp_path, "imp", "summoner", *IDS[7:]))
    reg = registry_for(loaded)
    for n, good in ((5, 3), (7, 5), (9, 7)):
        for seed in range(4):
            game = Game(GameSetup(loaded.name, loaded.ids, [f"P{i}" for i in range(n)], None,
                                  seed), reg)
            teams = [reg.get(p.character).team for p in game.grim.players]
            assert "summoner" in {p.character for p in game.grim.players}
            assert teams.count("demon") == 0 and teams.count("minion") == 1
            assert teams.count("townsfolk") + teams.count("outsider") == good + 1


def test_the_first_night_shows_three_bluffs_and_demon_info_says_there_is_none(tmp_path):
    game = new_game(SETUP, script(tmp_path), start=False)
    said = run(game, "next")
    said += walk_night(game, {"poisoner": 7}, until="summoner")
    bluffs = [f"the {game.unit(b).name}" for b in game.grim.bluffs]
    assert len(bluffs) == 3 and all(b in game.wait.prompt for b in bluffs)
    said += walk_night(game, {"poisoner": 7})
    assert "Show them each other: no player is the Demon." in private(said)
    assert "Demon info" not in private(said)        # nobody to wake: no step
    assert game.winner is None and game.phase.state == "day"


def test_on_night_three_a_player_becomes_an_evil_demon_and_acts_tonight(tmp_path):
    game, _ = night_three(tmp_path)
    said = run(game, demon("imp"), choose(4, actor="summoner"))
    dan = game.grim.seat(4)
    assert dan.character == "imp" and dan.alignment == "evil"
    assert "Seat 4, Dan, the Chef, is now the Imp, evil." in game.wait.prompt
    said = walk_night(game, {"poisoner": 7, "monk": 5, "imp": 3})
    assert not game.grim.seat(3).alive and game.winner is None


def test_a_demon_off_the_script_or_a_minion_is_refused(tmp_path):
    game, _ = night_three(tmp_path)
    with pytest.raises(Rejected, match="not on the script"):
        run(game, demon("vortox"))
    with pytest.raises(Rejected, match="chooses a Demon"):
        run(game, demon("poisoner"))


def test_the_summoner_executed_on_day_one_good_wins(tmp_path):
    game = new_game(SETUP, script(tmp_path))
    walk_night(game, {"poisoner": 7})
    run(game, execute(1))
    assert game.winner.winner == "good"


def test_another_death_without_a_demon_does_not_end_the_game(tmp_path):
    game = new_game(SETUP, script(tmp_path))
    walk_night(game, {"poisoner": 7})
    run(game, execute(4))
    assert game.winner is None


def test_a_poisoned_summoner_on_night_three_makes_no_demon_and_good_wins(tmp_path):
    game, _ = night_three(tmp_path, picks={"poisoner": 1, "monk": 4})
    run(game, demon("imp"), choose(4, actor="summoner"))
    assert game.grim.seat(4).character == "chef" and game.winner.winner == "good"


def test_jinx_the_clockmaker_counts_the_summoner_as_the_demon(tmp_path):
    game = new_game("summoner,chef,poisoner,clockmaker,monk,soldier,saint", script(tmp_path),
                    start=False)
    run(game, "next")
    walk_night(game, {"poisoner": 7}, until="clockmaker")
    assert "from the Demon, seat 1, Ann, to its nearest Minion, seat 3, Cat" in game.wait.prompt


def test_jinx_a_pukka_may_be_summoned_on_night_two(tmp_path):
    game = new_game(SETUP, script(tmp_path))
    walk_night(game, {"poisoner": 7, "monk": 4})
    run(game, "end_day")
    walk_night(game, {"poisoner": 7, "monk": 4}, until="summoner")
    run(game, "yes")
    with pytest.raises(Rejected, match="Only the Pukka"):
        run(game, demon("imp"))
    run(game, demon("pukka"), choose(5, actor="summoner"))
    assert game.grim.seat(5).character == "pukka"


def test_jinx_a_courtiers_drunk_summoner_passes_the_choice_to_the_storyteller(tmp_path):
    game = new_game(SETUP, script(tmp_path), start=False)
    game.grim.seat(1).add_effect(Effect("drunk", source=4, ability="courtier", until="game"))
    game.grim.seat(4).character = game.grim.seat(4).believes = "courtier"
    run(game, "next")
    walk_night(game, {"poisoner": 7, "monk": 4, "courtier": 2})
    run(game, "end_day")
    walk_night(game, {"poisoner": 7, "monk": 4})
    run(game, "end_day")
    said = walk_night(game, {"poisoner": 7, "monk": 4}, until="summoner")
    assert "The Summoner, seat 1, Ann: do not wake them." in private(said)
    assert game.wait.prompt.startswith("You choose a Demon")
    run(game, demon("imp"), choose(5))
    assert game.grim.seat(5).character == "imp"


def test_jinx_a_living_poppy_grower_the_storyteller_picks_the_player(tmp_path):
    game, _ = night_three(tmp_path, "summoner,poisoner,poppygrower,chef,monk,soldier,saint")
    run(game, demon("imp"))
    assert "the Poppy Grower lives, so you pick the player" in game.wait.prompt
    assert game.wait.by_holder is False


def test_jinx_a_dead_player_made_the_zombuul_has_used_its_first_death(tmp_path):
    game = new_game(SETUP, script(tmp_path))
    walk_night(game, {"poisoner": 7, "monk": 4})
    run(game, execute(5))
    walk_night(game, {"poisoner": 7, "monk": 4})
    run(game, "end_day")
    walk_night(game, {"poisoner": 7, "monk": 4}, until="summoner")
    run(game, demon("zombuul"), choose(5, actor="summoner"))
    eve = game.grim.seat(5)
    assert eve.character == "zombuul" and eve.alive and "zombuul" in eve.spent


def test_jinx_the_marionette_starts_next_to_the_summoner(tmp_path):
    ids = ["imp", "summoner", "marionette", *IDS[7:]]
    loaded = load_script(script(tmp_path, *ids))
    reg = registry_for(loaded)
    for seed in range(15):
        game = Game(GameSetup(loaded.name, loaded.ids, [f"P{i}" for i in range(10)], None,
                              seed), reg)
        seats = {p.character: p.seat for p in game.grim.players}
        if "marionette" in seats:
            d = abs(seats["marionette"] - seats["summoner"])
            assert d in (1, 9), seed


def test_its_lines_are_fit_to_be_said(tmp_path):
    game = new_game(SETUP, script(tmp_path), start=False)
    said = run(game, "next")
    picks = {"poisoner": 7, "monk": 4}
    said += walk_night(game, picks)
    said += run(game, "end_day") + walk_night(game, picks)
    said += run(game, "end_day") + walk_night(game, picks, until="summoner")
    said += run(game, demon("imp"), choose(4, actor="summoner"))
    said += walk_night(game, {**picks, "imp": 3})
    assert_fit_to_say([(s.text, s.channel == "private", s.channel) for s in said])


def test_jinx_a_summoner_the_preacher_chose_passes_the_ability_to_the_storyteller(tmp_path):
    game, said = night_three(tmp_path, "summoner,poisoner,preacher,chef,monk,soldier,saint",
                             picks={"poisoner": 7, "monk": 4, "preacher": 1})
    assert "A jinx: the Summoner's ability is yours now" in private(said)
    assert ("You hold the Summoner's ability, on the Summoner's token, seat 1, Ann: nobody "
            "wakes; you choose for it.") in private(said)
    assert game.wait.prompt.startswith("You choose a Demon")
    run(game, demon("imp"), choose(5))
    assert game.grim.seat(5).character == "imp" and game.grim.seat(5).alignment == "evil"


def test_jinx_a_second_living_demon_makes_tonights_deaths_the_storytellers(tmp_path):
    game, _ = night_three(tmp_path, "summoner,pithag,chef,empath,monk,soldier,saint",
                          picks={"monk": 4, "pithag": 3})
    game.creation.create(game.grim.seat(3), "imp")         # as the Pit-Hag might have
    game.grim.seat(3).alignment = "evil"
    run(game, demon("pukka"), choose(5, actor="summoner"))
    assert "a second living Demon, so tonight's deaths are yours" in game.wait.prompt
    assert game.creation.deaths_arbitrary()


def test_jinx_an_explicit_setup_with_the_marionette_away_from_the_summoner_is_said(tmp_path):
    game = new_game("summoner,chef,marionette,empath,monk,soldier,saint", script(tmp_path),
                    start=False)
    assert ("The Marionette, seat 3, Cat, does not sit beside the Summoner: the setup rule "
            "seats them there.") in game.setup_lines()
    game = new_game("summoner,marionette,chef,empath,monk,soldier,saint", script(tmp_path),
                    start=False)
    assert not any("does not sit beside" in line for line in game.setup_lines())
    said = run(game, "next")
    said += walk_night(game, {"monk": 4}, until="summoner")
    assert "A jinx: point at the Marionette, seat 2, Ben" in game.wait.prompt


def test_the_demon_must_be_chosen(tmp_path):
    game, _ = night_three(tmp_path)
    said = run(game, "next")
    assert "A Demon must be chosen tonight." in private(said)
    assert game.current.ability == "summoner"


def test_jinx_a_summoner_the_kazali_made_summons_a_second_demon_deaths_are_arbitrary(tmp_path):
    """The Kazali makes the Summoner on night one; on night three the Summoner makes a
    second living Demon: tonight's deaths are the Storyteller's."""
    game, _ = night_three(tmp_path, "kazali,summoner,chef,empath,monk,soldier,saint",
                          ids=[*(c for c in IDS if c != "pithag"), "kazali"],
                          picks={"monk": 4, "kazali": 6})
    assert game.grim.seat(1).alive and game.grim.seat(1).character == "kazali"
    run(game, demon("imp"), choose(5, actor="summoner"))
    assert "a second living Demon, so tonight's deaths are yours" in game.wait.prompt
    assert game.creation.deaths_arbitrary()


def test_jinx_a_summoned_legion_turns_every_evil_player_into_legion(tmp_path):
    game, _ = night_three(tmp_path, ids=(*IDS, "legion"))
    run(game, demon("legion"), choose(4, actor="summoner"))
    legion = [p.seat for p in game.grim.players if p.character == "legion"]
    assert legion == [1, 2, 4]                  # the Summoner, the Poisoner, the chosen Chef
    assert all(game.grim.seat(s).alignment == "evil" for s in legion)
    assert ("A jinx: every evil player becomes Legion. Now Legion too: seat 1, Ann and seat 2, "
            "Ben. Wake each:" in game.wait.prompt)
    said = walk_night(game, {"poisoner": 7, "monk": 5, "legion": 3})
    assert_fit_to_say([(s.text, s.channel == "private", s.channel) for s in said])


def test_jinx_a_summoned_lord_of_typhon_sits_by_a_minion_the_other_neighbour_a_minion(tmp_path):
    """Built from the jinx text: the Summoner must choose a player next to a Minion; that
    player's other neighbour becomes an evil Minion (the Storyteller's pick)."""
    game, _ = night_three(tmp_path, ids=(*IDS, "lordoftyphon"))
    run(game, demon("lordoftyphon"))
    assert "A jinx: they must sit next to a Minion." in game.wait.prompt
    with pytest.raises(Rejected, match="must sit next to a Minion"):
        run(game, choose(5, actor="summoner"))          # the Monk: the Chef and the Soldier
    assert game.grim.seat(5).character == "monk"
    run(game, choose(3, actor="summoner"))              # the Empath, beside the Poisoner
    assert game.grim.seat(3).character == "lordoftyphon"
    assert "setup effect does not apply" in game.wait.prompt
    assert "The player nearest them becomes a Minion" not in game.wait.prompt
    said = run(game, "next")
    assert ("A jinx: the Lord of Typhon's other neighbour, seat 4, Dan, becomes an evil "
            "Minion. Proposed: the Pit-Hag.") in game.wait.prompt
    said += run(game, "next")
    dan = game.grim.seat(4)
    assert dan.character == "pithag" and dan.alignment == "evil"
    said += walk_night(game, {"poisoner": 7, "monk": 5, "pithag": 6, "lordoftyphon": 6,
                              "character": "pithag"})
    assert_fit_to_say([(s.text, s.channel == "private", s.channel) for s in said])


def test_jinx_a_summoner_the_engineer_removes_leaves_the_ability_to_the_storyteller(tmp_path):
    """Built from the jinx text: the living Summoner made the Baron by the Engineer; the
    Storyteller holds the Summoner's ability, even once that player is executed, and on
    night three makes both choices."""
    game = new_game("summoner,poisoner,engineer,chef,monk,soldier,saint",
                    script(tmp_path, *IDS, "engineer", "baron"))
    picks = {"poisoner": 7, "monk": 4}
    walk_night(game, picks)
    run(game, "end_day")
    walk_night(game, picks, until="engineer")
    said = run(game, demon("poisoner"), demon("baron"))
    ann = game.grim.seat(1)
    assert ann.character == "baron" and ann.alignment == "evil"
    assert "A jinx: the Summoner's ability is yours now" in private(said)
    walk_night(game, picks)
    run(game, execute(1))
    assert not ann.alive and game.winner is None and game.phase.at_night
    said = walk_night(game, picks, until="summoner")
    assert "You hold the Summoner's ability" in private(said)
    assert game.wait.prompt.startswith("You choose a Demon")
    run(game, demon("imp"), choose(5))
    assert game.grim.seat(5).character == "imp" and game.grim.seat(5).alignment == "evil"
