"""The seat-form benchmark (benchmarks/seat_forms.py): its phrases, grammars and scoring, and
one real decode per form. The figures belong to `python -m benchmarks.seat_forms`."""
from __future__ import annotations

import pytest

from audio_helpers import requires_tts
from benchmarks import seat_forms as S


def test_each_form_says_every_seat_once_and_reads_it_back():
    assert S.spoken("seat", 12) == "seat twelve"
    assert S.spoken("number", 7) == "number seven"
    assert S.spoken("digits", 12) == "seat one two"
    assert S.spoken("digits", 10) == "seat one zero"
    assert S.spoken("digits", 9) == "seat nine"
    for form in S.FORMS:
        assert len(S.PHRASES[form]) == len(S.SEATS)  # no two seats said alike
        for seat in S.SEATS:
            assert S.heard_seat(form, S.spoken(form, seat).upper()) == seat
    assert S.heard_seat("digits", "seat twelve") is None  # another form's phrase is not heard
    with pytest.raises(ValueError):
        S.spoken("seats", 1)


def test_outcome_counts_any_other_seat_as_wrong():
    assert S.outcome("seat", 7, ["seat seven"]) == ("right", None)
    assert S.outcome("seat", 7, ["seat seven", "seat two"]) == ("wrong", 2)
    assert S.outcome("seat", 7, []) == ("nothing", None)
    assert S.outcome("digits", 12, ["seat one"]) == ("wrong", 1)


def test_summary_tallies_per_family_and_overall():
    rows = [{"form": "seat", "condition": "clean", "family": "flite", "seat": 7, "outcome": "wrong",
             "heard": 2},
            {"form": "seat", "condition": "clean", "family": "piper", "seat": 7, "outcome": "right",
             "heard": None}]
    table = S.summarize(rows)
    assert table[("seat", "clean", "all")]["n"] == 2
    assert table[("seat", "clean", "flite")]["confusions"] == {"7>2": 1}
    text = S.format_table(table)
    assert "7>2" in text and "number" not in text and "silent wrong" in text


@requires_tts
@pytest.mark.parametrize("form", S.FORMS)
def test_a_clean_clip_of_each_form_is_heard_right(form):
    from benchmarks.backends import sphinx

    voice = S.voices(1)[0]
    rows = S.measure(form, "clean", None, [voice], sphinx())
    assert len(rows) == len(S.SEATS)
    assert sum(r["outcome"] == "right" for r in rows) >= 12, rows  # espeak en-us, clean


def test_paired_comparison_counts_discordant_clips():
    def row(form, seat, outcome):
        return {"form": form, "condition": "10 dB", "voice": "flite:slt", "seat": seat, "seed": 0,
                "outcome": outcome}

    rows = [row("seat", 1, "wrong"), row("digits", 1, "right"),
            row("seat", 2, "right"), row("digits", 2, "right"),
            row("seat", 3, "nothing"), row("digits", 3, "right")]
    text = S.paired(rows)
    assert "digits  10 dB  right 0/2" in text and "wrong 1/0" in text
    assert S.sign_p(0, 0) == 1.0 and S.sign_p(5, 5) == 1.0
    assert abs(S.sign_p(0, 6) - 2 / 64) < 1e-12
    assert "seat 1-9 1/1/1" in S.by_range(rows) and "digits 1-9 3/0/0" in S.by_range(rows)


def test_verdict_acts_on_a_sure_seat_and_asks_an_unsure_number():
    from hardware.recognizer import RecognitionResult, WordResult

    def said(text, number_confidence, snr_db=None):
        words = tuple(WordResult(w, 0.9 if i == 0 else number_confidence) for i, w in enumerate(text.split()))
        return RecognitionResult(text, 0.9, words, snr_db=snr_db)

    assert S.verdict("digits", said("seat one two", 0.9), None) == "act"
    assert S.verdict("digits", said("seat one two", 0.1), None) == "ask"
    assert S.verdict("seat", said("seat twelve", 0.9, snr_db=5.0), None) == "ask"  # babble
    assert S.verdict("seat", said("number twelve", 0.9), None) == "reject"  # not of the form
