"""The benchmark code must keep running: the engine section at toy sizes, and the table and
clock helpers. No timing is asserted: the figures belong to `python -m benchmarks`."""
from __future__ import annotations

import numpy as np
import pytest

from benchmarks import engine
from benchmarks.corpus import Clip
from benchmarks.recognition import percentile, stream
from benchmarks.run import Table
from hardware.recognizer import RecognitionResult


def test_engine_section_at_small_sizes():
    out = engine.run(quick=True, sizes={"players": 7, "travellers": 1, "events": 30, "repeat": 2,
                                        "rebuilds": 1})
    assert out["night_queue"]["first_night_steps"] > 0
    assert out["journal"]["events"] == 30
    assert out["full_game"]["games"][0]["winner"] in ("good", "evil")


def test_speech_section_has_rows_for_both_engines(capsys):
    """Both engines really synthesize here (espeak-ng and Piper's bundled voice)."""
    import argparse

    from benchmarks.run import speech

    table = Table()
    out = speech(argparse.Namespace(quick=True), table, count=2, rtf_lines=3, players=5,
                prepare_lines=6)
    assert set(out) == {"espeak", "piper"}
    for engine, summary in out.items():
        assert "skipped" not in summary, summary
        assert summary["cached"]["n"] == 2 and summary["uncached"]["p50_ms"] > 0
        assert 0 < summary["rtf"]["rtf"] and summary["rtf"]["audio_s"] > 3
        assert summary["prepare"]["second_synthesized"] == 0
    table.print()
    printed = capsys.readouterr().out
    for engine in ("espeak", "piper"):
        assert f"{engine}: real-time factor" in printed
        assert f"{engine}: uncached prompt -> first sample p50 / p95" in printed


def test_table_marks_pass_and_miss(capsys):
    table = Table()
    table.add("engine", "fast", 0.1, " s", "< 0.5 s", True)
    table.add("engine", "slow", 2.0, " s", "< 0.5 s", False)
    table.print()
    printed = capsys.readouterr().out
    assert "pass" in printed and "MISS" in printed


class _Echo:
    """A recognizer stand-in: one result at the first chunk after a loud one."""

    sample_rate = 16000

    def __init__(self):
        self.loud = False

    def reset(self):
        self.loud = False

    def accept(self, pcm):
        level = np.abs(np.frombuffer(pcm, dtype="<i2")).max()
        if level > 1000:
            self.loud = True
            return None
        if self.loud:
            self.loud = False
            return "done"
        return None

    def flush(self):
        return None


def test_stream_times_results_on_the_stream_clock():
    samples = np.zeros(16000, dtype=np.int16)
    samples[3200:4800] = 5000  # speech from 0.2 s to 0.3 s
    clip = Clip("x", "test", samples, 3200, 4800)
    got = stream(_Echo(), clip, chunk_seconds=0.1)
    assert [r for r, _, _ in got.results] == ["done"]
    at = got.results[0][1]
    assert 0.4 <= at < 0.5  # the chunk after the loud one ends at 0.4 s, plus processing
    assert got.audio == 1.0 and percentile([1.0, 2.0, 3.0], 50) == 2.0


class _Slow(_Echo):
    """The same, spending 20 ms of (fake) CPU time on every chunk."""

    def __init__(self):
        super().__init__()
        self.cpu = 0.0

    def timer(self):
        return self.cpu

    def accept(self, pcm):
        self.cpu += 0.02
        return super().accept(pcm)


def test_a_slowdown_counts_processing_that_many_times_on_the_clock():
    """benchmarks/pi_estimate.py's Pi 4 estimate: processing scaled, waiting for audio not."""
    samples = np.zeros(16000, dtype=np.int16)
    samples[3200:4800] = 5000  # speech from 0.2 s to 0.3 s: heard after the chunk ending at 0.4 s
    clip = Clip("x", "test", samples, 3200, 4800)
    fast, slow = _Slow(), _Slow()
    here = stream(fast, clip, chunk_seconds=0.1, timer=fast.timer)
    there = stream(slow, clip, chunk_seconds=0.1, slowdown=10.0, timer=slow.timer)
    assert here.results[0][1] == pytest.approx(0.42)       # keeps up: 0.4 s + 20 ms
    assert there.results[0][1] == pytest.approx(0.1 + 4 * 0.2)  # 200 ms a chunk: falls behind
    assert there.processing == pytest.approx(10 * here.processing) == pytest.approx(2.0)
    assert here.audio == there.audio == 1.0


