"""The Recluse: might register as evil, and as a Minion or Demon, even if dead. The
narrator tells the Storyteller each time an ability checks them; the Storyteller decides."""
from engine_helpers import choose, new_game, run, skip_to
from tb_steps import execute, private, walk_night

SETUP = "imp,recluse,empath,fortuneteller,poisoner,chef,soldier"   # Recluse seat 2


def test_the_recluse_registers_as_evil_minion_or_demon():
    game = new_game(SETUP)
    assert game.misregisters(game.grim.seat(2)) == {"evil", "minion", "demon"}
    assert game.unit("recluse").first_night is None and game.unit("recluse").other_night is None


def test_an_empath_beside_the_recluse_hears_a_registration_note():
    game = new_game(SETUP)
    skip_to(game, "poisoner")
    run(game, choose(7))
    skip_to(game, "empath")
    prompt = game.wait.prompt
    # Only what can change the Empath's count is named: evil, not a Minion or a Demon.
    assert "Seat 2, Ben is the Recluse and may register as evil: if so" in prompt
    assert game.wait.truth == 0          # in truth the Recluse is good


def test_the_storyteller_may_answer_as_if_the_recluse_were_evil():
    game = new_game(SETUP)
    skip_to(game, "poisoner")
    run(game, choose(7))
    skip_to(game, "empath")
    said = run(game, ("answer_number", {"number": 2}))
    assert "Put the Empath to sleep" in private(said)


def test_the_recluse_still_registers_when_dead():
    game = new_game(SETUP, start=False)
    run(game, ("red_herring", {"seat": 4}), "next")
    walk_night(game, {"poisoner": 7, "fortuneteller": (1, 3)})
    run(game, execute(2))
    assert not game.grim.seat(2).alive
    assert game.misregisters(game.grim.seat(2)) == {"evil", "minion", "demon"}
    skip_to(game, "poisoner")
    run(game, choose(7))
    skip_to(game, "imp")
    run(game, choose(6))
    skip_to(game, "fortuneteller")
    said = run(game, choose(2, 3))
    assert "Seat 2, Ben is the Recluse and may register" in private(said)
    assert game.wait.truth is False


def test_a_poisoned_recluse_registers_as_itself():
    game = new_game(SETUP)
    skip_to(game, "poisoner")
    run(game, choose(2))
    skip_to(game, "empath")
    assert "Recluse" not in game.wait.prompt
    assert game.misregisters(game.grim.seat(2)) == frozenset()
