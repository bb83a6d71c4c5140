"""A yes or a no to the narrator's question, refused in babble, that two recognizers heard
word for word (narrator.voice.yes_no.two_heard): which pairs of readings count."""
from __future__ import annotations

import pytest

from hardware.recognizer import RecognitionResult, WordResult
from narrator.voice.yes_no import two_heard
from voice_helpers import language

LANG = language(seats=9)


def parse(text, before=0):
    return LANG.parse(" ".join(text.split()[before:]), {"yes", "no", "repeat"}, spoken=True)


def reading(text, heard, theirs, third):
    """A fused reading: moonshine's ``text`` and free transcript ``heard``, pocketsphinx's
    ``theirs`` ("": nothing), the third recognizer's transcript ``third``."""
    second = RecognitionResult(theirs, 0.5, tuple(WordResult(w) for w in theirs.split()), bool(theirs))
    return RecognitionResult(text, 0.8, tuple(WordResult(w) for w in text.split()), True, "",
                             ((text, 0.0),), heard, snr_db=20.0, second=second, third=third)


@pytest.mark.parametrize("text, heard, theirs, third, taken", [
    ("yes", "Yes.", "", "Yes.", True),                    # both transcripts, pocketsphinx nothing
    ("yeah", "Yeah.", "", "Yes.", True),
    ("no", "No, no, no.", "", "No.", True),               # said over and over: once
    ("yes", "Yes.", "yes", "Yes.", True),
    ("correct", "I'm not going to say that.", "correct", "Correct.", True),   # pocketsphinx's very word
    ("confirm", "Conturbant.", "confirm", "confirmed", True),
    ("yeah", "Yeah.", "", "Yeah.", False),                # "eh" over table talk, both times
    ("yeah", "You have.", "yeah", "Yeah.", False),
    ("yes", "Yes.", "nope", "Yes.", False),               # pocketsphinx read another answer
    ("yes", "Yes.", "", None, False),                     # no third asked
    ("yes", "Yes, I think so.", "", "Yes.", False),       # more than the answer
    ("yes", "Yes.", "", "I think yes.", False),
    ("correct", "Come back.", "correct", "Confirm", False),   # two yes words, not the same one
    ("no", "I know.", "", "No.", False),                  # "know" is no answer
    ("repeat", "Repeat.", "", "Repeat.", False),          # not a yes or a no
])
def test_an_answer_counts_where_two_recognizers_heard_it_word_for_word(text, heard, theirs, third, taken):
    result = reading(text, heard, theirs, third)
    assert two_heard(result, parse(text), parse) is taken


def test_after_the_wake_phrase_the_transcripts_may_hold_it_too():
    """"storyteller yes": the wake phrase before the answer, in the readings and the transcripts."""
    result = reading("storyteller yes", "Storyteller, yes.", "storyteller", "Storyteller yes.")
    command = parse("storyteller yes", 1)
    assert two_heard(result, command, lambda text: parse(text, 1))
    again = reading("storyteller correct", "Storyteller come back.", "storyteller correct",
                    "Storyteller, correct. Storyteller, correct. Storyteller, correct.")
    assert two_heard(again, parse("storyteller correct", 1), lambda text: parse(text, 1))
    held = reading("storyteller yes", "Storyteller, yes. Hang on.", "", "Storyteller yes.")
    assert not two_heard(held, command, lambda text: parse(text, 1))
