"""The pronunciation lexicon: a name the speech engine misreads is given to it respelled
(names-said.txt in the data folder), in the real espeak-ng rendering; the line itself
keeps the name as written."""
from __future__ import annotations

import io
import logging

import numpy as np
import pytest

from hardware.speakers_mock import MockOutputBackend
from hardware.tts import Synthesizer, espeak_ng_installed
from narrator.speech.queue import SpeechQueue, open_narration
from narrator.speech.respell import LEXICON_FILE, read_lexicon, respell
from narrator.speech.settings import SpeechSettings


def test_the_lexicon_file_and_respelling(tmp_path, caplog):
    (tmp_path / LEXICON_FILE).write_text("# how our names sound\nSiobhan = Shivawn\n"
                                         "Niamh=Neeve\nnot a line\nAoife = \n")
    with caplog.at_level(logging.WARNING):
        lexicon = read_lexicon(tmp_path)
    assert lexicon == {"Siobhan": "Shivawn", "Niamh": "Neeve"}
    assert "line 4" in caplog.text and "line 5" in caplog.text
    assert respell("Seat 3: Siobhan. Yes or no?", lexicon) == "Seat 3: Shivawn. Yes or no?"
    assert respell("siobhan and Niamh; Siobhanna", lexicon) == "Shivawn and Neeve; Siobhanna"
    assert read_lexicon(tmp_path / "nowhere") == {}


@pytest.mark.skipif(not espeak_ng_installed(), reason="espeak-ng is not installed")
def test_the_engine_says_the_name_respelled(tmp_path):
    backend = MockOutputBackend(["Table speaker", "Storyteller earpiece"])
    out = io.StringIO()
    settings = SpeechSettings(public_device="table", private_device="earpiece",
                              cache_dir=str(tmp_path / "cache"))
    narration = open_narration(settings, out, backend=backend, synthesizer=Synthesizer())
    assert isinstance(narration, SpeechQueue)
    try:
        narration.lexicon = {"Siobhan": "Shivawn"}
        narration.say("private", "Seat 3: Siobhan. Yes or no?")
        assert narration.wait_idle(30)
        spec = settings.spec("private")
        said = narration.cache.get("Seat 3: Shivawn. Yes or no?", spec).samples
        written = narration.cache.get("Seat 3: Siobhan. Yes or no?", spec).samples
        assert not np.array_equal(said, written)        # the engine reads them differently
        heard = np.asarray(backend.samples(1))
        assert len(heard) >= len(said) and _contains(heard, said)
        assert not _contains(heard, written)
        assert narration._last_private == "Seat 3: Siobhan. Yes or no?"   # kept as written
    finally:
        narration.close()


def _contains(haystack: np.ndarray, clip: np.ndarray) -> bool:
    clip = np.asarray(clip).ravel()
    head = clip[: min(len(clip), 2000)]
    hay = haystack.ravel()
    for start in np.flatnonzero(hay == head[0])[:5000]:
        if np.array_equal(hay[start:start + len(head)], head):
            return True
    return False
