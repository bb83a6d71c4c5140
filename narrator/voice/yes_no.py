"""A yes or a no, held to more than another command: a yes confirms a death, the end of the
game or a seat picked, and in babble both recognizers read a "yeah" out of the table's talk
(narrator.voice.policy's check; the threshold is narrator.voice.thresholds')."""
from __future__ import annotations

from typing import Callable

from hardware.recognizer import RecognitionResult
from narrator.language import templates as T
from narrator.language.commands import Command

# the answers a babble "yeah" may be heard as: never worth asking back ("Yes? Yes or no.")
YES_NO = ("yes", "no")


def unheard_yes(result: RecognitionResult, command: Command, parse: Callable[[str], Command | None] | None,
                below_db: float | None) -> bool:
    """Fused, in audio poorer than ``below_db``: a yes whose neural transcript holds no word
    that is a yes by itself ("Well, it's a good one." read as "yeah"; "Confirmed." counts)."""
    if (below_db is None or command.intent != "yes" or result.second is None or parse is None
            or result.snr_db is None or result.snr_db >= below_db):
        return False
    for word in T.normalise(result.heard or "").split():
        for form in {word, word.removesuffix("ed"), word.removesuffix("s")}:
            heard = parse(form) if form else None
            if heard is not None and heard.intent == "yes":
                return False
    return True
