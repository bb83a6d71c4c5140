"""Building a speaker profile from enrollment recordings (``narrator enroll``, and table mode's
"learn my voice"): the pocketsphinx model adapted to the speaker (hardware.sphinx.adapt), and
the levels of their voice and room measured (the calibration, narrator.voice.profile).

Recordings come as (prompt, WAV file) pairs: from a folder (``--from DIR``, see
:func:`read_folder`), from the microphone, prompt by prompt, or from table mode. Each WAV is
read at any rate and channel count, turned into 16 kHz mono and kept in the profile's
``recordings/`` folder with a ``prompts.txt``, the folder layout ``--from`` reads.

A folder for ``--from`` holds ``prompts.txt``, one line per recording: the WAV's file name,
a tab or spaces, and the words said (``01.wav next``). Without ``prompts.txt``, each
``NAME.wav`` has its words in ``NAME.txt``. ``narrator enroll --prompts DIR`` writes an empty
one, the thirty prompts and the file names to record them as.
"""
from __future__ import annotations

import datetime as _dt
import random
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np

from hardware.audio_clip import AudioFileError, Clip, read_wav, write_wav
from hardware.babble import babble, mix
from hardware.level_gate import frame_levels
from hardware.microphone import resample
from hardware.sphinx import dictionary_path, model_dir, read_dictionary
from hardware.sphinx.adapt import AdaptationError, Utterance, adapt
from narrator.language import templates as T
from narrator.language.enrollment import PROMPTS
from narrator.voice.profile import DEFAULT_NAME, Profile, ProfileError, profiles_dir, save_profile, valid_name

RATE = 16000
PROMPTS_FILE = "prompts.txt"
MIN_RECORDINGS = 10     # fewer than this is not enough speech for one MLLR transform
MIN_SECONDS = 0.2       # a recording shorter than this holds no word
MIN_SPEECH_DB = 10.0    # the voice's loud frames above the room's: less is hiss, not speech
# Each recording is adapted on also with table babble mixed in at these levels below the speech
# (hardware.babble): the model then knows the speaker's voice under the table's talk, not only
# in a quiet room. 5 Dec, python -m benchmarks.enrollment --backends pocketsphinx,fused, fused
# errors of 49 held-out phrases with the profile, 20 / 15 / 10 dB babble: docs/enroll.md.
NOISY_COPIES: tuple[float, ...] = (20.0, 15.0)


@dataclass(frozen=True)
class Recording:
    """One prompt and the WAV file it was said in."""

    text: str
    wav: Path


def prompt_file_name(index: int) -> str:
    return f"{index + 1:02d}.wav"


