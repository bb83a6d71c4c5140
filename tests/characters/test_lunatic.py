"""The Lunatic: believes they are the Demon in play and wakes as it, at the Lunatic's place
before the real Demon, but nothing they choose happens; the real Demon is shown who the
Lunatic is and what they chose. On the first night, with seven players or more, the
Lunatic is shown fake Minions and three good bluffs."""
import pytest

from engine_helpers import choose, end_day, new_game, nominate, private, public, run, votes
from statemachine.errors import Rejected
from statemachine.view.handout import token_line
from tb_steps import walk_night

# Po 1, Poisoner 2, Lunatic 3, Monk 4, Soldier 5, Chef 6, Empath 7, Saint 8
SETUP = "po,poisoner,lunatic,monk,soldier,chef,empath,saint"
REAL = "Now wake the real Demon, seat 1, Ann, the"


def test_they_believe_they_are_the_demon_in_play_and_are_handed_its_token():
    game = new_game(SETUP, start=False)
    cat = game.grim.seat(3)
    assert cat.character == "lunatic" and cat.believes == "po"
    assert any(x.startswith("Seat 3, Cat is the Lunatic and is shown the Po.")
               for x in game.setup_lines())
    assert token_line(game, 3) == "Seat 3, Cat: give the Po. Cat is the Lunatic."
    assert not game.is_demon(cat) and game.team_of(cat) == "outsider"


def test_the_storyteller_may_change_which_demon_they_believe_at_setup_only():
    game = new_game("po,godfather,lunatic,sailor,chef,tinker,fool", "Bad Moon Rising",
                    start=False)
    with pytest.raises(Rejected, match="must think they are a Demon"):
        run(game, ("lunatic_believes", {"character": "sailor"}))
    said = run(game, ("lunatic_believes", {"character": "shabaloth"}))
    assert "The Lunatic thinks they are the Shabaloth." in private(said)
    assert game.grim.seat(3).believes == "shabaloth"
    run(game, "next")
    with pytest.raises(Rejected):
        run(game, ("lunatic_believes", {"character": "po"}))


def test_on_the_first_night_they_get_fake_demon_info_and_the_demon_learns_them():
    game = new_game(SETUP)
    order = game.night_order_ids(first=True)
    assert order.index("minioninfo") < order.index("po") < order.index("demoninfo")
    said = walk_night(game, {"poisoner": 7})
    lines = private(said)
    assert "Wake the Po, seat 3, Cat. They are the Lunatic: nothing they choose happens." in lines
    assert "The Lunatic's Demon info: show the These Are Your Minions token, " \
           "point at 1 player, any you like." in lines
    assert "Then show three good characters, any, even in play." in lines
    real = next(x for x in said if x.text.startswith(REAL)).text
    assert "Show them the You Are token" in real and "point at seat 3, Cat." in real
    assert lines.index("Put the Po to sleep.") < lines.index(REAL)
    assert lines.index(REAL) < lines.index("Demon info. Wake the Demon: seat 1, Ann.")


def test_with_fewer_than_seven_players_no_fake_info_but_the_demon_still_learns_them():
    game = new_game("po,poisoner,lunatic,monk,chef,empath", start=False)
    said = run(game, "next") + walk_night(game, {"poisoner": 6})
    assert "Demon info: show the These Are Your Minions token" not in private(said)
    assert REAL + " Po. Show them the You Are token" in private(said)


def test_each_night_they_choose_first_nothing_happens_and_the_demon_is_shown_it():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7})
    run(game, end_day())
    walk_night(game, {"poisoner": 7, "monk": 8}, until="po")
    assert game.current.seat == 3                     # the Lunatic, before the real Po
    said = run(game, choose(6))
    assert game.grim.seat(6).alive
    # Issue 25, item 3: nobody is drunk; the Lunatic holds no Demon ability.
    assert ("The Lunatic attacks seat 6, Fay: nothing happens; the Demon learns it at its "
            "step.") in private(said)
    assert "The Po is drunk" not in private(said)
    assert (REAL + " Po. Show them the Lunatic token and point at seat 3, Cat. Then point "
            "at what the Lunatic chose: seat 6, Fay.") in private(said)
    said += run(game, "next")
    assert game.current.seat == 1 and "Wake the Po, seat 1, Ann." in private(said)
    said = run(game, choose(4)) + walk_night(game)
    assert "Seat 4, Dan died in the night." in public(said)


def test_a_lunatic_pukka_acts_on_the_first_night_and_poisons_nobody():
    game = new_game("pukka,poisoner,lunatic,monk,soldier,chef,empath,saint")
    walk_night(game, {"poisoner": 8}, until="pukka")
    assert game.current.seat == 3
    run(game, "next")                                 # the fake Demon info
    said = run(game, choose(7))
    assert ("The Lunatic attacks seat 7, Gus: nothing happens; the Demon learns it at its "
            "step.") in private(said)
    assert "drunk" not in private(said)
    assert "Then point at what the Lunatic chose: seat 7, Gus." in private(said)
    assert game.impairment(game.grim.seat(7)) is None