class _Late(_Echo):
    """The same, but the result waits for the end of the stream when ``late``."""

    def __init__(self, late):
        super().__init__()
        self.late = late
        self.held = None

    def accept(self, pcm):
        heard = super().accept(pcm)
        result = None if heard is None else RecognitionResult("next", 1.0, ())
        if result is not None and self.late:
            self.held, result = result, None
        return result

    def flush(self):
        held, self.held = self.held, None
        return held


def test_accuracy_counts_clips_the_endpointer_ended_by_itself():
    from benchmarks.recognition import accuracy
    from benchmarks.backends import build_language

    samples = np.zeros(16000, dtype=np.int16)
    samples[3200:4800] = 5000
    clip = Clip("next", "test", samples, 3200, 4800, {"intent": "next", "slots": {}})
    language = build_language()
    on_time = accuracy(_Late(False), language, [clip, clip])
    late = accuracy(_Late(True), language, [clip])
    assert on_time["self_ended"] == 2 and on_time["ended_by_flush"] == 0
    assert late["self_ended"] == 0 and late["ended_by_flush"] == 1
    assert on_time["accuracy"] == late["accuracy"] == 1.0


def test_journal_section_at_small_sizes():
    from benchmarks import journal
    out = journal.run(quick=True, sizes={"mode_events": 12, "rounds": 1, "growth": (30,),
                                         "repeat": 1})
    assert out["growth"]["30"]["replay_all"]["replayed_on_resume"] == 30
    assert out["growth"]["30"]["made"]["played"]["accepted"] >= 30
    assert set(out["modes"]) == {label for label, _, _ in journal.MODES}
    assert all(row["commands"] == 13 for row in out["modes"].values())


def test_verdicts_count_what_the_narrator_would_do():
    from benchmarks.verdicts import outcome, summary
    from hardware.recognizer import WordResult
    from voice_helpers import language

    lang = language()

    def heard(text, confidence=0.6, seven=None):
        words = tuple(WordResult(w, seven if (w == "seven" and seven is not None) else confidence)
                      for w in text.split())
        return RecognitionResult(text, confidence, words)

    want = {"intent": "choose", "slots": {"seats": [7]}}
    assert outcome(None, lang, [heard("seat seven")], want) == "right_act"
    assert outcome(None, lang, [heard("seat seven", seven=0.2)], want) == "right_ask_unsure"
    assert outcome(None, lang, [heard("seat eleven")], want) == "wrong_act"
    assert outcome(None, lang, [heard("seat eleven dies")], want) == "wrong_ask"
    assert outcome(None, lang, [heard("seat five dies")], {"intent": "die", "slots": {"seat": 5}}) \
        == "right_ask_destructive"
    assert outcome(None, lang, [heard("seat seven", 0.1)], want) == "rejected"
    # two utterances: a wrong one asked and the right one acted on is a question, not a
    # silent wrong; a wrong one acted on beside the right one is
    assert outcome(None, lang, [heard("seat eleven dies"), heard("seat seven")], want) == "wrong_ask"
    assert outcome(None, lang, [heard("seat seven"), heard("seat eleven")], want) == "wrong_act"
    # the two recognizers heard another seat: asked between the two ("Seat eleven or
    # seven?"), one word from right whichever of the two was said
    fused = RecognitionResult("seat eleven", 0.7, (), True, "", (("seat eleven", 0.0), ("seat seven", -1.4)),
                              "", snr_db=45.0, second=RecognitionResult("seat seven", 0.72, snr_db=45.0))
    for said, counted in ((7, "right_ask_unsure"), (11, "right_ask_unsure"), (5, "wrong_ask")):
        assert outcome(None, lang, [fused], {"intent": "choose", "slots": {"seats": [said]}}) == counted, said
    counts = summary({"right_act": 8, "right_ask_destructive": 1, "wrong_act": 1}, 10)
    assert (counts["right_first_time"], counts["silent_wrong"], counts["asked"]) == (0.9, 0.1, 1)


