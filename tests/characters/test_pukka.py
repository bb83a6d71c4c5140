"""The Pukka: each night (the first too) chooses a player, poisoned at once; at its next step
the player poisoned before dies (still poisoned as they die), then is healthy again. A
drunk or poisoned Pukka touches nothing; the poison waits for it to sober up."""
from engine_helpers import choose, end_day, execute, new_game, private, public, run, skip_to
from statemachine.rules import delayed
from statemachine.model import Effect
from statemachine.journal.snapshots import freeze, thaw
from tb_steps import walk_night

# Pukka 1, Poisoner 2, Empath 3, Monk 4, Soldier 5, Chef 6, Saint 7, Mayor 8
SETUP = "pukka,poisoner,empath,monk,soldier,chef,saint,mayor"


def first_night(pukka=3, poison=7, setup=SETUP):
    game = new_game(setup)
    walk_night(game, {"poisoner": poison, "pukka": pukka})
    return game


def poisoned(game, seat):
    return game.impairment(game.grim.seat(seat)) == "poisoned"


def at_pukka(game, poison=7, monk=8):
    run(game, end_day())
    walk_night(game, {"poisoner": poison, "monk": monk}, until="pukka")
    return game


def test_the_pukka_acts_on_every_night_the_first_too():
    game = new_game(SETUP)
    assert "pukka" in game.night_order_ids(first=True)
    assert "pukka" in game.night_order_ids(first=False)


def test_the_chosen_player_is_poisoned_at_once_and_gets_false_information():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7}, until="pukka")
    said = run(game, choose(3, actor="pukka"))
    assert "Seat 3, Cat is poisoned." in private(said) and poisoned(game, 3)
    said += skip_to(game, "empath")
    assert "Wake the Empath, seat 3, Cat. They are poisoned." in private(said)
    assert game.wait.proposal != game.wait.truth


def test_nobody_dies_on_the_first_night_and_the_poison_lasts_through_the_day():
    game = first_night(pukka=3)
    assert all(p.alive for p in game.grim.players) and game.phase.state == "day"
    assert poisoned(game, 3)
    run(game, end_day())
    assert poisoned(game, 3)        # not a Poisoner's: it does not end at dusk


def test_the_next_night_the_poisoned_player_dies_just_after_the_pukka_chooses():
    game = at_pukka(first_night(pukka=3))
    cat = game.grim.seat(3)
    assert cat.alive and poisoned(game, 3)
    said = run(game, choose(6))
    assert "Seat 6, Fay is poisoned." in private(said)
    assert "The player poisoned before: seat 3, Cat dies." in private(said)
    assert private(said).index("Fay is poisoned") < private(said).index("Cat dies")
    assert not cat.alive and game.last_kill == (3, "demon", 1)
    said += walk_night(game)
    assert "Seat 3, Cat died in the night." in public(said)
    assert not poisoned(game, 3) and poisoned(game, 6)     # then healthy; tonight's stays


def test_the_killed_player_is_still_poisoned_for_their_death_ability_tonight():
    game = at_pukka(first_night(pukka=3, setup=SETUP.replace("empath", "ravenkeeper")))
    said = run(game, choose(6))
    assert game.current.ability == "ravenkeeper"
    assert "Wake the Ravenkeeper, seat 3, Cat. They are poisoned." in private(said)
    run(game, choose(2))
    assert "They are poisoned, so you may give anything." in game.wait.prompt
    said = walk_night(game)
    assert not poisoned(game, 3)


def test_a_player_the_monk_protects_does_not_die_and_is_healthy_again():
    game = at_pukka(first_night(pukka=3), monk=3)
    said = run(game, choose(6))
    assert "The player poisoned before: seat 3, Cat does not die." in private(said)
    assert "Seat 3, Cat is healthy again." in private(said)
    assert game.grim.seat(3).alive and not poisoned(game, 3)
    said += walk_night(game)
    assert "Nobody died in the night." in public(said)
    # the mark is spent: the next night Cat is not killed after all
    at_pukka(game, monk=8)
    run(game, choose(8))
    assert game.grim.seat(3).alive and not game.grim.seat(6).alive


def test_a_player_safe_from_night_deaths_survives_and_is_healthy_again():
    # An Innkeeper's protection: the poisoned player does not die and is no longer poisoned.
    game = at_pukka(first_night(pukka=3))
    game.grim.seat(3).add_effect(Effect("safe", until="dawn", note="Innkeeper"))
    run(game, choose(6))
    assert game.grim.seat(3).alive and not poisoned(game, 3)


def test_the_soldier_the_pukka_poisoned_is_not_safe_and_dies():
    game = at_pukka(first_night(pukka=5))
    run(game, choose(6))
    assert not game.grim.seat(5).alive


