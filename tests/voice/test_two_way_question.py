"""The two-way question by voice (issue 27, item 2): where the doubt is between two readings
("seat eight" or "seat six"), the narrator asks "Seat eight or six?" and one spoken word
answers it. The real recognizer on synthesized speech (espeak-ng, flite, the Piper voice)."""
from __future__ import annotations

import pytest

from audio_helpers import (HIBARI_VOICES, PIPER_VOICES, VOICES, have_hibari, have_piper, over_chatter, requires_tts,
                           synthesize)
from hardware.microphone import WavSource
from hardware.recognizer import recognize_stream
from narrator.language.pronunciations import load_pronunciations
from narrator.voice.listener import Listener
from narrator.voice.recognizers import make_recognizer
from voice_helpers import language, night_like

pytest.importorskip("pocketsphinx")
pytestmark = requires_tts

SPEAKERS = VOICES + (PIPER_VOICES if have_piper() else ()) + (HIBARI_VOICES[1:2] if have_hibari() else ())


def warmed(backend):
    rec = make_recognizer(backend)
    for i, sentence in enumerate(["who wants pizza", "i think the empath is lying"]):
        list(recognize_stream(rec, WavSource(synthesize(sentence, VOICES[i], seed=60 + i)).chunks()))
    return rec


@pytest.fixture(scope="module")
def recognizer():
    return warmed("pocketsphinx")


def answer(listener, text, voice, seed):
    listener.ptt_down()
    out = []
    for chunk in WavSource(synthesize(text, voice, seed=seed)).chunks():
        out += listener.feed(chunk)
    return out + listener.ptt_up()


# wrong picks allowed of the 50 answers: pocketsphinx alone hears one espeak-ng voice's "seat
# six" as "seat eight" (and did with the numbers alone in the answer's grammar, as "yes"); fused
# acts on a pick only where both recognizers heard it
WRONG_ALLOWED = {"pocketsphinx": 1, "fused": 0}


@pytest.mark.parametrize("backend", ["pocketsphinx", "fused"])
def test_seat_eight_or_six_answered_by_one_word(recognizer, backend) -> None:
    """Answered "six", "seat six" or "yes" (the first). Before 5 Dec, "seat eight" picked six
    for 4 of these 10 voices (the answer's grammar held the numbers alone), and fused acted on
    moonshine's pick where pocketsphinx heard the other seat."""
    if backend == "fused":
        pytest.importorskip("moonshine_voice")
        recognizer = warmed("fused")
    lang = language()
    lines: list[str] = []
    listener = Listener(recognizer, lang, gating="push_to_talk", pronunciations=load_pronunciations(),
                        expected=night_like("choose"), say=lambda channel, text: lines.append(text))
    eight, six = lang.parse("seat eight", spoken=True), lang.parse("seat six", spoken=True)
    right = wrong = 0
    for i, voice in enumerate(SPEAKERS):
        for said, seats in (("six", [6]), ("eight", [8]), ("yes", [8]), ("seat six", [6]), ("seat eight", [8])):
            spoken = len(lines)
            listener.ask(eight, six)
            assert listener.pending is not None and len(lines) == spoken   # ask() leaves the words to the table
            out = answer(listener, said, voice, seed=200 + 3 * i + len(said))
            got = [c.slots["seats"] for c in out]
            right += got == [seats]
            wrong += bool(got) and got != [seats]
            if got != [seats]:
                print(str(voice), said, got, [(h.text, h.confidence, h.verdict, h.reason) for h in list(listener.heard)[-1:]])
            listener.cancel_pending()
    n = 5 * len(SPEAKERS)
    print(f"\ntwo-way question answered by voice: {right}/{n} right, {wrong} wrong")
    assert wrong <= WRONG_ALLOWED[backend]
    assert right >= n - 9


def test_seats_eight_heard_for_seat_six_is_asked_between_them(recognizer) -> None:
    """Where pocketsphinx hears the plural ("seats eight"), the question names both seats;
    "seat six" is never carried out as seat eight, by any voice."""
    lang = language()
    lines: list[str] = []
    listener = Listener(recognizer, lang, gating="push_to_talk", pronunciations=load_pronunciations(),
                        expected=night_like("choose"), say=lambda channel, text: lines.append(text))
    for i, voice in enumerate(SPEAKERS):
        out = answer(listener, "seat six", voice, seed=300 + i)
        assert all(c.slots != {"seats": [8]} for c in out), str(voice)
        if listener.pending is not None and lines[-1] == "Seat eight or six?":
            picked = [c.slots for c in answer(listener, "six", voice, seed=400 + i)]
            # asked back ("Seat six? Yes or no.") where pocketsphinx heard it in poorer audio
            # than it acts in (flite awb's); espeak-ng's "six" alone is heard as "seat" cut
            # short (the answer may be "seat six" too): said again. Never the other seat.
            asked = not picked and listener.pending is not None and lines[-1].startswith("Seat six?")
            assert picked == [{"seats": [6]}] or asked or voice.engine == "espeak" and not picked, \
                (str(voice), picked, lines[-1])
        listener.cancel_pending()


def test_the_two_way_benchmark_counts_each_answer(tmp_path) -> None:
    """benchmarks.two_way_answers (the figures in docs/performance.md) runs, and counts each
    of the 24 answers one voice gives as right, said again or wrong."""
    from benchmarks import corpus, two_way_answers

    result = two_way_answers.run("pocketsphinx", cache=tmp_path, speakers=(corpus.Voice("piper", "joe", 100),)
                                 if have_piper() else (corpus.Voice("espeak", "en-us", 150),))
    counts = result["answers"]
    assert sum(sum(c.values()) for c in counts.values()) == 24
    assert sum(c["right"] for c in counts.values()) >= 20 and len(result["wrong"]) == sum(
        c["wrong"] for c in counts.values())


def test_fused_a_yes_or_no_to_it_over_table_talk_is_heard_by_the_third_too() -> None:
    """Over table talk fused refuses a yes or a no one recognizer alone heard. While a two-way
    question waited, the third recognizer was never asked, so a "Yes." moonshine and it would
    both have written was said again (benchmarks.two_way_answers --snr 15: 71 of 120 yes or no
    answers right; 91 now). It is asked now, for a yes or a no (narrator.voice.yes_no.two_heard);
    a number is taken only where both recognizers heard it, as before."""
    pytest.importorskip("moonshine_voice")
    lang = language()
    listener = Listener(make_recognizer("fused"), lang, gating="push_to_talk", pronunciations=load_pronunciations(),
                        expected=night_like("choose"), say=lambda channel, text: None)
    eight, six = lang.parse("seat eight", spoken=True), lang.parse("seat six", spoken=True)
    right = wrong = 0
    for i, voice in enumerate(SPEAKERS[:7]):
        for said, seats in (("yes", [[8]]), ("correct", [[8]]), ("confirm", [[8]]), ("no", []), ("nope", []), ("cancel", [])):
            listener.ask(eight, six)
            listener.ptt_down()
            out = []
            for chunk in WavSource(over_chatter(said, voice, 18.0, seed=300 + i)).chunks():
                out += listener.feed(chunk)
            out += listener.ptt_up()
            got = [c.slots["seats"] for c in out]
            answered = listener.pending is None
            right += got == seats and answered
            wrong += answered and got != seats
            listener.cancel_pending()
    assert wrong == 0
    # of 42, 34 right before 7 Dec (the rest said again), 37 now
    assert right >= 35, right
