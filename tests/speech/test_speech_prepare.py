"""Prompt preparation: sentence segments, the game's static lines, background preparation,
render-ahead, and the config mapping. Syntheses are counted, never timed."""
from __future__ import annotations

import argparse
import io
import re
import shlex
import threading
from pathlib import Path

import numpy as np
import pytest

import statemachine.wording as wording
from characters.scripts import load_script, registry_for
from hardware.audio_clip import Clip
from hardware.speakers_mock import MockOutputBackend
from hardware.tts import Synthesizer, espeak_ng_installed
from narrator.config import load_config
from narrator.console import Console, Outputs
from narrator.speech.prompts import static_lines
from narrator.speech.queue import SpeechQueue, open_narration
from narrator.speech.settings import SpeechSettings
from narrator.speech.cache import (MIN_PAUSE, PromptCache, VoiceSpec, split_sentences,
                                   trailing_quiet)
from narrator.speech.config import speech_settings
from statemachine.game import GameSetup
from statemachine.journal.session import Session

needs_espeak = pytest.mark.skipif(not espeak_ng_installed(), reason="espeak-ng is not installed")
GAMES = sorted((Path(__file__).resolve().parents[1] / "games").glob("*.txt"))
SPEC = VoiceSpec(None, 165, 1.0)


class CountingSynth:
    """0.2 s of a constant level per distinct text; records every text it renders.
    ``hold``: while set to an Event, each synthesis waits for it."""

    def __init__(self) -> None:
        self.syntheses = 0
        self.texts: list[str] = []
        self.levels: dict[str, int] = {}
        self.hold: threading.Event | None = None
        self.started = threading.Event()
        self.rendered: dict[str, threading.Event] = {}
        self._lock = threading.Lock()

    def check(self) -> None:
        pass

    def describe(self) -> str:
        return "counting voice"

    def synthesize(self, text, voice=None, rate=None, volume=None) -> Clip:
        self.started.set()
        if self.hold is not None:
            assert self.hold.wait(10)
        with self._lock:
            self.syntheses += 1
            self.texts.append(text)
            level = self.levels.setdefault(text, 1000 * (len(self.levels) % 30 + 1))
            self.rendered.setdefault(text, threading.Event()).set()
        return Clip(np.full(4410, level, dtype=np.int16), 22050)

    def was_rendered(self, text: str) -> threading.Event:
        with self._lock:
            return self.rendered.setdefault(text, threading.Event())


def rig(cache_dir=None, synth=None, backend=None):
    synth = synth or CountingSynth()
    backend = backend or MockOutputBackend(["Table speaker", "Storyteller earpiece"])
    settings = SpeechSettings(public_device="table", private_device="earpiece",
                              cache_dir=cache_dir)
    narration = open_narration(settings, io.StringIO(), backend=backend, synthesizer=synth)
    assert isinstance(narration, SpeechQueue)
    return narration, synth, backend


# --- sentences ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, parts", [
    ("Dawn. Everyone, open your eyes.", ["Dawn.", "Everyone, open your eyes."]),
    ("Wake the Empath, seat 3, Cat.", ["Wake the Empath, seat 3, Cat."]),
    ("Is it 2.5? Yes!  Go  on", ["Is it 2.5?", "Yes!", "Go on"]),
    ("Say 'next.' Then wait...", ["Say 'next.'", "Then wait..."]),
    ("Stop. ... Go.", ["Stop. ...", "Go."]),
    ("   ", []),
])
def test_lines_split_into_sentences(text, parts):
    assert split_sentences(text) == parts


def test_a_dynamic_line_reuses_the_cached_sentences():
    synth = CountingSynth()
    cache = PromptCache(synth)
    assert cache.prepare([("Wake the Empath, seat 3, Cat.", SPEC),
                          ("Dawn. Everyone, open your eyes.", SPEC)]) == 3
    clip = cache.get("Wake the Empath, seat 3, Cat. They are poisoned.", SPEC)
    assert synth.texts[3:] == ["They are poisoned."]  # only the new sentence
    first, second = synth.levels["Wake the Empath, seat 3, Cat."], synth.levels["They are poisoned."]
    gap = round(MIN_PAUSE * 22050)  # these clips end without a pause, so one is added
    assert len(clip.samples) == 4410 + gap + 4410
    assert np.all(clip.samples[:4410] == first) and np.all(clip.samples[-4410:] == second)
    assert not clip.samples[4410:4410 + gap].any()
    cache.get("Everyone, open your eyes. Dawn.", SPEC)  # any order of cached sentences
    assert synth.syntheses == 4
    assert cache.prepare([("Dawn. Everyone, open your eyes.", SPEC)]) == 0


