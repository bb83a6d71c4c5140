"""The voice Listener's logic with a scripted recognizer: gating, half-duplex, grammar
updates, checks, confirmation, earcons and start-up messages. No audio, fast."""
from __future__ import annotations

import dataclasses

import threading

import pytest

from hardware.recognizer import GrammarSpec, RecognitionResult, RecognizerError, WordResult
from narrator.voice.confirm import confirmation_question
from narrator.voice.listener import GLOBAL_INTENTS, Listener
from narrator.voice.opening import open_voice
from narrator.voice.session import VoiceTable
from voice_helpers import language

CHUNK = b"\x00\x00" * 1600  # 0.1 s at 16 kHz


class ScriptedRecognizer:
    """Returns a queued result after ``every`` fed chunks; records what it was given."""

    sample_rate = 16000
    unknown_token = None

    def __init__(self, every: int = 3, missing: tuple[str, ...] = ()) -> None:
        self.every, self.missing = every, set(missing)
        self.results: list[RecognitionResult] = []
        self.fed = 0
        self.resets = 0
        self.grammar: GrammarSpec | None = None
        self.grammars = 0
        self._count = 0

    def say(self, text: str, confidence: float = 0.6, accepted: bool = True,
            word_confidence: float | None = None) -> None:
        words = tuple(WordResult(w, word_confidence if word_confidence is not None else confidence)
                      for w in text.split())
        self.results.append(RecognitionResult(text, confidence, words, accepted,
                                              "" if accepted else "low confidence"))

    def set_grammar(self, grammar):
        self.grammar = grammar
        self.grammars += 1

    def missing_words(self, words):
        return sorted(set(words) & self.missing)

    def accept(self, pcm):
        self.fed += 1
        self._count += 1
        if self._count >= self.every and self.results:
            self._count = 0
            return self.results.pop(0)
        return None

    def flush(self):
        self._count = 0
        return self.results.pop(0) if self.results else None

    def reset(self):
        self.resets += 1
        self._count = 0


@pytest.fixture(scope="module")
def lang():
    return language()


def make(lang, gating="open", **kw):
    rec = ScriptedRecognizer()
    sounds, lines = [], []
    listener = Listener(rec, lang, gating=gating, earcon=sounds.append,
                        say=lambda ch, text: lines.append((ch, text)), **kw)
    return listener, rec, sounds, lines


def feed(listener, n=3):
    out = []
    for _ in range(n):
        out += listener.feed(CHUNK)
    return out


def test_open_mode_accepts_a_parsed_command_and_plays_heard(lang):
    listener, rec, sounds, _ = make(lang)
    listener.set_expected({"next", "choose"})
    rec.say("seat seven")
    [command] = feed(listener)
    assert (command.intent, command.slots) == ("choose", {"seats": [7]})
    assert sounds == ["heard"]
    assert listener.heard[-1].verdict == "accepted"


def test_grammar_follows_the_game_and_keeps_the_global_intents(lang):
    listener, rec, _, _ = make(lang)
    listener.set_expected({"nominate"})
    assert listener.listening_for == {"nominate", *GLOBAL_INTENTS, "next"}
    assert "nominates" in rec.grammar.jsgf and "fortune" not in rec.grammar.jsgf
    count = rec.grammars
    listener.set_expected({"nominate"})
    assert rec.grammars == count  # unchanged: no rebuild
    listener.set_expected({"choose"})
    assert "nominates" not in rec.grammar.jsgf
    # a phrase of another family is checked against what is expected now, and refused
    rec.say("seat two nominates seat six")
    assert feed(listener) == []
    assert listener.heard[-1].reason == "not a command now"


def test_low_confidence_and_backend_rejections(lang):
    listener, rec, sounds, _ = make(lang, gating="push_to_talk", min_confidence=0.4)
    listener.set_expected({"next"})
    listener.ptt_down()
    rec.say("next", confidence=0.35)
    rec.say("next", accepted=False)
    assert feed(listener, 6) == []
    assert [h.reason for h in listener.heard] == ["low confidence", "low confidence"]
    assert sounds == ["listening", "rejected", "rejected"]


