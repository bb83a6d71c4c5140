"""The narrator's configuration: one TOML file, defaults for everything.

Where the file is found (first match wins):

1. ``--config PATH`` on the command line (the file must exist);
2. the system file ``/etc/narrator/narrator.toml`` when running as the service
   (environment ``NARRATOR_SYSTEM=1``);
3. the user's file ``$XDG_CONFIG_HOME/narrator/narrator.toml`` (default ``~/.config``);
4. the system file, when it exists and the user has none;
5. none at all: every value is its default.

``--set section.key=VALUE`` overrides single values from the command line. Every value
remembers where it came from (``default``, the file's path, or ``command line``), and any
bad value raises :class:`ConfigError` naming the file and the key.
"""
from __future__ import annotations

import dataclasses
import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hardware.folders import user_dir

SYSTEM_CONFIG = Path("/etc/narrator/narrator.toml")
DEFAULT_SOURCE = "default"
COMMAND_LINE = "command line"

GPIO_PIN_RANGE = range(2, 28)  # BCM numbers of the 40-pin header's GPIOs
RECOGNIZER_BACKENDS = ("auto", "pocketsphinx", "vosk", "moonshine", "fused", "none")
GATING_MODES = ("push_to_talk", "wake_phrase")
SPEECH_ENGINES = ("espeak", "piper")  # espeak-ng through pyttsx3; Piper's neural voice


class ConfigError(Exception):
    """A configuration file or override that cannot be used; the message names file and key."""


def _default_data_dir() -> str:
    """Journals live in the service's StateDirectory, else in the user's data dir."""
    state = os.environ.get("STATE_DIRECTORY")
    if state:
        return state.split(":")[0]
    return str(user_dir("data"))


@dataclass(frozen=True)
class AudioConfig:
    """Output devices by name substring: "" = the default device, "none" = printed only."""

    public_device: str = ""
    private_device: str = ""
    microphone: str = ""


@dataclass(frozen=True)
class VoiceConfig:
    """Speech synthesis per channel: engine, espeak-ng voice ("" = default), words/minute, 0..1;
    the Piper voice model ("" = the bundled English voice)."""

    public_engine: str = "espeak"
    private_engine: str = "espeak"
    public_voice: str = ""
    private_voice: str = ""
    public_rate: int = 160
    private_rate: int = 190
    public_volume: float = 1.0
    private_volume: float = 0.8
    piper_voice: str = ""


@dataclass(frozen=True)
class RecognizerConfig:
    """Speech recognition: backend, model, how listening is gated, minimum confidence."""

    # "auto": fused where the neural extra can run (it asks back far fewer commands:
    # docs/performance.md), else pocketsphinx alone
    backend: str = "auto"
    model_path: str = ""
    gating: str = "push_to_talk"
    wake_phrase: str = "storyteller"
    # the floor every benchmark measures (narrator.voice.thresholds.DEFAULT_MIN_CONFIDENCE;
    # tests/cli/test_config.py holds the two together: config imports nothing of voice)
    confidence: float = 0.3
    # the speaker profile (``narrator enroll``): "" the one called "storyteller" if there is
    # one, "none" none, else a profile's name (in <data_dir>/profiles) or directory
    profile: str = ""


@dataclass(frozen=True)
class GpioConfig:
    """BCM pin numbers of the buttons and LEDs, and the long-press time of the back button."""

    enabled: bool = True
    pin_next: int = 5
    pin_yes: int = 6
    pin_no: int = 13
    pin_back: int = 26
    pin_ptt: int = 16
    pin_led_listening: int = 17
    pin_led_night: int = 27
    pin_led_attention: int = 22
    pin_led_error: int = 23
    hold_seconds: float = 1.0
    # The seat dial: a rotary encoder (A, B) with a push button. Turning goes through the
    # seats (or numbers, or yes and no) of the current question; a press picks.
    dial: bool = True
    pin_dial_a: int = 24     # not 20 and 21: an audio HAT's I2S pins are 18 to 21
    pin_dial_b: int = 25
    pin_dial_button: int = 12


@dataclass(frozen=True)
class GameConfig:
    """Where game journals live and which script a new game uses by default."""

    data_dir: str = field(default_factory=_default_data_dir)
    default_script: str = "Trouble Brewing"


@dataclass(frozen=True)
class GrimoireConfig:
    """The live town square on the Storyteller's phone (docs/grimoire-live.md): off unless
    asked; when on, served on a local address only, to a browser that gave the pairing
    code said in the earpiece."""

    serve: bool = False
    address: str = "auto"     # "auto": this machine's address on the local network
    port: int = 8421


ROSTERS = "rosters"          # [rosters] "Thursday group" = ["Ann", "Ben", ...]
MAX_ROSTER = 20


SECTIONS: dict[str, type] = {
    "audio": AudioConfig,
    "voice": VoiceConfig,
    "recognizer": RecognizerConfig,
    "gpio": GpioConfig,
    "game": GameConfig,
    "grimoire": GrimoireConfig,
}