@needs_espeak
def test_joined_sentences_keep_the_voices_own_pause():
    synth = Synthesizer()
    cache = PromptCache(synth)
    whole = synth.synthesize("Dawn. Everyone, open your eyes.", rate=165)
    joined = cache.get("Dawn. Everyone, open your eyes.", SPEC)
    assert synth.syntheses == 3  # the whole line here, two sentences in the cache
    dawn = cache.get("Dawn.", SPEC)
    assert trailing_quiet(dawn) > MIN_PAUSE  # espeak-ng's sentence pause is kept, none added
    assert abs(joined.duration - whole.duration) < 0.05 * whole.duration


# --- the game's static lines ----------------------------------------------------------------

def start_session(path: Path, tmp_path: Path) -> tuple[Session, list[str]]:
    """A game from a tests/games file (its # args line) and the commands in it."""
    parser = argparse.ArgumentParser()
    for name in ("--script", "--players", "--characters", "--travellers"):
        parser.add_argument(name, default="")
    parser.add_argument("--seed", type=int, default=1)
    header = next(x for x in path.read_text().splitlines() if x.startswith("# args:"))
    args = parser.parse_args(shlex.split(header[len("# args:"):]))
    script = load_script(args.script)
    split = lambda s: [x.strip() for x in s.split(",") if x.strip()]  # noqa: E731
    setup = GameSetup(script.name, script.ids, split(args.players), split(args.characters),
                      args.seed, split(args.travellers), script.custom)
    session = Session.create(tmp_path / "g.sqlite", setup, registry_for(script))
    commands = [x for x in path.read_text().splitlines() if not x.startswith("#")]
    return session, commands


def wording_recorder(monkeypatch) -> set[str]:
    """Record every line the engine formats through statemachine.wording (wake lines
    without their notes, which are dynamic by design)."""
    made: set[str] = set()
    for name in ("wake", "put_to_sleep", "dusk", "died_in_the_night", "day_opens",
                 "vote_call", "votes_for", "vote_count", "executed", "is_dead"):
        original = getattr(wording, name)

        def record(*args, _original=original, _name=name, **kwargs):
            if _name == "wake":
                made.add(_original(*args[:2]))
            elif not (_name == "died_in_the_night" and " and " in args[0]):
                made.add(_original(*args, **kwargs))
            return _original(*args, **kwargs)
        monkeypatch.setattr(wording, name, record)
    return made


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_static_lines_cover_the_games_recurring_sentences(path, tmp_path, monkeypatch):
    made = wording_recorder(monkeypatch)
    session, commands = start_session(path, tmp_path)
    prepared = {(ch, part) for ch, text in static_lines(session.game)
                for part in split_sentences(text)}
    game = session.game
    seated = {(str(p.seat), p.name) for p in game.grim.players}
    held = {game.unit(a).name for p in game.grim.players for a in game.abilities(p)}
    woken = {wording.wake(*game.step_names(p, a)[:1], p.label,
                          borrowed=game.step_names(p, a)[1])
             for p in game.grim.players for a in game.abilities(p)}
    log = io.StringIO()
    said = []
    outputs = Outputs(out=io.StringIO(), log=log)
    outputs.speak = lambda channel, text: said.append((channel, text))
    Console(session, outputs).run(commands)
    session.close()
    recurring = {part for line in made for part in split_sentences(line)}
    assert recurring, "the game said nothing through statemachine.wording"
    heard = [(ch, part) for ch, text in said for part in split_sentences(text)]
    # A seat swap (the Matron) makes seat/name pairs nobody had at the start: dynamic.
    # So does a new character (the Scarlet Woman becomes the Imp).
    checked = [(ch, part) for ch, part in heard if part in recurring
               and set(re.findall(r"[Ss]eat (\d+), (\w+)", part)) <= seated
               and not (part.startswith("Wake the ") and part not in woken)
               and not (part.startswith("Put the ") and part[8:-10] not in held)]
    assert len(checked) > 10
    missing = [x for x in checked if x not in prepared]
    assert not missing, missing
    for fixed in (wording.FIRST_DUSK, wording.DAWN):  # channel and text as prepared
        assert ("public", split_sentences(fixed)[0]) in prepared