def test_push_to_talk_feeds_only_while_pressed(lang):
    listener, rec, sounds, _ = make(lang, gating="push_to_talk")
    listener.set_expected({"next"})
    rec.say("next")
    assert feed(listener, 5) == [] and rec.fed == 0
    assert not listener.listening
    listener.ptt_down()
    assert listener.listening and sounds == ["listening"]
    feed(listener, 2)
    assert rec.fed == 2
    [command] = listener.ptt_up()  # releasing ends the utterance
    assert command.intent == "next"
    feed(listener, 4)
    assert rec.fed == 2


def test_push_to_talk_holds_a_recognizer_that_can_be_held(lang):
    class Holdable(ScriptedRecognizer):
        def __init__(self) -> None:
            super().__init__()
            self.holds: list[bool] = []

        def hold(self, on: bool) -> None:
            self.holds.append(on)

    rec = Holdable()
    listener = Listener(rec, lang, gating="push_to_talk", earcon=lambda name: None)
    listener.set_expected({"next"})
    listener.ptt_down()
    assert rec.holds == [True]
    rec.say("next")
    feed(listener, 2)
    [command] = listener.ptt_up()
    assert command.intent == "next" and rec.holds == [True, False]
    # the other gating modes never hold it
    open_mic = Holdable()
    Listener(open_mic, lang, gating="open", earcon=lambda name: None).ptt_down()
    assert open_mic.holds == []


def test_half_duplex_never_feeds_while_speaking(lang):
    speaking = threading.Event()
    listener, rec, _, _ = make(lang, speaking=speaking, echo_guard=0.2)
    listener.set_expected({"next"})
    feed(listener, 1)
    speaking.set()
    assert not listener.listening
    feed(listener, 10)
    assert rec.fed == 1 and rec.resets >= 1  # the half-heard utterance was dropped
    speaking.clear()
    feed(listener, 2)  # the echo guard: 0.2 s after the narrator stops
    assert rec.fed == 1
    feed(listener, 1)
    assert rec.fed == 2


def test_wake_phrase_is_required_and_must_be_clear(lang):
    listener, rec, sounds, _ = make(lang, gating="wake_phrase")
    listener.set_expected({"next"})
    assert rec.grammar.jsgf.count("public <command> = storyteller (") == 1
    assert all(p.startswith("storyteller ") for p in rec.grammar.phrases)
    rec.say("next")                                   # no wake phrase
    rec.say("storyteller next", word_confidence=0.2)  # wake phrase mumbled
    rec.say("storyteller repeat that", confidence=0.6, word_confidence=0.6)
    out = feed(listener, 9)
    assert [c.intent for c in out] == ["repeat"]
    assert out[0].text == "repeat that"
    assert [h.verdict for h in listener.heard] == ["ignored", "ignored", "accepted"]
    assert sounds == ["heard"]  # chatter makes no sound


def test_a_yes_in_babble_confirms_with_the_wake_phrase(lang):
    """Fused, at 22 dB (below the 30 dB where a yes must be in moonshine's transcript): the
    Storyteller's "storyteller yes" confirms the destructive command asked."""
    from test_voice_policy import fused

    listener, rec, _, lines = make(lang, gating="wake_phrase")
    listener.set_expected({"next", "die"})
    rec.say("storyteller seat five dies", confidence=0.9)
    assert feed(listener) == [] and lines[-1] == ("private", "Seat five dies. Confirm?")
    rec.results.append(dataclasses.replace(fused("storyteller yes", "storyteller yes", snr_db=22.0),
                                           heard="Storyteller, yes."))
    [command] = feed(listener)
    assert (command.intent, command.slots, command.confirmed) == ("die", {"seat": 5}, True)


def test_destructive_commands_are_confirmed(lang):
    listener, rec, sounds, lines = make(lang)
    listener.set_expected({"next", "die"})
    rec.say("seat five dies")
    assert feed(listener) == []
    assert lines == [("private", "Seat five dies. Confirm?")]
    assert listener.pending.slots == {"seat": 5}
    assert listener.listening_for == {"yes", "no", "repeat"}   # "repeat": the question again
    rec.say("no")
    assert feed(listener) == []
    assert listener.pending is None and lines[-1] == ("private", "Cancelled.")
    assert "die" in listener.listening_for
    rec.say("kill seat five")
    rec.say("yes")
    [command] = feed(listener, 6)
    assert (command.intent, command.slots) == ("die", {"seat": 5})
    assert [h.verdict for h in listener.heard] == ["confirm", "cancelled", "confirm", "confirmed"]


