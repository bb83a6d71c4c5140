"""What a resumed game says first: the step it waits at, never a stale line from before
(by day the day, not last night's 'put the ... to sleep'); a finished game, who won."""
from characters.scripts import load_script, registry_for
from statemachine.game import GameSetup
from statemachine.journal.session import Session

TB = load_script("Trouble Brewing")
REG = registry_for(TB)
CHARS = ["empath", "virgin", "monk", "imp", "poisoner", "fortuneteller", "chef"]
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]


def to_day(s: Session) -> None:
    for _ in range(30):
        if s.game.phase.state == "day":
            return
        w = s.game.wait
        s.apply("choose", {"seats": [2, 3][:w.count]}) if w and "choose" in w.accepts() \
            else s.apply("next")
    raise AssertionError("no day")


def test_resume_by_day_says_the_day_and_a_finished_game_says_who_won(tmp_path):
    path = tmp_path / "g.sqlite"
    s = Session.create(path, GameSetup(TB.name, TB.ids, NAMES, CHARS, 5), REG)
    to_day(s)
    assert s.game.last_private.startswith("Put the ")   # what an old resume repeated
    s.close()
    s = Session.resume(path, REG)
    assert [x.text for x in s.current_prompt()] == [s.game.status_line()]
    assert s.current_prompt()[0].text.startswith("Day 1. 7 players alive")
    s.apply("end_game", {"winner": "evil"})
    s.close()
    s = Session.resume(path, REG)
    assert [x.text for x in s.current_prompt()] == [
        "The game is over. The Storyteller ends the game. Evil won."]
    s.close()
