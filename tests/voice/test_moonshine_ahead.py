"""Fused moonshine scores ahead while pocketsphinx's endpointer waits (hardware/moonshine_ahead.py):
on real audio, the work is done in an earlier chunk than the result, the answer is the one the
same audio gets without it, and speech that comes back after the cut drops it."""
from __future__ import annotations

import numpy as np
import pytest

from audio_helpers import ESPEAK_US, read_samples, requires_tts, synthesize
from hardware.moonshine_ahead import Ahead
from hardware.moonshine_model import bundled_model_dir
from hardware.recognizer import GrammarSpec
from narrator.cli.commands import language_for
from narrator.language.pronunciations import load_pronunciations

requires_moonshine = pytest.mark.skipif(bundled_model_dir() is None, reason="moonshine-voice 0.0.49 not installed")
DAY = ["nominate", "exile", "execute", "end_day", "undo", "repeat", "help", "status", "pause", "resume"]
CHUNK = 1600  # 0.1 s, as the microphone queues


def test_the_cut_is_a_fixed_silence_after_the_last_speech_frame():
    ahead = Ahead(frame_bytes=960, frame_length=0.03, tail=0.09)
    speech = bytearray()
    fired, silent = [], 0
    for n, voiced in enumerate([True, True, False, True, False, False, False, False]):
        speech += bytes([n]) * 960
        silent = 0 if voiced else silent + 1
        fired.append(ahead.frame(speech, voiced, silent))
    # the pause after frame 1 is one frame: no cut; the third silent frame after frame 3 is it
    assert fired == [False, False, False, False, False, False, True, False]
    assert ahead.cut(speech) == bytes(speech[:7 * 960])
    assert ahead.kept(ahead.cut(speech)) is None  # nothing was scored ahead
    assert Ahead(960, 0.03, None).cut(speech) == bytes(speech)


@pytest.fixture(scope="module")
def day():
    return GrammarSpec.from_data(language_for(None, 12).grammar(DAY), load_pronunciations())


def fused_recognizer(day):
    pytest.importorskip("onnxruntime")
    if bundled_model_dir() is None:
        pytest.skip("moonshine-voice 0.0.49 not installed")
    from hardware.moonshine_backend import MoonshineRecognizer
    from hardware.sphinx import SphinxRecognizer

    return MoonshineRecognizer(day, source=SphinxRecognizer(vad_ratio=0.5))


