"""Every sentence table mode itself says to the Storyteller (the game's own lines come from
the engine; the setup questions' come from narrator.table.setup). Each error says what to
do next; the detail (paths, exceptions) goes to the
log, never into the earpiece. ``tests/table/test_table_lines.py`` checks each of them, and table
mode checks every line it says with ``statemachine.line_rules.unfit_to_say``."""
from __future__ import annotations

from narrator.language.help import not_understood  # noqa: F401 (a table line too)
from statemachine.line_rules import unfit_to_say
from statemachine.wording import NUMBER_WORDS

SOMETHING_WENT_WRONG = ("Something went wrong there, and nothing changed. "
                        "Try again, or say it another way.")
RESUMING = "Resuming the game."
SETUP_GOES_ON = "The new game's setup goes on where it stopped."
GAME_FILE_PROBLEM = "The game file has a problem."
RESUME_FAILED = ("A saved game could not be opened, so it is left as it was. "
                 "The newest one that opens is played.")
GAME_OPEN_ELSEWHERE = ("This game is open somewhere else. Close it there; "
                       "the narrator starts again by itself.")
VOICE_OFF = "Voice commands are off: the microphone did not start. The buttons still work."
VOICE_LOST_GAME = "Voice commands cannot follow this game. The buttons still work."
TALK_WITHOUT_VOICE = "Voice commands are off. Use the buttons or the dial."
PAUSED = "The game is paused. Say resume the game, or hold the no button, to go on."
NOT_PAUSED = "The game is not paused."
SETUP_FAILED = ("That game could not be set up. Choose another script or player count, "
                "and try again.")

OFFER_ENROLL = ("I do not know your voice yet. Say learn my voice before a game, "
                "and I will hear you better.")
OFFER_RELEARN = ("I learned your voice in quiet only. Say learn my voice again before a game, "
                 "and I will hear you better over the table's talk.")
ENROLL_START = ("Learning your voice. I say thirty short phrases, one at a time. "
                "Say each one back once, as you would at the table.")
ENROLL_BUILDING = "Thank you. Learning your voice now. This takes up to a minute."
ENROLL_DONE = "Your voice is learned. I will use it from now on."
ENROLL_FAILED = "I could not learn your voice. Say learn my voice to try again."
ENROLL_UNAVAILABLE = "I cannot learn your voice on this machine. Voice commands work as before."
ENROLL_BUSY = "I am still learning your voice."


def bad_game_file(problem: str) -> str:
    """The game file could not be used: what is wrong with it, and what to do."""
    if unfit_to_say(problem) or not problem.strip():
        problem = GAME_FILE_PROBLEM
    return f"{problem} Correct the file and save it again, or say new game."


def resuming(status: str) -> str:
    return f"{RESUMING} {status}"


def resumed(status: str, prompt: list[str]) -> list[str]:
    """A game taken up again: where it is, then its step, once where the step begins with
    it (by day, and at night, the status was the step's own first sentence: said twice)."""
    if prompt and prompt[0].startswith(status.split(". ")[0]):
        return [resuming(prompt[0])] + prompt[1:]
    return [resuming(status)] + prompt


GRIMOIRE_NOT_SERVED = "The grimoire page could not start. The game goes on without it."


_DIGITS = NUMBER_WORDS[:10]     # a code is said digit by digit


def _digits(text: str) -> str:
    """'8421' -> 'eight four two one': each digit heard on its own, to be typed on a phone
    (a numeral is read as a number: 'eight thousand four hundred and twenty one')."""
    return " ".join(_DIGITS[int(ch)] for ch in text if ch.isdigit())


def _spoken_code(code: str) -> str:
    """'399608' -> 'three nine nine, six zero eight', in two groups."""
    return f"{_digits(code[:3])}, {_digits(code[3:])}"


def _spoken_address(address: str) -> str:
    """'192.168.1.20' -> 'one nine two dot one six eight dot one dot two zero'."""
    return " dot ".join(_digits(part) for part in address.split(".")) if "." in address \
        else address


def grimoire_served(address: str, port: int, code: str) -> str:
    return (f"The grimoire page is at {_spoken_address(address)}, port {_digits(str(port))}. "
            f"The pairing code is {_spoken_code(code)}.")


def grimoire_paired(code: str) -> str:
    return f"A phone is paired with the grimoire. The next pairing code is {_spoken_code(code)}."


def every_line() -> list[str]:
    """Each line above, with sample values where a line takes one (for the tests)."""
    return [SOMETHING_WENT_WRONG, RESUME_FAILED, GAME_OPEN_ELSEWHERE,
            VOICE_OFF, VOICE_LOST_GAME, TALK_WITHOUT_VOICE, PAUSED, NOT_PAUSED, SETUP_FAILED,
            OFFER_ENROLL, OFFER_RELEARN, ENROLL_START, ENROLL_BUILDING, ENROLL_DONE, ENROLL_FAILED, ENROLL_UNAVAILABLE,
            ENROLL_BUSY,
            bad_game_file(GAME_FILE_PROBLEM), bad_game_file("The game file names no players."),
            bad_game_file("/etc/x.toml: bad"), not_understood("seat nine sings"),
            not_understood("load ~/x.toml"), resuming("Day 2. Seven alive."),
            GRIMOIRE_NOT_SERVED, grimoire_served("192.168.1.20", 8421, "399608"),
            grimoire_paired("041207")]
