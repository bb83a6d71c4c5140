"""Alchemist: 'You have the ability of a Minion not in play. The Storyteller may ask you to
choose again.' From the almanac (found in part: its rules and How to Run): the ability is a
not-in-play Minion's, learnt the first night (the You Are token and the Minion token); the
Alchemist stays good, registers as the Alchemist, does not learn the evil team, and wakes
at that Minion's place to use it; the Storyteller may ask them to choose again. The jinxes
with the Boffin, Marionette, Mastermind, Organ Grinder, Spy, Widow, Wraith and Summoner are
applied. The Summoner's, from the jinx text: a ruling, the Alchemist-Summoner is not
proposed, only said at setup, and then each Demon in play becomes a good Townsfolk."""
import pytest

from engine_helpers import (choose, execute, new_game, nominate, run, script_file, text,
                            to_day, votes, walk_to)
from statemachine import line_rules
from statemachine.errors import Rejected

IDS = ["alchemist", "chef", "empath", "monk", "soldier", "saint", "recluse", "poisoner",
       "imp", "boffin", "spy", "widow", "wraith", "marionette", "mastermind",
       "organgrinder", "godfather", "savant"]
# Imp 1, Mastermind 2, Alchemist 3, Chef 4, Empath 5, Monk 6, Soldier 7
SETUP = "imp,mastermind,alchemist,chef,empath,monk,soldier"


@pytest.fixture
def script(tmp_path):
    return script_file(tmp_path / "alc.json", "Alchemy", IDS)


def has(game, cid, seat=3):
    return run(game, ("alchemist_has", {"character": cid}))


def day(game):
    """On to the day: a yes or no answered no, seats 4, 5 and 6 chosen."""
    said = []
    for _ in range(60):
        if game.phase.state == "day":
            return said
        kind = type(game.wait).__name__
        if kind == "YesNo":
            said += run(game, "no")
        elif kind == "ChooseSeats":
            said += run(game, choose(*[4, 5, 6][:game.wait.count]))
        else:
            said += run(game, "next")
    raise AssertionError("no day")


def heard(said):
    return [(s.text, s.channel == "private", s.channel) for s in said]


def test_setup_proposes_a_minion_not_in_play_without_a_setup_effect_or_a_jinx(script):
    for seed in range(5):
        game = new_game(SETUP, script, seed=seed, start=False)
        alc = game.grim.seat(3)
        held = [a for a in game.abilities(alc) if a != "alchemist"]
        assert len(held) == 1 and held[0] in ("boffin", "poisoner")
        name = game.unit(held[0]).name
        assert any(f"The Alchemist, seat 3, Cat, has the {name}'s ability." in line
                   for line in game.setup_lines())


def test_it_wakes_at_the_minions_place_and_its_poison_works_as_a_good_player(script):
    game = new_game(SETUP, script, start=False)
    said = has(game, "poisoner")
    assert "The Alchemist has the Poisoner's ability." in text(said)
    said = run(game, "next") + walk_to(game, "alchemist")
    assert "Wake the Alchemist, seat 3, Cat." in text(said + game.out)
    assert ("Show the Alchemist the You Are token and the Poisoner token. They wake at the "
            "Poisoner's place") in game.last_private
    said += run(game, "next") + walk_to(game, "poisoner")
    assert game.current.seat == 3
    assert "Wake the Alchemist, seat 3, Cat, with the Poisoner's ability." in text(
        said + game.out)
    assert "You may ask the Alchemist to choose again." in text(said + game.out)
    said += run(game, choose(4))
    assert game.impairment(game.grim.seat(4)) == "poisoned"
    alc = game.grim.seat(3)
    assert alc.alignment == "good" and alc.character == "alchemist"
    said += day(game)
    line_rules.assert_fit_to_say(heard(said))


def test_the_storyteller_picks_a_minion_not_in_play_at_setup_only(script):
    game = new_game(SETUP, script, start=False)
    with pytest.raises(Rejected, match="Minion's ability"):
        has(game, "imp")
    with pytest.raises(Rejected, match="Minion's ability"):
        has(game, "chef")
    game2 = new_game("imp,godfather,alchemist,chef,empath,monk,soldier", script, start=False)
    with pytest.raises(Rejected, match="The Godfather is in play"):
        has(game2, "godfather")
    before = game.abilities(game.grim.seat(3))
    with pytest.raises(Rejected, match="The Mastermind is in play"):
        has(game, "mastermind")                        # in play here
    assert game.abilities(game.grim.seat(3)) == before  # nothing changed
    run(game, "next")
    with pytest.raises(Rejected, match="Not now"):
        has(game, "widow")


def test_jinx_the_spy_the_widow_and_the_wraith_need_one_in_play_and_give_no_ability(script):
    game = new_game(SETUP, script, start=False)
    with pytest.raises(Rejected, match="needs one in play"):
        has(game, "spy")
    game = new_game("imp,spy,alchemist,chef,empath,monk,soldier", script, start=False)
    has(game, "spy")
    assert game.abilities(game.grim.seat(3)) == ["alchemist"]
    run(game, "next")
    walk_to(game, "alchemist")
    assert "A jinx: they have no ability, and a Spy is in play." in game.last_private
    day(game)
    run(game, nominate(4, 5), votes(5), execute(5))
    said = run(game, ("alchemist_guesses", {"seat": 2}))
    assert "Right: seat 2, Ben is the Spy. Tonight the Demon must choose them." in text(said)
    said = walk_to(game, "imp", {"monk": [4]}) + game.out
    assert "A jinx: the Demon must choose seat 2, Ben tonight." in text(said)


