"""Command recognition: accuracy per noise condition, false accepts per gating mode, latency.

Every clip is cut into the chunks a :class:`hardware.microphone.WavSource` queues (0.1 s of
16-bit PCM) and fed to the recognizer one chunk at a time, as the microphone path does. Each
``accept()`` call is timed; latency is then computed on a simulated real-time clock: chunk
*i* is available when its audio has been captured, ``(i + 1) * chunk`` seconds into the
stream, and is processed as soon as it is available and the previous chunk is done. A
command's latency is the moment its result came out (plus parsing) minus the moment the
speech ended in the stream. No wall-clock pacing is involved: only processing is measured.

The end of the clip is the end of the stream (``flush()``): for push-to-talk that is the
button's release. Results produced only by the flush are counted apart from those the
endpointer cut by itself (``endpointed``), since their latency would only measure the
clip's padding. ``self_ended`` counts the clips whose every result the endpointer cut by
itself (none waited for the end of the stream): with the table talking, a VAD alone never
ends an utterance.
"""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from benchmarks import verdicts
from benchmarks.corpus import RATE, Clip, parse_spoken
from hardware.microphone import DEFAULT_CHUNK_SECONDS
from hardware.recognizer import GrammarSpec, RecognitionResult
from narrator.language.commands import Command, CommandLanguage
from narrator.voice.decoys import decoys
from narrator.language.seat_count import SEAT_STEPS

CHUNK_SECONDS = DEFAULT_CHUNK_SECONDS   # as the microphone hands the Listener its audio
WAKE_PHRASE = "storyteller"


@dataclass
class Streamed:
    """What came out of one clip."""

    results: list[tuple[RecognitionResult, float, bool]]  # (result, time it came out, endpointed)
    processing: float      # seconds of CPU spent in accept()/flush()
    audio: float           # seconds of audio fed


def stream(recognizer: Any, clip: Clip, chunk_seconds: float = CHUNK_SECONDS,
           slowdown: float = 1.0, timer: Callable[[], float] = time.perf_counter) -> Streamed:
    """Feed the clip chunk by chunk (the microphone path), then flush; virtual-clock times.
    ``slowdown``: each chunk's processing counts that many times over on the clock, as on a
    CPU that many times slower (benchmarks/pi_estimate.py: a Pi 4 estimate). ``timer``: what
    processing is timed with (``time.process_time``: CPU time, which other work on a shared
    machine does not inflate)."""
    size = int(round(chunk_seconds * RATE))
    fresh(recognizer, clip)
    clock = 0.0          # when the decoder is free again, in stream seconds
    busy = 0.0
    out: list[tuple[RecognitionResult, float, bool]] = []
    chunks = clip.chunks(size)
    for index, chunk in enumerate(chunks):
        available = (index + 1) * chunk_seconds
        started = timer()
        result = recognizer.accept(chunk)
        spent = (timer() - started) * slowdown
        busy += spent
        clock = max(clock, available) + spent
        if result is not None:
            out.append((result, clock, True))
    while True:
        started = timer()
        result = recognizer.flush()
        spent = (timer() - started) * slowdown
        busy += spent
        clock = max(clock, len(chunks) * chunk_seconds) + spent
        if result is None:
            break
        out.append((result, clock, False))
    return Streamed(out, busy, len(chunks) * chunk_seconds)


def fresh(recognizer: Any, clip: Clip) -> None:
    """Each clip is heard as a recording of its own, whatever was decoded before it: the
    recognizer forgets its running estimates (``new_stream``, where it has one) and hears the
    clip's lead (its quiet, or the table's babble before the command) as a warm-up. Without
    this, 24 of 216 clean results (47 at 20 dB) changed with the order of the clips."""
    new_stream = getattr(recognizer, "new_stream", None)
    if callable(new_stream):
        new_stream(clip.samples[: clip.speech_start].tobytes())
    else:
        recognizer.reset()