def test_static_lines_name_every_waking_character_and_the_numbers(tmp_path):
    session, _ = start_session(GAMES[0], tmp_path)
    lines = static_lines(session.game)
    session.close()
    assert len(lines) == len(set(lines))
    text = [t for _ch, t in lines]
    assert ("private", "Wake the Noble, seat 1, Ann.") in lines
    assert ("private", "Put the Noble to sleep.") in lines
    assert ("public", wording.vote_count(0)) in lines and ("public", wording.vote_count(20)) in lines
    assert ("public", wording.NOBODY_DIED) in lines and ("private", wording.VOTE_HELP) in lines
    assert text.index(wording.FIRST_DUSK) == 0  # first night first


def test_a_second_game_start_synthesizes_nothing(tmp_path):
    session, _ = start_session(GAMES[1], tmp_path)
    lines = static_lines(session.game)
    narration, synth, _ = rig(cache_dir=tmp_path / "cache")
    with narration:
        job = narration.prepare(lines)
        assert job.wait(10) and job.error is None
        assert job.synthesized == job.total == synth.syntheses > len(lines) // 2
    assert len(list((tmp_path / "cache").glob("*.wav"))) == synth.syntheses

    again, synth2, backend = rig(cache_dir=tmp_path / "cache")
    with again:
        job = again.prepare(lines)
        assert job.wait(10) and (job.done, job.synthesized) == (job.total, 0)
        wake = next(t for ch, t in lines if t.startswith("Wake the "))
        again.say("private", wake + " They are drunk.")  # one new sentence
        again.say("public", wording.vote_count(7) + " Not enough.")
        assert again.wait_idle(10)
    assert synth2.texts == ["They are drunk.", "Not enough."]
    assert len(backend.samples(1)) > 2 * 4410  # both sentences were played
    session.close()


# --- background preparation and render-ahead -------------------------------------------------

def test_prepare_returns_at_once_and_queued_lines_go_first():
    narration, synth, backend = rig()
    with narration:
        synth.hold = threading.Event()  # the engine is busy with the first sentence
        job = narration.prepare([("private", f"Static line {n}.") for n in range(5)])
        assert synth.started.wait(5)
        assert not job.finished.is_set()  # prepare() did not wait for the engine
        narration.say("public", "Night falls.")
        synth.hold.set()
        assert narration.wait_idle(10) and job.wait(10)
    assert synth.texts[:2] == ["Static line 0.", "Night falls."]  # then the rest
    assert sorted(synth.texts[2:]) == [f"Static line {n}." for n in range(1, 5)]
    assert job.synthesized == 5 and job.done == 5


def test_the_next_line_is_rendered_while_one_plays():
    narration, synth, backend = rig()
    with narration:
        backend.gate = threading.Event()  # the device never finishes the first line
        narration.say("public", "First line.")
        narration.say("public", "Second line.")
        assert backend.wrote.wait(5)
        assert synth.was_rendered("Second line.").wait(5)  # while the first still plays
        assert narration.is_speaking and len(backend.writes) < 10
        backend.gate.set()
        assert narration.wait_idle(10)
    assert synth.syntheses == 2


def test_printed_narration_prepares_nothing():
    from narrator.speech.printed import PrintedNarration

    job = PrintedNarration(io.StringIO()).prepare([("public", "Dawn.")])
    assert job.wait(0) and job.total == 0
    with pytest.raises(ValueError):
        PrintedNarration(io.StringIO()).prepare([("everyone", "Dawn.")])


def test_close_stops_a_preparation():
    narration, synth, _ = rig()
    synth.hold = threading.Event()
    job = narration.prepare([("public", f"Line {n}.") for n in range(50)])
    assert synth.started.wait(5)
    synth.hold.set()
    narration.close()
    assert job.wait(5) and job.done < 50 and job.error == "narration closed"


