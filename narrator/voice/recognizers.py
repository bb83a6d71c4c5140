"""The recognizer backends the configuration can name, made ready for the command language."""
from __future__ import annotations

from typing import Any

from hardware.recognizer import GrammarSpec, Recognizer, RecognizerError
from narrator.language.commands import CommandLanguage


def make_recognizer(backend: str, model_path: str = "", *,
                    min_confidence: float | None = None, vad_window: float = 0.3,
                    vad_ratio: float = 0.5, profile: Any = None) -> Recognizer:
    """The configured backend; raises RecognizerError (with a plain message) if it cannot.
    ``profile``: a speaker profile (narrator.voice.profile.Profile) for pocketsphinx, alone
    or as the fused recognizer's proposer."""
    if backend == "pocketsphinx":
        try:
            from hardware.sphinx import SphinxRecognizer
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise RecognizerError(f"pocketsphinx is not installed ({exc})") from exc
        # vad_ratio 0.5: the endpointer's default (0.9) starts an utterance late when there
        # is background noise and clips the first word ("seat four..." heard as "four...").
        kwargs: dict[str, Any] = {"vad_ratio": vad_ratio, "vad_window": vad_window}
        if model_path:
            kwargs["model"] = model_path
        if min_confidence is not None:
            kwargs["min_confidence"] = min_confidence
        if profile is not None:
            kwargs.update(profile.recognizer_options())
        try:
            return SphinxRecognizer(**kwargs)
        except RecognizerError as exc:
            if profile is None:
                raise
            raise RecognizerError(f"{profile.describe()} cannot be loaded ({exc}); enroll again") from exc
    if backend == "vosk":
        from hardware.vosk_backend import VoskRecognizer
        path = model_path
        if not path:
            from hardware.models import find_vosk_model
            found = find_vosk_model()
            if found is None:
                raise RecognizerError("no vosk model installed (run: narrator model download)")
            path = str(found)
        # the listener checks every result against the full language, so vosk need not
        # insist on its (sampled) phrase list
        kwargs = {"require_phrase": False}
        if min_confidence is not None:
            kwargs["min_confidence"] = min_confidence
        return VoskRecognizer(path, **kwargs)
    if backend in ("moonshine", "fused"):
        # moonshine scores the phrases the state allows; fused, pocketsphinx (or vosk, when
        # model_path names a vosk model) proposes candidates and marks the utterances
        from hardware.moonshine_backend import MoonshineRecognizer

        source = third = None
        if backend == "fused":
            # its third first: loading it peaks at twice its size, best while little else is loaded
            from hardware.whisper_model import third_recognizer
            third = third_recognizer()
            from hardware.vosk_backend import is_vosk_model
            inner = "vosk" if model_path and is_vosk_model(model_path) else "pocketsphinx"
            source = make_recognizer(inner, model_path, vad_window=vad_window, vad_ratio=vad_ratio,
                                     profile=profile if inner == "pocketsphinx" else None)
        recognizer = MoonshineRecognizer(source=source, vad_window=vad_window, vad_ratio=vad_ratio)
        recognizer.third = third   # for its doubts, where installed
        return recognizer
    raise RecognizerError(f"unknown recognizer backend {backend!r}")


def vocabulary_gap(recognizer: Recognizer, language: CommandLanguage, wake_phrase: str = "",
                   pronunciations: dict[str, str] | None = None) -> list[str]:
    """Words of the whole command language (and the wake phrase) the recognizer cannot say."""
    full = language.grammar(prefix=wake_phrase)
    try:
        recognizer.set_grammar(GrammarSpec.from_data(full, pronunciations or {}))
    except RecognizerError as exc:
        text = str(exc)
        if "no pronunciation for:" in text:
            return sorted(w.strip() for w in text.split(":", 1)[1].split(","))
        raise
    return recognizer.missing_words(full.words)
