"""The Spirit of Ivory: there can't be more than 1 extra evil player."""
from almanac_steps import almanac, end_day, private, public, walk_night
from engine_helpers import run

SETUP = "alhadikhia,mezepheles,noble,oracle,fisherman,savant,pixie,matron"


def test_declared_to_the_table_at_the_start():
    game = almanac(SETUP, travellers=1, start=False)
    assert "The Storyteller has the Spirit of Ivory" in public(game.start())


def test_one_extra_evil_player_is_allowed():
    game = almanac(SETUP, travellers=1)
    walk_night(game)
    run(game, ("mezepheles_heard", {"seat": 5}), end_day())
    walk_night(game)
    assert game.grim.seat(5).alignment == "evil"


def test_a_second_player_who_would_become_evil_stays_good():
    game = almanac(SETUP, travellers=1)
    walk_night(game)
    run(game, ("alignment", {"seat": 4, "alignment": "evil"}))     # one extra evil player
    assert game.grim.seat(4).alignment == "evil"
    said = run(game, ("mezepheles_heard", {"seat": 5}), end_day())
    said += walk_night(game)
    assert game.grim.seat(5).alignment == "good"
    assert "No More Evil" in private(said) and "Seat 5, Eve stays good" in private(said)
    said = run(game, ("alignment", {"seat": 6, "alignment": "evil"}))
    assert game.grim.seat(6).alignment == "good" and "stays good" in private(said)


def test_when_the_extra_player_turns_good_again_another_may_turn_evil():
    game = almanac(SETUP, travellers=1)
    walk_night(game)
    run(game, ("alignment", {"seat": 4, "alignment": "evil"}),
        ("alignment", {"seat": 4, "alignment": "good"}),
        ("alignment", {"seat": 6, "alignment": "evil"}))
    assert game.grim.seat(6).alignment == "evil"


def test_travellers_do_not_count():
    game = almanac(SETUP, travellers=1)
    walk_night(game)
    run(game, ("alignment", {"seat": 4, "alignment": "evil"}),
        ("alignment", {"seat": 8, "alignment": "evil"}))
    assert game.grim.seat(8).alignment == "evil"


def test_without_the_spirit_there_is_no_cap():
    from engine_helpers import new_game
    game = new_game("imp,poisoner,empath,chef,monk,soldier,virgin")
    walk_night(game)
    run(game, ("alignment", {"seat": 3, "alignment": "evil"}),
        ("alignment", {"seat": 4, "alignment": "evil"}))
    assert game.grim.seat(4).alignment == "evil"