def same_command(command: Command | None, expected: dict[str, Any] | None) -> bool:
    return (command is not None and expected is not None and command.intent == expected["intent"]
            and command.slots == expected["slots"])


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 100))))
    return ordered[rank - 1]


def summarize_ms(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"n": 0}
    return {"n": len(values), "p50_ms": round(1000 * statistics.median(values), 1),
            "p95_ms": round(1000 * percentile(values, 95), 1), "max_ms": round(1000 * max(values), 1)}


# --- accuracy ----------------------------------------------------------------------------------
# What the game expects in each state (``Game.expected_intents``: the Listener narrows its grammar
# to these plus its global intents). The Storyteller's overrides are expected in every state
# after setup; the in-play characters' commands come from a typical Trouble Brewing table (a
# Fortune Teller, a Slayer, a Drunk).
ALWAYS = ("repeat", "help", "status", "undo", "pause", "resume")
OVERRIDES = ("die", "revive", "status_effect", "alignment", "become", "end_game")
IN_PLAY = ("red_herring", "slay", "drunk_believes")
STATES: dict[str, tuple[str, ...]] = {
    "setup": ("next", "yes", "bluffs", "become", "traveller_joins"),
    "night: say next": ("next", "yes") + OVERRIDES,
    "night: choose seats": ("choose", "nobody") + OVERRIDES,
    "night: name a character": ("character", "next") + OVERRIDES,
    "night: answer a number": ("next", "yes", "answer_number") + OVERRIDES,
    "night: answer yes or no": ("next", "yes", "answer_yesno") + OVERRIDES,
    "night: answer seats": ("next", "yes", "answer_seats") + OVERRIDES,
    "night: answer a character": ("next", "yes", "answer_character") + OVERRIDES,
    "day": ("nominate", "exile", "execute", "end_day", "traveller_joins", "traveller_leaves") + OVERRIDES,
    "vote": ("vote", "votes", "next", "execute") + OVERRIDES,   # not "yes" (Game.expected_intents)
    # the Listener's own states: a destructive command read back, and paused
    "confirm?": ("yes", "no"),
    "paused": ("resume",),
}
# Where each command is said; an intent not listed here is said at night, "say next".
STATE_OF: dict[str, str] = {
    "choose": "night: choose seats", "nobody": "night: choose seats",
    "character": "night: name a character", "answer_number": "night: answer a number",
    "answer_yesno": "night: answer yes or no", "answer_seats": "night: answer seats",
    "answer_character": "night: answer a character", "bluffs": "setup",
    "drunk_believes": "setup", "red_herring": "setup",
    "nominate": "day", "exile": "day", "execute": "day", "end_day": "day", "slay": "day",
    "traveller_joins": "day", "traveller_leaves": "day",
    "vote": "vote", "votes": "vote", "scapegoat_instead": "vote", "gunslinger_shoots": "vote",
    "beggar_given": "vote", "no": "confirm?", "resume": "paused",
}


def expected_in_state(intent: str, language: CommandLanguage) -> tuple[str, frozenset[str]]:
    """(state, the intents the Listener listens for there) for a command said when the game
    expects it, as ``Listener._current_intents`` computes them."""
    state = STATE_OF.get(intent, "night: say next")
    wanted = set(STATES[state]) | {intent}
    if state not in ("confirm?", "paused"):
        wanted |= set(ALWAYS) | decoys(wanted)
        if state != "setup":
            wanted |= set(IN_PLAY)
    return state, frozenset(wanted) & frozenset(language.by_intent)


def most_seats_state(expected: dict[str, Any] | None) -> int | None:
    """A choice of seats (or seats shown) is said where the step takes that many
    (``Session.most_seats``): its grammar says no more (``CommandLanguage.grammar(most_seats=N)``)."""
    if not expected or expected["intent"] not in SEAT_STEPS:
        return None
    return len(expected["slots"].get("seats", ())) or None