# --- configuration -------------------------------------------------------------------------

def write_config(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "narrator.toml"
    path.write_text(text)
    return path


def test_config_maps_onto_speech_settings(tmp_path):
    path = write_config(tmp_path, f"""
[audio]
public_device = "USB Speaker"
private_device = ""
[voice]
public_voice = "en-us+f3"
public_rate = 150
private_rate = 210
public_volume = 0.9
private_volume = 0.5
[game]
data_dir = "{tmp_path / 'data'}"
""")
    settings = speech_settings(load_config(path))
    assert settings == SpeechSettings(
        public_device="USB Speaker", private_device=None, public_voice="en-us+f3",
        private_voice=None, public_rate=150, private_rate=210, public_volume=0.9,
        private_volume=0.5, cache_dir=tmp_path / "data" / "speech-cache", enabled=True)
    assert settings.spec("private") == VoiceSpec(None, 210, 0.5)


def test_a_channel_set_to_none_is_printed(tmp_path):
    path = write_config(tmp_path, '[audio]\nprivate_device = "none"\n')
    settings = speech_settings(load_config(path))
    assert settings.enabled
    narration = open_narration(settings, io.StringIO(), backend=MockOutputBackend(["Speaker"]),
                               synthesizer=CountingSynth())
    try:
        assert narration.sinks["private"] is None and narration.sinks["public"] is not None
        assert "private -> printed (turned off in the settings)" in narration.describe()
    finally:
        narration.close()
    both = write_config(tmp_path, '[audio]\nprivate_device = "none"\npublic_device = "none"\n')
    assert not speech_settings(load_config(both)).enabled


def test_narrator_say_reads_the_config_and_its_flags_win(tmp_path, monkeypatch):
    from narrator.cli import build_parser
    from narrator.cli.say import settings_for

    monkeypatch.delenv("NARRATOR_SYSTEM", raising=False)
    home = tmp_path / "xdg"
    (home / "narrator").mkdir(parents=True)
    (home / "narrator" / "narrator.toml").write_text(
        '[audio]\npublic_device = "none"\nprivate_device = "none"\n'
        '[voice]\nprivate_rate = 222\nprivate_voice = "en-gb"\n')
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    parse = build_parser().parse_args
    settings = settings_for(parse(["say", "--channel", "private", "hello"]))
    assert (settings.private_rate, settings.private_voice, settings.enabled) == (222, "en-gb", False)
    settings = settings_for(parse(["say", "--channel", "private", "--rate", "120",
                                   "--device", "earpiece", "hello"]))
    assert (settings.private_rate, settings.private_voice) == (120, "en-gb")
    assert settings.private_device == "earpiece" and settings.enabled
    settings = settings_for(parse(["say", "--set", "voice.public_rate=140", "hello"]))
    assert settings.public_rate == 140


# --- table mode ------------------------------------------------------------------------------

def test_table_mode_prepares_the_game_in_the_background_and_plays_at_once(tmp_path):
    from narrator.config import Config, GameConfig
    from narrator.table.loop import Table
    from narrator.table.watchdog import Notifier

    session, _ = start_session(GAMES[1], tmp_path)
    narration, synth, backend = rig(cache_dir=tmp_path / "cache")
    synth.hold = threading.Event()  # the engine is stuck on the first prepared sentence
    table = Table(Config(game=GameConfig(data_dir=str(tmp_path / "data"))), out=io.StringIO(),
                  narration=narration, notifier=Notifier(None), keyboard=False)
    expected = len(PromptCache.plan((t, narration.settings.spec(ch))
                                    for ch, t in static_lines(session.game)))
    try:
        table.begin(session, new=True)  # returns although nothing could be synthesized yet
        job = table.preparation
        assert job is not None and not job.finished.is_set()
        assert narration.is_speaking  # the opening lines are queued
        table.apply("next", {}, "next")  # the game goes on while prompts are prepared
        assert session.game.phase.at_night
        synth.hold.set()
        assert job.wait(10) and job.error is None
        assert narration.wait_idle(10)
        assert job.total == expected and 0 < job.synthesized <= expected
        assert len(synth.texts) == len(set(synth.texts))  # nothing synthesized twice
    finally:
        synth.hold.set()
        session.close()
        narration.close()
