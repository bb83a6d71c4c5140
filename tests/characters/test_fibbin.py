"""The Fibbin (Fabled): once per game, 1 good player might get incorrect information. The
almanac's How to Run was found only in part (a translation): the Storyteller gives the
false information when they like; the Fibbin never makes an ability fail; it may stay
unused."""
from fabled_steps import fabled_game, fit, private, run, walk_night

# seats: 1 Imp, 2 Poisoner, 3 Empath, 4 Chef, 5 Monk, 6 Saint, 7 Washerwoman
SETUP = "imp,poisoner,empath,chef,monk,saint,washerwoman"
WARNING = "is sober and healthy: they were given false information"


def answer(n):
    return ("answer_number", {"number": n})


def night_to(ability, *fabled):
    game = fabled_game(SETUP, *fabled)
    game.walked = walk_night(game, {"poisoner": [7]}, until=ability)
    assert game.current.ability == ability
    return game


def test_the_first_false_answer_to_a_good_player_is_the_fibbins_then_it_is_used():
    game = night_to("chef", "fibbin")
    assert game.wait.truth == 1
    said = run(game, answer(0))
    assert "The Fibbin's false information, to seat 4, Dan: the Fibbin is used now." in \
        private(said)
    assert WARNING not in private(said)
    assert "Fibbin: No Ability" in game.grim.fabled_marks
    assert any(f.seat == 4 and f.why == "fibbin" for f in game.info_rules.false_given)
    said += walk_night(game, until="empath")
    more = run(game, answer(2))                      # a second one: warned as usual
    assert "Seat 3, Cat " + WARNING in private(more) and "Fibbin's" not in private(more)
    fit(game.walked + said + more, night=True)


def test_without_the_fibbin_the_false_answer_is_warned():
    game = night_to("chef")
    said = run(game, answer(0))
    assert "Seat 4, Dan " + WARNING in private(said)
    assert not game.grim.fabled_marks


def test_the_truth_given_leaves_the_fibbin_unused_and_the_setup_says_how():
    game = fabled_game(SETUP, "fibbin", start=False)
    assert any("The Fibbin: you may once give a good player false information." in line
               for line in game.setup_lines())
    fit(game.opening)
    run(game, "next")
    walk_night(game, {"poisoner": [7]})
    assert game.phase.state == "day" and not game.grim.fabled_marks


def test_an_evil_player_given_false_information_is_not_the_fibbins():
    game = night_to("chef", "fibbin")
    run(game, ("alignment", {"seat": 4, "alignment": "evil"}))
    said = run(game, answer(0))
    assert WARNING in private(said) and not game.grim.fabled_marks


def test_the_grimoire_tells_the_fibbin_is_used():
    game = night_to("chef", "fibbin")
    run(game, answer(0))
    said = run(game, "ask_grimoire")
    assert "By the Fabled: Fibbin: No Ability." in private(said)
