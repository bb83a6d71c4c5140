"""No Dashii: each night* kills; their nearest Townsfolk each way (dead or alive, others
skipped) are poisoned, worked out afresh whenever the grimoire changes, and healthy again
when the No Dashii loses the ability. The almanac's rulings, in our words."""
from engine_helpers import choose, new_game, run
from statemachine.view.grimoire import build_view
from statemachine.model import Effect
from tf_steps import info, private, to_day, until

SNV = "Sects & Violets"
# seats: 1 no dashii, 2 sweetheart, 3 chef, 4 poisoner, 5 oracle, 6 empath, 7 barber
SETUP = "nodashii,sweetheart,chef,poisoner,oracle,empath,barber"


def game(start=True):
    return new_game(SETUP, script=SNV, start=start)


def poisoned(g):
    """The seats the No Dashii poisons (the Poisoner's own choice aside)."""
    return [p.seat for p in g.grim.players if g.poisoners_of(p)]


def test_the_nearest_townsfolk_each_way_are_poisoned_skipping_outsiders():
    g = game(start=False)
    assert "The No Dashii, seat 1, Ann, poisons their nearest Townsfolk: seat 3, Cat and "\
           "seat 6, Fay." in "\n".join(g.setup_lines())
    assert poisoned(g) == [3, 6]
    assert [p.seat for p in g.grim.players if g.impairment(p) == "poisoned"] == [3, 6]


def test_their_information_is_that_of_poisoned_players():
    g = game()
    said = until(g, "chef", {"poisoner": 7})
    assert "They are poisoned" in private(said) and info(g).proposal != info(g).truth
    run(g, "next")
    until(g, "empath", {"poisoner": 7})
    assert "They are poisoned" in info(g).prompt


def test_dead_townsfolk_neighbours_stay_poisoned():
    g = game()
    run(g, ("die", {"seat": 3}))
    assert poisoned(g) == [3, 6]


def test_a_poisoned_townsfolk_turned_outsider_moves_the_poison_to_the_next_townsfolk():
    g = game()
    to_day(g, {"poisoner": 7})
    said = run(g, ("become", {"seat": 3, "character": "klutz"}))
    assert poisoned(g) == [5, 6]
    assert "poisons their nearest Townsfolk: seat 5, Eve and seat 6, Fay." in private(said)


def test_a_new_no_dashii_poisons_their_own_neighbours_and_the_old_ones_recover():
    g = game()
    to_day(g, {"poisoner": 7})
    run(g, ("become", {"seat": 1, "character": "vortox"}),
        ("become", {"seat": 4, "character": "nodashii"}))
    assert poisoned(g) == [3, 5]


def test_a_no_dashii_who_loses_the_ability_poisons_nobody():
    g = game()
    g.grim.seat(1).add_effect(Effect("drunk", until="game", note="Storyteller"))
    assert 3 not in poisoned(g) and 6 not in poisoned(g)
    assert g.impairment(g.grim.seat(3)) is None


def test_the_grimoire_shows_who_poisons_them():
    g = game()
    marks = build_view(g).seats[2].marks
    assert [(m.kind, m.source) for m in marks] == [("poisoned", "seat 1, Ann, the No Dashii")]


def test_each_night_but_the_first_the_no_dashii_kills():
    g = game()
    assert "nodashii" not in g.night_order_ids(first=True)
    to_day(g, {"poisoner": 7})
    run(g, "end_day")
    until(g, "nodashii", {"poisoner": 7})
    said = run(g, choose(5))
    assert "Seat 5, Eve dies." in private(said)


def test_a_poisoned_no_dashii_kills_nobody_and_poisons_nobody():
    g = game()
    to_day(g, {"poisoner": 7})
    run(g, "end_day")
    until(g, "nodashii", {"poisoner": 1})
    assert poisoned(g) == [] and g.impairment(g.grim.seat(3)) is None
    said = run(g, choose(5))
    assert "The No Dashii is poisoned: seat 5, Eve does not die." in private(said)
