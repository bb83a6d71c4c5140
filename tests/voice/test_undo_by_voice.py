"""Never a silent wrong on what matters (issue 27, item 3), with the real recognizer on
synthesized speech (espeak-ng, flite, the Piper voice) and a real game on its SQLite journal:
"continue" said by day is never carried out as undo (nor as anything else), and a spoken
undo is read back with what it undid, and a spoken redo restores it."""
from __future__ import annotations

import pytest

from audio_helpers import HIBARI_VOICES, PIPER_VOICES, VOICES, have_hibari, have_piper, requires_tts, synthesize
from hardware.microphone import WavSource
from hardware.recognizer import recognize_stream
from narrator.language.commands import CommandLanguage
from narrator.language.pronunciations import load_pronunciations
from narrator.voice.listener import Listener
from narrator.voice.recognizers import make_recognizer
from narrator.voice.session import VoiceTable
from statemachine.game import GameSetup
from statemachine.journal.session import Session
from voice_helpers import TB, script_and_registry

pytest.importorskip("pocketsphinx")
pytestmark = requires_tts

CHARS = ["empath", "virgin", "monk", "imp", "poisoner", "fortuneteller", "chef"]
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]
SPEAKERS = VOICES + (PIPER_VOICES if have_piper() else ()) + (HIBARI_VOICES[1:2] if have_hibari() else ())


@pytest.fixture(scope="module")
def recognizer():
    rec = make_recognizer("pocketsphinx")
    for i, sentence in enumerate(["who wants pizza", "i think the empath is lying",
                                  "we should nominate someone today"]):
        list(recognize_stream(rec, WavSource(synthesize(sentence, VOICES[i], seed=70 + i)).chunks()))
    return rec


def by_day(tmp_path) -> Session:
    script, registry = script_and_registry(TB)
    s = Session.create(tmp_path / "g.sqlite", GameSetup(script.name, script.ids, NAMES, CHARS, 5), registry)
    for _ in range(60):
        if s.game.phase.state == "day":
            return s
        wait = s.game.wait
        if wait is not None and type(wait).__name__ == "ChooseSeats":
            s.apply("choose", {"seats": [2, 4, 6][:wait.count]})
        else:
            s.apply("next", {})
    raise AssertionError("never reached the day")


def table_for(recognizer, session):
    script, registry = script_and_registry(TB)
    lines: list[str] = []
    lang = CommandLanguage(registry, script.ids, len(NAMES))
    listener = Listener(recognizer, lang, gating="push_to_talk", pronunciations=load_pronunciations(),
                        say=lambda channel, text: lines.append(text))
    table = VoiceTable(session, listener, lambda said: lines.extend(s.text for s in said))
    return listener, table, lines


def say(listener, table, text, voice, seed=0) -> None:
    """Hold the talk button for the phrase; carry out what the listener hands back; a
    question it asks is answered yes, by voice too."""
    for attempt in range(2):
        listener.ptt_down()
        out = []
        for chunk in WavSource(synthesize(text, voice, seed=seed)).chunks():
            out += listener.feed(chunk)
        out += listener.ptt_up()
        for command in out:
            table.handle(command)
        if listener.pending is None:
            return
        text, seed = "yes", seed + 1


def test_continue_by_day_is_never_carried_out(recognizer, tmp_path) -> None:
    session = by_day(tmp_path)           # the day, before any nomination: next is not expected
    listener, table, lines = table_for(recognizer, session)
    assert "next" not in session.game.expected_intents()
    events = len(session.journal)
    for i, voice in enumerate(SPEAKERS):
        listener.ptt_down()
        out = []
        for chunk in WavSource(synthesize("continue", voice, seed=80 + i)).chunks():
            out += listener.feed(chunk)
        out += listener.ptt_up()
        listener.cancel_pending()     # a question would be answered no: nothing is done
        assert not any(c.intent == "undo" for c in out), (str(voice), out)
        for command in out:
            table.handle(command)
        assert len(session.journal) == events, (str(voice), out)
    session.close()


def test_undo_is_read_back_and_redo_restores_it_by_voice(recognizer, tmp_path) -> None:
    session = by_day(tmp_path)
    listener, table, lines = table_for(recognizer, session)
    before = len(session.journal)
    session.apply("nominate", {"nominator": 2, "nominee": 6}, "seat two nominates seat six")
    undone = redone = 0
    for i, voice in enumerate(SPEAKERS):
        say(listener, table, "undo", voice, seed=90 + i)
        if len(session.journal) == before:
            undone += 1
            assert "Undone: seat 2 nominates seat 6." in lines
            say(listener, table, "redo", voice, seed=120 + i)
            if len(session.journal) == before + 1:
                redone += 1
                assert lines[-2:][0].startswith("Redone: seat 2 nominates seat 6.") or \
                    "Redone: seat 2 nominates seat 6." in lines
            else:
                session.apply("redo")
        assert len(session.journal) == before + 1      # never anything else undone or done
        lines.clear()
    assert undone >= len(SPEAKERS) - 1 and redone >= len(SPEAKERS) - 1, (undone, redone)
    session.close()
