"""Speaker adaptation of the pocketsphinx model with sphinxtrain's tools (Debian packages
sphinxtrain and sphinxbase-utils, pocketsphinx for the mdef converter).

From a few recordings and what was said in each:

1. ``sphinx_fe`` computes the features with the model's own front end: ``feat.params``
   (``-lowerf 130 -upperf 6800 -nfilt 25 -transform dct -lifter 22``) and the decoder's
   defaults that differ from sphinx_fe's (no silence removal: bw aligns every frame);
2. ``bw`` aligns them to the transcripts through the model (``-feat 1s_c_d_dd -svspec
   0-12/13-25/26-38 -cmn batch -agc none -ts2cbfn .ptm.``) and accumulates the statistics;
3. ``mllr_solve`` estimates one MLLR transform of the means (``mllr_matrix``), which
   pocketsphinx applies at load (``-mllr``); and/or ``map_adapt`` re-estimates the means
   (MAP, ``-fixedtau``), written as a model directory the decoder loads instead of the
   bundled one (its ``mixture_weights`` are read instead of ``sendump``).

The tools fail loudly on a bad input (a word without pronunciation, a file too short to
align): :class:`AdaptationError` carries their last lines.
"""
from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from hardware.sphinx.model_files import training_model

TOOL_DIRS = ("/usr/lib/sphinxtrain", "/usr/local/lib/sphinxtrain", "/usr/libexec/sphinxtrain")
TOOLS = ("sphinx_fe", "bw", "mllr_solve", "map_adapt", "pocketsphinx_mdef_convert")
# The Debian package each tool comes from (for the message when one is missing).
PACKAGES = {"sphinx_fe": "sphinxbase-utils", "bw": "sphinxtrain", "mllr_solve": "sphinxtrain",
            "map_adapt": "sphinxtrain", "pocketsphinx_mdef_convert": "pocketsphinx"}
# sphinx_fe's defaults that differ from the pocketsphinx decoder's (pocketsphinx 5.1):
FRONT_END = {"-remove_silence": "no", "-dither": "no", "-round_filters": "yes",
             "-wlen": "0.025625", "-nfft": "512", "-alpha": "0.97", "-samprate": "16000"}
FEAT_KEYS = ("-lowerf", "-upperf", "-nfilt", "-transform", "-lifter", "-remove_noise")
TRAIN_KEYS = ("-feat", "-svspec", "-agc", "-varnorm")
# MAP's prior weight: the bundled means count as this many frames of each Gaussian
# (thirty prompts give a few hundred frames per phone codebook).
DEFAULT_TAU = 100.0
METHODS = ("mllr", "map", "mllr+map")


class AdaptationError(RuntimeError):
    """Adaptation could not be done: the message says why, in plain words."""


@dataclass(frozen=True)
class Utterance:
    """One enrollment recording: a 16 kHz mono 16-bit WAV and the words said in it."""

    wav: Path
    words: tuple[str, ...]


@dataclass(frozen=True)
class Adapted:
    """What :func:`adapt` made."""

    mllr: Path | None       # the MLLR transform (pocketsphinx -mllr)
    model: Path | None      # a MAP-adapted model directory (pocketsphinx -hmm)
    frames: int             # feature frames the statistics came from
    utterances: int         # recordings aligned (bw skips the ones it cannot)


def find_tool(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for folder in TOOL_DIRS:
        candidate = Path(folder) / name
        if candidate.is_file():
            return str(candidate)
    return None


def missing_tools(method: str = "mllr") -> list[str]:
    """The tools ``method`` needs that are not installed, each with its Debian package."""
    needed = [t for t in TOOLS if t != ("map_adapt" if method == "mllr" else "mllr_solve")]
    if method == "mllr+map":
        needed = list(TOOLS)
    return [f"{t} (Debian package {PACKAGES[t]})" for t in needed if find_tool(t) is None]


def feat_params(model: Path) -> dict[str, str]:
    """The model's feat.params as option -> value."""
    out: dict[str, str] = {}
    for line in (Path(model) / "feat.params").read_text(encoding="ascii").splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0].startswith("-"):
            out[parts[0]] = parts[1]
    return out


def _run(command: Sequence[str], what: str, cwd: Path) -> str:
    try:
        done = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True,
                              errors="replace")
    except OSError as exc:
        raise AdaptationError(f"{what}: cannot run {command[0]}: {exc}") from exc
    log = done.stdout + done.stderr
    (cwd / f"{Path(command[0]).name}.log").write_text(log, encoding="utf-8")
    if done.returncode != 0:
        last = [line for line in log.splitlines() if "ERROR" in line or "FATAL" in line][-3:]
        raise AdaptationError(f"{what} failed: " + (" ".join(last) or f"exit status {done.returncode}"))
    return log


