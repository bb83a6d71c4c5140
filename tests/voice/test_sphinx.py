"""pocketsphinx backend on real synthetic speech (espeak-ng, flite) through the WAV source."""
from __future__ import annotations

import threading

import numpy as np
import pytest

from audio_helpers import (ESPEAK_US, VOICES, Voice, conversation, requires_tts, speech_samples, synthesize,
                           table_babble)
from hardware.microphone import WavSource
from hardware.recognizer import GrammarSpec, Recognizer, RecognizerError, iter_queue, recognize_stream

pytest.importorskip("pocketsphinx")
from hardware.sphinx import SphinxRecognizer, missing_from_dictionary, read_dictionary  # noqa: E402
from hardware.sphinx.confidence import acoustic_confidence, likelihood_ratio  # noqa: E402

pytestmark = requires_tts

NUMBERS = "one two three four five six seven eight nine ten eleven twelve".split()
JSGF = f"""#JSGF V1.0;
grammar test;
<seat> = {' | '.join(NUMBERS)};
public <command> = seat <seat> nominates seat <seat>
                 | the fortune teller chooses seats <seat> and <seat>
                 | mezepheles word heard by seat <seat>
                 | next | yes | no;
"""
PRONUNCIATIONS = {"mezepheles": "M EH Z EH F AH L IY Z"}
COMMANDS = [
    "seat two nominates seat six",
    "the fortune teller chooses seats two and nine",
    "mezepheles word heard by seat four",
    "next",
    "yes",
    "no",
    "seat twelve nominates seat eleven",
    "seat seven nominates seat three",
]
CHATTER = ["pass me the crisps please", "what time is it now", "i think seat three is the demon"]


@pytest.fixture(scope="module")
def recognizer() -> SphinxRecognizer:
    return SphinxRecognizer(GrammarSpec(jsgf=JSGF, pronunciations=PRONUNCIATIONS))


def decode_file(recognizer: SphinxRecognizer, path) -> list:
    return list(recognize_stream(recognizer, WavSource(path).chunks()))


def test_is_a_recognizer(recognizer: SphinxRecognizer) -> None:
    assert isinstance(recognizer, Recognizer)
    assert recognizer.sample_rate == 16000
    assert recognizer.unknown_token is None


@pytest.mark.parametrize("phrase", COMMANDS)
def test_us_voice_phrases(recognizer: SphinxRecognizer, phrase: str) -> None:
    if phrase.startswith("the fortune teller"):
        phrase = "the fortune teller chooses seats two and six"  # espeak's "nine" reads as "five"
    results = decode_file(recognizer, synthesize(phrase, ESPEAK_US))
    assert [r.text for r in results] == [phrase]
    assert results[0].accepted, results[0]
    assert 0.3 <= results[0].confidence <= 1.0


def test_accuracy_over_voices(recognizer: SphinxRecognizer) -> None:
    """Every voice x every command; measured 45/48 when written."""
    misses = []
    for voice in VOICES:
        for phrase in COMMANDS:
            texts = [r.text for r in decode_file(recognizer, synthesize(phrase, voice)) if r.accepted]
            if texts != [phrase]:
                misses.append((str(voice), phrase, texts))
    total = len(VOICES) * len(COMMANDS)
    assert (total - len(misses)) / total >= 0.85, misses


def test_word_details(recognizer: SphinxRecognizer) -> None:
    result = decode_file(recognizer, synthesize("mezepheles word heard by seat four", Voice("flite", "slt")))[0]
    assert [w.word for w in result.words] == "mezepheles word heard by seat four".split()
    starts = [w.start for w in result.words]
    assert starts == sorted(starts)
    assert 0.3 < starts[0] < 1.2  # the file has 0.6 s of lead-in silence
    assert all(0.0 <= w.confidence <= 1.0 for w in result.words)


def test_chatter_is_not_accepted_as_a_long_command(recognizer: SphinxRecognizer) -> None:
    accepted = []
    for voice in VOICES:
        for phrase in CHATTER:
            for result in decode_file(recognizer, synthesize(phrase, voice)):
                if result.accepted and len(result.text.split()) > 1:
                    accepted.append((str(voice), phrase, result.text, result.confidence))
    assert accepted == []


def test_partial_grammar_path_is_rejected(recognizer: SphinxRecognizer) -> None:
    assert recognizer._complete("seat two nominates seat six")
    assert not recognizer._complete("mezepheles word heard by seat")


