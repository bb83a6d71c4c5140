"""narrator.config: search order, defaults, sources, and errors that name file and key."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from narrator import cli
from narrator.cli.config import render
from narrator.config import (
    COMMAND_LINE,
    DEFAULT_SOURCE,
    ConfigError,
    GpioConfig,
    find_config,
    load_config,
)


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """An environment whose user config dir is inside tmp_path; no system mode."""
    return {"HOME": str(tmp_path / "home"), "XDG_CONFIG_HOME": str(tmp_path / "xdg")}


@pytest.fixture
def system(tmp_path: Path) -> Path:
    return tmp_path / "etc" / "narrator.toml"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_defaults_when_no_file(env, system):
    cfg = load_config(env=env, system_path=system)
    assert cfg.path is None
    assert cfg.gpio == GpioConfig()
    assert cfg.recognizer.wake_phrase == "storyteller"
    assert all(source == DEFAULT_SOURCE for *_, source in cfg.items())


def test_user_file_wins_over_system_file(env, system, tmp_path):
    user = write(tmp_path / "xdg" / "narrator" / "narrator.toml", "[voice]\npublic_rate = 140\n")
    write(system, "[voice]\npublic_rate = 120\n")
    cfg = load_config(env=env, system_path=system)
    assert cfg.path == user
    assert cfg.voice.public_rate == 140
    assert cfg.source("voice", "public_rate") == str(user)
    assert cfg.source("voice", "private_rate") == DEFAULT_SOURCE


def test_system_file_when_no_user_file(env, system):
    write(system, "[game]\ndefault_script = \"Sects and Violets\"\n")
    assert find_config(env=env, system_path=system)[0] == system


def test_system_mode_ignores_user_file(env, system, tmp_path):
    write(tmp_path / "xdg" / "narrator" / "narrator.toml", "")
    write(system, "[gpio]\nenabled = false\n")
    env["NARRATOR_SYSTEM"] = "1"
    cfg = load_config(env=env, system_path=system)
    assert cfg.path == system and cfg.gpio.enabled is False


def test_system_mode_without_file_uses_defaults(env, system, tmp_path):
    write(tmp_path / "xdg" / "narrator" / "narrator.toml", "[gpio]\nenabled = false\n")
    env["NARRATOR_SYSTEM"] = "1"
    cfg = load_config(env=env, system_path=system)
    assert cfg.path is None and cfg.gpio.enabled is True


def test_explicit_path_overrides_everything(env, system, tmp_path):
    write(system, "")
    mine = write(tmp_path / "mine.toml", "[recognizer]\nbackend = \"vosk\"\nconfidence = 1\n")
    cfg = load_config(mine, env={**env, "NARRATOR_SYSTEM": "1"}, system_path=system)
    assert cfg.path == mine
    assert cfg.recognizer.backend == "vosk"
    assert cfg.recognizer.confidence == 1.0 and isinstance(cfg.recognizer.confidence, float)


def test_explicit_path_must_exist(tmp_path):
    with pytest.raises(ConfigError, match="no such config file"):
        load_config(tmp_path / "missing.toml")


def test_overrides_are_typed_and_marked(env, system):
    cfg = load_config(overrides=["gpio.pin_yes=7", "audio.public_device=USB Audio",
                                 "gpio.enabled=false"], env=env, system_path=system)
    assert cfg.gpio.pin_yes == 7
    assert cfg.audio.public_device == "USB Audio"
    assert cfg.gpio.enabled is False
    assert cfg.source("gpio", "pin_yes") == COMMAND_LINE


def test_paths_expand_home(env, system, tmp_path):
    cfg = load_config(overrides=["game.data_dir=~/games"], env=env, system_path=system)
    assert not cfg.game.data_dir.startswith("~")


@pytest.mark.parametrize("text, message", [
    ("[gpio]\npin_yes = 99\n", "[gpio] pin_yes: 99 is not a GPIO pin (2..27)"),
    ("[gpio]\npin_yes = 5\n", "[gpio] pin_yes: pin 5 is already used by pin_next"),
    ("[gpio]\npin_yes = \"6\"\n", "[gpio] pin_yes: '6' is not an integer"),
    ("[gpio]\nenabled = 1\n", "[gpio] enabled: 1 is not true or false"),
    ("[gpio]\npin_led_night = true\n", "[gpio] pin_led_night: True is not an integer"),
    ("[recognizer]\nbackend = \"julius\"\n", "[recognizer] backend: 'julius' is not one of"),
    ("[recognizer]\ngating = \"always\"\n", "[recognizer] gating: 'always' is not one of"),
    ("[recognizer]\nconfidence = 1.5\n", "[recognizer] confidence: 1.5 is out of range"),
    ("[voice]\npublic_volume = -0.1\n", "[voice] public_volume: -0.1 is out of range"),
    ("[voice]\nspeed = 3\n", "[voice] speed: unknown key"),
    ("[video]\nx = 1\n", "unknown section [video]"),
    ("gpio = 3\n", "[gpio] must be a table"),
    ("[gpio\n", "not valid TOML"),
])
def test_bad_values_name_file_and_key(tmp_path, text, message):
    path = write(tmp_path / "bad.toml", text)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert str(info.value).startswith(f"{path}: ")
    assert message in str(info.value)


def test_bad_override_names_command_line(env, system):
    with pytest.raises(ConfigError, match=r"^command line: \[gpio\] pin_no: 1 is not a GPIO pin"):
        load_config(overrides=["gpio.pin_no=1"], env=env, system_path=system)
    with pytest.raises(ConfigError, match="expected section.key=VALUE"):
        load_config(overrides=["pin_no=1"], env=env, system_path=system)


def test_render_is_valid_toml_and_names_sources(tmp_path):
    path = write(tmp_path / "n.toml", "[audio]\nprivate_device = \"Headphones \\\"L\\\"\"\n")
    cfg = load_config(path, overrides=["voice.private_rate=200"])
    text = render(cfg)
    assert tomllib.loads(text)["audio"]["private_device"] == 'Headphones "L"'
    lines = text.splitlines()
    assert any(l.startswith("private_device =") and l.endswith(f"# {path}") for l in lines)
    assert any(l.startswith("private_rate = 200") and l.endswith("# command line") for l in lines)
    assert any(l.startswith("public_rate = 160") and l.endswith("# default") for l in lines)


def test_cli_show_and_bad_file_exit_2(tmp_path, capsys):
    good = write(tmp_path / "good.toml", "[gpio]\nhold_seconds = 2\n")
    assert cli.main(["config", "show", "--config", str(good)]) == 0
    assert "hold_seconds = 2.0" in capsys.readouterr().out
    bad = write(tmp_path / "bad.toml", "[gpio]\npin_yes = 99\n")
    assert cli.main(["config", "show", "--config", str(bad)]) == 2
    assert f"{bad}: [gpio] pin_yes: 99 is not a GPIO pin" in capsys.readouterr().err


def test_cli_path(tmp_path, capsys):
    good = write(tmp_path / "good.toml", "")
    assert cli.main(["config", "path", "--config", str(good)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == str(good)


def test_rosters_are_read_checked_and_shown(tmp_path):
    path = write(tmp_path / "r.toml", '[rosters]\n"Thursday  group" = ["Ann", "Ben", "Cat"]\n'
                                      'family = "Dad, Mum , Zoe"\n')
    cfg = load_config(path)
    assert cfg.rosters == {"Thursday group": ("Ann", "Ben", "Cat"),
                           "family": ("Dad", "Mum", "Zoe")}
    assert tomllib.loads(render(cfg))["rosters"]["family"] == ["Dad", "Mum", "Zoe"]
    assert load_config(overrides=['rosters.pairs=["A", "B"]'],
                       env={"HOME": str(tmp_path)}, system_path=tmp_path / "none").rosters == {
        "pairs": ("A", "B")}


@pytest.mark.parametrize("text, message", [
    ('[rosters]\nx = 3\n', "[rosters] x: expected a list of names"),
    ('[rosters]\nx = ["Ann", "ann"]\n', "[rosters] x: Ann, ann twice"),
    ('[rosters]\nx = []\n', "[rosters] x: no names"),
    ('[rosters]\n"" = ["Ann"]\n', "a roster needs a name"),
    ('rosters = 3\n', "[rosters] must be a table"),
])
def test_bad_rosters_name_file_and_roster(tmp_path, text, message):
    path = write(tmp_path / "bad.toml", text)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert str(info.value).startswith(f"{path}: ") and message in str(info.value)


def test_the_users_folders_come_from_one_place(tmp_path, monkeypatch):
    """Journals, models and the configuration file are found by one helper
    (hardware.folders.user_dir), following the XDG rules; a relative XDG path is ignored."""
    from hardware.folders import user_dir
    from hardware.models import default_models_dir
    from narrator.config import GameConfig, user_config_path

    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert GameConfig().data_dir == str(tmp_path / "data" / "narrator")
    assert default_models_dir() == tmp_path / "data" / "narrator" / "models"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")
    assert user_dir("data") == tmp_path / "home" / ".local" / "share" / "narrator"
    env = {"HOME": str(tmp_path / "h"), "XDG_CONFIG_HOME": ""}
    assert user_config_path(env) == tmp_path / "h" / ".config" / "narrator" / "narrator.toml"


def test_the_default_floor_is_the_one_the_benchmarks_measure():
    """Table mode's Listener is given [recognizer] confidence as its floor; every voice figure
    is measured at the policy's own. A default of 0.6 (until 6 Dec) refused 9 of the 110 clean
    benchmark commands the figures counted as acted on."""
    from narrator.config import RecognizerConfig
    from narrator.voice.listener import Listener
    from narrator.voice.policy import Policy

    assert RecognizerConfig().confidence == Policy().min_confidence
    assert Listener.__init__.__kwdefaults__["min_confidence"] == Policy().min_confidence


def test_the_default_pins_are_distinct_and_leave_the_audio_hats_pins_free():
    """docs/raspberry-pi.md: I2C (2, 3), SPI0 (7 to 11), UART (14, 15) and I2S (18 to 21)
    stay free for an audio HAT; the dial sat on 20 and 21."""
    from dataclasses import fields

    from narrator.config import GpioConfig

    gpio = GpioConfig()
    pins = [getattr(gpio, f.name) for f in fields(gpio) if f.name.startswith("pin_")]
    assert len(set(pins)) == len(pins)
    assert not set(pins) & {2, 3, 7, 8, 9, 10, 11, 14, 15, 18, 19, 20, 21}