def test_a_poisoned_pukka_poisons_nobody_so_nobody_dies_the_next_night():
    game = first_night(pukka=3, poison=1)
    assert not poisoned(game, 3)
    said = at_pukka(game, poison=7)
    said = run(game, choose(6))
    assert "The player poisoned before" not in private(said)
    said += walk_night(game)
    assert all(p.alive for p in game.grim.players)
    assert "Nobody died in the night." in public(said)


def test_a_pukka_drunk_tonight_spares_the_poisoned_player_until_it_sobers_up():
    # The Gossip example: poisoned, the Pukka is then poisoned itself and "poisons" the
    # Tinker, who is not; the next night, the Pukka sober again, the Gossip dies.
    game = at_pukka(first_night(pukka=3), poison=1)
    assert not poisoned(game, 3)     # the Pukka's poison holds only while it works
    said = run(game, choose(6))
    assert "The Pukka is poisoned: seat 6, Fay is not poisoned." in private(said)
    assert "Seat 3, Cat does not die tonight." in private(said)
    walk_night(game)
    assert game.grim.seat(3).alive and not poisoned(game, 6)
    at_pukka(game, poison=7)
    assert poisoned(game, 3)          # the poison resumes as the Pukka sobers up
    run(game, choose(4))
    assert not game.grim.seat(3).alive and game.grim.seat(6).alive


def test_a_poisoned_player_executed_by_day_means_nobody_dies_that_night():
    # The Fool example: executed while poisoned; that night nobody dies to the Pukka.
    game = first_night(pukka=3)
    run(game, ("nominate", {"nominator": 4, "nominee": 3}), ("votes", {"count": 5}),
        end_day())
    assert not game.grim.seat(3).alive
    walk_night(game, {"poisoner": 7, "monk": 8}, until="pukka")
    said = run(game, choose(6))
    said += walk_night(game)
    assert "Nobody died in the night." in public(said)
    assert sum(not p.alive for p in game.grim.players) == 1


def test_a_dead_player_may_be_chosen_and_is_poisoned():
    # The Moonchild example: a dead player's ability is poisoned by the Pukka's choice.
    game = first_night(pukka=3)
    run(game, ("die", {"seat": 6}))
    at_pukka(game)
    run(game, choose(6))
    assert not game.grim.seat(6).alive and poisoned(game, 6)


def test_choosing_the_poisoned_player_again_kills_them_and_they_stay_marked():
    game = at_pukka(first_night(pukka=3))
    run(game, choose(3))
    cat = game.grim.seat(3)
    assert not cat.alive and poisoned(game, 3)
    walk_night(game)
    assert poisoned(game, 3)            # tonight's choice still holds
    at_pukka(game)
    said = run(game, choose(6))
    assert "The player poisoned before: seat 3, Cat does not die." in private(said)
    assert not poisoned(game, 3)


def test_a_dead_pukkas_poison_ends():
    game = first_night(pukka=3, setup="pukka,scarletwoman,empath,monk,soldier,chef,saint,mayor")
    run(game, ("die", {"seat": 1}))
    assert not poisoned(game, 3)


def test_the_mark_is_kept_in_the_grimoire_and_survives_a_snapshot():
    game = first_night(pukka=3)
    cat = game.grim.seat(3)
    assert [p.seat for p in delayed.marked(game, game.grim.seat(1), "pukka")] == [3]
    again = thaw(freeze(game), type(game), game.setup, game.registry)
    assert again.impairment(again.grim.seat(3)) == "poisoned"
    at_pukka(again)
    run(again, choose(6))
    assert not again.grim.seat(3).alive and cat.alive


def test_a_resumed_game_kills_the_poisoned_player(tmp_path):
    from engine_helpers import journaled
    s = journaled(tmp_path, SETUP)
    while s.game.phase.at_night:
        ability = s.game.current.ability
        pick = {"poisoner": 7, "pukka": 3}.get(ability)
        s.apply("choose", {"seats": [pick]}) if pick and s.game.wait.__class__.__name__ \
            == "ChooseSeats" else s.apply("next", {})
    s.close()
    again = type(s).resume(tmp_path / "g.sqlite", s.game.registry, replay_all=True)
    assert again.game.impairment(again.game.grim.seat(3)) == "poisoned"
    at_pukka(again.game)
    run(again.game, choose(6))
    assert not again.game.grim.seat(3).alive


def test_what_the_pukka_says_is_fit_to_say():
    import line_rules
    game = first_night(pukka=3)
    said = run(game, end_day())
    said += walk_night(game, {"poisoner": 1, "monk": 8, "pukka": 6})
    said += run(game, end_day())
    said += walk_night(game, {"poisoner": 7, "monk": 8, "pukka": 4})
    line_rules.assert_fit_to_say([(s.text, True) for s in said if s.channel == "private"])