def test_a_wake_phrase_reading_is_counted_as_the_wake_listener_reads_it():
    """With the wake phrase, a reading counts only where the phrase was clearly said, and its
    command words' own confidence is held to the floor: a clear "storyteller" carries no
    mumbled command (narrator.voice.wake, as the Listener does)."""
    from benchmarks.verdicts import outcome
    from hardware.recognizer import WordResult
    from voice_helpers import language

    lang = language()
    want = {"intent": "choose", "slots": {"seats": [7]}}

    def heard(wake, seat):
        words = (WordResult("storyteller", wake), WordResult("seat", seat), WordResult("seven", seat))
        return RecognitionResult("storyteller seat seven", 0.6, words)

    assert outcome(None, lang, [heard(0.9, 0.6)], want, strip="storyteller") == "right_act"
    why: list[str] = []
    assert outcome(None, lang, [heard(0.2, 0.6)], want, strip="storyteller", why=why) == "rejected"
    assert why == ["ignored: no wake phrase"]
    # the whole reading is sure enough, its command words are not
    assert outcome(None, lang, [heard(0.95, 0.1)], want, strip="storyteller") == "rejected"


def test_fused_readings_are_counted_as_the_app_hears_them():
    """A fused reading decoded in full, whose pocketsphinx reading the app would hand on alone,
    is counted as that reading (the Listener's hook: benchmarks.verdicts.alone_hook); the
    readings' own hook decodes such a one in full and keeps a numbers check as it is."""
    import dataclasses

    from benchmarks.readings import full_alone
    from benchmarks.verdicts import alone_hook, outcome
    from narrator.voice.policy import Policy
    from voice_helpers import language

    lang = language()
    sure = RecognitionResult("end the day", 0.7, snr_db=45.0)
    # moonshine alone would have refused it: counted as the app does, pocketsphinx's is enough
    refused = RecognitionResult("end the day", 0.1, (), False, "far from what was heard ('And.')",
                                (("end the day", -30.0),), "And.", snr_db=45.0, second=sure)
    want = {"intent": "end_day", "slots": {}}
    assert outcome(None, lang, [refused], want) == "right_act"
    assert outcome(None, lang, [refused], want, policy=Policy(alone=False)) == "rejected"
    # a question is never handed on alone: moonshine's refusal stands
    ask = dataclasses.replace(refused, text="who is evil", second=dataclasses.replace(sure, text="who is evil"))
    assert outcome(None, lang, [ask], {"intent": "ask_evil", "slots": {}}) == "rejected"
    hook = alone_hook(None, lang)
    assert hook(sure) == "alone" and full_alone(hook)(sure) == ""
    seat = RecognitionResult("seat seven", 0.7, snr_db=45.0)
    assert hook(seat) == "numbers" and full_alone(hook)(seat) == "numbers"
    assert alone_hook(None, lang, policy=Policy(alone=False)) is None


def test_the_margin_is_the_largest_with_no_clean_wrong_and_little_chatter():
    from benchmarks.margin import choose, count

    def clip(ok, deficit):
        return {"voice": "v", "results": [{"ok": ok, "command": True, "deficit": deficit}]}

    clean = [clip(True, 0.5)] * 48 + [clip(False, 6.2), clip(True, 3.1)]  # one wrong: 2 %
    assert count(clean, 3.0) == {"n": 50, "right": 48, "wrong": 0, "rejected": 2}
    assert count(clean, 7.0)["wrong"] == 1
    chatter = [clip(False, 2.6)] * 3 + [clip(False, 9.0)] * 97
    # 6.0: the last margin before the clean wrong; chatter (3 / 100 acted on) allows it
    assert choose({"clean": clean, "10 dB": [clip(False, 0.1)]}, chatter) == 6.0
    assert choose({"clean": clean}, [clip(False, 2.6)] * 10) == 2.5  # chatter decides: below its 2.6


