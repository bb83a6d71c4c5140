"""Enrollment by voice, the recorder alone: each prompt said, its answer cut from the stream,
an unanswered prompt said again then skipped; and every line it says fit to be heard."""
from __future__ import annotations

import threading

import numpy as np
import pytest

from audio_helpers import ESPEAK_US, have_tool, speech_samples
from hardware.audio_clip import read_wav
from statemachine.line_rules import line_problems
from narrator.language.enrollment import PROMPTS
from statemachine.line_rules import unfit_to_say
from narrator.table import lines
from narrator.voice.enroll_live import prompt_line, record_prompts

pytestmark = pytest.mark.skipif(not have_tool("espeak-ng"), reason="needs espeak-ng")
CHUNK = 1600


def chunks(samples: np.ndarray):
    data = samples.astype("<i2").tobytes()
    for i in range(0, len(data), 2 * CHUNK):
        yield data[i:i + 2 * CHUNK].ljust(2 * CHUNK, b"\0")
    yield None


def test_each_answer_is_cut_from_the_stream_and_kept(tmp_path):
    prompts = ("next", "seat four nominates seat five", "seat twelve dies")
    stream = np.concatenate([speech_samples(p, ESPEAK_US, lead=0.5, tail=1.2, seed=i) for i, p in enumerate(prompts)])
    said: list[str] = []
    recordings = record_prompts(prompts, chunks(stream), said.append, tmp_path)
    assert said == [prompt_line(p) for p in prompts]
    assert [r.text for r in recordings] == list(prompts)
    lengths = [read_wav(r.wav).duration for r in recordings]
    assert lengths[0] < lengths[1] and all(0.3 < s < 4.0 for s in lengths), lengths


def test_an_unanswered_prompt_is_said_again_then_skipped(tmp_path):
    quiet = np.random.default_rng(1).normal(0, 30, 16000 * 5)
    stream = np.concatenate([quiet, speech_samples("yes", ESPEAK_US, lead=0.5, tail=1.2)])
    said: list[str] = []
    recordings = record_prompts(("next", "yes"), chunks(stream), said.append, tmp_path, wait=2.0)
    assert said == ["Say: next.", "Say: next.", "Say: yes."]
    assert [r.text for r in recordings] == ["yes"]


def test_our_own_prompt_is_not_recorded_as_the_answer(tmp_path):
    speaking = threading.Event()
    prompt = speech_samples("seat six votes", ESPEAK_US, lead=0.3, tail=0.3)
    answer = speech_samples("seat nine", ESPEAK_US, lead=0.5, tail=1.2)

    def stream():
        speaking.set()              # the earpiece's prompt, heard by the microphone
        yield from list(chunks(prompt))[:-1]
        speaking.clear()
        yield from chunks(answer)

    recordings = record_prompts(("seat nine",), stream(), lambda line: None, tmp_path, speaking=speaking)
    assert len(recordings) == 1
    assert read_wav(recordings[0].wav).duration < len(answer) / 16000


def test_every_enrollment_line_is_fit_to_be_heard():
    said = [prompt_line(p) for p in PROMPTS] + [lines.OFFER_ENROLL, lines.ENROLL_START, lines.ENROLL_BUILDING,
                                                 lines.ENROLL_DONE, lines.ENROLL_FAILED, lines.ENROLL_UNAVAILABLE,
                                                 lines.ENROLL_BUSY]
    problems = {line: line_problems(line) + ([unfit_to_say(line)] if unfit_to_say(line) else []) for line in said}
    assert not {k: v for k, v in problems.items() if v}