def test_a_command_the_table_holds_is_asked_and_comes_back_confirmed(lang):
    """The table found that an accepted command kills (a Virgin's nomination): the listener
    listens for yes or no only, says nothing itself, and hands the yes back confirmed."""
    listener, rec, _, lines = make(lang)
    listener.set_expected({"nominate"})
    rec.say("seat one nominates seat two")
    [command] = feed(listener)
    assert not command.confirmed
    spoken = len(lines)
    listener.ask(command)
    assert listener.pending == command and listener.listening_for == {"yes", "no", "repeat"}
    assert len(lines) == spoken                      # the question is the table's
    rec.say("yes")
    [again] = feed(listener)
    assert again == command and again.confirmed
    assert "nominate" in listener.listening_for


def test_confirmation_by_button_and_timeout(lang):
    listener, rec, _, lines = make(lang, confirm_timeout=1.0)
    listener.set_expected({"end_game", "alignment"})
    rec.say("override seat three turns evil")   # an override, spoken after "override"
    feed(listener)
    assert lines[-1] == ("private", "Seat three turns evil. Confirm?")
    assert listener.confirm(True).slots == {"seat": 3, "alignment": "evil"}
    rec.say("override evil wins")
    feed(listener)
    assert listener.pending is not None
    feed(listener, 12)  # 1.2 s without an answer
    assert listener.pending is None
    assert lines[-1] == ("private", "Not confirmed, so not done: evil wins.")


def test_pause_and_resume(lang):
    listener, rec, _, _ = make(lang)
    listener.set_expected({"next"})
    rec.say("pause listening")
    rec.say("next")
    rec.say("resume")
    rec.say("next")
    out = feed(listener, 12)
    assert listener.heard[1].reason == "not a command now"  # paused: only resume is heard
    assert [c.intent for c in out] == ["next"]
    assert not listener.paused


def test_confirmation_question_wording(lang):
    assert confirmation_question(lang.parse("seat 5 is executed")) == "Seat five is executed. Confirm?"
    assert lang.is_destructive("execute") and not lang.is_destructive("choose")


def test_open_voice_without_microphone_is_a_clear_message(lang):
    setup = open_voice(lang, recognizer=ScriptedRecognizer(), microphone="none")
    assert setup.listener is None and not setup.available
    assert "microphone" in setup.message and "Typed and button input still work" in setup.message


def test_open_voice_reports_a_vocabulary_gap(lang):
    setup = open_voice(lang, recognizer=ScriptedRecognizer(missing=("nominates", "seat")),
                       source=object())
    assert setup.listener is None
    assert "cannot hear these command words: nominates, seat" in setup.message


def test_open_voice_missing_model_and_backend_none(lang, tmp_path):
    setup = open_voice(lang, backend="vosk", model_path=str(tmp_path / "nowhere"), source=object())
    assert setup.listener is None and "not a vosk model" in setup.message
    assert "off" in open_voice(lang, backend="none").message


def test_open_voice_with_a_source_gives_a_listener(lang):
    class Source:
        name = "test.wav"
    setup = open_voice(lang, recognizer=ScriptedRecognizer(), source=Source(),
                       gating="wake_phrase")
    assert setup.available and setup.listener.wake == "storyteller"
    assert setup.message == "Voice commands: pocketsphinx on test.wav; say 'storyteller' first."


def test_bad_gating_is_refused(lang):
    with pytest.raises(ValueError):
        Listener(ScriptedRecognizer(), lang, gating="telepathy")


def test_voice_table_applies_and_rejects(lang, tmp_path):
    from characters.scripts import load_script, registry_for
    from statemachine.game import GameSetup
    from statemachine.journal.session import Session
    script = load_script("Trouble Brewing")
    setup = GameSetup(script.name, script.ids, ["A", "B", "C", "D", "E"],
                      ["imp", "poisoner", "chef", "empath", "monk"], 1)
    session = Session.create(tmp_path / "g.sqlite", setup, registry_for(script))
    listener, rec, _, _ = make(lang)
    said = []
    table = VoiceTable(session, listener, said.extend)
    assert "bluffs" in listener.listening_for  # setup
    assert table.handle(lang.parse("next"))
    assert "bluffs" not in listener.listening_for
    assert not table.handle(lang.parse("seat two nominates seat three"))
    assert said[-1].text.startswith("Not now")
    assert table.handle(lang.parse("help"))
    session.close()