def test_the_policy_choice_keeps_the_best_threshold_with_no_silent_wrong(monkeypatch):
    from benchmarks import policy_choice
    from hardware.recognizer import WordResult
    from voice_helpers import language

    lang = language()

    def clip(text, confidence, want="seat seven", voice="flite:slt"):
        said = lang.parse(want, spoken=True)
        words = tuple(WordResult(w, confidence) for w in text.split())
        return {"voice": voice, "expected": {"intent": said.intent, "slots": said.slots}, "intents": None,
                "results": [RecognitionResult(text, confidence, words, snr_db=40.0)]}

    # a wrong seat heard at 0.45, right ones at 0.5 and 0.7: asking below 0.5 is the least
    # cautious threshold that acts on no wrong command
    records = {"clean": [clip("seat seven", 0.7), clip("seat seven", 0.5), clip("seat eleven", 0.45)]}
    monkeypatch.setitem(policy_choice.GRIDS, "pocketsphinx", {"grammar_ask_confidence": (None, 0.4, 0.5, 0.6),
                                                              "grammar_number_ask_confidence": (None,)})
    params, counts = policy_choice.choose(lang, "pocketsphinx", records)
    # (the grid also holds the shipped number threshold, 0.5: either way seats are asked below 0.5)
    assert max(v for v in params.values() if v is not None) == 0.5
    assert counts["clean"]["all"]["wrong_act"] == 0 and policy_choice.right_first(counts["clean"]["all"]) == 2
    assert counts["clean"]["flite"]["n"] == 3


def test_the_policy_choice_rules_are_those_the_shipped_thresholds_were_chosen_by():
    from benchmarks import policy_choice as pc
    from narrator.voice.policy import Policy

    def cell(n, wrong=0, right=0, asked=0, wrong_asked=0):
        return {"n": n, "wrong_act": wrong, "right_act": right, "right_ask_destructive": 0,
                "right_ask_unsure": asked, "wrong_ask": wrong_asked,
                "rejected": n - wrong - right - asked - wrong_asked}

    # a family's cell of 72 cannot tell 1 % from 0: one clip there is allowed, two are not
    assert pc.safe({"clean": {"all": cell(220, 1), "flite": cell(72, 1), "piper": cell(54)}})
    assert not pc.safe({"clean": {"all": cell(220, 2), "flite": cell(72, 2), "piper": cell(54)}})
    assert not pc.safe({"clean": {"all": cell(100, 2), "flite": cell(50, 1), "piper": cell(50, 1)}})
    # a seat misheard is never allowed, even one clip in a family
    seat = dict(cell(72, 1), wrong_seat=1)
    assert not pc.safe({"clean": {"all": dict(cell(220, 1), wrong_seat=1), "flite": seat}})
    from voice_helpers import language
    lang = language()
    nominated = lang.parse("seat two nominates seat six", spoken=True)
    assert pc.seat_slots(lang, "nominate") == {"nominator", "nominee"}
    assert pc.misheard_seat(lang, nominated, {"intent": "nominate", "slots": {"nominator": 2, "nominee": 8}})
    assert not pc.misheard_seat(lang, nominated, {"intent": "nominate", "slots": {"nominator": 2, "nominee": 6}})
    assert not pc.misheard_seat(lang, nominated, {"intent": "next", "slots": {}})   # another command
    # after right first time, a right command asked beats one refused
    assert pc.merit({"clean": {"all": cell(100, right=80, asked=10)}}) > pc.merit(
        {"clean": {"all": cell(100, right=80, asked=5)}})
    # ...but a wrong command asked costs what a right one asked saves (a "no", then the command
    # said again): three more right asked for four more wrong asked is worse
    assert pc.merit({"clean": {"all": cell(100, right=80, asked=5)}}) > pc.merit(
        {"clean": {"all": cell(100, right=80, asked=8, wrong_asked=4)}})
    # every grid holds the shipped value, and the ascent starts from it too
    grid = pc.with_defaults({"lone_act_deficit": (0.0, 1.0), "agree_deficit": (None, 20.0)})
    assert grid == {"lone_act_deficit": (0.0, 1.0, Policy().lone_act_deficit), "agree_deficit": (None, 20.0)}
    assert pc.defaults(grid) == {"lone_act_deficit": 5.0, "agree_deficit": 20.0}


def test_picture_section_measures_a_full_table_and_the_live_page():
    from benchmarks import picture
    out = picture.run(quick=True)
    assert out["seats"] == 20 and out["draw_ms"] > 0 and out["serve_redraw_ms"] > 0
    assert out["live_commands"] > 0 and out["live_max_ms"] is not None
    import os
    from narrator.picture import live
    if os.geteuid() == 0:                         # the benchmark left the refusal in place
        assert live.running_as_root()