@dataclass(frozen=True)
class Config:
    """The effective configuration; ``sources[(section, key)]`` tells where a value came from."""

    audio: AudioConfig = field(default_factory=AudioConfig)
    voice: VoiceConfig = field(default_factory=VoiceConfig)
    recognizer: RecognizerConfig = field(default_factory=RecognizerConfig)
    gpio: GpioConfig = field(default_factory=GpioConfig)
    game: GameConfig = field(default_factory=GameConfig)
    grimoire: GrimoireConfig = field(default_factory=GrimoireConfig)
    # Saved groups of players by name, in seat order ("Thursday group" -> names).
    rosters: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    path: Path | None = None
    sources: Mapping[tuple[str, str], str] = field(default_factory=dict)

    def source(self, section: str, key: str) -> str:
        return self.sources.get((section, key), DEFAULT_SOURCE)

    def items(self) -> list[tuple[str, str, Any, str]]:
        """Every (section, key, value, source), in schema order."""
        out = []
        for section in SECTIONS:
            values = getattr(self, section)
            for f in dataclasses.fields(values):
                out.append((section, f.name, getattr(values, f.name), self.source(section, f.name)))
        return out


# ---- validation -------------------------------------------------------------------------

def _range(lo: float, hi: float) -> Callable[[Any], str | None]:
    return lambda v: None if lo <= v <= hi else f"{v!r} is out of range ({lo:g}..{hi:g})"


def _one_of(choices: tuple[str, ...]) -> Callable[[Any], str | None]:
    return lambda v: None if v in choices else f"{v!r} is not one of: {', '.join(choices)}"


def _pin(v: int) -> str | None:
    if v in GPIO_PIN_RANGE:
        return None
    return f"{v} is not a GPIO pin ({GPIO_PIN_RANGE.start}..{GPIO_PIN_RANGE.stop - 1})"


def _not_empty(v: str) -> str | None:
    return None if v.strip() else "must not be empty"


_CHECKS: dict[tuple[str, str], Callable[[Any], str | None]] = {
    ("voice", "public_engine"): _one_of(SPEECH_ENGINES),
    ("voice", "private_engine"): _one_of(SPEECH_ENGINES),
    ("voice", "public_rate"): _range(50, 500),
    ("voice", "private_rate"): _range(50, 500),
    ("voice", "public_volume"): _range(0.0, 1.0),
    ("voice", "private_volume"): _range(0.0, 1.0),
    ("recognizer", "backend"): _one_of(RECOGNIZER_BACKENDS),
    ("recognizer", "gating"): _one_of(GATING_MODES),
    ("recognizer", "wake_phrase"): _not_empty,
    ("recognizer", "confidence"): _range(0.0, 1.0),
    ("gpio", "hold_seconds"): _range(0.1, 10.0),
    ("game", "data_dir"): _not_empty,
    ("grimoire", "address"): _not_empty,
    ("grimoire", "port"): _range(1024, 65535),
}
for _f in dataclasses.fields(GpioConfig):
    if _f.name.startswith("pin_"):
        _CHECKS[("gpio", _f.name)] = _pin

_PATH_KEYS = {("recognizer", "model_path"), ("recognizer", "profile"), ("game", "data_dir"), ("voice", "piper_voice")}
_TYPE_NAMES = {"str": "a string", "int": "an integer", "float": "a number", "bool": "true or false"}


def _coerce(kind: str, value: Any) -> Any:
    """Return the value as the field's type, or raise ValueError. TOML is typed: no guessing."""
    if kind == "bool" and isinstance(value, bool):
        return value
    if kind == "int" and isinstance(value, int) and not isinstance(value, bool):
        return value
    if kind == "float" and isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if kind == "str" and isinstance(value, str):
        return value
    raise ValueError(f"{value!r} is not {_TYPE_NAMES[kind]}")


def _field_kinds(cls: type) -> dict[str, str]:
    return {f.name: str(f.type) for f in dataclasses.fields(cls)}


def _apply(
    values: dict[str, dict[str, Any]],
    sources: dict[tuple[str, str], str],
    table: Mapping[str, Any],
    origin: str,
) -> None:
    """Validate one layer (a parsed file or the overrides) and merge it into ``values``."""
    for section, entries in table.items():
        if section == ROSTERS:
            if not isinstance(entries, Mapping):
                raise ConfigError(f"{origin}: [{ROSTERS}] must be a table of names")
            for name, raw in entries.items():
                values.setdefault(ROSTERS, {})[" ".join(name.split())] = _roster(
                    name, raw, f"{origin}: [{ROSTERS}] {name}")
                sources[(ROSTERS, name)] = origin
            continue
        if section not in SECTIONS:
            raise ConfigError(f"{origin}: unknown section [{section}] "
                              f"(known: {', '.join(SECTIONS)})")
        if not isinstance(entries, Mapping):
            raise ConfigError(f"{origin}: [{section}] must be a table")
        kinds = _field_kinds(SECTIONS[section])
        for key, raw in entries.items():
            where = f"{origin}: [{section}] {key}"
            if key not in kinds:
                raise ConfigError(f"{where}: unknown key (known: {', '.join(kinds)})")
            try:
                value = _coerce(kinds[key], raw)
            except ValueError as exc:
                raise ConfigError(f"{where}: {exc}") from None
            problem = _CHECKS.get((section, key), lambda v: None)(value)
            if problem:
                raise ConfigError(f"{where}: {problem}")
            if (section, key) in _PATH_KEYS and value:
                value = os.path.expanduser(value)
            values.setdefault(section, {})[key] = value
            sources[(section, key)] = origin


