"""The Angel (Fabled): something bad might happen to whoever is most responsible for the
death of a new player. Storyteller-run by design (characters.official.Judgement): blame is
the Storyteller's judgement; the narrator declares it and gives its first-night step."""
from characters.catalogue import level
from fabled_steps import fabled_game, private, public, registry, run


def test_run_by_the_storyteller_by_design_with_why():
    unit = registry().get("angel")
    assert not unit.automated
    assert level(unit) == ("storyteller-run by design: whose fault a new player's death is, "
                           "and what befalls them, is the Storyteller's judgement of the "
                           "table")


def test_declared_and_its_first_night_step_is_the_storytellers_waking_nobody():
    game = fabled_game("imp,poisoner,chef,empath,monk,saint,washerwoman", "angel",
                       start=False)
    assert "The Storyteller has the Angel" in public(game.opening)
    said = run(game, "next")
    assert game.current.ability == "angel" and game.current.seat == 0
    assert "Tell everyone which players the Angel protects." in private(said)
    assert "Wake the Angel" not in private(said)
