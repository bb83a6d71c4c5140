"""The level gate and its endpointer on synthetic signals (no recognizer, no timing)."""
from __future__ import annotations

import numpy as np
import pytest

from hardware.level_gate import GatedEndpointer, LevelGate, frame_db, percentile

RATE = 16000
FRAME = 480  # 30 ms
FRAME_LENGTH = FRAME / RATE


def hiss(seconds: float, rms: float = 20.0, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).normal(0.0, rms, int(seconds * RATE))


def babble_like(seconds: float, rms: float = 300.0, seed: int = 1) -> np.ndarray:
    """Noise whose level wanders by a few dB every 60 ms, as several talkers at once do."""
    rng = np.random.default_rng(seed)
    n = int(seconds * RATE)
    steps = int(np.ceil(n / 960))
    envelope = np.repeat(10 ** (rng.uniform(-4.0, 4.0, steps) / 20), 960)[:n]
    return rng.normal(0.0, rms, n) * envelope


def burst(seconds: float, rms: float, seed: int = 2) -> np.ndarray:
    """A louder, syllable-like burst: a 5 Hz on/off envelope, as speech has."""
    rng = np.random.default_rng(seed)
    n = int(seconds * RATE)
    t = np.arange(n) / RATE
    envelope = 0.35 + 0.65 * (np.sin(2 * np.pi * 5 * t) > -0.6)
    return rng.normal(0.0, rms, n) * envelope


def pcm(signal: np.ndarray) -> bytes:
    return np.clip(np.round(signal), -32768, 32767).astype("<i2").tobytes()


def energy_vad(threshold_db: float = 40.0):
    """A VAD for a quiet room: speech is anything well above the hiss."""
    return lambda frame: frame_db(frame) > threshold_db


def fooled_vad(frame: bytes) -> bool:
    """The VAD at a talking table: everything is speech."""
    return True


def run(endpointer: GatedEndpointer, signal: np.ndarray) -> tuple[list[tuple[float, float]], int]:
    """Every utterance (start, end) the endpointer closed, and the frames it passed on."""
    data = pcm(signal)
    utterances = []
    passed = 0
    for i in range(0, len(data) - FRAME * 2 + 1, FRAME * 2):
        was = endpointer.in_speech
        out = endpointer.process(data[i: i + FRAME * 2])
        passed += out is not None
        if was and not endpointer.in_speech:
            utterances.append((endpointer.speech_start, endpointer.speech_end))
    return utterances, passed


def endpointer(vad, gate: bool = True, **options) -> GatedEndpointer:
    return GatedEndpointer(vad, FRAME * 2, FRAME_LENGTH, window=0.3, ratio=0.5,
                           gate=LevelGate(FRAME_LENGTH) if gate else None, **options)


def test_frame_db() -> None:
    assert frame_db(bytes(960)) == 0.0
    assert frame_db(pcm(np.full(480, 1000.0))) == pytest.approx(60.0, abs=0.01)
    assert frame_db(np.full(480, 100.0)) == pytest.approx(40.0, abs=0.01)


def test_quiet_room_is_unchanged() -> None:
    """Hiss, a burst, hiss: the gate does not engage and the utterance is the VAD's."""
    signal = np.concatenate([hiss(1.0), burst(1.0, 2000.0), hiss(1.0, seed=3)])
    gated = endpointer(energy_vad())
    ungated = endpointer(energy_vad(), gate=False)
    assert run(gated, signal) == run(ungated, signal)
    utterances, _ = run(endpointer(energy_vad()), signal)
    assert len(utterances) == 1
    start, end = utterances[0]
    assert 0.8 <= start <= 1.1 and 1.7 <= end <= 2.1
    assert gated.gate is not None and not gated.gate.engaged
    assert gated.gate.background_db is not None and gated.gate.background_db < 30


def test_babble_alone_is_no_utterance() -> None:
    ep = endpointer(fooled_vad)
    utterances, passed = run(ep, babble_like(8.0))
    assert utterances == [] and passed == 0 and not ep.in_speech
    assert ep.gate is not None and ep.gate.engaged


def test_without_the_gate_babble_never_ends() -> None:
    """The defect: a VAD that hears the table as speech opens an utterance and never closes it."""
    ep = endpointer(fooled_vad, gate=False, max_length=None)
    utterances, _ = run(ep, babble_like(8.0))
    assert utterances == [] and ep.in_speech


def test_a_louder_burst_in_babble_ends() -> None:
    """Babble, a burst 12 dB above it (with the babble through it), babble: one utterance,
    over the burst, ended while the babble goes on."""
    signal = babble_like(7.0)
    signal[int(2.0 * RATE): int(3.5 * RATE)] += burst(1.5, 1200.0)
    ep = endpointer(fooled_vad)
    utterances, _ = run(ep, signal)
    assert len(utterances) == 1, utterances
    start, end = utterances[0]
    assert 1.7 <= start <= 2.2 and 3.0 <= end <= 3.6
    assert not ep.in_speech and not ep.cut


def test_length_is_bounded() -> None:
    """A loud voice that goes on and on is ended at max_length, and a new utterance does not
    start at once (only when the level has fallen back to what the gate now takes for the
    background); after it a short burst is its own utterance."""
    signal = np.concatenate([hiss(0.5), burst(10.0, 2000.0), hiss(1.0, seed=4), burst(1.0, 2000.0, seed=5),
                             hiss(1.0, seed=6)])
    ep = endpointer(energy_vad(), max_length=4.0)
    ends = []
    data = pcm(signal)
    for i in range(0, len(data) - FRAME * 2 + 1, FRAME * 2):
        was = ep.in_speech
        ep.process(data[i: i + FRAME * 2])
        if was and not ep.in_speech:
            ends.append((ep.speech_start, ep.speech_end, ep.cut))
    assert not ep.in_speech
    assert all(end - start <= 4.0 for start, end, _ in ends), ends
    (s1, e1, cut1), (s2, _, _) = ends[:2]
    assert cut1 and e1 - s1 == pytest.approx(4.0 - 0.3 + FRAME_LENGTH, abs=0.1)
    assert s2 - e1 >= 0.3
    last_start, last_end, last_cut = ends[-1]
    assert not last_cut and 11.2 <= last_start <= 11.6 and 12.2 <= last_end <= 12.6