def _roster(name: str, raw: Any, where: str) -> tuple[str, ...]:
    """A roster's names: a list of strings or one comma-separated string; each name once."""
    if isinstance(raw, str):
        raw = raw.split(",")
    if not isinstance(raw, list) or not all(isinstance(n, str) for n in raw):
        raise ConfigError(f"{where}: expected a list of names or one comma-separated string")
    names = tuple(n.strip() for n in raw if n.strip())
    if not name.strip():
        raise ConfigError(f"{where}: a roster needs a name")
    if not names:
        raise ConfigError(f"{where}: no names")
    if len(names) > MAX_ROSTER:
        raise ConfigError(f"{where}: {len(names)} names; at most {MAX_ROSTER}")
    lowered = [n.lower() for n in names]
    twice = sorted({n for n in names if lowered.count(n.lower()) > 1})
    if twice:
        raise ConfigError(f"{where}: {', '.join(twice)} twice")
    return names


def _check_distinct_pins(gpio: GpioConfig, sources: Mapping[tuple[str, str], str]) -> None:
    seen: dict[int, str] = {}
    for f in dataclasses.fields(gpio):
        if not f.name.startswith("pin_"):
            continue
        pin = getattr(gpio, f.name)
        if pin in seen:
            origin = sources.get(("gpio", f.name), DEFAULT_SOURCE)
            raise ConfigError(f"{origin}: [gpio] {f.name}: pin {pin} is already used by "
                              f"{seen[pin]}")
        seen[pin] = f.name


def parse_override(text: str) -> tuple[str, str, Any]:
    """Parse ``section.key=VALUE``; VALUE is read as TOML (``99``, ``true``, ``"x"``), else text."""
    name, sep, raw = text.partition("=")
    section, dot, key = name.strip().partition(".")
    if not sep or not dot or not section or not key:
        raise ConfigError(f"{COMMAND_LINE}: --set {text!r}: expected section.key=VALUE")
    raw = raw.strip()
    try:
        value = tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw
    return section, key, value


# ---- finding and loading ----------------------------------------------------------------

def user_config_path(env: Mapping[str, str] | None = None) -> Path:
    return user_dir("config", env) / "narrator.toml"


def is_system_mode(env: Mapping[str, str] | None = None) -> bool:
    env = os.environ if env is None else env
    return env.get("NARRATOR_SYSTEM", "").strip().lower() in ("1", "true", "yes")


def find_config(
    explicit: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
    system_path: Path = SYSTEM_CONFIG,
) -> tuple[Path | None, str]:
    """Return (the file to read or None, why it was chosen)."""
    if explicit is not None:
        path = Path(explicit).expanduser()
        if not path.is_file():
            raise ConfigError(f"{path}: no such config file (given with --config)")
        return path, "given with --config"
    if is_system_mode(env):
        if system_path.is_file():
            return system_path, "system file (NARRATOR_SYSTEM=1)"
        return None, f"NARRATOR_SYSTEM=1 but {system_path} does not exist: defaults"
    user = user_config_path(env)
    if user.is_file():
        return user, "user file"
    if system_path.is_file():
        return system_path, "system file (no user file)"
    return None, f"no config file ({user} or {system_path}): defaults"


def load_config(
    explicit: str | os.PathLike[str] | None = None,
    overrides: list[str] | None = None,
    env: Mapping[str, str] | None = None,
    system_path: Path = SYSTEM_CONFIG,
) -> Config:
    """Find, read and validate the configuration, then apply ``--set`` overrides."""
    path, _why = find_config(explicit, env, system_path)
    values: dict[str, dict[str, Any]] = {}
    sources: dict[tuple[str, str], str] = {}
    if path is not None:
        try:
            with open(path, "rb") as fh:
                table = tomllib.load(fh)
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{path}: not valid TOML: {exc}") from None
        except OSError as exc:
            raise ConfigError(f"{path}: cannot read: {exc.strerror}") from None
        _apply(values, sources, table, str(path))
    layer: dict[str, dict[str, Any]] = {}
    for text in overrides or []:
        section, key, value = parse_override(text)
        layer.setdefault(section, {})[key] = value
    _apply(values, sources, layer, COMMAND_LINE)
    sections = {name: cls(**values.get(name, {})) for name, cls in SECTIONS.items()}
    _check_distinct_pins(sections["gpio"], sources)
    return Config(**sections, rosters=dict(values.get(ROSTERS, {})), path=path,
                  sources=dict(sources))
