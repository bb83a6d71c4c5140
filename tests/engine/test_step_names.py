"""The engine's own night steps, as the Storyteller hears them in answers: "Traveller info"
in words, and only when a Traveller plays (issue 25, item 6)."""
from engine_helpers import new_game, run
from statemachine.view.questions import answer


def _next(game):
    return " ".join(s.text for s in answer(game, "ask_next", {}))


def test_with_no_traveller_the_first_night_lists_no_traveller_info():
    game = new_game("imp,empath,monk,poisoner,chef,soldier,saint", start=False)
    said = _next(game)
    assert "travellerinfo" not in said.lower().replace(" ", "")
    assert "Minion info" in said
    assert "travellerinfo" not in [e.ability for e in game.night_queue(first=True)]


def test_with_an_evil_traveller_it_is_said_in_words_and_only_then():
    game = new_game("imp,empath,monk,poisoner,chef,soldier,saint,beggar", travellers=1,
                    start=False)
    assert "Traveller info" not in _next(game)        # a good Traveller learns nothing
    run(game, ("alignment", {"seat": 8, "alignment": "evil"}))
    said = _next(game)
    assert "Traveller info" in said and "Travellerinfo" not in said
    assert "travellerinfo" in [e.ability for e in game.night_queue(first=True)]


def test_the_step_is_said_in_words_while_it_waits():
    game = new_game("imp,empath,monk,poisoner,chef,soldier,saint,beggar", travellers=1,
                    start=False)
    run(game, ("alignment", {"seat": 8, "alignment": "evil"}), "next")
    for _ in range(40):
        if game.current and game.current.ability == "travellerinfo":
            break
        run(game, "next")
    assert game.current.ability == "travellerinfo"
    said = _next(game)
    assert "Now: Traveller info." in said