def test_babble_length_is_bounded_without_the_gate() -> None:
    ep = endpointer(fooled_vad, gate=False, max_length=3.0)
    utterances, _ = run(ep, babble_like(8.0))
    assert len(utterances) == 1 and utterances[0][1] - utterances[0][0] <= 3.0


def test_end_stream_returns_the_rest() -> None:
    ep = endpointer(energy_vad())
    data = pcm(np.concatenate([hiss(0.5), burst(1.0, 2000.0)]))
    decoded = 0
    for i in range(0, len(data) - FRAME * 2 + 1, FRAME * 2):
        out = ep.process(data[i: i + FRAME * 2])
        decoded += len(out or b"")
    assert ep.in_speech
    rest = ep.end_stream(bytes(100))
    assert rest and len(rest) % 2 == 0
    assert not ep.in_speech and ep.speech_end > ep.speech_start
    assert ep.end_stream(bytes(100)) is None


def test_impossible_ratio() -> None:
    with pytest.raises(ValueError):
        GatedEndpointer(fooled_vad, 960, 0.03, window=0.3, ratio=0.99)
    with pytest.raises(ValueError):
        endpointer(fooled_vad).process(bytes(10))


def test_babble_the_vad_calls_silence_still_engages_the_gate() -> None:
    """At 20 dB the VAD calls much of the babble silence and the rest speech: the babble's
    spread engages the gate all the same, and the burst is ended while the babble goes on."""
    signal = babble_like(7.0)
    signal[int(2.0 * RATE): int(3.5 * RATE)] += burst(1.5, 1200.0)
    flip = {"n": 0}

    def fickle_vad(frame: bytes) -> bool:  # speech one frame in three, unless loud
        flip["n"] += 1
        return frame_db(frame) > 56 or flip["n"] % 3 == 0

    ep = endpointer(fickle_vad)
    utterances, _ = run(ep, signal)
    assert len(utterances) == 1 and 1.7 <= utterances[0][0] <= 2.2 and 3.0 <= utterances[0][1] <= 3.6
    assert ep.gate is not None and ep.gate.engaged


def test_steady_noise_leaves_the_vad_alone() -> None:
    """A fan: loud but steady, and the VAD calls it silence. The gate stays out."""
    gate = LevelGate(FRAME_LENGTH)
    fan = pcm(hiss(3.0, rms=400.0))
    for i in range(0, len(fan) - FRAME * 2 + 1, FRAME * 2):
        gate.is_speech(fan[i: i + FRAME * 2], False)
    assert not gate.engaged
    assert gate.is_speech(pcm(burst(0.03, 600.0)), True)  # what the VAD says goes


def test_a_fresh_vad_calling_its_first_frames_speech_does_not_engage_the_gate() -> None:
    gate = LevelGate(FRAME_LENGTH)
    quiet = pcm(hiss(1.0))
    for n, i in enumerate(range(0, len(quiet) - FRAME * 2 + 1, FRAME * 2)):
        gate.is_speech(quiet[i: i + FRAME * 2], 1 <= n <= 4)
        assert not gate.engaged, n


def test_the_background_rises_slowly() -> None:
    """Four seconds of a loud voice after a second of hiss: the background estimate follows
    at most 3 dB a second, so the voice is still speech at the end of it."""
    gate = LevelGate(FRAME_LENGTH)
    signal = pcm(np.concatenate([hiss(1.0), hiss(4.0, rms=2000.0, seed=9)]))
    frames = [signal[i: i + FRAME * 2] for i in range(0, len(signal) - FRAME * 2 + 1, FRAME * 2)]
    for frame in frames[:33]:
        gate.is_speech(frame, False)
    quiet = gate.background_db
    assert quiet is not None and quiet < 30
    for frame in frames[33:]:
        verdict = gate.is_speech(frame, True, in_speech=True)
    assert gate.background_db <= quiet + 3.0 * 4.0 + 0.5
    assert verdict


def test_the_window_percentile_is_numpys_to_the_bit():
    """The gate keeps its levels sorted and reads its percentiles off them (five times less CPU
    a frame than numpy's, which a Pi's core feels); the background it finds must not move."""
    rng = np.random.default_rng(5)
    for _ in range(2000):
        n = int(rng.integers(1, 170))
        levels = sorted(float(v) for v in np.round(rng.uniform(-5, 90, n), int(rng.integers(0, 3))))
        count = int(rng.integers(1, n + 1))
        for p in (10, 50, 90):
            assert percentile(levels, p) == float(np.percentile(levels, p))
            assert percentile(levels, p, count) == float(np.percentile(levels[:count], p))


def test_the_gate_finds_the_background_numpy_finds():
    gate = LevelGate(FRAME_LENGTH, rise_db=None)
    pcm = np.clip(babble_like(8.0), -32768, 32767).astype("<i2")
    seen = []
    for start in range(0, len(pcm) - FRAME + 1, FRAME):
        gate.is_speech(pcm[start:start + FRAME].tobytes(), True)
        seen.append(gate.last_db)
        window = seen[-len(gate._levels):]
        assert gate.background_db == float(np.percentile(window, 10))
