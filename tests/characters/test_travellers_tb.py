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
