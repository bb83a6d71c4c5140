"""Table babble for a speaker profile: a few synthetic talkers at once (espeak-ng), the noise
``narrator enroll`` mixes into copies of the Storyteller's recordings, so that the adapted
model has heard their voice under a table's talk as well as in a quiet room.

The talkers and their lines are the narrator's own: other voices and other words than any
the benchmarks test with (benchmarks.corpus's table voices and babble), so that a profile is
measured on babble it never heard. Without espeak-ng there is no babble (None), and a profile
is made from the recordings alone.
"""
from __future__ import annotations

import hashlib
import random
import subprocess
import tempfile
from pathlib import Path

import numpy as np

from hardware.audio_clip import AudioFileError, Clip, read_wav, write_wav
from hardware.microphone import resample
from hardware.tts import espeak_ng_installed

RATE = 16000
SECONDS = 45.0
# espeak-ng voice and words a minute, one per talker
TALKERS: tuple[tuple[str, int], ...] = (("en-us+m1", 160), ("en-gb+f1", 150), ("en-us+m2", 175),
                                        ("en-gb+f5", 165), ("en-gb-x-rp+m4", 150))
LINES: tuple[str, ...] = (
    "did anyone bring the dice from the other box",
    "i think the quiet one by the window is lying",
    "could someone pass the biscuits down this end",
    "she claimed the same thing last week and she was evil",
    "we should hear from everyone before we vote",
    "my phone keeps buzzing sorry about that",
    "the pizza should be here in twenty minutes",
    "that is exactly what a minion would say",
    "who sat next to me on the first night",
    "i had a dream about this game last night",
    "can we open the window it is warm in here",
    "honestly i have no idea who to trust",
    "remember when the twins both died on day two",
    "i will tell you my character after the nomination",
    "the bus was late again this morning",
    "no you said the number was one not two",
    "let us not rush this there is plenty of time",
    "whose turn is it to bring snacks next month",
    "if i die tonight look at the person on my left",
    "that was the funniest ending we have ever had",
    "i am going to make a cup of tea anyone want one",
    "the cat knocked the whole grimoire over once",
    "we played until two in the morning last time",
    "it feels like a trap but i cannot see why",
)


def _speak(text: str, voice: str, speed: int, folder: Path) -> np.ndarray | None:
    """One line in one voice at 16 kHz, or None where espeak-ng does not say it."""
    wav = folder / "line.wav"
    try:
        subprocess.run(["espeak-ng", "-w", str(wav), "-s", str(speed), "-v", voice, text],
                       check=True, capture_output=True, timeout=30)
        clip = read_wav(wav)
    except (OSError, subprocess.SubprocessError, AudioFileError):
        return None
    samples = clip.samples if clip.rate == RATE else resample(clip.samples, clip.rate, RATE)
    return np.asarray(samples, dtype=np.float64)


def _key() -> str:
    return hashlib.sha256(repr((TALKERS, LINES, SECONDS)).encode()).hexdigest()[:12]


def babble(cache: Path | None = None, seed: int = 5) -> np.ndarray | None:
    """The babble track (float samples at 16 kHz), kept in ``cache`` once made (enrollment
    keeps it with its copy of the base model); None without espeak-ng."""
    path = Path(cache) / f"babble-{_key()}.wav" if cache is not None else None
    if path is not None and path.is_file():
        try:
            return read_wav(path).samples.astype(np.float64)
        except AudioFileError:
            path.unlink(missing_ok=True)
    if not espeak_ng_installed():
        return None
    rng = random.Random(seed)
    length = int(SECONDS * RATE)
    total = np.zeros(length)
    with tempfile.TemporaryDirectory(prefix="babble-") as folder:
        for voice, speed in TALKERS:
            lines = list(LINES)
            rng.shuffle(lines)
            parts, filled = [], 0
            for line in lines * 4:
                if filled >= length:
                    break
                said = _speak(line, voice, speed, Path(folder))
                if said is None:
                    return None
                pause = np.zeros(int(rng.uniform(0.1, 0.6) * RATE))
                parts += [pause, said * rng.uniform(0.6, 1.0)]
                filled += len(pause) + len(said)
            track = np.concatenate(parts)[:length]
            total[: len(track)] += track
    rms = float(np.sqrt(np.mean(total ** 2))) or 1.0
    total *= 3000.0 / rms
    if path is not None:
        write_wav(path, Clip(np.clip(np.round(total), -32768, 32767).astype(np.int16), RATE))
    return total


def speech_power(samples: np.ndarray) -> float:
    """Mean power of a recording's speech: its 20 ms frames within 20 dB of the loudest."""
    x = np.asarray(samples, dtype=np.float64)
    frames = len(x) // 320
    if frames == 0:
        return float(np.mean(x ** 2)) if len(x) else 0.0
    power = (x[: frames * 320].reshape(frames, 320) ** 2).mean(axis=1)
    return float(power[power >= power.max() / 100.0].mean())


def mix(samples: np.ndarray, noise: np.ndarray, snr_db: float, rng: random.Random) -> np.ndarray:
    """``samples`` (int16) with a slice of ``noise`` at ``snr_db`` below its speech."""
    signal = np.asarray(samples, dtype=np.float64)
    if len(noise) < len(signal):
        noise = np.tile(noise, len(signal) // max(len(noise), 1) + 1)
    offset = rng.randrange(0, len(noise) - len(signal) + 1)
    piece = noise[offset: offset + len(signal)]
    gain = np.sqrt(speech_power(signal) / (float(np.mean(piece ** 2)) or 1.0) / 10 ** (snr_db / 10))
    return np.clip(np.round(signal + piece * gain), -32768, 32767).astype(np.int16)
