"""Voice input at start-up: the recognizer, the microphone source and the listener built from
the configuration, with one line that says what is used. When anything is missing (no
microphone, no model, words the model cannot say) there is no listener and a clear message,
and typed or button input carries on."""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Any

from hardware.recognizer import Recognizer, RecognizerError
from narrator.language.commands import CommandLanguage
from narrator.voice.listener import DEFAULT_MIN_CONFIDENCE, Earcon, Listener, Say
from narrator.voice.policy import Policy
from narrator.voice.recognizers import make_recognizer, vocabulary_gap

log = logging.getLogger(__name__)


@dataclass
class VoiceSetup:
    """What :func:`open_voice` found: a listener and its source, or neither and why."""

    listener: Listener | None
    source: Any = None
    message: str = ""
    problems: list[str] = field(default_factory=list)

    @property
    def available(self) -> bool:
        return self.listener is not None

    def close(self) -> None:
        if self.source is not None:
            try:
                self.source.stop()
            except Exception:  # pragma: no cover - a device going away while stopping
                log.exception("stopping the audio source failed")


def open_voice(
    language: CommandLanguage,
    *,
    backend: str = "pocketsphinx",
    model_path: str = "",
    microphone: str | None = "",
    gating: str = "push_to_talk",
    wake_phrase: str = "storyteller",
    min_confidence: float = DEFAULT_MIN_CONFIDENCE,
    speaking: threading.Event | None = None,
    earcon: Earcon | None = None,
    say: Say | None = None,
    source: Any = None,
    recognizer: Recognizer | None = None,
    policy_options: dict[str, Any] | None = None,
) -> VoiceSetup:
    """Everything voice input needs, or a clear reason it is off. Never raises for a missing
    device, model or word. ``source``/``recognizer`` may be given (tests, WAV input);
    otherwise the microphone named ``microphone`` ("" = default, "none" = off) is opened."""
    if backend == "none":
        return VoiceSetup(None, None, "Voice commands: off (recognizer backend 'none'); "
                                      "typed and button input only.")
    from narrator.language.pronunciations import load_pronunciations

    pronunciations = load_pronunciations()
    problems: list[str] = []
    if recognizer is None:
        try:
            recognizer = make_recognizer(backend, model_path)
        except RecognizerError as exc:
            problems.append(f"recognizer: {exc}")
    if recognizer is not None:
        try:
            gap = vocabulary_gap(recognizer, language,
                                 wake_phrase if gating == "wake_phrase" else "", pronunciations)
        except RecognizerError as exc:
            problems.append(f"recognizer: {exc}")
        else:
            if gap:
                problems.append("the recognizer's model cannot hear these command words: "
                                + ", ".join(gap[:12]) + (" ..." if len(gap) > 12 else ""))
    if source is None and not problems:
        if microphone == "none":
            problems.append("microphone: turned off in the configuration")
        else:
            try:
                from hardware.microphone import MicrophoneUnavailable, open_source
                try:
                    source = open_source(microphone, sample_rate=recognizer.sample_rate)
                except MicrophoneUnavailable as exc:
                    problems.append(f"microphone: {exc}")
            except ImportError as exc:  # numpy or the module itself missing
                problems.append(f"microphone: {exc}")
    if problems:
        return VoiceSetup(None, None, "Voice commands: off (" + "; ".join(problems)
                          + "). Typed and button input still work.", problems)
    try:
        listener = Listener(recognizer, language, gating=gating, wake_phrase=wake_phrase,
                            min_confidence=min_confidence, speaking=speaking, earcon=earcon,
                            say=say, pronunciations=pronunciations,
                            policy=Policy(min_confidence, **policy_options) if policy_options else None)
    except (RecognizerError, ValueError) as exc:
        return VoiceSetup(None, None, f"Voice commands: off ({exc}). Typed and button input "
                                      "still work.", [str(exc)])
    how = {"push_to_talk": "hold the talk button",
           "wake_phrase": f"say '{wake_phrase}' first",
           "open": "always listening"}[gating]
    where = getattr(source, "name", None) or type(source).__name__
    return VoiceSetup(listener, source,
                      f"Voice commands: {backend} on {where}; {how}.")
