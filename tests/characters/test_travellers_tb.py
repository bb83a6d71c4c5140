"""Shared Traveller rule for the Trouble Brewing Travellers: the Storyteller chooses their
alignment, good unless told otherwise."""
from engine_helpers import new_game, run


def test_travellers_start_good_and_the_storyteller_may_make_them_evil():
    game = new_game("imp,empath,monk,poisoner,chef,scapegoat,gunslinger,beggar,bureaucrat,"
                    "thief", travellers=5, start=False)
    lines = "\n".join(game.setup_lines())
    for seat, name in ((6, "Scapegoat"), (7, "Gunslinger"), (8, "Beggar"), (9, "Bureaucrat"),
                       (10, "Thief")):
        p = game.grim.seat(seat)
        assert p.traveller and p.alignment == "good"
        assert f"is the {name}, a Traveller, good. Say 'seat {seat} is evil'" in lines
    run(game, ("alignment", {"seat": 10, "alignment": "evil"}))
    assert game.grim.seat(10).alignment == "evil"


def _night_text(game):
    from engine_helpers import text
    said = []
    while game.phase.at_night:
        said += game.handle("choose", {"seats": [3][: game.wait.count]}) \
            if type(game.wait).__name__ == "ChooseSeats" else game.handle("next")
    return text(said, "private")


def test_an_evil_traveller_is_shown_the_demon_on_the_first_night_after_the_minion_info():
    game = new_game("imp,empath,monk,poisoner,chef,soldier,saint,beggar,thief",
                    travellers=2, start=False)
    run(game, ("alignment", {"seat": 9, "alignment": "evil"}), "next")
    said = _night_text(game)
    assert "Wake seat 9, Ivy: show them the Demon, seat 1, Ann. Then put them to sleep." in said
    assert "seat 8, Hal: show them the Demon" not in said           # the good one learns nothing
    assert said.index("Minion info.") < said.index("Wake seat 9, Ivy: show them the Demon")


def test_evil_travellers_learn_the_demon_in_a_small_game_too():
    game = new_game("imp,empath,monk,poisoner,chef,beggar", travellers=1, start=False)
    from engine_helpers import text
    said = text(run(game, ("alignment", {"seat": 6, "alignment": "evil"}), "next"))
    assert "Wake seat 6, Fay: show them the Demon, seat 1, Ann." in said + _night_text(game)


def test_a_traveller_who_turns_evil_or_joins_evil_mid_game_is_shown_the_demon():
    from engine_helpers import text
    game = new_game("imp,empath,monk,poisoner,chef,soldier,saint,beggar", travellers=1)
    _night_text(game)
    # Issue 25, item 6: by day nobody sleeps, so nobody is woken; they are told privately.
    assert game.phase.in_day
    said = run(game, ("alignment", {"seat": 8, "alignment": "evil"}))
    assert "Tell seat 8, Hal privately: the Demon is seat 1, Ann." in text(said, "private")
    assert "Wake" not in text(said, "private")
    said = run(game, ("traveller_joins", {"name": "Zed", "character": "thief"}),
               ("alignment", {"seat": 9, "alignment": "evil"}))
    assert "Tell seat 9, Zed privately: the Demon is seat 1, Ann." in text(said, "private")
    said = run(game, ("alignment", {"seat": 2, "alignment": "evil"}))     # not a Traveller
    assert "show them the Demon" not in text(said)
