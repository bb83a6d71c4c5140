"""The crash harness (benchmarks/crash.py): a real narrator play over a pipe, SIGKILLed at
20 seeded random moments, resumed each time with exactly the commands not yet journaled;
the journal's events, the winner record and the game log equal an unkilled run's."""
from benchmarks.crash import crash_run, game_lines, reference


def test_twenty_kills_lose_nothing_and_apply_nothing_twice(tmp_path):
    result = crash_run(tmp_path, kills=20, seed=7)
    assert result["problems"] == [], result
    journaled = [int(n) for n in result["journaled_at_kills"]]
    assert len(journaled) == 20 and journaled == sorted(journaled)
    assert journaled[-1] < result["events"]        # the kills fell inside the game
    # issue 23: also while the new game's file is linked into place
    assert len(result["killed_at_link"]) == 1


def test_the_harness_sees_a_game_that_differs(tmp_path):
    """The comparison can fail: a journal one command short of the unkilled run's."""
    args, lines = game_lines(7)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    full = reference(tmp_path / "a", args, lines)
    short = reference(tmp_path / "b", args, lines[:-2])       # the game-ending command and its yes
    assert full["events"][:-1] == short["events"] and full["events"] != short["events"]
    assert sum(a != b for a, b in zip(full["after"], full["after"][1:])) == len(full["events"])
    assert full["winner"] and short["winner"] is None and full["log"] != short["log"]
