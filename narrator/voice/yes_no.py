"""A yes or a no, held to more than another command: a yes confirms a death, the end of the
game or a seat picked, and in babble both recognizers read a "yeah" out of the table's talk
(narrator.voice.policy's check; the threshold is narrator.voice.thresholds'), and pocketsphinx
alone reads "confirm" and "correct" out of other answers."""
from __future__ import annotations

from typing import Callable

from hardware.moonshine_text import words_of
from hardware.recognizer import RecognitionResult
from narrator.language.commands import ANSWERS, Command
from narrator.voice.verdict import before_command

# the answers a babble "yeah" may be heard as: never worth asking back ("Yes? Yes or no.")
YES_NO = ANSWERS


def unheard_yes(result: RecognitionResult, command: Command, parse: Callable[[str], Command | None] | None,
                below_db: float | None) -> bool:
    """Fused, in audio poorer than ``below_db``: a yes whose neural transcript holds no word
    that is a yes by itself ("Well, it's a good one." read as "yeah"; "Confirmed." counts)."""
    if (below_db is None or command.intent != "yes" or result.second is None or parse is None
            or result.snr_db is None or result.snr_db >= below_db):
        return False
    # ``parse`` reads a whole reading: what comes before the command in it (the wake phrase,
    # "storyteller yes") comes before each word tried too
    before = before_command(result, command)
    for word in words_of(result.heard or ""):
        for form in {word, word.removesuffix("ed"), word.removesuffix("s")}:
            heard = parse(" ".join(before + [form])) if form else None
            if heard is not None and heard.intent == "yes":
                return False
    return True


def babble_yes_word(result: RecognitionResult, floor: float | None) -> bool:
    """A grammar recognizer alone (pocketsphinx), in audio poorer than ``floor`` (where it asks
    every command): a yes that is not the word "yes" itself. At 15 dB it heard a number or a
    "no" said to its question as "confirm" or "correct" 9 times of 240, and a said "yes" as
    "yes" 47 times of 51, never as anything else that was not a yes."""
    if result.second is not None or result.heard or floor is None or result.snr_db is None:
        return False
    return result.snr_db < floor and result.text.split()[-1:] != ["yes"]