def grammar_state(expected: dict[str, Any] | None, language: CommandLanguage) -> tuple[frozenset[str], bool]:
    """What the grammar is built from where ``expected`` is said: the intents listened for
    there, and the most seats the step takes (``CommandLanguage.grammar``'s ``most_seats``)."""
    return expected_in_state((expected or {}).get("intent", ""), language)[1], most_seats_state(expected)


def refused_in_state(intent: str) -> frozenset[str]:
    """The decoys listened for where ``intent`` is said but refused there (not expected)."""
    state = STATE_OF.get(intent, "night: say next")
    said = set(STATES[state]) | {intent}
    return frozenset(d for d in decoys(said) if d not in said)


def accuracy_in_state(recognizer: Any, language: CommandLanguage, clips: list[Clip],
                      pronunciations: dict[str, str], prefix: str = "",
                      slowdown: float = 1.0,
                      timer: Callable[[], float] = time.perf_counter,
                      policy: Any = None) -> dict[str, Any]:
    """Accuracy with the grammar the narrator really listens with: each clip decoded with the
    grammar of a game state where its command is expected (grouped by state, so the grammar
    changes once per group), parsed among that state's intents. Per-state figures too."""
    groups: dict[tuple[frozenset[str], int | None], list[Clip]] = {}
    names: dict[tuple[frozenset[str], int | None], str] = {}
    for clip in clips:
        key = grammar_state(clip.expected, language)
        groups.setdefault(key, []).append(clip)
        names[key] = expected_in_state((clip.expected or {}).get("intent", ""), language)[0]
    parts = []
    for (intents, most_seats), group in groups.items():
        spec = GrammarSpec.from_data(language.grammar(sorted(intents), prefix=prefix, most_seats=most_seats),
                                     pronunciations)
        recognizer.set_grammar(spec)
        refused = refused_in_state((group[0].expected or {}).get("intent", ""))
        part = accuracy(recognizer, language, group, intents=intents, strip=prefix, refused=refused,
                        slowdown=slowdown, timer=timer, policy=policy)
        part["state"] = names[(intents, most_seats)]
        parts.append(part)
    return merge(parts)


def merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """One accuracy figure from several runs (one per state)."""
    n = sum(p["n"] for p in parts)
    latencies = [v for p in parts for v in p["latency_values"]]
    processing = sum(p["rtf"] * p["audio"] for p in parts)
    audio = sum(p["audio"] for p in parts)
    by_state: dict[str, dict[str, int]] = {}
    for p in parts:
        entry = by_state.setdefault(p["state"], {"n": 0, "correct": 0})
        entry["n"] += p["n"]
        entry["correct"] += round(p["accuracy"] * p["n"])
    return {
        "n": n,
        "accuracy": sum(p["accuracy"] * p["n"] for p in parts) / n if n else float("nan"),
        "intent_accuracy": sum(p["intent_accuracy"] * p["n"] for p in parts) / n if n else float("nan"),
        "wrong": sum(p["wrong"] for p in parts),
        "rejected": sum(p["rejected"] for p in parts),
        "rtf": processing / audio if audio else float("nan"),
        "audio": audio,
        "latency": summarize_ms(latencies),
        "latency_values": latencies,
        "ended_by_flush": sum(p["ended_by_flush"] for p in parts),
        "self_ended": sum(p["self_ended"] for p in parts),
        "by_state": by_state,
        "by_voice": add_tallies(p.get("by_voice", {}) for p in parts),
        "verdicts": verdicts.summary({k: sum(p["verdicts"][k] for p in parts) for k in verdicts.OUTCOMES}, n),
        "misses": [dict(m, state=p["state"]) for p in parts for m in p["misses"]],
    }


