"""Whole games of the seed scripts 000 ("Once Upon a Baron") and 004 ("Raining Down"),
played from Storyteller commands to a winner."""
from engine_helpers import choose, new_game, run, text


def until(g, ability):
    """Say next until the night waits at ``ability``'s step; returns what was said."""
    said = []
    while not (g.current and g.current.ability == ability and g.wait is not None):
        assert g.phase.at_night, f"the night ended before {ability}"
        said += run(g, "next")
    return said


def to_dawn(g):
    said = []
    while g.phase.at_night:
        said += run(g, "next")
    return said


def test_once_upon_a_baron_good_wins_after_the_minstrel_makes_the_imp_drunk():
    g = new_game("steward,imp,noble,shugenja,baron,pixie,recluse,minstrel,banshee",
                 script="Once Upon a Baron", start=False)
    said = run(g, ("steward_learns", {"seat": 8}), ("noble_learns", {"seats": [1, 2, 4]}),
               ("pixie_learns", {"character": "minstrel"}), "next")
    said += until(g, "pixie")
    assert "Minion info. Wake the Minion: seat 5, Eve." in text(said)
    assert g.wait.truth == "minstrel"
    until_steward = until(g, "steward")
    assert "Wake the Steward, seat 1, Ann." in text(until_steward)
    assert g.wait.truth == [8]
    run(g, "next")
    assert g.current.ability == "noble" and g.wait.truth == [1, 2, 4]
    run(g, "next")
    assert g.current.ability == "shugenja" and g.wait.truth == "clockwise"  # the Baron, 1 step
    said = to_dawn(g)
    assert "Dawn. Everyone, open your eyes." in text(said, "public")

    # Day 1: the Baron is executed; the Minstrel makes everyone else drunk.
    said = run(g, ("nominate", {"nominator": 1, "nominee": 5}), ("votes", {"count": 6}),
               "end_day")
    assert "Seat 5, Eve is executed." in text(said, "public")
    assert "the Minstrel makes every other player drunk" in text(said)
    # Night 2: the drunk Imp's attack on the Banshee does nothing.
    said = until(g, "imp")
    said += run(g, choose(9, actor="imp"))
    assert "The Imp is drunk: seat 9, Ivy does not die." in text(said)
    said += to_dawn(g)
    assert "Nobody died in the night." in text(said, "public")
    assert g.grim.seat(9).alive

    # Day 2: the Imp is executed; good wins.
    said = run(g, ("nominate", {"nominator": 9, "nominee": 2}), ("votes", {"count": 5}),
               "end_day")
    assert g.winner.winner == "good"
    assert "The Demon is dead." in text(said, "public")


def test_raining_down_evil_wins_despite_the_alsaahir_and_the_cannibal():
    g = new_game("noble,imp,empath,alsaahir,cannibal,poisoner,soldier", script="Raining Down",
                 start=False)
    run(g, ("noble_learns", {"seats": [2, 3, 4]}), "next")
    said = until(g, "poisoner")
    run(g, choose(5, actor="poisoner"))
    until(g, "empath")
    assert g.wait.truth == 1                       # the Imp beside them
    run(g, "next")
    assert g.current.ability == "noble" and g.wait.truth == [2, 3, 4]
    to_dawn(g)

    # Day 1: a wrong Alsaahir guess; the Empath is executed and the Cannibal eats them.
    said = run(g, ("alsaahir_guess", {"guesser": 4, "minions": [6], "demons": [7]}))
    assert "wrong" in text(said) and g.winner is None
    said = run(g, ("execute", {"seat": 3}))
    assert "now has the Empath ability" in text(said)

    # Night 2: the Alsaahir is poisoned; the Imp kills the Noble; the Cannibal reads as Empath.
    until(g, "poisoner")
    run(g, choose(4, actor="poisoner"))
    until(g, "imp")
    run(g, choose(1, actor="imp"))
    until(g, "empath")
    assert g.current.seat == 5 and g.wait.truth == 1   # seats 4 and 6 alive beside them
    said = run(g, "next") + to_dawn(g)
    assert "Seat 1, Ann died in the night." in text(said, "public")

    # Day 2: the poisoned Alsaahir guesses right, but nothing happens.
    said = run(g, ("alsaahir_guess", {"guesser": 4, "minions": [6], "demons": [2]}))
    assert g.winner is None and "poisoned: nothing happens" in text(said)
    run(g, ("execute", {"seat": 7}))
    assert "soldier" in g.abilities(g.grim.seat(5))

    # Night 3: the Imp kills the Alsaahir; day 3 the Cannibal is executed: two left.
    until(g, "poisoner")
    run(g, choose(5, actor="poisoner"))
    until(g, "imp")
    run(g, choose(4, actor="imp"))
    to_dawn(g)
    said = run(g, ("execute", {"seat": 5}))
    assert g.winner.winner == "evil"
    assert "Only two players are alive." in text(said, "public")
