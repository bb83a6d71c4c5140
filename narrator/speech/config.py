"""The configuration's [audio] and [voice] sections as :class:`SpeechSettings`.

One mapping, used by table mode (``narrator run``), ``narrator play --speak`` and
``narrator say``:

- ``[audio] public_device`` / ``private_device``: a device-name substring; ``""`` is the
  system default output; ``"none"`` prints that channel (both ``"none"``: no speech at all).
- ``[voice] *_engine`` (``"espeak"``, the default, or ``"piper"``), ``*_voice`` (the
  espeak-ng voice; ``""`` = its default), ``*_rate`` (words per minute) and ``*_volume``
  (0..1) per channel; ``piper_voice`` is the Piper model (``""`` = the bundled English one).
- Prepared prompts are kept in ``<[game] data_dir>/speech-cache``.
"""
from __future__ import annotations

from pathlib import Path

from narrator.config import Config
from narrator.speech.settings import NO_DEVICE, SpeechSettings

CACHE_DIR_NAME = "speech-cache"


def speech_settings(config: Config) -> SpeechSettings:
    """SpeechSettings from the [audio] and [voice] sections (and the cache in data_dir)."""
    audio, voice = config.audio, config.voice
    devices = (audio.public_device.strip(), audio.private_device.strip())
    return SpeechSettings(
        public_device=devices[0] or None,
        private_device=devices[1] or None,
        public_voice=voice.public_voice.strip() or None,
        private_voice=voice.private_voice.strip() or None,
        public_rate=voice.public_rate,
        private_rate=voice.private_rate,
        public_volume=voice.public_volume,
        private_volume=voice.private_volume,
        public_engine=voice.public_engine,
        private_engine=voice.private_engine,
        piper_voice=voice.piper_voice.strip() or None,
        cache_dir=Path(config.game.data_dir) / CACHE_DIR_NAME,
        enabled=not all(d.lower() == NO_DEVICE for d in devices),
    )
