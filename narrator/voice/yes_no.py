"""A yes or a no, held to more than another command: a yes confirms a death, the end of the
game or a seat picked, and in babble both recognizers read a "yeah" out of the table's talk
(narrator.voice.policy's checks; the thresholds are narrator.voice.thresholds')."""
from __future__ import annotations

from typing import Callable

from hardware.recognizer import RecognitionResult
from narrator.language import templates as T
from narrator.language.commands import Command
from narrator.voice.verdict import says_another

# the answers a babble "yeah" may be heard as: never worth asking back ("Yes? Yes or no.")
YES_NO = ("yes", "no")


def near_yes_no(result: RecognitionResult, command: Command, parse: Callable[[str], Command | None] | None,
                gap: float | None) -> bool:
    """A yes or a no the neural reading scored within ``gap`` nats of another command: a coin
    toss, refused rather than asked ("Yes? Yes or no." is no question)."""
    if gap is None or command.intent not in YES_NO or not result.heard or parse is None or not result.alternatives:
        return False
    best = result.alternatives[0][1]
    return any(says_another(text, command, parse) for text, score in result.alternatives[1:] if score > best - gap)


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