def test_stream_of_utterances_through_the_threaded_wav_source(recognizer: SphinxRecognizer) -> None:
    wav = conversation([("seat two nominates seat six", ESPEAK_US), ("yes", Voice("flite", "awb")),
                        ("mezepheles word heard by seat four", Voice("flite", "rms"))], gap=1.2)
    source = WavSource(wav, chunk_seconds=0.25)
    with source:
        results = list(recognize_stream(recognizer, iter_queue(source.queue, timeout=30)))
    assert [r.text for r in results] == ["seat two nominates seat six", "yes", "mezepheles word heard by seat four"]
    assert results[0].words[-1].end < results[1].words[0].start < results[2].words[0].start


def test_paused_source_feeds_nothing(recognizer: SphinxRecognizer) -> None:
    mute = threading.Event()
    mute.set()
    source = WavSource(synthesize("next", ESPEAK_US), mute=mute)
    with source:
        chunks = list(iter_queue(source.queue, timeout=30))
    assert chunks == []
    assert list(recognize_stream(recognizer, chunks)) == []


def test_missing_words_and_pronunciations() -> None:
    bare = SphinxRecognizer(GrammarSpec(jsgf='#JSGF V1.0;\ngrammar g;\npublic <c> = yes | no;\n'))
    assert bare.missing_words(["Mezepheles", "seat", "xaan"]) == ["mezepheles", "xaan"]
    with pytest.raises(RecognizerError, match="mezepheles"):
        bare.set_grammar(GrammarSpec(jsgf=JSGF))
    assert bare.add_pronunciations(PRONUNCIATIONS) == ["mezepheles"]
    assert bare.missing_words(["mezepheles"]) == []
    bare.set_grammar(GrammarSpec(jsgf=JSGF))


def test_bad_jsgf_is_reported() -> None:
    with pytest.raises(RecognizerError, match="JSGF"):
        SphinxRecognizer(GrammarSpec(jsgf="this is not jsgf", words={"yes"}))
    with pytest.raises(RecognizerError):
        SphinxRecognizer(GrammarSpec(jsgf=""))


def test_free_form_mode() -> None:
    free = SphinxRecognizer(None)
    result = free.transcribe(WavSource(synthesize("what time is it now", Voice("flite", "slt"))).samples.tobytes())
    assert result is not None
    assert "time" in result.text.split()


def test_transcribe_without_endpointer(recognizer: SphinxRecognizer) -> None:
    pcm = WavSource(synthesize("seat seven nominates seat three", Voice("flite", "awb"))).samples.tobytes()
    assert recognizer.transcribe(pcm).text == "seat seven nominates seat three"


def test_silence_gives_no_result(recognizer: SphinxRecognizer) -> None:
    assert recognizer.accept(bytes(16000 * 2)) is None
    assert recognizer.flush() is None


def test_dictionary_helpers(tmp_path) -> None:
    path = tmp_path / "extra.dict"
    path.write_text(";;; comment\nxaan  Z AA N\nxaan(2) SH AA N\n", encoding="utf-8")
    assert read_dictionary(path) == {"xaan": ["Z AA N", "SH AA N"]}
    assert missing_from_dictionary(["seat", "Xaan"]) == ["xaan"]
    assert missing_from_dictionary(["seat", "Xaan"], path) == ["seat"]


WAKE_JSGF = """#JSGF V1.0;
grammar wake;
public <command> = storyteller ( undo | next | repeat );
"""


def test_speech_running_on_past_the_command_is_refused_when_asked() -> None:
    """Wake-phrase mode: 'storyteller, undo' is a command; 'storyteller, undo what you
    said about the pizza earlier tonight' is chatter that merely contains one."""
    strict = SphinxRecognizer(GrammarSpec(jsgf=WAKE_JSGF), max_extra_phones=2)
    lenient = SphinxRecognizer(GrammarSpec(jsgf=WAKE_JSGF))
    command = synthesize("storyteller undo", ESPEAK_US)
    chatter = synthesize("storyteller undo what you said about the pizza earlier tonight",
                         ESPEAK_US)
    heard = [r for r in decode_file(strict, command) if r.accepted]
    assert [r.text for r in heard] == ["storyteller undo"]
    refused = decode_file(strict, chatter)
    assert refused and not any(r.accepted for r in refused)
    assert any(r.reason == "speech runs on past the command" for r in refused)
    # The same audio without the check: the run-on is what refuses it.
    assert any(r.accepted or r.reason != "speech runs on past the command"
               for r in decode_file(lenient, chatter))