def write_prompt_list(folder: Path, prompts: Sequence[str] = PROMPTS) -> Path:
    """``prompts.txt`` for recording the prompts into ``folder`` (file name, then the words)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / PROMPTS_FILE
    path.write_text("".join(f"{prompt_file_name(i)}\t{p}\n" for i, p in enumerate(prompts)), encoding="utf-8")
    return path


def read_folder(folder: Path) -> list[Recording]:
    """The recordings of an enrollment folder; ProfileError naming what is wrong."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ProfileError(f"{folder}: no such folder")
    listing = folder / PROMPTS_FILE
    out: list[Recording] = []
    if listing.is_file():
        for number, line in enumerate(listing.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, _, text = line.partition("\t") if "\t" in line else line.partition(" ")
            if not text.strip():
                raise ProfileError(f"{PROMPTS_FILE} line {number}: a file name, then the words said in it")
            out.append(Recording(T.normalise(text), folder / name.strip()))
    else:
        for wav in sorted(folder.glob("*.wav")):
            words = wav.with_suffix(".txt")
            if words.is_file():
                out.append(Recording(T.normalise(words.read_text(encoding="utf-8", errors="replace")), wav))
    if not out:
        raise ProfileError(f"{folder}: no recordings (a {PROMPTS_FILE} naming each WAV and its words, "
                           "or NAME.wav with NAME.txt)")
    missing = [r.wav.name for r in out if not r.wav.is_file()]
    if missing:
        raise ProfileError("recordings missing: " + ", ".join(missing[:5]) + (" ..." if len(missing) > 5 else ""))
    return out


def pronunciations_for(words: Iterable[str], extra: dict[str, str]) -> dict[str, str]:
    """word -> phones (the model's first pronunciation, or ours) for every word said."""
    wanted = set(words)
    bundled = read_dictionary(dictionary_path())
    out = {w: bundled[w][0] for w in wanted if w in bundled}
    out.update({w: p for w, p in extra.items() if w in wanted and "(" not in w and w not in out})
    return out


def _as_16k(path: Path) -> Clip:
    clip = read_wav(path)
    samples = clip.samples if clip.rate == RATE else resample(clip.samples, clip.rate, RATE)
    return Clip(np.asarray(samples, dtype=np.int16), RATE)


def _noisy_copies(utterances: Sequence[Utterance], clips: Sequence[Clip], noise: np.ndarray | None,
                  levels: Sequence[float], folder: Path) -> list[Utterance]:
    """Each recording again with babble at each of ``levels`` dB below its speech."""
    if noise is None:
        return []
    rng = random.Random(1)
    out = []
    for index, (utterance, clip) in enumerate(zip(utterances, clips)):
        for level in levels:
            wav = write_wav(folder / f"{index + 1:02d}-{level:g}dB.wav", Clip(mix(clip.samples, noise, level, rng), RATE))
            out.append(Utterance(wav, utterance.words))
    return out


def measure(clips: Sequence[Clip]) -> dict[str, float]:
    """The speaker's level at this microphone and the room's, over the recordings (dB as
    hardware.level_gate measures frames): the speech's loud frames (90th percentile), its
    quiet voiced frames (the 30th of those within 30 dB of the loud), and the room (the 10th
    percentile of every frame)."""
    levels = np.array([v for clip in clips for v in frame_levels(clip.samples.tobytes())], dtype=np.float64)
    if levels.size == 0:
        return {}
    loud = float(np.percentile(levels, 90))
    room = float(np.percentile(levels, 10))
    voiced = levels[levels >= loud - 30.0]
    return {"speech_db": round(loud, 1), "quiet_speech_db": round(float(np.percentile(voiced, 30)), 1),
            "room_db": round(room, 1), "snr_db": round(loud - room, 1)}


def build_profile(recordings: Sequence[Recording], *, name: str = DEFAULT_NAME, data_dir: str | Path = "",
                  out: Path | None = None, method: str = "map", pronunciations: dict[str, str] | None = None,
                  model: Path | None = None, cache: Path | None = None,
                  noisy: Sequence[float] = NOISY_COPIES) -> Profile:
    """Adapt the model to the speaker of ``recordings`` and write the profile (to ``out``, or
    ``<data_dir>/profiles/<name>``), replacing one of the same name only once the new one is
    whole. ProfileError (with the reason) when it cannot be made; nothing is changed then.
    ``noisy``: the babble levels (dB below the speech) each recording is also adapted on
    (none without espeak-ng, or with ``noisy=()``)."""
    if out is None and not valid_name(name):
        raise ProfileError(f"{name!r} cannot name a profile (letters, digits, - _ . only)")
    if len(recordings) < MIN_RECORDINGS:
        raise ProfileError(f"{len(recordings)} recordings: at least {MIN_RECORDINGS} are needed")
    target = Path(out) if out is not None else profiles_dir(data_dir) / name
    clips = []
    for recording in recordings:
        try:
            clip = _as_16k(recording.wav)
        except AudioFileError as exc:
            raise ProfileError(f"{recording.wav.name}: {exc}") from None
        if clip.duration < MIN_SECONDS:
            raise ProfileError(f"{recording.wav.name}: too short ({clip.duration:.2f} s) to hold '{recording.text}'")
        clips.append(clip)
    heard = measure(clips).get("snr_db", 0.0)
    if heard < MIN_SPEECH_DB:
        raise ProfileError(f"the recordings hold little speech: the voice is {heard:g} dB above the "
                           f"room, and at least {MIN_SPEECH_DB:g} are needed. Record again, nearer "
                           "the microphone")
    words = [w for r in recordings for w in r.text.split()]
    from narrator.language.pronunciations import load_pronunciations

    known = pronunciations_for(words, load_pronunciations() if pronunciations is None else pronunciations)
    unknown = sorted(set(words) - set(known))
    if unknown:
        raise ProfileError("words the recognizer cannot say: " + ", ".join(unknown[:8]))
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        kept = staging / "recordings"
        utterances = []
        for index, (recording, clip) in enumerate(zip(recordings, clips)):
            wav = write_wav(kept / prompt_file_name(index), clip)
            utterances.append(Utterance(wav, tuple(recording.text.split())))
        (kept / PROMPTS_FILE).write_text("".join(f"{prompt_file_name(i)}\t{r.text}\n"
                                                 for i, r in enumerate(recordings)), encoding="utf-8")
        work = staging / "work"
        cache = cache or target.parent / ".base-model"   # made once: the base model's copy, the babble
        noise = babble(cache) if noisy else None
        utterances += _noisy_copies(utterances, clips, noise, noisy, work / "noisy")
        try:
            adapted = adapt(model or model_dir() / "en-us", utterances, known, work, method=method,
                            base_cache=cache)
        except AdaptationError as exc:
            raise ProfileError(str(exc)) from None
        if adapted.mllr is not None:
            shutil.copyfile(adapted.mllr, staging / "mllr_matrix")
        if adapted.model is not None:
            shutil.copytree(adapted.model, staging / "model")
        shutil.rmtree(work)
        created = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        calibration = {**measure(clips), "babble_copies_db": list(noisy) if noise is not None else [],
                       "aligned": f"{adapted.utterances} of {len(utterances)}"}
        profile = Profile(name=name if out is None else target.name, path=staging, method=method,
                          recordings=len(recordings), frames=adapted.frames, created=created,
                          calibration=calibration)
        save_profile(profile)
        if target.exists():
            old = target.with_name(f".{target.name}.old")
            shutil.rmtree(old, ignore_errors=True)
            target.replace(old)
            staging.replace(target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            staging.replace(target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return Profile(profile.name, target, profile.method, profile.recordings, profile.frames, profile.created,
                   profile.calibration)
