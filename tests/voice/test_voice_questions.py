"""Questions said aloud: a real recognizer (pocketsphinx) on synthesized speech, in the middle
of a night step that waits for the Poisoner's choice. Each question is answered privately,
the journal and the wait stay as they were, and the Poisoner's choice said next still lands.
"""
from __future__ import annotations

import pytest

from audio_helpers import VOICES as ALL_VOICES, Voice, requires_tts, synthesize
from hardware.microphone import WavSource
from hardware.recognizer import iter_queue, recognize_stream
from narrator.language.pronunciations import load_pronunciations
from narrator.voice.listener import Listener
from narrator.voice.recognizers import make_recognizer
from narrator.voice.session import VoiceTable
from statemachine.game import GameSetup
from statemachine.journal.session import Session
from voice_helpers import TB, destructive_only, language, script_and_registry, stream_wav

pytest.importorskip("pocketsphinx")
pytestmark = requires_tts

CHARACTERS = ["poisoner", "slayer", "fortuneteller", "monk", "recluse", "chef", "mayor",
              "saint", "imp"]
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
SAID = [("grimoire", "ask_grimoire", {}),
        ("who is seat seven", "ask_seat", {"seat": 7}),
        ("what is next", "ask_next", {}),
        ("the poisoner chooses seat two", "choose", {"actor": "poisoner", "seats": [2]}),
        ("who is poisoned", "ask_poisoned", {})]
VOICES = [Voice("flite", "slt"), Voice("flite", "rms"), Voice("espeak", "en-gb", 135),
          Voice("flite", "slt"), Voice("flite", "rms")]


def test_questions_by_voice_change_nothing(tmp_path) -> None:
    script, registry = script_and_registry(TB)
    session = Session.create(tmp_path / "q.sqlite",
                             GameSetup(script.name, script.ids, NAMES, CHARACTERS, 3), registry)
    for _ in range(3):                       # night falls, Minion info, Demon info
        session.apply("next")
    game = session.game
    assert game.current.ability == "poisoner" and game.wait is not None
    rows = session.journal.events()

    recognizer = make_recognizer("pocketsphinx")
    # Warm up as the app is after a while at the table: pocketsphinx's live cepstral-mean
    # normalisation decodes the first utterances of a session badly.
    for i, sentence in enumerate(["who wants pizza", "I trust the fortune teller",
                                  "let me think about it", "we have three votes already"]):
        list(recognize_stream(recognizer, WavSource(
            synthesize(sentence, ALL_VOICES[i], seed=70 + i)).chunks()))
    listener = Listener(recognizer, language(TB, seats=len(NAMES)), gating="open",
                        pronunciations=load_pronunciations(), policy=destructive_only())
    said = []
    table = VoiceTable(session, listener, said.extend)
    wav, _ = stream_wav([(text, v) for (text, _, _), v in zip(SAID, VOICES)], gap=1.4)
    with WavSource(wav, chunk_seconds=0.1) as source:
        listener.run(iter_queue(source.queue, timeout=30), table)
    print("\n" + "\n".join(f"{h.verdict:9} {h.text!r} ({h.confidence:.2f}) {h.reason}"
                           for h in listener.heard))
    assert [(c.intent, c.slots) for c in table.applied] == [(i, s) for _, i, s in SAID], \
        table.rejections
    private = [s.text for s in said if s.channel == "private"]
    assert any(t.startswith("Night 1. Seat 1, Ann: the Poisoner, alive.") for t in private)
    assert "Seat 7, Gus: the Mayor, alive." in private
    assert any(t.startswith("Now: the Poisoner, seat 1, Ann. Then ") for t in private)
    assert "Seat 2, Ben is poisoned by seat 1, Ann, the Poisoner, until dusk tomorrow." in private
    # The questions left no row; the one command among them is the only new one.
    assert session.journal.events() == rows + [("choose", {"actor": "poisoner", "seats": [2]},
                                                "the poisoner chooses seat two")]
    session.close()
