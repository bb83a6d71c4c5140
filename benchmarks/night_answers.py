"""A night recording with the Storyteller's answers in it.

A recording cannot hear the narrator, so it is made the way a Storyteller would answer:
each line of a game file (tests/games/) is said in a corpus voice, then heard through the
listening path table mode uses (the same Listener, the same chunks, the same session,
not at real-time pace, so the same every time), and what the narrator did decides what
is said next: nothing more where it acted; "yes" where it asked the right thing; "no"
and the line again where it asked the wrong thing; the line again after a refusal, at
most twice, and then the line typed (counted). The recording is the lines and answers
as said. A last pass hears the whole recording from its start and must change nothing.

Each utterance is its own clip, a whole number of the microphone's chunks long, with its
own babble slice: the recording's chunks are the clips' chunks, so the last pass hears
what the making heard.
"""
from __future__ import annotations

import shlex
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from benchmarks.corpus import OUT, RATE, Voice, babble, make_clip, tts, write_wav
from benchmarks.night_hearing import CHUNK_SECONDS

GAP = 3.0            # seconds after each utterance: the narrator answers, the Storyteller listens
LEAD = 1.0           # seconds of room before the first line
TRIES = 3            # a refused line is said at most three times, then typed
LEAD_IN = 0.5        # the digital silence a "file:" microphone plays before the recording
CHUNK = int(round(CHUNK_SECONDS * RATE))   # samples per microphone chunk


@dataclass
class Line:
    """One command of the game file, as typed and as said."""
    typed: str
    spoken: str
    confirm: bool = False     # the typed game holds it for a yes


@dataclass
class Utterance:
    text: str
    line: int                 # the Line it serves
    kind: str                 # "command", "again", "yes", "no", "pick"
    start: float = 0.0        # seconds into the recording, speech only
    end: float = 0.0


@dataclass
class Night:
    """A recording's plan, and what hearing it did."""
    utterances: list[Utterance] = field(default_factory=list)
    # (when, line, "line" or "yes"): the line typed, or the yes button pressed
    typed: list[tuple[float, int, str]] = field(default_factory=list)
    done: dict[int, float] = field(default_factory=dict)           # line -> when it acted
    counts: Counter = field(default_factory=Counter)
    seconds: float = 0.0


def read_game(path: str | Path, wake: str = "storyteller") -> tuple[list[str], list[Line]]:
    """A game file's `# args:` and its command lines; a "yes" line confirms the line before."""
    from narrator.language import templates as T

    args: list[str] = []
    lines: list[Line] = []
    for raw in Path(path).read_text(encoding="utf-8").splitlines():
        if raw.startswith("# args:"):
            args = shlex.split(raw[len("# args:"):])
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        if text == "yes" and lines:
            lines[-1].confirm = True
            continue
        lines.append(Line(text, f"{wake} {T.normalise(text)}".strip()))
    return args, lines


def game_toml(args: list[str]) -> str:
    """The table's game file for a game file's `# args:` (--script, --players, ...)."""
    keys = {"--script": "script", "--players": "players", "--characters": "characters",
            "--travellers": "travellers", "--seed": "seed"}
    out = []
    for flag, value in zip(args[::2], args[1::2]):
        key = keys[flag]
        out.append(f"{key} = {value}" if key == "seed" else f'{key} = "{value}"')
    return "\n".join(out) + "\n"


def clip(text: str, voice: Voice, noise, snr_db: float | None, seed: int, n: int,
         gap: float, lead: float = 0.2, cache: Path = OUT) -> tuple[np.ndarray, int, int]:
    """One utterance and its gap, padded to whole chunks; its babble slice from (seed, n)."""
    rng = np.random.default_rng([seed, n])
    samples, start, end = make_clip(tts(text, voice, cache), noise, snr_db, rng,
                                    lead=lead, tail=gap)
    pad = (-len(samples)) % CHUNK
    if pad:
        samples = np.concatenate([samples, rng.normal(0.0, 20.0, pad)])
    return samples, start, end


def chunks(samples: np.ndarray) -> list[bytes]:
    pcm = np.clip(np.round(samples), -32768, 32767).astype("<i2")
    return [pcm[i:i + CHUNK].tobytes() for i in range(0, len(pcm), CHUNK)]


