"""Which speech engine speaks each channel: espeak-ng always works; Piper where asked and able.

The [voice] section names an engine per channel (``public_engine``, ``private_engine``):
``"espeak"`` (espeak-ng through pyttsx3, the default) or ``"piper"`` (a neural voice). A
channel set to Piper whose package or voice is missing, or will not load, is spoken by
espeak-ng instead, with one warning line saying so; it never stops the narrator.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from typing import Callable

from hardware.piper_tts import PiperSynthesizer
from hardware.tts import TtsUnavailable
from narrator.speech.cache import DEFAULT_ENGINE, SynthesizerLike
from narrator.speech.settings import CHANNELS, SpeechSettings

log = logging.getLogger(__name__)

PIPER = "piper"
ENGINES = (DEFAULT_ENGINE, PIPER)


@dataclass
class Engines:
    """The settings as they will be spoken, the synthesizer of each engine in use, and
    the warnings about channels that could not have the engine they asked for."""

    settings: SpeechSettings
    synthesizers: dict[str, SynthesizerLike]
    warnings: list[str] = field(default_factory=list)

    def used(self) -> set[str]:
        return {self.settings.engine(ch) for ch in CHANNELS}

    def describe(self) -> str:
        """"espeak-ng via pyttsx3" or "piper (en_US-joe-medium) public, espeak-ng ... private"."""
        names = {ch: _name(self.synthesizers[self.settings.engine(ch)]) for ch in CHANNELS}
        if len(set(names.values())) == 1:
            return names["public"]
        return ", ".join(f"{name} {ch}" for ch, name in names.items())


def _name(synthesizer: SynthesizerLike) -> str:
    describe = getattr(synthesizer, "describe", None)
    return describe() if callable(describe) else type(synthesizer).__name__


def choose_engines(settings: SpeechSettings, espeak: SynthesizerLike,
                   piper: Callable[[str | None], SynthesizerLike] = PiperSynthesizer,
                   ) -> Engines:
    """Start Piper if a channel asks for it; channels it cannot serve go to espeak-ng.

    ``piper`` makes the Piper synthesizer from the configured voice model (None = the
    bundled one); it is started (its voice loaded) here, so a missing voice shows now.
    """
    wanted = [ch for ch in CHANNELS if settings.engine(ch) == PIPER]
    unknown = {settings.engine(ch) for ch in CHANNELS} - set(ENGINES)
    if unknown:
        raise ValueError(f"unknown speech engine {', '.join(sorted(unknown))} "
                         f"(known: {', '.join(ENGINES)})")
    synthesizers: dict[str, SynthesizerLike] = {DEFAULT_ENGINE: espeak}
    warnings: list[str] = []
    if wanted:
        try:
            synth = piper(settings.piper_voice)
            check = getattr(synth, "check", None)
            if callable(check):
                check()
            synthesizers[PIPER] = synth
        except TtsUnavailable as exc:
            channels = " and ".join(wanted)
            warning = (f"piper is set for the {channels} "
                       f"channel{'s' if len(wanted) > 1 else ''} but cannot start ({exc}); "
                       f"espeak-ng speaks instead")
            log.info("%s", warning)  # printed by open_narration as a [speech] line
            warnings.append(warning)
            settings = replace(settings, **{f"{ch}_engine": DEFAULT_ENGINE for ch in wanted})
    return Engines(settings, synthesizers, warnings)
