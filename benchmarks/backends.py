"""The recognizers and the command language as the app makes them, for every benchmark (the
seat forms, the margins, the readings and the main run all start them the same way)."""
from __future__ import annotations

from benchmarks import engine


def build_language(seats: int = 15):
    from characters.scripts import load_script, registry_for
    from narrator.language.commands import CommandLanguage

    script = load_script(engine.SCRIPT)
    return CommandLanguage(registry_for(script), script.ids, seats)


def sphinx(spec=None, **options):
    """pocketsphinx as the app makes it (``narrator.voice.recognizers.make_recognizer``'s settings)."""
    from hardware.sphinx import SphinxRecognizer

    return SphinxRecognizer(spec, **{"vad_ratio": 0.5, **options})


def make_recognizer(backend: str, spec=None, margin: float | None = None, vosk_model: str = ""):
    """A recognizer as the app makes it: pocketsphinx, vosk, moonshine alone, or fused
    (moonshine scoring, pocketsphinx - or vosk with ``vosk_model`` - as candidate source)."""
    if backend == "pocketsphinx":
        return sphinx(spec)
    if backend == "vosk":
        from hardware.vosk_backend import VoskRecognizer
        return VoskRecognizer(vosk_model, spec, require_phrase=False)
    from hardware.moonshine_backend import MoonshineRecognizer

    from hardware.whisper_model import third_recognizer

    source = third = None
    if backend == "fused":   # its third first, as the app makes it
        third = third_recognizer()
        source = make_recognizer("vosk", vosk_model=vosk_model) if vosk_model else sphinx()
    recognizer = MoonshineRecognizer(spec, source=source, margin=margin)
    recognizer.third = third
    return recognizer