def lead_in() -> list[bytes]:
    """The silence before the recording that table mode's "file:" microphone plays."""
    return [bytes(2 * CHUNK)] * int(round(LEAD_IN * RATE / CHUNK))


def same(command, line_command) -> bool:
    return (command is not None and line_command is not None
            and command.intent == line_command.intent and command.slots == line_command.slots)


def make_night(hearing_factory, lines: list[Line], voice: Voice, snr_db: float | None,
               seed: int = 1, cache: Path = OUT) -> tuple[Night, np.ndarray]:
    """Say each line, hear it, answer as a Storyteller would; the plan and the samples."""
    noise = babble(cache) if snr_db is not None else None
    hearing = hearing_factory()
    night, parts = Night(), []
    room = np.random.default_rng([seed, 0]).normal(0.0, 20.0, int(LEAD * RATE))
    parts.append(room)
    for chunk in lead_in() + chunks(room):     # as table mode hears it, times included
        hearing.feed(chunk)
    at = LEAD_IN + len(room) / RATE

    def say(text: str, index: int, kind: str) -> None:
        nonlocal at
        samples, start, end = clip(text, voice, noise, snr_db, seed, len(night.utterances) + 1,
                                   GAP, cache=cache)
        night.utterances.append(Utterance(text, index, kind, at + start / RATE, at + end / RATE))
        parts.append(samples)
        for chunk in chunks(samples):
            hearing.feed(chunk)
        at += len(samples) / RATE

    wake = lines[0].spoken.split()[0] if lines else "storyteller"
    for index, line in enumerate(lines):
        want = hearing.typed_command(line.typed)
        line.spoken = hearing.spoken_form(line.spoken, line.typed)
        before = hearing.events()
        tries, asked = 1, False          # times the line was said; a doubt asked about it
        question, answers = None, 0      # the question answered last, times answered
        say(line.spoken, index, "command")
        while True:
            if hearing.events() > before:
                if not same(hearing.last_event(), want):
                    night.counts["silent wrong"] += 1
                    hearing.undo_typed()
                    hearing.type(line.typed, at)
                    night.typed += [(at, index, "undo"), (at, index, "line")]
                    night.counts["typed"] += 1
                elif tries == 1 and not asked:
                    night.counts["right first time"] += 1
                night.done[index] = hearing.acted_at.get(hearing.events() - 1, at)
                break
            pending = hearing.pending()
            if pending is not None and pending is question:     # the answer was not heard
                answers += 1
                if answers >= TRIES:                            # the yes button, counted
                    hearing.press_yes()
                    night.typed.append((at, index, "yes"))
                    night.counts["typed"] += 1
                    continue
                night.counts["repeated"] += 1
                say(night.utterances[-1].text, index, night.utterances[-1].kind)
                continue
            question, answers = pending, 1
            if pending is not None and hearing.picks():
                first, second = hearing.picks()
                word = first[1] if same(first[0], want) else second[1] if same(second[0], want) else None
                asked = True
                night.counts["asked"] += 1
                if word is not None:
                    say(f"{wake} {word}", index, "pick")
                    continue
                say(f"{wake} no", index, "no")
            elif pending is not None:
                if not hearing.asked_destructive():
                    asked = True
                    night.counts["asked"] += 1
                if same(pending, want):
                    say(f"{wake} yes", index, "yes")
                    continue
                say(f"{wake} no", index, "no")
            if tries >= TRIES:
                hearing.type(line.typed, at)
                night.typed.append((at, index, "line"))
                night.counts["typed"] += 1
                night.done[index] = at
                break
            night.counts["repeated"] += 1
            tries += 1
            say(line.spoken, index, "again")
        if hearing.finished():
            break
    samples = np.concatenate(parts)
    night.seconds = len(samples) / RATE
    hearing.close()
    return night, samples


