"""A yes said to a waiting question, among other talk (narrator.voice.yes_no.yes_among_talk):
"Yeah. Again, please." is a player's "yeah" and the Storyteller's "again please" as often as
the other way round, so it answers nothing unless the third recognizer wrote the yes nearly
alone. And a transcript of talk with no yes in it ("What was that?") is not a yes misheard, however
near the yes scores (``near_answer``)."""
from __future__ import annotations

import pytest

from audio_helpers import (CHATTER_VOICES, HIBARI_VOICES, PIPER_VOICES, VOICES, have_hibari, have_piper, interrupted,
                           requires_tts, synthesize)
from hardware.microphone import WavSource
from hardware.recognizer import RecognitionResult, WordResult
from narrator.language.pronunciations import load_pronunciations
from narrator.voice.listener import Listener
from narrator.voice.recognizers import make_recognizer
from narrator.voice.yes_no import answer_unheard, yes_among_talk
from voice_helpers import language, night_like

LANG = language(seats=9)


def parse(text: str, before: int = 0):
    return LANG.parse(" ".join(text.split()[before:]), {"yes", "no", "repeat"}, spoken=True)


def reading(text: str, heard: str, theirs: str, third: str | None = None,
            scored: tuple[tuple[str, float], ...] = ()) -> RecognitionResult:
    """A fused reading: moonshine's ``text`` and free transcript ``heard``, pocketsphinx's
    ``theirs``, the third recognizer's transcript ``third`` (None: not asked)."""
    second = RecognitionResult(theirs, 0.5, tuple(WordResult(w) for w in theirs.split()), bool(theirs))
    return RecognitionResult(text, 0.8, tuple(WordResult(w) for w in text.split()), True, "",
                             scored or ((text, 0.0),), heard, snr_db=20.0, second=second, third=third)


@pytest.mark.parametrize("text, heard, third, refused", [
    ("yeah", "Yeah. Again, please.", None, True),        # Piper's "again please" over the benchmark's babble
    ("yeah", "Yeah. Again, please.", "Again, please.", True),
    ("yeah", "Yeah. Again, please.", "Yeah, hang on.", True),
    ("yeah", "Yeah. Again, please.", "Yeah.", False),    # the third heard the yes alone
    ("yeah", "Yeah. Again, please.", "Uh, yeah.", False),
    ("yes", "Yes.", None, False),
    ("yes", "Yes, yes, yes.", None, False),
    ("yeah", "Uh, yeah.", None, False),                  # one word beside it
    ("correct", "I'm correct.", None, False),
    ("confirm", "Confirmed, hang on.", None, True),
    ("correct", "Correct, what did he say?", "correct what did he say?", True),
    ("yeah", "What was that?", None, False),             # no yes: answer_unheard's
    ("no", "No. Again, please.", None, False),            # a no cancels: not this rule's
])
def test_a_yes_among_other_talk(text, heard, third, refused) -> None:
    result = reading(text, heard, text, third)
    assert yes_among_talk(result, parse(text), parse) is refused


def test_a_yes_among_other_talk_after_the_wake_phrase() -> None:
    result = reading("storyteller yeah", "Storyteller. Yeah. Again, please.", "storyteller yeah")
    command = parse("yeah")
    assert yes_among_talk(result, command, lambda heard: parse(heard, 1))
    for heard in ("Storyteller, yeah.", "Stormy Taylor, yeah. Stormy Taylor, yeah.",   # the phrase its own way
                  "Storyteller Yeah Storyteller Yeah Storyteller Yeah"):
        alone = reading("storyteller yeah", heard, "storyteller yeah")
        assert not yes_among_talk(alone, command, lambda heard: parse(heard, 1)), heard


@pytest.mark.parametrize("heard, unheard", [
    ("What was that?", True),         # a player's "yeah" before it: pocketsphinx read "yeah"
    ("Yet which seat?", True),
    ("You can again, please.", True),
    ("Can't throw.", False),          # "confirm" misheard, scored near: a yes
    ("King firm.", False),
])
def test_a_yes_scored_near_a_transcript_of_talk_is_not_a_yes_misheard(heard, unheard) -> None:
    result = reading("yeah", heard, "yeah", scored=(("yeah", -1.5), ("no", -7.0)))
    assert answer_unheard(result, parse("yeah"), parse) is unheard


SPEAKERS = (VOICES[2], VOICES[4], VOICES[5]) + (PIPER_VOICES if have_piper() else ()) \
    + (HIBARI_VOICES[1:2] if have_hibari() else ())
NOT_ANSWERS = ("hang on", "which seat", "what was that", "say that again", "again please")


@requires_tts
def test_fused_a_player_s_yeah_before_the_storyteller_s_hang_on_confirms_no_kill() -> None:
    """A kill waits for its yes, the talk button is held, a player near the microphone says
    "yeah" and the Storyteller then says "hang on" (or "which seat", "again please"). Before 7
    Dec (session 56) both recognizers read the player's "yeah" and moonshine's transcript
    held it ("Yeah. Again, please."), or scored it near its "What was that?": the kill was
    confirmed 13 times of these 35 (three robotic voices, the Piper voice at three speeds and
    hibari's, the player at 0.8 of the Storyteller's level); now once. The Storyteller's own "yes", said alone, still
    confirms."""
    pytest.importorskip("pocketsphinx")
    pytest.importorskip("moonshine_voice")
    lang = language()
    listener = Listener(make_recognizer("fused"), lang, gating="push_to_talk", pronunciations=load_pronunciations(),
                        expected=night_like("choose"), say=lambda channel, text: None)
    kill = lang.parse("seat five dies", spoken=True)

    def answer(path) -> list:
        listener.ask(kill)
        listener.ptt_down()
        out = []
        for chunk in WavSource(path).chunks():
            out += listener.feed(chunk)
        out += listener.ptt_up()
        listener.cancel_pending()
        return out

    confirmed = [f"{voice} {said!r}" for i, voice in enumerate(SPEAKERS) for said in NOT_ANSWERS
                 if answer(interrupted(said, voice, "yeah", CHATTER_VOICES[i % len(CHATTER_VOICES)], seed=i))]
    print(confirmed)
    # 13 before; left: espeak-ng's "hang on", written "Yeah, perignon." with the third
    # recognizer hearing only the player's "yeah"
    assert len(confirmed) <= 1, confirmed
    yeses = sum(bool(answer(synthesize("yes", voice, seed=i))) for i, voice in enumerate(SPEAKERS))
    assert yeses >= len(SPEAKERS) - 1, yeses
