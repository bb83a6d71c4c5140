"""Ending an utterance soon after a whole command (hardware.phrase_end, SphinxRecognizer).

The audio tests stream synthetic speech in 0.1 s chunks (the microphone's) and time results
on the stream's own clock: where in the audio a result came out, not how long it took.
"""
from __future__ import annotations

import numpy as np
import pytest

from audio_helpers import ESPEAK_US, Voice, _raw_tts, _to_rate, requires_tts
from hardware.recognizer import GrammarSpec

pytest.importorskip("pocketsphinx")
from hardware.phrase_end import PhraseEnds  # noqa: E402
from hardware.sphinx import SphinxRecognizer  # noqa: E402

RATE = 16000
CHUNK = 1600  # 0.1 s
NUMBERS = "one two three four five six seven eight nine ten eleven twelve".split()
JSGF = f"""#JSGF V1.0;
grammar test;
<seat> = {' | '.join(NUMBERS)};
public <command> = seat <seat> nominates seat <seat>
                 | seat <seat>
                 | seats <seat> [and <seat>]
                 | repeat [that]
                 | next | yes;
"""


@pytest.fixture(scope="module")
def graph() -> PhraseEnds:
    recognizer = SphinxRecognizer(GrammarSpec(jsgf=JSGF), confidence=False)
    return recognizer._ends.graph


def test_whole_phrases_and_whether_they_go_on(graph: PhraseEnds) -> None:
    assert graph.final("seat two nominates seat six")
    assert graph.final("next") and graph.final("repeat that")
    assert graph.final("seats two and six")
    # whole, but a longer phrase begins with it
    for words in ("seat two", "seats nine", "repeat"):
        assert graph.complete(words) and graph.can_continue(words) and not graph.final(words)
    # not a whole phrase
    for words in ("seat two nominates", "seats", ""):
        assert not graph.complete(words) and not graph.final(words)
    assert graph.states_after("seat two dies") == set()
    # pocketsphinx's alternative pronunciations and fillers are read through
    assert graph.final("<sil> next(2) <sil>")


def test_fsg_text_with_null_transitions() -> None:
    text = """FSG_BEGIN g
NUM_STATES 5
START_STATE 0
FINAL_STATE 4
TRANSITION 0 1 1.0 undo
TRANSITION 1 4 0.5
TRANSITION 1 2 0.5 that
TRANSITION 2 4 1.0
TRANSITION 0 0 0.1 <sil>
FSG_END
"""
    graph = PhraseEnds.from_fsg_text(text)
    assert graph.complete("undo") and graph.can_continue("undo")
    assert graph.final("undo that")
    assert not graph.complete("that")


# --- real speech ------------------------------------------------------------------------------
def speech(text: str, voice: Voice = ESPEAK_US) -> np.ndarray:
    """The phrase at 16 kHz with the synthesizer's own silence trimmed (-40 dB)."""
    samples = _to_rate(_raw_tts(text, voice), RATE).astype(np.float64)
    frames = len(samples) // 160
    energy = np.sqrt(np.mean(samples[: frames * 160].reshape(frames, 160) ** 2, axis=1))
    loud = np.nonzero(energy > energy.max() * 0.01)[0]
    return samples[loud[0] * 160: (loud[-1] + 1) * 160] * 0.6


def stream(recognizer: SphinxRecognizer, parts: list[np.ndarray | float]) -> tuple[list, float]:
    """Quiet, the parts (audio, or seconds of quiet), quiet; fed in 0.1 s chunks. Returns
    [(result, stream second it came out)] and the stream second the speech ended."""
    lead = np.zeros(int(0.6 * RATE))
    pieces = [lead] + [np.zeros(int(p * RATE)) if isinstance(p, float) else p for p in parts]
    end = sum(len(p) for p in pieces) / RATE
    signal = np.concatenate(pieces + [np.zeros(RATE)])
    signal += np.random.default_rng(1).normal(0.0, 20.0, len(signal))
    recognizer.reset()
    return feed(recognizer, signal), end


def feed(recognizer: SphinxRecognizer, signal: np.ndarray) -> list:
    """The signal in 0.1 s chunks, then flushed: [(result, stream second it came out)]."""
    pcm = np.clip(np.round(signal), -32768, 32767).astype("<i2").tobytes()
    out = []
    for index in range(0, len(pcm), 2 * CHUNK):
        result = recognizer.accept(pcm[index: index + 2 * CHUNK])
        if result is not None:
            out.append((result, (index + 2 * CHUNK) / 2 / RATE))
    while (result := recognizer.flush()) is not None:
        out.append((result, len(pcm) / 2 / RATE))
    return out


@pytest.fixture(scope="module")
def recognizer() -> SphinxRecognizer:
    return SphinxRecognizer(GrammarSpec(jsgf=JSGF), vad_ratio=0.5)


@requires_tts
@pytest.mark.parametrize("phrase", ["seat two nominates seat six", "next", "repeat that"])
def test_a_command_that_cannot_go_on_ends_soon_after_its_last_word(recognizer, phrase) -> None:
    got, end = stream(recognizer, [speech(phrase)])
    assert [r.text for r, _ in got] == [phrase]
    # within 0.25 s of audio (0.09 s of silence, the VAD's lag, the 0.1 s chunk)
    assert got[0][1] - end <= 0.25