def add_tallies(tallies: Iterable[dict[str, dict[str, int]]]) -> dict[str, dict[str, int]]:
    """Per-key counts added up (``by_voice`` of several runs, or voices into families)."""
    out: dict[str, dict[str, int]] = {}
    for tally in tallies:
        for key, counts in tally.items():
            entry = out.setdefault(key, {})
            for name, value in counts.items():
                entry[name] = entry.get(name, 0) + value
    return out


def by_family(by_voice: dict[str, dict[str, int]], voices: Iterable[str] | None = None) -> dict[str, dict[str, int]]:
    """``by_voice`` counts added up per voice family (the engine), of ``voices`` only if given."""
    keep = None if voices is None else set(voices)
    return add_tallies({voice.split(":", 1)[0]: counts} for voice, counts in by_voice.items()
                       if keep is None or voice in keep)


def accuracy(recognizer: Any, language: CommandLanguage, clips: list[Clip], *,
             use_confidence: bool = True, strip: str = "",
             intents: Iterable[str] | None = None, refused: frozenset[str] = frozenset(),
             slowdown: float = 1.0, timer: Callable[[], float] = time.perf_counter,
             policy: Any = None) -> dict[str, Any]:
    """Intent-and-slots accuracy of ``clips`` through ``recognizer``.

    A clip is *correct* when exactly one command came out and it is the expected one,
    *wrong* when a different command came out (the dangerous failure), *rejected* when
    nothing was accepted (the Storyteller repeats). ``use_confidence=False`` ignores the
    recognizer's own verdict (the free-form baseline is matched by text alone). ``intents``:
    parse among these only (the Listener parses among the intents it listens for);
    ``refused``: decoys the Listener hears but refuses (counted as nothing taken).
    """
    correct = intent_ok = wrong = rejected = 0
    latencies: list[float] = []
    flushed = 0
    self_ended = 0  # clips whose results all came from the endpointer, none from the flush
    processing = audio = 0.0
    misses: list[dict[str, Any]] = []
    by_voice: dict[str, dict[str, int]] = {}
    counts = dict.fromkeys(verdicts.OUTCOMES, 0)
    if hasattr(recognizer, "alone"):   # fused: as the Listener sets it (none for the free-form baseline)
        recognizer.alone = (verdicts.alone_hook(recognizer, language, intents, strip, policy, refused)
                            if use_confidence else None)
        recognizer.doubts = (verdicts.doubts_hook(recognizer, language, intents, strip, policy)
                              if use_confidence else None)
    for clip in clips:
        tally = by_voice.setdefault(clip.voice, {"n": 0, "correct": 0, "wrong": 0, "rejected": 0})
        tally["n"] += 1
        got = stream(recognizer, clip, slowdown=slowdown, timer=timer)
        if use_confidence:  # what the narrator would do: act, ask or reject (not for free-form)
            verdict = verdicts.outcome(recognizer, language, [r for r, _, _ in got.results], clip.expected,
                                       intents, strip, policy, refused=refused)
            counts[verdict] += 1
            tally[verdict] = tally.get(verdict, 0) + 1
        processing += got.processing
        audio += got.audio
        self_ended += bool(got.results) and all(cut for _, _, cut in got.results)
        commands = []
        for result, at, endpointed in got.results:
            if use_confidence and not result.accepted:
                continue
            text = result.text
            if strip:
                words = text.split()
                if words[:1] != [strip]:
                    continue
                text = " ".join(words[1:])
            started = timer()
            command = parse_spoken(language, text, intents)
            parse = (timer() - started) * slowdown
            if command is not None and command.intent not in refused:
                commands.append((command, at + parse, endpointed))
        if len(commands) == 1 and same_command(commands[0][0], clip.expected):
            correct += 1
            tally["correct"] += 1
            command, at, endpointed = commands[0]
            if endpointed:
                latencies.append(at - clip.speech_end / RATE)
            else:
                flushed += 1
        else:
            heard = [(r.text, round(r.confidence, 2), r.accepted) for r, _, _ in got.results]
            misses.append({"said": clip.text, "voice": clip.voice, "heard": heard})
            if commands:
                wrong += 1
                tally["wrong"] += 1
            else:
                rejected += 1
                tally["rejected"] += 1
        if any(c.intent == (clip.expected or {}).get("intent") for c, _, _ in commands):
            intent_ok += 1
    n = len(clips)
    return {
        "n": n,
        "accuracy": correct / n if n else float("nan"),
        "intent_accuracy": intent_ok / n if n else float("nan"),
        "wrong": wrong,
        "rejected": rejected,
        "rtf": processing / audio if audio else float("nan"),
        "audio": audio,
        "latency": summarize_ms(latencies),
        "latency_values": latencies,
        "ended_by_flush": flushed,
        "self_ended": self_ended,
        "by_voice": by_voice,
        "verdicts": verdicts.summary(counts, n),
        "misses": misses,
    }