def in_table_talk(text: str, snr_db: float, voice: Voice = ESPEAK_US) -> bytes:
    """``text`` with four table voices talking all through it, ``snr_db`` below it, and 1.5 s
    of that talk before (the level gate learns the room from it) and 1 s after."""
    said = speech_samples(text, voice, lead=0.0, tail=0.0, noise=0.0).astype(np.float64)
    lead, tail = 24000, 16000
    signal = np.concatenate([np.zeros(lead), said, np.zeros(tail)])
    talk = table_babble(len(signal) / 16000 + 0.1)[:len(signal)]
    talk *= np.sqrt(np.mean(said ** 2) / np.mean(talk ** 2) / 10 ** (snr_db / 10))
    hiss = np.random.default_rng(1).normal(0.0, 20.0, len(signal))
    return np.clip(signal + talk + hiss, -32768, 32767).astype("<i2").tobytes()


def heard_in(recognizer: SphinxRecognizer, pcm: bytes) -> list:
    recognizer.new_stream(b"")
    out = [r for i in range(0, len(pcm), 1600) if (r := recognizer.accept(pcm[i:i + 1600])) is not None]
    return out + [r for r in [recognizer.flush()] if r is not None]


def test_in_table_talk_only_the_speakers_own_phones_run_on() -> None:
    """The phone loop hears the table talk around a command as speech past its words: with
    the wake phrase, each of these was refused as chatter at 20 dB. Only the phones at the
    speaker's own level count, so chatter that holds a command still runs on."""
    strict = SphinxRecognizer(GrammarSpec(jsgf=WAKE_JSGF), max_extra_phones=2, vad_ratio=0.5)
    for text in ("storyteller next", "storyteller undo"):
        heard = heard_in(strict, in_table_talk(text, 20.0))
        assert [(r.text, r.accepted) for r in heard] == [(text, True)], heard
    chatter = heard_in(strict, in_table_talk("storyteller undo what you said about the pizza earlier tonight", 20.0))
    assert chatter and not any(r.accepted for r in chatter)
    assert any(r.reason == "speech runs on past the command" for r in chatter)


def test_one_word_results_have_a_lower_confidence_floor(recognizer: SphinxRecognizer) -> None:
    assert recognizer.confidence_floor(1) < recognizer.min_confidence
    assert recognizer.confidence_floor(2) == recognizer.confidence_floor(5) == recognizer.min_confidence
    strict = SphinxRecognizer(GrammarSpec(jsgf=JSGF, pronunciations=PRONUNCIATIONS),
                              min_confidence_one_word=None, confidence=False)
    assert strict.confidence_floor(1) == strict.min_confidence


class _Seg:
    def __init__(self, start: int, end: int, ascore: float) -> None:
        self.start_frame, self.end_frame, self.ascore = start, end, ascore


def test_acoustic_confidence_maps_the_likelihood_ratio_to_0_1() -> None:
    assert acoustic_confidence(0.0, 6.0) == 1.0
    assert acoustic_confidence(3.0, 6.0) == 1.0       # above the phone loop: clamped
    assert acoustic_confidence(-3.0, 6.0) == pytest.approx(0.5)
    assert acoustic_confidence(-6.0, 6.0) == 0.0
    assert acoustic_confidence(-float("inf"), 6.0) == 0.0


def test_likelihood_ratio_against_the_phone_loop() -> None:
    import math

    from hardware.sphinx.confidence import PHONE_LOOP_SCORE_SCALE
    # a word over frames 10-19; the phone loop's segments 0-14 and 15-29 share 5 and 5 frames
    loop = [_Seg(0, 14, math.exp(-0.003)), _Seg(15, 29, math.exp(-0.006))]
    heard = PHONE_LOOP_SCORE_SCALE * (-0.003 * 5 / 15 - 0.006 * 5 / 15)
    ratio = likelihood_ratio(math.exp(-20.0), 10, 19, loop)
    assert ratio == pytest.approx(-20.0 - heard)
    # an acoustic score that underflowed to 0.0 is the worst match, not an error
    assert likelihood_ratio(0.0, 10, 19, loop) == -math.inf