def test_a_lunatic_zombuul_wakes_only_when_the_zombuul_would():
    game = new_game("zombuul,poisoner,lunatic,monk,soldier,chef,empath,saint")
    walk_night(game, {"poisoner": 8})
    run(game, nominate(4, 6), votes(5), end_day())
    assert "zombuul" not in game.night_order_ids(first=False)


def test_a_lunatic_po_who_chose_nobody_must_choose_three_and_kills_none():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7})
    run(game, end_day())
    walk_night(game, {"poisoner": 7, "monk": 8}, until="po")
    run(game, "nobody", "next")
    assert "point at what the Lunatic chose" not in game.last_private
    run(game, choose(4))                              # the real Po
    walk_night(game)
    run(game, end_day())
    walk_night(game, {"poisoner": 7, "monk": 8}, until="po")
    assert game.current.seat == 3 and "choose three players" in game.last_private
    said = run(game, choose(5, 6, 7))
    assert "Then point at what the Lunatic chose: seat 5, Eve, seat 6, Fay and seat 7, " \
           "Gus." in private(said)
    assert all(game.grim.seat(s).alive for s in (5, 6, 7))


def test_a_lunatic_shabaloth_brings_nobody_back_and_its_two_choices_are_shown():
    game = new_game("shabaloth,poisoner,lunatic,monk,soldier,chef,empath,saint")
    walk_night(game, {"poisoner": 7})
    run(game, end_day())
    walk_night(game, {"poisoner": 7, "monk": 8}, until="shabaloth")
    said = run(game, choose(6, 7))
    assert "point at what the Lunatic chose: seat 6, Fay and seat 7, Gus." in private(said)
    assert game.grim.seat(6).alive and game.grim.seat(7).alive


def test_executing_the_lunatic_does_not_end_the_game():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7})
    run(game, nominate(4, 3), votes(5), end_day())
    assert not game.grim.seat(3).alive and game.winner is None


def test_the_drunk_still_wakes_as_their_townsfolk_in_its_place():
    game = new_game("imp,poisoner,drunk,monk,soldier,chef,empath,saint")
    drunk = game.grim.seat(3)
    order = game.night_queue(first=True)
    step = next(e for e in order if e.seat == 3)
    assert step.ability == drunk.believes
    assert step.position == game.unit(drunk.believes).first_night


def test_what_is_said_is_fit_to_say():
    from statemachine import line_rules
    game = new_game(SETUP)
    said = walk_night(game, {"poisoner": 7})
    said += run(game, end_day()) + walk_night(game, {"poisoner": 7, "monk": 8, "po": 6})
    line_rules.assert_fit_to_say([(s.text, s.channel == "private") for s in said])


def test_the_demon_they_believe_is_kept_through_a_replay_of_the_journal(tmp_path):
    from characters.scripts import load_script, registry_for
    from statemachine.game import GameSetup
    from statemachine.journal.session import Session
    loaded = load_script("Bad Moon Rising")
    registry = registry_for(loaded)
    setup = GameSetup(loaded.name, loaded.ids, ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"],
                      "po,godfather,lunatic,sailor,chef,tinker,fool".split(","), 1)
    s = Session.create(tmp_path / "g.sqlite", setup, registry)
    s.apply("lunatic_believes", {"character": "shabaloth"})
    s.apply("next", {})
    s.apply("next", {})           # minion info
    s.close()
    again = Session.resume(tmp_path / "g.sqlite", registry, replay_all=True).game
    assert again.grim.seat(3).believes == "shabaloth"
    assert again.current.seat == 3 and again.current.ability == "shabaloth"


def test_the_first_nights_fake_demon_info_is_no_wake_for_the_chambermaid():
    """Waking for the Demon info does not count for the Chambermaid; a Po Lunatic has no
    first-night attack, so their first night wake is the fake info only. From night two the
    Lunatic's attack does count."""
    from almanac_steps import walk_night as walk_any
    # Po 1, Godfather 2, Lunatic 3, Chambermaid 4, Chef 5, Tinker 6, Fool 7
    game = new_game("po,godfather,lunatic,chambermaid,chef,tinker,fool", "Bad Moon Rising")
    walk_any(game, until="chambermaid")
    assert not game.wakes.woke_for_ability(game.grim.seat(3))
    walk_any(game)
    run(game, end_day())
    walk_any(game, {"po": [], "lunatic": [5]}, until="chambermaid")
    assert game.wakes.woke_for_ability(game.grim.seat(3))