def check_night(hearing_factory, night: Night, samples: np.ndarray,
                verdicts: list | None = None) -> list[str]:
    """Hear the whole recording again from its start, typing where the plan types: what
    differs from the making (nothing, when the plan is a fixed point). ``verdicts`` gets
    what the listener did with each thing heard: (verdict, intent)."""
    hearing = hearing_factory()
    made = {line for _, line, what in night.typed if what == "line"}
    problems = []
    typed = list(night.typed)      # in the order the making typed them
    # typed after the chunk that ends where the making typed (the making types at the end of
    # what it has fed; counted in whole chunks: a sum of 0.1 s steps drifts below 13.0 and
    # typed a chunk late, and a state change a chunk apart is heard otherwise in babble)
    for n, chunk in enumerate(lead_in() + chunks(samples), start=1):
        hearing.feed(chunk)
        at = n * CHUNK / RATE
        while typed and typed[0][0] <= at + 1e-6:
            when, line, what = typed.pop(0)
            if what == "line":
                hearing.type(hearing.lines[line].typed, when)
            elif what == "undo":
                hearing.undo_typed()
            else:
                hearing.press_yes()
    acted = hearing.acted_at
    for line, when in night.done.items():
        got = acted.get(line)
        if got is None or abs(got - when) > GAP + 0.5:
            problems.append(f"line {line + 1}: acted at {got} in the last pass, {when:.1f} s "
                            f"in the making ({'typed' if line in made else 'said'})")
    if verdicts is not None:
        verdicts += [(h.verdict, h.intent) for h in hearing.listener.heard]
    hearing.close()
    return problems


def made_and_checked(hearing_factory, lines: list[Line], voice: Voice, snr_db: float | None,
                     seed: int = 1, verdicts: list | None = None,
                     makings: int = 3) -> tuple[Night, np.ndarray, list[str], int]:
    """make_night, then check_night; made again where the last pass differs (moonshine's
    scores can move in the last digits between runs, and a borderline one decides), at
    most ``makings`` times. The night, its samples, what the last pass found, the makings."""
    for making in range(1, makings + 1):
        night, samples = make_night(hearing_factory, lines, voice, snr_db, seed)
        heard: list = []
        problems = check_night(hearing_factory, night, samples, heard)
        if not problems or making == makings:
            if verdicts is not None:
                verdicts += heard
            return night, samples, problems, making
    raise AssertionError("unreachable")


def write_night(path: Path, samples: np.ndarray) -> Path:
    return write_wav(path, samples.astype(np.float64))


def main(argv: list[str] | None = None) -> int:
    """python -m benchmarks.night_answers GAME.txt NIGHT.wav [--voice V] [--snr DB]"""
    import argparse

    from benchmarks import night_hearing as nb
    from benchmarks.night_recording import parse_voice

    parser = argparse.ArgumentParser(description="A night recording with the answers in it, "
                                     "from a game file of tests/games/.")
    parser.add_argument("game", help="a game file (# args: and one command a line)")
    parser.add_argument("out", help="the WAV file to write; its game file is written beside it")
    parser.add_argument("--voice", default="piper:joe@100")
    parser.add_argument("--snr", type=float, default=None, help="babble SNR in dB (none: quiet)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game_args, lines = read_game(args.game, nb.WAKE)
    out = Path(args.out)
    game_file = out.with_suffix(".toml")
    game_file.write_text(game_toml(game_args))
    factory = nb.hearing_factory(game_file, lines)
    night, samples, problems, makings = made_and_checked(factory, lines, parse_voice(args.voice),
                                                         args.snr, args.seed)
    write_night(out, samples)
    for u in night.utterances:
        print(f"{u.start:7.2f} {u.end:7.2f}  {u.kind:7}  {u.text}")
    for when, line, what in night.typed:
        print(f"{when:7.2f}  type: {lines[line].typed if what == 'line' else what}")
    print(", ".join(f"{k} {v}" for k, v in sorted(night.counts.items())) + f" of {len(lines)} lines")
    print(f"last pass ({makings} making{'s' if makings > 1 else ''}): "
          + ("changes nothing" if not problems else "; ".join(problems)))
    print(f"wrote {out} ({night.seconds:.1f} s) and {game_file}")
    return 0 if not problems else 1


if __name__ == "__main__":
    raise SystemExit(main())