# --- false accepts -----------------------------------------------------------------------------
@dataclass
class GatingResult:
    mode: str
    via: str               # "Listener" or "grammar prefix" / "recognizer"
    n: int = 0
    accepted: int = 0      # commands that would reach the engine
    held: int = 0          # destructive commands held for a yes (not carried out)
    examples: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"mode": self.mode, "via": self.via, "n": self.n, "false_accepts": self.accepted,
                "held_for_confirmation": self.held,
                "rate_per_100": round(100 * self.accepted / self.n, 2) if self.n else None,
                "examples": self.examples[:10]}


def listener_class() -> Any:
    """The app's gated Listener (narrator.voice.listener), or None while it does not exist."""
    try:
        from narrator.voice.listener import Listener
    except Exception:  # not there yet, or broken mid-edit: fall back to the grammar prefix
        return None
    return Listener


def false_accepts_direct(recognizer: Any, language: CommandLanguage, clips: list[Clip], mode: str,
                         wake: str = "") -> GatingResult:
    """Without the Listener: every accepted result that parses (after the wake word, if any)."""
    out = GatingResult(mode, "grammar prefix" if wake else "recognizer")
    for clip in clips:
        out.n += 1
        for result, _, _ in stream(recognizer, clip).results:
            words = result.text.split()
            if not result.accepted or (wake and words[:1] != [wake]):
                continue
            command = parse_spoken(language, " ".join(words[1:] if wake else words))
            if command is None:
                continue
            if language.is_destructive(command.intent):
                out.held += 1
            else:
                out.accepted += 1
            out.examples.append({"said": clip.text, "heard": result.text, "intent": command.intent})
    return out


def false_accepts_listener(make_listener: Callable[[], Any], clips: list[Clip], mode: str) -> GatingResult:
    """Through the app's Listener: commands it hands back, and destructive ones it holds."""
    out = GatingResult(mode, "Listener")
    listener = make_listener()
    size = int(round(CHUNK_SECONDS * RATE))
    for clip in clips:
        out.n += 1
        commands = []
        fresh(listener.recognizer, clip)
        if mode == "push_to_talk":
            listener.ptt_down()
        for chunk in clip.chunks(size):
            commands += listener.feed(chunk)
        commands += listener.ptt_up() if mode == "push_to_talk" else listener.finish()
        if listener.pending is not None:
            out.held += 1
            out.examples.append({"said": clip.text, "intent": listener.pending.intent, "held": True})
            listener.cancel_pending()
        for command in commands:
            out.accepted += 1
            out.examples.append({"said": clip.text, "heard": command.text, "intent": command.intent})
    return out


def grammar_spec(language: CommandLanguage, pronunciations: dict[str, str], prefix: str = "") -> GrammarSpec:
    return GrammarSpec.from_data(language.grammar(None, prefix=prefix), pronunciations=pronunciations)


def all_intents(language: CommandLanguage) -> Iterable[str]:
    return [family.intent for family in language.families]