@requires_tts
def test_without_early_end_the_endpointer_decides() -> None:
    late = SphinxRecognizer(GrammarSpec(jsgf=JSGF), vad_ratio=0.5, early_end=None)
    got, end = stream(late, [speech("seat two nominates seat six")])
    assert [r.text for r, _ in got] == ["seat two nominates seat six"]
    assert got[0][1] - end >= 0.3


@requires_tts
@pytest.mark.parametrize("first, rest", [("seat two", "nominates seat six"), ("seats two", "and six"),
                                         ("repeat", "that")])
def test_a_pause_after_a_whole_command_that_can_go_on_does_not_cut_it(recognizer, first, rest) -> None:
    got, end = stream(recognizer, [speech(first), 0.2, speech(rest)])
    assert [r.text for r, _ in got] == [f"{first} {rest}"]


@requires_tts
def test_a_whole_command_that_can_go_on_waits_for_the_endpointer(recognizer) -> None:
    got, end = stream(recognizer, [speech("seats two")])
    assert [r.text for r, _ in got] == ["seats two"]
    assert got[0][1] - end >= 0.3


@requires_tts
def test_commands_in_a_row_after_an_early_end(recognizer) -> None:
    """What follows an early end in the same speech region is its tail and is dropped; speech
    after the region closed is the next utterance."""
    got, _ = stream(recognizer, [speech("next"), 1.0, speech("yes"), 1.0, speech("seat four nominates seat one")])
    assert [r.text for r, _ in got] == ["next", "yes", "seat four nominates seat one"]
    assert got[0][1] < got[1][1] < got[2][1]


