"""A hesitation ("eh") said while a question waits is heard as itself and answers nothing (the
question is said again), instead of being forced onto the nearest answer. To "Seat eight or
six?" a clean "eh" was taken as seat eight by both recognizers for 7 of 15 voices (python -m
benchmarks.confirm_answers --between --others: 2 now, the Piper voice's). A hesitation parses
as no command, so the policy refuses it; where pocketsphinx heard one, a yes only moonshine
heard is refused too (narrator.voice.policy).

Only "eh", said as in "bed" or as the letter A (narrator/data/pronunciations.dict): "uh", "um",
"hmm" and "huh" beside it cost answers over table talk, where pocketsphinx read them out of the
babble instead of the answer (confirm_answers --snr 15: yes right 31 -> 28 of 60, no 28 -> 24
of 45; two_way_answers --snr 15: a number alone 53 -> 43 of 120), and "eh" alone costs none
of that."""
from __future__ import annotations

from hardware.recognizer import RecognitionResult
from narrator.language.commands import GrammarData, with_choices

HESITATIONS = ("eh",)


def with_hesitations(data: GrammarData, prefix: str = "") -> GrammarData:
    """A question's answers with the hesitation beside them."""
    return with_choices(data, "hesitation", list(HESITATIONS), prefix)


def hesitated(reading: RecognitionResult | None) -> bool:
    """A grammar recognizer's reading that is a hesitation (after the wake phrase, if any): the
    speaker said no answer, whatever the neural recognizer made of it."""
    words = reading.text.split() if reading is not None else []
    return bool(words) and words[-1] in HESITATIONS