def write_dictionary(path: Path, words: Iterable[str], pronunciations: dict[str, str]) -> Path:
    """A dictionary of just these words (bw loads it whole; the model's is 3 MB)."""
    missing = sorted({w for w in words if w not in pronunciations})
    if missing:
        raise AdaptationError("no pronunciation for: " + ", ".join(missing))
    lines = [f"{w} {pronunciations[w]}" for w in sorted(set(words))]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def adapt(model: Path, utterances: Sequence[Utterance], pronunciations: dict[str, str], work: Path,
          method: str = "mllr", tau: float = DEFAULT_TAU, base_cache: Path | None = None) -> Adapted:
    """Adapt ``model`` (the pocketsphinx model directory) to the speaker of ``utterances``.
    ``pronunciations``: word -> phones for every word said. Files go to ``work``; the
    sphinxtrain-readable copy of the model to ``base_cache`` (default ``work/base``)."""
    if method not in METHODS:
        raise AdaptationError(f"unknown adaptation method {method!r} (one of {', '.join(METHODS)})")
    missing = missing_tools(method)
    if missing:
        raise AdaptationError("not installed: " + ", ".join(missing))
    if not utterances:
        raise AdaptationError("no recordings to adapt on")
    model, work = Path(model), Path(work)
    work.mkdir(parents=True, exist_ok=True)
    base = training_model(model, base_cache or work / "base", find_tool("pocketsphinx_mdef_convert"))
    params = feat_params(model)
    ids = [f"u{index:03d}" for index in range(len(utterances))]
    cep = work / "cep"
    cep.mkdir(exist_ok=True)
    ctl = work / "adapt.fileids"
    ctl.write_text("\n".join(ids) + "\n", encoding="ascii")
    (work / "adapt.transcription").write_text(
        "".join(f"<s> {' '.join(u.words)} </s> ({i})\n" for i, u in zip(ids, utterances)), encoding="utf-8")
    wavs = work / "wav"
    wavs.mkdir(exist_ok=True)
    for i, u in zip(ids, utterances):
        shutil.copyfile(u.wav, wavs / f"{i}.wav")
    front = {**FRONT_END, **{k: params[k] for k in FEAT_KEYS if k in params}}
    _run([find_tool("sphinx_fe"), *_flat(front), "-mswav", "yes",
          "-c", ctl, "-di", wavs, "-do", cep, "-ei", "wav", "-eo", "mfc"], "feature extraction", work)
    dictionary = write_dictionary(work / "adapt.dict", [w for u in utterances for w in u.words], pronunciations)
    train = {k: params[k] for k in TRAIN_KEYS if k in params}
    accum = work / "accum"
    accum.mkdir(exist_ok=True)
    log = _run([find_tool("bw"), "-hmmdir", base, "-moddeffn", base / "mdef.txt", "-ts2cbfn", ".ptm.",
                *_flat(train), "-cmn", "batch", "-dictfn", dictionary, "-fdictfn", base / "noisedict",
                "-ctlfn", ctl, "-lsnfn", work / "adapt.transcription", "-cepdir", cep,
                "-accumdir", accum, "-timing", "no"], "alignment (bw)", work)
    frames, aligned = _bw_counts(log, len(utterances))
    if aligned == 0:
        raise AdaptationError("none of the recordings could be aligned with its words")
    mllr = model_out = None
    if method in ("mllr", "mllr+map"):
        mllr = work / "mllr_matrix"
        _run([find_tool("mllr_solve"), "-meanfn", base / "means", "-varfn", base / "variances",
              "-outmllrfn", mllr, "-accumdir", accum], "MLLR (mllr_solve)", work)
    if method in ("map", "mllr+map"):
        model_out = work / "model"
        model_out.mkdir(exist_ok=True)
        for name in ("mdef", "transition_matrices", "noisedict", "feat.params", "variances"):
            shutil.copyfile(model / name, model_out / name)
        _run([find_tool("map_adapt"), "-moddeffn", base / "mdef.txt", "-ts2cbfn", ".ptm.",
              "-meanfn", base / "means", "-varfn", base / "variances", "-mixwfn", base / "mixture_weights",
              "-tmatfn", base / "transition_matrices", "-accumdir", accum, "-fixedtau", "yes",
              "-tau", str(tau), "-mapmeanfn", model_out / "means", "-mapvarfn", work / "map_variances",
              "-mapmixwfn", work / "map_mixture_weights", "-maptmatfn", work / "map_transition_matrices"],
             "MAP (map_adapt)", work)
        # only the means move: thirty prompts are too few for variances or weights
        shutil.copyfile(model / "sendump", model_out / "sendump")
    return Adapted(mllr, model_out, frames, aligned)


def _flat(options: dict[str, str]) -> list[str]:
    return [part for key, value in options.items() for part in (key, value)]


def _bw_counts(log: str, total: int) -> tuple[int, int]:
    """(frames, recordings aligned) from bw's log: "overall> stats <frames> ..." and one
    "utt>" line per recording, which an alignment failure follows with an ERROR or WARN line
    ("final state not reached", "Failed to align")."""
    frames, seen, failed = 0, 0, 0
    for line in log.splitlines():
        if line.startswith("overall>"):
            parts = line.split()
            frames = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 0
        elif line.startswith("utt>"):
            seen += 1
        elif "final state not reached" in line or "Failed to align" in line or "failed to align" in line:
            failed += 1
    return frames, max(0, min(seen, total) - failed)