def in_babble(recognizer: SphinxRecognizer, said: np.ndarray, snr_db: float) -> tuple[list, float]:
    """``said`` with table talk ``snr_db`` below it, from 1.5 s before to 1 s after (the level
    gate learns the room's level from the lead), the talk pausing for 0.3 s as the command
    ends (a pause in the babble is where an early end can come): [(result, second)] and the
    speech's end."""
    from audio_helpers import table_babble

    lead, tail = int(1.5 * RATE), RATE
    signal = np.concatenate([np.zeros(lead), said, np.zeros(tail)])
    talk = table_babble(len(signal) / RATE + 0.1)[:len(signal)]
    talk *= np.sqrt(np.mean(said ** 2) / np.mean(talk ** 2) / 10 ** (snr_db / 10))
    talk[lead + len(said) - RATE // 10: lead + len(said) + RATE * 2 // 10] = 0.0
    hiss = np.random.default_rng(1).normal(0.0, 20.0, len(signal))
    recognizer.new_stream(b"")
    return feed(recognizer, signal + talk + hiss), (lead + len(said)) / RATE


@requires_tts
def test_in_table_talk_the_endpointer_ends_the_utterance_not_a_pause() -> None:
    """In babble a pause inside a command passed for its end and the rest was dropped as its
    tail ("execute seats five" acted on as "next"): below ``early_end_min_snr_db`` the early
    end waits for the endpointer; in clear audio it does not."""
    recognizer = SphinxRecognizer(GrammarSpec(jsgf=JSGF), vad_ratio=0.5)
    assert recognizer.early_end_min_snr_db == 30.0
    said = speech("repeat that")
    got, end = in_babble(recognizer, said, 40.0)
    assert got[0][0].text == "repeat that" and got[0][1] - end <= 0.25
    got, end = in_babble(recognizer, said, 15.0)
    assert got[0][0].text == "repeat that" and got[0][0].snr_db < 30.0 and got[0][1] - end >= 0.3
    recognizer.early_end_min_snr_db = None   # in any audio: the pause in the talk ends it
    got, end = in_babble(recognizer, said, 15.0)
    assert got[0][0].text == "repeat that" and got[0][1] - end <= 0.25


@requires_tts
def test_the_open_silence_setting_ends_extendable_commands_early_too(recognizer) -> None:
    eager = SphinxRecognizer(GrammarSpec(jsgf=JSGF), vad_ratio=0.5, early_end_open=0.15)
    got, end = stream(eager, [speech("seats two")])
    waited, _ = stream(recognizer, [speech("seats two")])
    assert [r.text for r, _ in got] == [r.text for r, _ in waited] == ["seats two"]
    assert got[0][1] - end <= 0.35 and got[0][1] < waited[0][1]


@requires_tts
def test_push_to_talk_release_still_ends_the_utterance(recognizer) -> None:
    """flush() at the button's release decodes what the decoders have not had yet."""
    pcm = np.concatenate([np.zeros(int(0.6 * RATE)), speech("seat two nominates seat six"), np.zeros(800)])
    pcm = np.clip(np.round(pcm + np.random.default_rng(2).normal(0.0, 20.0, len(pcm))), -32768, 32767)
    recognizer.reset()
    results = [recognizer.accept(pcm.astype("<i2").tobytes())]
    results.append(recognizer.flush())
    assert [r.text for r in results if r is not None] == ["seat two nominates seat six"]


@requires_tts
def test_held_for_push_to_talk_the_press_is_the_utterance() -> None:
    """A long pause inside a command ends it where the endpointer decides, but not while the
    push-to-talk button holds the recognizer: then the release (flush) alone ends it."""
    parts = [speech("seats two"), 0.9, speech("and six")]
    free = SphinxRecognizer(GrammarSpec(jsgf=JSGF), vad_ratio=0.5)
    got, _ = stream(free, parts)
    assert [r.text for r, _ in got][0] == "seats two" and len(got) == 2  # split at the pause
    held = SphinxRecognizer(GrammarSpec(jsgf=JSGF), vad_ratio=0.5)
    held.hold(True)
    got, end = stream(held, parts)
    assert [r.text for r, _ in got] == ["seats two and six"]
    assert got[0][1] > end + 0.5  # it came out at the end of the stream, the release
    held.hold(False)  # endpointing by itself again
    got, _ = stream(held, parts)
    assert len(got) == 2


# --- a phrase that can go on only to the same command ------------------------------------------
def same_command(text: str):
    """The test grammar's phrase to command: "repeat that" says what "repeat" says."""
    words = text.split()
    if words in (["repeat"], ["repeat", "that"]):
        return ("repeat",)
    return tuple(words)  # any other phrase is a command of its own


def test_a_phrase_that_goes_on_only_to_the_same_command_is_settled(graph: PhraseEnds) -> None:
    assert graph.endings("repeat") == ["that"] and graph.endings("next") == []
    assert graph.settled("repeat", same_command) and graph.settled("<sil> repeat(2)", same_command)
    assert graph.settled("next", same_command)
    # "seats two and six" is another command than "seats two"; "seat two nominates ..." too
    assert sorted(graph.endings("seats two")) == sorted("and " + n for n in NUMBERS)
    assert not graph.settled("seats two", same_command) and not graph.settled("seat two", same_command)
    # without the grammar's meaning nothing that can go on is settled; nor a part phrase
    assert not graph.settled("repeat", None) and not graph.settled("seat two nominates", same_command)
    # a seat list's endings are too many to read through: never settled
    cycle = PhraseEnds.from_fsg_text("""FSG_BEGIN g
NUM_STATES 3
START_STATE 0
FINAL_STATE 1
TRANSITION 0 1 1.0 seat
TRANSITION 1 2 1.0 and
TRANSITION 2 1 1.0 seat
FSG_END
""")
    assert cycle.endings("seat") is None and not cycle.settled("seat", lambda text: "same")


def day_grammar():
    """The command language's own grammar for a state expecting a choice, undo and the rest
    (its ``meaning`` comes with it: "undo" and "undo that" say the same command)."""
    from narrator.language.pronunciations import load_pronunciations
    from voice_helpers import language

    data = language(seats=12).grammar(["choose", "next", "repeat", "undo", "redo", "yes", "no"])
    return GrammarSpec.from_data(data, load_pronunciations())


@pytest.fixture(scope="module")
def language_recognizer() -> SphinxRecognizer:
    return SphinxRecognizer(day_grammar(), vad_ratio=0.5)


@requires_tts
@pytest.mark.parametrize("phrase", ["undo", "repeat", "redo"])
def test_a_command_that_goes_on_only_to_itself_ends_soon_after_its_last_word(language_recognizer, phrase) -> None:
    """"undo" can go on ("undo that") but not to another command: it ends as soon as "next"
    does, not at the endpointer's longer silence (before this rule: 0.3 s or more)."""
    got, end = stream(language_recognizer, [speech(phrase)])
    assert [r.text for r, _ in got] == [phrase]
    assert got[0][1] - end <= 0.25
    language_recognizer._ends.settle = False  # the baseline: it waits as "seats two" does
    try:
        late, end = stream(language_recognizer, [speech(phrase)])
    finally:
        language_recognizer._ends.settle = True
    assert [r.text for r, _ in late] == [phrase] and late[0][1] - end >= 0.3


@requires_tts
def test_the_same_command_said_longer_is_one_command(language_recognizer) -> None:
    """"undo ... that": the early end comes at "undo"; "that" is the same speech region's
    tail and is dropped, so one undo is heard, not an undo and a stray "that"."""
    got, _ = stream(language_recognizer, [speech("undo"), 0.2, speech("that")])
    assert [r.text for r, _ in got] == ["undo"]
    whole, _ = stream(language_recognizer, [speech("undo that")])
    assert [r.text for r, _ in whole] == ["undo that"]


@requires_tts
def test_a_seat_that_a_longer_command_extends_waits_and_is_heard_whole(language_recognizer) -> None:
    """"seat ten" can go on to another command ("seat ten and eleven"): it waits for the
    endpointer, and a pause before "and eleven" does not cut it."""
    got, end = stream(language_recognizer, [speech("seat ten")])
    assert [r.text for r, _ in got] == ["seat ten"] and got[0][1] - end >= 0.3
    got, _ = stream(language_recognizer, [speech("seat ten"), 0.2, speech("and eleven")])
    assert [r.text for r, _ in got] == ["seat ten and eleven"]