def test_a_forced_wrong_word_scores_far_below_the_phone_loop() -> None:
    """The reading of ``Segment.ascore`` the confidence relies on: said "next", a grammar
    that can only say "undo" forces that word, and its likelihood ratio per frame lies well
    below that of "next" decoded from the same audio."""
    audio = synthesize("next", ESPEAK_US)

    def ratio_per_frame(jsgf: str) -> float:
        rec = SphinxRecognizer(GrammarSpec(jsgf=jsgf))
        # from the model's own cepstral mean: from the prior the forced word is not matched at
        # all (see test_the_cepstral_mean_prior_refuses_a_forced_word)
        rec.cmn_prior = MODEL_CMN
        rec.new_stream()
        rec.transcribe(WavSource(audio).samples.tobytes())
        seg = [s for s in rec._decoder.seg() if s.word in ("next", "undo")][0]
        ratio = likelihood_ratio(seg.ascore, seg.start_frame, seg.end_frame, list(rec._phones.seg()))
        return ratio / (seg.end_frame - seg.start_frame + 1)

    right = ratio_per_frame("#JSGF V1.0;\ngrammar g;\npublic <c> = next;\n")
    forced = ratio_per_frame("#JSGF V1.0;\ngrammar g;\npublic <c> = undo;\n")
    assert right > -4.5, right
    assert forced < right - 1.0, (forced, right)


MODEL_CMN = "40,3,-1,0,0,0,0,0,0,0,0,0,0"


def test_the_cepstral_mean_prior_refuses_a_forced_word() -> None:
    """From the prior (the mean the decoder settles on at speaking level), "next" forced onto a
    grammar of "undo" matches nothing, and "next" itself scores higher than from the model's
    own start (where the forced "undo" was accepted at 0.38)."""
    audio = WavSource(synthesize("next", ESPEAK_US)).samples.tobytes()
    undo = SphinxRecognizer(GrammarSpec(jsgf="#JSGF V1.0;\ngrammar g;\npublic <c> = undo;\n"))
    assert not undo.transcribe(audio).accepted
    right = SphinxRecognizer(GrammarSpec(jsgf="#JSGF V1.0;\ngrammar g;\npublic <c> = next;\n"))
    from_prior = right.transcribe(audio).confidence
    right.cmn_prior = MODEL_CMN
    right.new_stream()
    assert from_prior > right.transcribe(audio).confidence


def test_acoustic_weight_mixes_into_word_and_utterance_confidence() -> None:
    audio = WavSource(synthesize("seat two nominates seat six", ESPEAK_US)).samples.tobytes()
    phones_only = SphinxRecognizer(GrammarSpec(jsgf=JSGF, pronunciations=PRONUNCIATIONS), acoustic_weight=0.0)
    mixed = SphinxRecognizer(GrammarSpec(jsgf=JSGF, pronunciations=PRONUNCIATIONS), acoustic_weight=0.4)
    acoustic = SphinxRecognizer(GrammarSpec(jsgf=JSGF, pronunciations=PRONUNCIATIONS), acoustic_weight=1.0)
    a, b, c = (r.transcribe(audio) for r in (phones_only, mixed, acoustic))
    assert a.text == b.text == c.text == "seat two nominates seat six"
    assert b.confidence == pytest.approx(0.6 * a.confidence + 0.4 * c.confidence, abs=1e-6)
    for wa, wb, wc in zip(a.words, b.words, c.words):
        assert wb.confidence == pytest.approx(0.6 * wa.confidence + 0.4 * wc.confidence, abs=2e-3)
    assert 0.0 <= c.confidence <= 1.0 and c.confidence != a.confidence


def babble_stream(phrase: str, voice: Voice, snr_db: float) -> tuple[bytes, float]:
    """The phrase with table babble through it at ``snr_db`` (1 s before, 3 s after); the
    stream and the second its speech ends."""
    speech = speech_samples(phrase, voice, lead=1.0, tail=3.0, noise=0.0).astype(np.float64)
    inside = np.abs(speech) > 0
    first, last = np.argmax(inside), len(inside) - np.argmax(inside[::-1])
    noise = table_babble(len(speech) / 16000)
    gain = np.sqrt(np.mean(speech[first:last] ** 2) / np.mean(noise ** 2) / 10 ** (snr_db / 10))
    mixed = speech + noise * gain + np.random.default_rng(3).normal(0.0, 20.0, len(speech))
    return np.clip(np.round(mixed), -32768, 32767).astype(np.int16).tobytes(), last / 16000


def stream_chunks(recognizer: SphinxRecognizer, pcm: bytes) -> tuple[list, list]:
    """Feed 0.1 s chunks: (results the endpointer gave, with the second each came out;
    results only the end of the stream gave)."""
    recognizer.reset()
    endpointed = []
    for i in range(0, len(pcm), 3200):
        result = recognizer.accept(pcm[i: i + 3200])
        if result is not None:
            endpointed.append((result, (i + 3200) / 2 / 16000))
    flushed = []
    while (result := recognizer.flush()) is not None:
        flushed.append(result)
    return endpointed, flushed


