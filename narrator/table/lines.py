"""Every sentence table mode itself says to the Storyteller (the game's own lines come from
the engine; the setup questions' come from narrator.table.setup). Each error says what to
do next; the detail (paths, exceptions) goes to the
log, never into the earpiece. ``tests/table/test_table_lines.py`` checks each of them, and table
mode checks every line it says with ``narrator.speech.hearable.unfit_to_say``."""
from __future__ import annotations

from narrator.speech.hearable import unfit_to_say

SOMETHING_WENT_WRONG = ("Something went wrong there, and nothing changed. "
                        "Try again, or say it another way.")
RESUMING = "Resuming the game."
GAME_FILE_PROBLEM = "The game file has a problem."
RESUME_FAILED = ("A saved game could not be opened, so it is left as it was. "
                 "The newest one that opens is played.")
GAME_OPEN_ELSEWHERE = ("This game is open somewhere else. Close it there; "
                       "the narrator starts again by itself.")
VOICE_OFF = "Voice commands are off: the microphone did not start. The buttons still work."
VOICE_LOST_GAME = "Voice commands cannot follow this game. The buttons still work."
PAUSED = "The game is paused. Say resume the game, or hold the no button, to go on."
NOT_PAUSED = "The game is not paused."
SETUP_FAILED = ("That game could not be set up. Choose another script or player count, "
                "and try again.")


def bad_game_file(problem: str) -> str:
    """The game file could not be used: what is wrong with it, and what to do."""
    if unfit_to_say(problem) or not problem.strip():
        problem = GAME_FILE_PROBLEM
    return f"{problem} Correct the file and save it again, or say new game."


def not_understood(line: str) -> str:
    """A typed line that parses as no command."""
    heard = f" '{line}'" if line and not unfit_to_say(line) else " that"
    return f"I did not understand{heard}. Say help for what works now."


def resuming(status: str) -> str:
    return f"{RESUMING} {status}"


def every_line() -> list[str]:
    """Each line above, with sample values where a line takes one (for the tests)."""
    return [SOMETHING_WENT_WRONG, RESUME_FAILED, GAME_OPEN_ELSEWHERE,
            VOICE_OFF, VOICE_LOST_GAME, PAUSED, NOT_PAUSED, SETUP_FAILED,
            bad_game_file(GAME_FILE_PROBLEM), bad_game_file("The game file names no players."),
            bad_game_file("/etc/x.toml: bad"), not_understood("seat nine sings"),
            not_understood("load ~/x.toml"), resuming("Day 2. Seven alive.")]
