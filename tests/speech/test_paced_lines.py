"""The earpiece's pause is real: a silence in speech (the speech queue, the cache, `narrator
say --out`), a new line in print (printed narration and the typed console). And the line
rules run on every line the narration is given: a line breaking one is logged and still
said, one never to be heard is not said."""
from __future__ import annotations

import io
import logging

import numpy as np
import pytest

from hardware.audio_clip import Clip, read_wav
from hardware.speakers_mock import MockOutputBackend
from hardware.tts import espeak_ng_installed
from narrator.console import Outputs
from narrator.speech.cache import PromptCache, VoiceSpec
from narrator.speech.printed import PrintedNarration
from narrator.speech.queue import SpeechQueue, open_narration
from narrator.speech.settings import SpeechSettings
from statemachine.line_rules import (BEFORE_PAUSE_WORDS, LEAD_WORDS, NOT_SAID, line_problems,
                                     paced)
from statemachine.speech import PAUSE, PAUSE_SECONDS, PRIVATE, Speech, parts

needs_espeak = pytest.mark.skipif(not espeak_ng_installed(), reason="espeak-ng is not installed")

LINE = (f"The Chef: show fingers. The true answer: 1 pair. Say next to give it.{PAUSE}"
        "Seat 5, Eve is the Spy and may register as good: if so, say answer and what to "
        "give. Or say answer and what to give.")


class LevelSynth:
    """Each sentence: 0.1 s of a level of its own, and no quiet after it."""

    syntheses = 0

    def __init__(self) -> None:
        self.levels: dict[str, int] = {}

    def check(self) -> None:
        pass

    def describe(self) -> str:
        return "levels"

    def synthesize(self, text, voice=None, rate=None, volume=None) -> Clip:
        level = self.levels.setdefault(text, 1000 * (len(self.levels) + 1))
        return Clip(np.full(2205, level, dtype=np.int16), 22050)


def quiet_runs(samples: np.ndarray, rate: int) -> list[float]:
    """The lengths in seconds of the silent stretches between sounds."""
    loud = np.abs(samples.astype(np.int32)) > 300
    runs, current, started = [], 0, False
    for v in loud:
        if v:
            if started and current:
                runs.append(current / rate)
            started, current = True, 0
        else:
            current += 1
    return runs


def test_paced_pauses_after_the_lead_and_keeps_a_short_line_whole():
    short = "Wake the Empath, seat 3, Cat. Show fingers: 1. Put them to sleep."
    assert paced(short) == short
    long = " ".join(f"Seat {n}, the Chef, alive." for n in range(1, 16))
    pieces = parts(paced(long))
    assert len(pieces) > 1 and all(len(p.split()) <= BEFORE_PAUSE_WORDS for p in pieces)
    assert len(pieces[0].split()) > LEAD_WORDS        # a whole instruction before it pauses
    assert " ".join(parts(paced(long))) == long          # nothing lost, nothing added
    assert paced(LINE) == LINE                            # already paced by its maker
    # ...but a maker's lead too long to hear in one go is paced as well (Seed Almanac, 15
    # players and 5 Travellers: the setup choices ran 42 words to the Noble's own pause)
    choices = ("Setup choices. The Xaan, seat 2, P2: all Townsfolk are poisoned on night 2. X is 2, the "
               "number of Outsiders in play. The Noble will learn seat 5, P5, seat 11, P11 and seat 15, "
               "P15: seat 15, P15 is evil." + PAUSE + "The Noble is seat 4, P4.")
    assert any("before a pause" in p for p in line_problems(choices, channel=PRIVATE))
    assert not line_problems(paced(choices), channel=PRIVATE)
    assert " ".join(parts(paced(choices))) == " ".join(parts(choices))


def test_the_earpiece_rules():
    assert any("first sentence" in p for p in line_problems(
        "The Chef learns how many pairs of evil players sit side by side, counting the "
        "dead, and you tell them with your fingers.", channel=PRIVATE))
    over = " ".join(["Show them the token."] * 11)
    assert any("before a pause" in p for p in line_problems(over, channel=PRIVATE))
    assert not line_problems(paced(over), channel=PRIVATE)
    assert not line_problems(over, channel="public")      # the earpiece's rules only
    assert line_problems(LINE, channel=PRIVATE) == []


def test_the_cache_renders_the_pause_as_silence():
    cache = PromptCache(LevelSynth())
    clip = cache.get(LINE, VoiceSpec(None, 165, 1.0))
    gaps = quiet_runs(clip.samples, clip.rate)
    assert max(gaps) == pytest.approx(PAUSE_SECONDS, abs=0.01)
    assert sorted(gaps)[-2] < 0.2                         # between sentences: short