def test_recognizer_error_while_setting_the_grammar_is_reported(lang):
    class Broken(ScriptedRecognizer):
        def set_grammar(self, grammar):
            raise RecognizerError("pocketsphinx rejected the JSGF grammar: boom")
    setup = open_voice(lang, recognizer=Broken(), source=object())
    assert setup.listener is None and "boom" in setup.message


def test_the_spoken_grammar_is_stricter_than_the_typed_language(lang):
    # typed input keeps everything
    for text in ("the monk chooses seats two nine", "stop listening", "start listening", "seat three is evil",
                 "good wins", "carry on", "go back"):
        assert lang.parse(text) is not None, text
    # spoken: "and" between listed seats, no start/stop listening, overrides after "override"
    for text, intent in (("the monk chooses seats two nine", None), ("start listening", None),
                         ("stop listening", None), ("seat three is evil", None),
                         ("good wins", None), ("carry on", None),
                         ("seats two and nine", "choose"), ("resume listening", "resume"),
                         ("pause", "pause"), ("override seat three is evil", "alignment"),
                         ("override good wins", "end_game"), ("seats seven", "choose")):
        got = lang.parse(text, spoken=True)
        assert (got.intent if got else None) == intent, text
    # and typed accepts the spoken forms that are new
    assert lang.parse("override seat three is evil").intent == "alignment"
    assert lang.parse("resume listening").intent == "resume"


def test_yes_heard_at_a_vote_is_refused_not_read_as_next(lang):
    """At a vote next closes it and yes is not expected: the table says yes all through a
    vote, so yes and no are in the grammar as themselves and refused; a stray "yes" was
    read as the nearest phrase, next, which told everyone the count."""
    listener, rec, sounds, lines = make(lang, gating="push_to_talk")
    listener.set_expected({"vote", "votes", "next", "execute"})
    assert {"yes", "no"} <= listener.listening_for
    listener.ptt_down()
    rec.say("yes", confidence=0.9)
    out = feed(listener) + listener.ptt_up()
    assert out == [] and listener.heard[-1].reason == "not expected now"
    assert lines[-1] == ("private", "Yes does not work now. To count the vote, say next.")
    listener.set_expected({"nominate", "end_day"})       # by day next is the only decoy
    assert "yes" not in listener.listening_for and "next" in listener.listening_for
    listener.set_expected({"next", "yes", "choose"})     # at night yes is expected, not a decoy
    listener.ptt_down()
    rec.say("yes", confidence=0.9)
    [command] = feed(listener) + listener.ptt_up()
    assert command.intent == "yes"


def test_overrides_stay_out_of_the_common_words(lang):
    listener, rec, _, _ = make(lang)
    listener.set_expected({"next", "yes", "choose", "die", "revive", "status_effect",
                           "alignment", "become", "end_game"})
    words = rec.grammar.vocabulary()
    assert "override" in words and "good" in words
    # 'good', 'evil' and 'wins' come only after 'override'
    body = rec.grammar.jsgf
    for rule in body.splitlines():
        if "wins" in rule or "comes back" in rule:
            assert "override" in rule, rule


def test_next_heard_where_the_game_does_not_expect_it_is_refused_not_forced_onto_undo(lang):
    """By day the game does not expect next, but the grammar holds it, so "continue" is heard
    as itself and refused with a hint, never carried out (nor anything else in its place)."""
    listener, rec, sounds, lines = make(lang, gating="push_to_talk")
    listener.set_expected({"nominate", "end_day"})
    assert "continue" in rec.grammar.jsgf
    listener.ptt_down()
    rec.say("continue", confidence=0.9)
    out = feed(listener) + listener.ptt_up()
    assert out == [] and listener.heard[-1].reason == "not expected now"
    assert lines[-1] == ("private", "Continue does not work now. To end the day, say end the day.")
    assert sounds[-1] == "rejected"
    listener.set_expected({"next", "nominate"})          # where next is expected, it is acted on
    listener.ptt_down()
    rec.say("continue", confidence=0.9)
    [command] = feed(listener) + listener.ptt_up()
    assert command.intent == "next"
