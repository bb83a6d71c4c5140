"""Speech settings: the two channels (public: the table; private: the Storyteller) and each
one's device, engine, voice, rate and volume."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from narrator.speech.cache import DEFAULT_ENGINE, VoiceSpec

Channel = Literal["public", "private"]
CHANNELS: tuple[Channel, ...] = ("public", "private")
NO_DEVICE = "none"  # a channel's device setting that means: print this channel, never play


@dataclass(frozen=True)
class SpeechSettings:
    """Speech configuration. A device is a name substring; None means the system default
    and ``"none"`` (:data:`NO_DEVICE`) prints that channel. ``narrator.speech.config``
    builds these from the configuration file."""

    public_device: str | None = None
    private_device: str | None = None
    public_voice: str | None = None
    private_voice: str | None = None
    public_rate: int = 165
    private_rate: int = 185
    public_volume: float = 1.0
    private_volume: float = 1.0
    public_engine: str = DEFAULT_ENGINE  # "espeak" or "piper"
    private_engine: str = DEFAULT_ENGINE
    piper_voice: str | None = None  # a Piper .onnx voice; None = the bundled English one
    cache_dir: Path | None = None
    shared_private_gain: float = 0.5  # private lines on the public device play this quiet
    enabled: bool = True  # False: always printed narration

    def engine(self, channel: Channel) -> str:
        return self.public_engine if channel == "public" else self.private_engine

    def spec(self, channel: Channel) -> VoiceSpec:
        """Engine, voice, rate and volume for a channel."""
        engine = self.engine(channel)
        if engine == "piper":
            voice = self.piper_voice
        else:
            voice = self.public_voice if channel == "public" else self.private_voice
        if channel == "public":
            return VoiceSpec(voice, self.public_rate, self.public_volume, engine)
        return VoiceSpec(voice, self.private_rate, self.private_volume, engine)

    def device(self, channel: Channel) -> str | None:
        return self.public_device if channel == "public" else self.private_device


def check_channel(channel: str) -> Channel:
    if channel not in CHANNELS:
        raise ValueError(f"channel must be 'public' or 'private', not {channel!r}")
    return channel  # type: ignore[return-value]