def test_the_speech_queue_plays_the_pause_in_the_earpiece():
    backend = MockOutputBackend(["Table speaker", "Storyteller earpiece"])
    settings = SpeechSettings(public_device="table", private_device="earpiece")
    narration = open_narration(settings, io.StringIO(), backend=backend,
                               synthesizer=LevelSynth())
    assert isinstance(narration, SpeechQueue)
    try:
        narration.say("private", LINE)
        assert narration.wait_idle(10)
        played = backend.samples(1)
        assert max(quiet_runs(played, 22050)) >= PAUSE_SECONDS - 0.01
    finally:
        narration.close()


@needs_espeak
def test_narrator_say_writes_the_pause_into_a_real_wav(tmp_path):
    from narrator.cli import main
    out = tmp_path / "line.wav"
    assert main(["say", "--channel", "private", "--out", str(out), LINE]) == 0
    clip = read_wav(out)
    assert max(quiet_runs(clip.samples, clip.rate)) >= PAUSE_SECONDS
    whole = tmp_path / "whole.wav"
    assert main(["say", "--channel", "private", "--out", str(whole),
                 LINE.replace(PAUSE, " ")]) == 0
    plain = read_wav(whole)
    assert max(quiet_runs(plain.samples, plain.rate)) < PAUSE_SECONDS


def test_print_puts_the_rest_on_its_own_line():
    out = io.StringIO()
    PrintedNarration(out).say("private", LINE)
    first, second = out.getvalue().splitlines()
    assert first == "[private] " + parts(LINE)[0]
    assert second == " " * len("[private] ") + parts(LINE)[1]


def test_the_typed_console_prints_the_pause_too():
    out = io.StringIO()
    Outputs(out=out).speech([Speech(PRIVATE, LINE)])
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 and lines[1].strip().startswith("Seat 5, Eve is the Spy")


def test_a_line_breaking_a_rule_is_logged_and_still_said(caplog):
    out = io.StringIO()
    with caplog.at_level(logging.WARNING, logger="narrator.lines"):
        PrintedNarration(out).say("public", "seat 6 is dead.")
    assert out.getvalue() == "[public] seat 6 is dead.\n"
    assert "starts in lower case" in caplog.text and "seat 6 is dead." in caplog.text


def test_a_line_never_to_be_heard_is_not_said(caplog):
    out = io.StringIO()
    with caplog.at_level(logging.WARNING, logger="narrator.lines"):
        Outputs(out=out).speech([Speech("public", "See /var/lib/narrator/games.log.")])
    assert out.getvalue() == f"[private] {NOT_SAID}\n"
    assert "not said (a file path" in caplog.text


def test_a_good_line_is_said_unlogged(caplog):
    out = io.StringIO()
    with caplog.at_level(logging.WARNING, logger="narrator.lines"):
        PrintedNarration(out).say("public", "Seat 6 is dead.")
    assert caplog.text == "" and out.getvalue() == "[public] Seat 6 is dead.\n"




def test_the_step_heard_again_after_an_undo_is_paced_and_says_its_name_once(tmp_path, capsys):
    """After an undo the narrator says the step it is back at: Bad Moon Rising at 15 players
    and 5 Travellers (seed 4: a Lunatic, three Minions), undone back to the Demon info, said
    "The first night: Demon info. Demon info. Wake the Demon..." in 44 words before a pause,
    and the Lunatic's step in 50, breaking the earpiece's rule the step's own line keeps
    (found playing, 6 Dec)."""
    from narrator.cli import main

    commands = tmp_path / "commands.txt"
    commands.write_text("\n".join(["next"] * 8 + ["frobnicate the wug", "seat 21 nominates seat 2", "undo", "undo",
                                               "redo", "redo", "status"] + ["next"] * 30
                                   + ["seat 2 nominates seat 3", "undo", "undo", "repeat"]) + "\n")
    code = main(["play", "--script", "Bad Moon Rising", "--players", "Ann,Ben,Cat,Dan,Eve,Fay,Gus,Hal,Ivy,Jon,Kim,"
                 "Lou,Max,Ned,Oda", "--travellers", "Pia,Quin,Rex,Sue,Tom", "--seed", "4", "--commands",
                 str(commands), "--game", str(tmp_path / "game.sqlite")])
    out, err = capsys.readouterr()
    assert code == 0
    back = [line for line in out.splitlines() if line.startswith("[private] The first night: Demon info.")]
    assert back and "Demon info. Demon info." not in out
    assert "Wake the Demon" in back[0] and "Say next." not in back[0]   # long: its end on a line of its own
    assert "Now wake the real Demon" in out   # the Lunatic's step, undone back to, too
    assert "breaking a line rule" not in err and "breaking a line rule" not in out