def test_a_command_in_table_babble_is_endpointed() -> None:
    """With the table talking through and after the command (15 dB below it), the level gate
    ends the utterance while the babble goes on; the bare VAD never does. (The early end of a
    command that cannot go on is turned off here: it would end this one too.)"""
    spec = GrammarSpec(jsgf=JSGF, pronunciations=PRONUNCIATIONS)
    pcm, speech_end = babble_stream("mezepheles word heard by seat four", Voice("flite", "rms"), 15.0)
    endpointed, flushed = stream_chunks(SphinxRecognizer(spec, early_end=None), pcm)
    assert len(endpointed) == 1 and flushed == [], (endpointed, flushed)
    result, at = endpointed[0]
    assert speech_end < at < speech_end + 1.0
    assert result.text == "mezepheles word heard by seat four" and result.accepted
    ungated, ungated_flushed = stream_chunks(SphinxRecognizer(spec, level_gate=False, max_utterance=None,
                                                                        early_end=None), pcm)
    assert ungated == [] and len(ungated_flushed) == 1


def test_the_gated_endpointer_without_its_gate_is_pocketsphinxs() -> None:
    """Same VAD, no gate, no length limit: frame for frame what pocketsphinx.Endpointer does
    (the decisions the level gate leaves alone in a quiet room are the ones we had)."""
    import pocketsphinx

    from hardware.level_gate import GatedEndpointer

    wav = conversation([("seat two nominates seat six", ESPEAK_US), ("yes", Voice("flite", "awb"))], gap=1.2)
    pcm = WavSource(wav).samples.tobytes()
    theirs = pocketsphinx.Endpointer(0.3, 0.5, sample_rate=16000)
    vad = pocketsphinx.Vad(pocketsphinx.Vad.LOOSE, 16000)
    ours = GatedEndpointer(vad.is_speech, vad.frame_bytes, vad.frame_length, window=0.3, ratio=0.5,
                           gate=None, max_length=None)
    size = theirs.frame_bytes
    assert ours.frame_bytes == size and ours.frame_length == theirs.frame_length
    utterances = 0
    for i in range(0, len(pcm) - size + 1, size):
        frame = pcm[i: i + size]
        was = theirs.in_speech
        assert ours.process(frame) == theirs.process(frame), i
        assert ours.in_speech == theirs.in_speech
        assert ours.speech_start == pytest.approx(theirs.speech_start)
        assert ours.speech_end == pytest.approx(theirs.speech_end)
        utterances += was and not theirs.in_speech
    assert utterances == 2
    # the end of the stream in the middle of an utterance
    theirs = pocketsphinx.Endpointer(0.3, 0.5, sample_rate=16000)
    ours = GatedEndpointer(pocketsphinx.Vad(pocketsphinx.Vad.LOOSE, 16000).is_speech, size, theirs.frame_length,
                           window=0.3, ratio=0.5, gate=None, max_length=None)
    middle = int(1.2 * 16000) * 2 // size * size
    for i in range(0, middle, size):
        ours.process(pcm[i: i + size])
        theirs.process(pcm[i: i + size])
    assert theirs.in_speech and ours.in_speech
    tail = pcm[middle: middle + 300]
    assert ours.end_stream(tail) == theirs.end_stream(tail)
    assert ours.speech_end == pytest.approx(theirs.speech_end)


def test_each_result_says_how_far_the_speech_stood_above_the_room() -> None:
    """snr_db: about the SNR the command was heard at, so the policy can ask in babble (the
    same command, clean and with the table talking at 10 dB below it)."""
    spec = GrammarSpec(jsgf=JSGF, pronunciations=PRONUNCIATIONS)
    phrase, voice = "mezepheles word heard by seat four", Voice("flite", "rms")
    quiet = speech_samples(phrase, voice, lead=1.0, tail=1.0).tobytes()
    noisy, _ = babble_stream(phrase, voice, 10.0)
    (clean, _), = stream_chunks(SphinxRecognizer(spec, early_end=None), quiet)[0]
    babble = [r for r, _ in stream_chunks(SphinxRecognizer(spec, early_end=None), noisy)[0]]
    assert clean.snr_db is not None and clean.snr_db > 30
    assert babble and all(r.snr_db is not None and r.snr_db < clean.snr_db - 10 for r in babble)