def test_jinx_widow_and_wraith_too(script):
    for minion in ("widow", "wraith"):
        game = new_game(f"imp,{minion},alchemist,chef,empath,monk,soldier", script,
                        start=False)
        has(game, minion)
        assert game.abilities(game.grim.seat(3)) == ["alchemist"]
        run(game, "next")
        day(game)
        said = run(game, ("alchemist_guesses", {"seat": 4}))
        assert "Wrong: seat 4, Dan is not the" in text(said)


def test_a_guess_needs_the_jinx(script):
    game = new_game(SETUP, script, start=False)
    has(game, "poisoner")
    run(game, "next")
    day(game)
    with pytest.raises(Rejected, match="guesses only"):
        run(game, ("alchemist_guesses", {"seat": 2}))


def test_jinx_the_mastermind_gives_no_ability_and_is_not_in_play(script):
    game = new_game("imp,poisoner,alchemist,chef,empath,monk,soldier", script, start=False)
    has(game, "mastermind")
    assert game.abilities(game.grim.seat(3)) == ["alchemist"]
    run(game, "next")
    walk_to(game, "alchemist")
    assert "A jinx: they have no ability, and a Mastermind is not in play." in game.last_private


def test_jinx_the_marionette_gives_no_ability_and_one_is_in_play(script):
    game = new_game("imp,marionette,alchemist,chef,empath,monk,soldier", script, start=False)
    has(game, "marionette")
    assert game.abilities(game.grim.seat(3)) == ["alchemist"]


def test_jinx_the_organ_grinder_in_play_both_are_drunk(script):
    game = new_game("imp,organgrinder,alchemist,chef,empath,monk,soldier", script,
                    start=False)
    has(game, "organgrinder")
    assert game.impairment(game.grim.seat(3)) == "drunk"
    assert game.impairment(game.grim.seat(2)) == "drunk"
    has(game, "boffin")                                   # changed: both sober again
    assert game.impairment(game.grim.seat(2)) is None


def test_jinx_with_the_boffins_ability_the_demon_learns_it_and_the_alchemist_does_not(script):
    game = new_game(SETUP, script, start=False)
    has(game, "boffin")
    assert any(line.startswith("The Boffin, seat 3, Cat, gives the Demon")
               for line in game.setup_lines())
    gift = next(r for r in game.grim.seat(3).reminders if r.startswith("Boffin gives: "))
    cid = gift.split(": ")[1]
    assert cid in game.abilities(game.grim.seat(1))
    said = run(game, "next") + walk_to(game, "boffin") + game.out
    assert "A jinx: the Alchemist is not told the Demon's ability." in text(said)
    assert "Put the Alchemist to sleep." in text(said)


SUMMONING = "imp,poisoner,alchemist,chef,empath,monk,soldier"


def alchemist_summoner(tmp_path):
    game = new_game(SUMMONING, script_file(tmp_path / "summ.json", "Alchemy",
                                           IDS + ["summoner"]), start=False)
    said = has(game, "summoner")
    return game, said


def test_jinx_the_alchemist_summoner_means_no_demon_no_bluffs_and_picks_only_the_demon(
        tmp_path):
    """The official jinx: no bluffs, the Alchemist chooses the Demon but not the player;
    [No Demon]: the drawn Demon becomes a good Townsfolk not in play."""
    from tb_steps import walk_night
    game, said = alchemist_summoner(tmp_path)
    ann = game.grim.seat(1)
    assert game.unit(ann.character).team == "townsfolk" and ann.alignment == "good"
    assert "A jinx: there is no Demon. Seat 1, Ann, the Imp, is now the" in text(said)
    assert not any(game.is_demon(p) for p in game.grim.players)
    assert "summoner" in game.abilities(game.grim.seat(3))
    assert any("If they die before, evil wins." in line for line in game.setup_lines())
    said += run(game, "next")
    picks = {"poisoner": 4, "monk": 5}
    said += walk_night(game, picks)
    assert "These Characters Are Not In Play" not in text(said)     # no bluffs
    assert game.phase.state == "day" and game.winner is None
    for _ in range(2):
        said += run(game, "end_day") + walk_night(game, picks, until="summoner")
    assert game.wait.prompt.startswith("The Alchemist chooses a Demon")
    said += run(game, ("character", {"character": "imp"}))
    assert "A jinx: the Alchemist picks the Demon, you pick the player." in game.wait.prompt
    assert not game.wait.by_holder
    said += run(game, choose(6))
    assert game.grim.seat(6).character == "imp" and game.grim.seat(6).alignment == "evil"
    assert game.grim.seat(3).alignment == "good"
    said += walk_night(game, {**picks, "imp": 7})
    line_rules.assert_fit_to_say(heard(said))


def test_jinx_the_alchemist_summoner_dying_before_the_demon_is_made_evil_wins(tmp_path):
    from tb_steps import walk_night
    game, _ = alchemist_summoner(tmp_path)
    run(game, "next")
    walk_night(game, {"poisoner": 4})
    run(game, execute(3))
    assert game.winner.winner == "evil"


def test_jinx_the_alchemist_summoner_keeps_the_summoner_until_a_demon_is_back(tmp_path):
    game, _ = alchemist_summoner(tmp_path)
    with pytest.raises(Rejected, match="the Demon was taken out"):
        has(game, "poisoner")
    assert "summoner" in game.abilities(game.grim.seat(3))
    run(game, ("become", {"seat": 1, "character": "imp"}))
    assert game.grim.seat(1).alignment == "evil"
    has(game, "boffin")
    assert game.abilities(game.grim.seat(3)) == ["alchemist", "boffin"]