def stream(recognizer, samples):
    """Chunk by chunk: the results with their chunk, and the chunks the scoring ahead ran in,
    and each decision's inputs."""
    ahead_at, decided = [], []
    score_ahead, decide = recognizer._score_ahead, recognizer.decide
    index = 0

    def spy_ahead():
        ahead_at.append(index)
        score_ahead()

    def spy_decide(samples, hypotheses, done=None, begin="", rest=None):
        result = decide(samples, hypotheses, done, begin, rest)
        decided.append((samples.copy(), list(hypotheses), done is not None, result))
        return result

    recognizer._score_ahead, recognizer.decide = spy_ahead, spy_decide
    recognizer.new_stream(b"")
    out = []
    pcm = np.concatenate([samples, np.zeros(16000, dtype=np.int16)])
    for index in range(0, len(pcm) // CHUNK):
        result = recognizer.accept(pcm[index * CHUNK:(index + 1) * CHUNK].tobytes())
        if result is not None:
            out.append((result, index))
    recognizer._score_ahead, recognizer.decide = score_ahead, decide
    return out, ahead_at, decided


def padded(text: str, lead: float = 0.5) -> np.ndarray:
    speech = read_samples(synthesize(text, ESPEAK_US))
    return np.concatenate([np.zeros(int(lead * 16000), dtype=np.int16), speech])


def trimmed(text: str) -> np.ndarray:
    """The synthesized phrase without the silence the synthesizer puts around it."""
    speech = read_samples(synthesize(text, ESPEAK_US))
    loud = np.flatnonzero(np.abs(speech.astype(np.int32)) > 300)
    return speech[loud[0]:loud[-1] + 1]


@requires_moonshine
@requires_tts
def test_a_command_a_longer_one_extends_is_scored_before_its_result():
    """"seat ten" may go on to another command ("seat ten and eleven"): pocketsphinx's
    endpointer waits for it, and moonshine has done its work by then, on the audio it decides
    on. ("repeat" was this example until a phrase that can go on only to the same command,
    "repeat that", ended early too: hardware/phrase_end.py.)"""
    night = GrammarSpec.from_data(language_for(None, 12).grammar(["choose", "next", "repeat", "undo"]),
                                  load_pronunciations())
    fused = fused_recognizer(night)
    results, ahead_at, decided = stream(fused, padded("seat ten"))
    accepted = [(r, at) for r, at in results if r.accepted]
    assert [r.text for r, _ in accepted] == ["seat ten"]
    assert ahead_at and ahead_at[-1] < accepted[0][1]  # an earlier chunk than the result's
    samples, hypotheses, reused, result = decided[-1]
    assert reused and hypotheses == ["seat ten"]
    # the answer is the one the same audio gets with no work done ahead
    again = fused.decide(samples, hypotheses)
    assert (again.text, again.alternatives, again.confidence) == (result.text, result.alternatives,
                                                                  result.confidence)


@requires_moonshine
@requires_tts
def test_speech_after_a_pause_drops_what_was_scored_ahead(day):
    """A pause inside the command (longer than the cut's silence, shorter than the
    endpointer's) is scored ahead, then the command goes on: the whole command is decided
    afresh, not its first half."""
    fused = fused_recognizer(day)
    first = np.concatenate([np.zeros(8000, dtype=np.int16), trimmed("seat three nominates")])
    rest = trimmed("seat nine")
    samples = np.concatenate([first, np.zeros(int(0.15 * 16000), dtype=np.int16), rest])
    results, ahead_at, decided = stream(fused, samples)
    # (whether it is accepted is the recognizers' business: espeak's voice is hard for moonshine)
    assert [r.text for r, _ in results] == ["seat three nominates seat nine"]
    assert ahead_at and ahead_at[0] * CHUNK < len(first) + 0.15 * 16000  # scored ahead in the pause
    final, _, reused, _ = decided[-1]
    assert not reused and len(final) > len(first) + len(rest)  # then dropped: the whole command


@requires_moonshine
@requires_tts
def test_ahead_of_a_seat_only_its_numbers_are_checked():
    """Where the Listener's hook may want only a seat's numbers checked, that check is all that
    is done ahead (no free transcript, no phrase search: all of it cost more than the seat
    list's wait). The answer is still the one the same audio gets with nothing done ahead:
    the check's, or, where the result needs all of moonshine, the whole decision on the same
    encoding."""
    night = GrammarSpec.from_data(language_for(None, 12).grammar(["choose", "next", "repeat", "undo"]),
                                  load_pronunciations())
    fused = fused_recognizer(night)
    kept_ahead = fused._ahead.kept
    for mode in ("numbers", ""):
        fused.alone = lambda result, mode=mode: mode
        seen = []
        fused._ahead.kept = lambda audio: (seen.append((audio, kept_ahead(audio))), seen[-1][1])[1]
        try:
            results, ahead_at, decided = stream(fused, padded("seat ten"))
        finally:
            fused._ahead.kept = kept_ahead
        [(result, at)] = [(r, at) for r, at in results if r.accepted]
        audio, done = seen[-1]
        assert ahead_at and ahead_at[-1] < at and done is not None and done.free is None, mode
        samples = np.frombuffer(audio, dtype="<i2")
        if mode == "numbers":
            assert result.text == "seat ten" and not result.heard and not decided
            again = fused._check_numbers(samples, result.second, None)
        else:
            assert result.heard and decided[-1][2]   # decided on the encoding done ahead
            again = fused.decide(samples, ["seat ten"])
        assert (again.text, again.alternatives) == (result.text, result.alternatives), mode
    fused.lean_ahead = False
    results, _, _ = stream(fused, padded("seat ten"))
    assert [r.text for r in (r for r, _ in results) if r.accepted] == ["seat ten"]


@requires_tts
def test_each_recording_is_cut_as_if_heard_alone(day):
    """The strict VAD that finds the cut (and the early end) adapts to what it hears: it started
    afresh for the endpointer but not for itself, so a clip's cut, and so its scores, depended on
    the clips decoded before it (the benchmark's wake phrase at 15 dB: 12 of 110 readings changed
    with the clips' order; none since). A new stream starts it afresh too."""
    import pocketsphinx

    recognizer = fused_recognizer(day)
    rng = np.random.default_rng(1)
    speech = read_samples(synthesize("seat six dies", ESPEAK_US)).astype(np.float64)
    clip = np.concatenate([np.zeros(4000), speech, np.zeros(8000)]) + rng.normal(0, 300, len(speech) + 12000)
    clip = np.clip(clip, -32768, 32767).astype(np.int16).tobytes()
    table = np.clip(rng.normal(0, 3000, 16000 * 8), -32768, 32767).astype(np.int16).tobytes()
    size = pocketsphinx.Vad(3, 16000).frame_bytes

    def verdicts(vad):
        return [vad.is_speech(clip[i:i + size]) for i in range(0, len(clip) - size + 1, size)]

    recognizer.new_stream(b"")
    for start in range(0, len(table), CHUNK * 2):   # a loud recording first, through the real path
        recognizer.accept(table[start:start + CHUNK * 2])
    recognizer.flush()
    recognizer.new_stream(b"")
    assert verdicts(recognizer._strict) == verdicts(pocketsphinx.Vad(3, 16000))
