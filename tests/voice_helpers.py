"""Shared pieces for the voice-listener tests: languages, recognizers, test phrases."""
from __future__ import annotations

import random
from functools import lru_cache

import numpy as np

from audio_helpers import RATE, VOICES, Voice, cache_dir, speech_samples, write_wav, _key
from characters.scripts import load_script, registry_for
from narrator.language import templates as T
from narrator.language.commands import CommandLanguage
from statemachine.game import OVERRIDES

TB = "Trouble Brewing"
SEED_ALMANAC = "Seed Almanac"


@lru_cache(maxsize=None)
def script_and_registry(name: str):
    script = load_script(name)
    return script, registry_for(script)


def language(name: str = TB, seats: int = 12) -> CommandLanguage:
    script, registry = script_and_registry(name)
    return CommandLanguage(registry, script.ids, seats)


def night_like(intent: str) -> set[str]:
    """What a game typically expects while one command is due: that command, next/yes and
    the Storyteller's overrides (the engine adds those in every state after setup)."""
    return {intent, "next", "yes"} | set(OVERRIDES)


def family_phrases(lang: CommandLanguage, per_family: int = 2, seed: int = 2024) -> list[str]:
    """Each family's spoken example plus random expansions of its spoken templates (what the
    recognizer listens for; fixed seed), without duplicates, in family order. Each family
    draws from its own generator, so a phrase added to one family changes only its sample."""
    out: list[str] = []
    for family in lang.families:
        if not family.spoken_templates():
            continue  # typed only
        rng = random.Random(f"{seed}:{family.intent}")
        picks = [lang.example(family.intent, spoken=True)]
        compiled = [c for c in lang.spoken if c.intent == family.intent]
        tries = 0
        while len(picks) < per_family and tries < 20:
            tries += 1
            c = rng.choice(compiled)
            phrase = " ".join(T.expand(c.tree, lang.lists, rng).split())
            if phrase not in picks:
                picks.append(phrase)
        out += picks
    return list(dict.fromkeys(out))


def stream_wav(parts: list[tuple[str, Voice]], *, gap: float = 1.2, noise: float = 60.0,
               seed: int = 5) -> "tuple[object, list[float]]":
    """Utterances joined by ``gap`` seconds of noisy silence into one WAV (cached); returns
    the path and each utterance's start time in seconds."""
    out = cache_dir() / f"stream-{_key(parts, gap, noise, seed)}.wav"
    starts, pieces, at = [], [], 0.0
    for i, (text, voice) in enumerate(parts):
        samples = speech_samples(text, voice, lead=gap / 2, tail=gap / 2, noise=noise, seed=seed + i)
        starts.append(at + gap / 2)
        at += len(samples) / RATE
        pieces.append(samples)
    if not out.exists():
        write_wav(out, np.concatenate(pieces))
    return out, starts


def voice_cycle(n: int) -> list[Voice]:
    return [VOICES[i % len(VOICES)] for i in range(n)]


def destructive_only():
    """The confirmation policy with only destructive commands asked: a stream recorded in
    advance cannot answer a question it does not expect (an unsure seat, low confidence or
    poor audio is asked by the default policy; tests/voice/test_voice_policy.py tests that)."""
    from narrator.voice.policy import Policy

    return Policy(slot_confidence=0.0, grammar_ask_confidence=None, grammar_min_snr_db=None, min_snr_db=None)


def fused_recognizer(language: CommandLanguage, intents: list[str]):
    """The real fused recognizer (moonshine scoring, pocketsphinx marking the utterances) on
    ``language``'s grammar of ``intents``, as table mode builds it."""
    from hardware.moonshine_backend import MoonshineRecognizer
    from hardware.recognizer import GrammarSpec
    from hardware.sphinx import SphinxRecognizer
    from narrator.language.pronunciations import load_pronunciations

    return MoonshineRecognizer(GrammarSpec.from_data(language.grammar(intents), load_pronunciations()),
                               source=SphinxRecognizer(vad_ratio=0.5))


def streamed(recognizer, speech: np.ndarray, chunk: int = 800) -> list:
    """``speech`` (16 kHz samples) with 0.5 s before and 1 s after and a little noise (pure digital
    silence confuses decoders), streamed into ``recognizer`` as a recording of its own, in
    ``chunk``-sample pieces as the microphone queues them: every result, the flush's too."""
    pcm = np.concatenate([np.zeros(8000, np.int16), speech, np.zeros(16000, np.int16)]).astype(np.float64)
    pcm = np.clip(pcm + np.random.default_rng(3).normal(0, 30, len(pcm)), -32768, 32767).astype(np.int16)
    recognizer.new_stream(b"")
    out = []
    for start in range(0, len(pcm) - chunk + 1, chunk):
        if (result := recognizer.accept(pcm[start:start + chunk].tobytes())) is not None:
            out.append(result)
    while (result := recognizer.flush()) is not None:
        out.append(result)
    return out