def test_reading_counts_count_each_family_as_its_listener_reads(tmp_path, monkeypatch, capsys):
    """A readings pickle counted per condition and family: a wake-phrase record whose phrase
    was not clearly said is nothing taken; a missing pickle says how to decode it."""
    import pickle

    from benchmarks import corpus, reading_counts, readings
    from hardware.recognizer import WordResult

    monkeypatch.setattr(corpus, "OUT", tmp_path)
    assert reading_counts.main(["--split", "benchmark", "--wake"]) == 1
    assert "python -m benchmarks.readings --backend fused --split benchmark --wake" in capsys.readouterr().out

    def said(wake):
        words = (WordResult("storyteller", wake), WordResult("next", 0.7))
        return RecognitionResult("storyteller next", 0.7, words)

    record = {"voice": "flite:slt", "text": "storyteller next", "expected": {"intent": "next", "slots": {}},
              "intents": frozenset({"next", "repeat"}), "strip": "storyteller"}
    data = {"clean": [record | {"results": [said(0.9)]}, record | {"results": [said(0.1)]}]}
    path = readings.path_of("pocketsphinx", "benchmark", "wake")
    path.parent.mkdir(parents=True)
    path.write_bytes(pickle.dumps(data))
    assert reading_counts.main(["--backend", "pocketsphinx", "--wake"]) == 0
    out = capsys.readouterr().out
    assert "clean  all 1/1/0 of 2   flite 1/1/0 of 2" in out
    assert "not right first time" not in out

    assert reading_counts.main(["--backend", "pocketsphinx", "--wake", "--misses", "clean"]) == 0
    listed = capsys.readouterr().out.split("not right first time, clean:\n")[1].splitlines()
    assert len(listed) == 1 and listed[0].split()[:2] == ["1", "rejected"]   # the phrase not clearly said
    assert "flite:slt" in listed[0] and "'storyteller next' 0.70" in listed[0]
    assert reading_counts.main(["--backend", "pocketsphinx", "--wake", "--misses", "15 dB"]) == 1
    assert "no '15 dB' readings here: clean" in capsys.readouterr().out


def test_the_latency_profile_hears_each_command_without_and_then_after_the_wake_phrase(tmp_path, monkeypatch):
    """``--baseline --without wake``: the same command said alone (open listening) and then after
    "storyteller", in turn, each heard as its Listener hears it (real speech, real pocketsphinx)."""
    from benchmarks import corpus, latency_profile

    voice = corpus.Voice("espeak", "en-us", 150)

    def clips(language, cache, per_family, snr, prefix="", **kwargs):
        rng = np.random.default_rng(1)
        out = []
        for text in ("undo", "repeat"):
            said = f"{prefix} {text}" if prefix else text
            command = corpus.parse_spoken(language, text)
            samples, start, end = corpus.make_clip(corpus.tts(said, voice, tmp_path), None, None, rng)
            out.append(Clip(said, str(voice), samples, start, end,
                            {"intent": command.intent, "slots": command.slots}, "x"))
        return out

    monkeypatch.setattr(corpus, "command_clips", clips)
    out = latency_profile.profile("pocketsphinx", 1, 1, None, baseline=True, without="wake")
    alone = [said for said, _, _ in out["baseline"]["slowest"]]
    woken = [said for said, _, _ in out["now"]["slowest"]]
    assert "repeat" in alone and "storyteller repeat" in woken
    assert all(not said.startswith("storyteller") for said in alone)
    assert all(said.startswith("storyteller ") for said in woken)
    # the slowest commands' parts: each a part of the profile, together the command's total
    for parts, (said, total, wait) in zip(out["now"]["slowest_parts"], out["now"]["slowest"]):
        assert parts["said"] == said and parts.get("wait", 0) == wait
        assert set(parts) - {"said"} <= set(latency_profile.PARTS)
        assert abs(sum(v for k, v in parts.items() if k != "said") - total) <= len(parts)
    assert latency_profile.profile("pocketsphinx", 1, 1, None, wake=True)["clips"] == 2
