"""pocketsphinx made to choose: an utterance decoded again against a grammar of a few phrases
only, a fused recognizer's best readings of it, where the two recognizers read it differently.

In table talk the neural recognizer's best phrase is often not the command said, but the
command is among its best few more often than first; told the right phrase, pocketsphinx
matched the audio better to it than to moonshine's wrong one in 176 of 249 misreadings (6 Dec,
both splits' fused readings). Made to choose among those few phrases, pocketsphinx says which
one the audio holds by its own acoustic model: a second opinion independent of the neural
one's scores, for the confirmation policy to weigh (narrator/voice/chosen.py).

The choice is made by decoders of its own (the same model, made on first use: 0.2 s and
55 MB here), so the stream's decoders go on exactly as if the choice had not been made: their
cepstral mean holds a running sum that no setter puts back, and decoding the same audio twice
would count it twice.
"""
from __future__ import annotations

from typing import Any, Iterable

from hardware.recognizer import RecognitionResult
from hardware.sphinx.dictionary import add_pronunciations

SEARCH = "choice"  # the chooser's search for the phrases to choose from


def choice_jsgf(phrases: Iterable[str]) -> str:
    """A JSGF grammar that allows each of ``phrases`` and nothing else."""
    either = " | ".join(f"( {p} )" for p in phrases)
    return f"#JSGF V1.0;\ngrammar choice;\npublic <choice> = {either} ;\n"


def new_decoders(ps: Any, common: dict, options: dict, phone_lm: str | None) -> tuple[Any, Any]:
    """A grammar decoder and, where ``phone_lm`` is given, the phone loop its confidence is
    measured against (hardware.sphinx.confidence)."""
    decoder = ps.Decoder(lm=None, **{**common, **options})
    return decoder, ps.Decoder(lm=None, allphone=phone_lm, **common) if phone_lm else None


class Choosing:
    """:class:`hardware.sphinx.recognizer.SphinxRecognizer`'s part for a second opinion."""

    _choosers: tuple[Any, Any] | None = None
    _chooser_grammar: Any = None

    def choose(self, pcm: bytes, phrases: Iterable[str]) -> RecognitionResult | None:
        """The utterance ``pcm`` decoded against ``phrases`` alone (words of the grammar): the
        phrase the audio holds, judged as any result is (accepted, or refused with a reason),
        or None (nothing to choose from, or the stream's decoders are inside an utterance).
        The chooser starts from the stream's cepstral mean as it stands."""
        phrases = [p for p in dict.fromkeys(" ".join(p.split()) for p in phrases) if p]
        if not phrases or self._in_utterance or self._grammar is None:
            return None
        live = self._decoder, self._phones, getattr(self, "_levels", [])
        try:
            # the stream's own decoding, on the chooser's decoders: swapped in, put back below
            self._decoder, self._phones = self._chooser_decoders()
            if self.missing_words({w for p in phrases for w in p.split()}):
                return None
            for decoder, own in zip(self._decoders(), live):
                decoder.reinit_feat()
                decoder.set_cmn(own.get_cmn(False))
            self._decoder.add_jsgf_string(SEARCH, choice_jsgf(phrases))
            self._decoder.activate_search(SEARCH)
            self._start()
            self._decode(pcm)
            for decoder in self._decoders():
                decoder.end_utt()
            self._in_utterance = False
            return self._result(SEARCH)
        except (ValueError, RuntimeError):
            return None
        finally:
            if self._in_utterance:
                for decoder in self._decoders():
                    decoder.end_utt()
            self._in_utterance = False
            self._decoder, self._phones, self._levels = live

    def _chooser_decoders(self) -> tuple[Any, Any]:
        if self._choosers is None:
            phone_lm = str(self._model_root / "en-us-phone.lm.bin") if self._phones is not None else None
            self._choosers = new_decoders(self._ps, self._common, self.decoder_options, phone_lm)
        if self._chooser_grammar is not self._grammar:
            add_pronunciations(self._choosers[0], self._grammar.pronunciations)
            self._chooser_grammar = self._grammar
        return self._choosers
