"""A game night as a recording: the Storyteller's commands, one a line of a command file,
said in a voice of the benchmark's corpus (Piper's joe by default) over table babble at a
chosen SNR, each followed by a gap for the narrator's answer, into one WAV file that table
mode plays as its microphone (``[audio] microphone = "file:NIGHT.wav"``, or ``narrator run
--microphone file:NIGHT.wav``), at real-time pace.

The command file: one utterance a line, as the Storyteller would say it (with the wake
phrase, in wake-phrase mode); a blank line or a ``#`` comment is skipped; ``wait 6`` makes
the gap after the line before it 6 seconds (the default is ``GAP``, enough for the
narrator to answer a command in a printed or short spoken line). Answers to the narrator's
questions ("yes" to a confirmation) are lines like any other.

    python -m benchmarks.night_recording COMMANDS.txt NIGHT.wav [--voice piper:joe@100]
        [--snr 20]

prints the timeline (when each line is said) and writes the WAV file.
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from benchmarks.corpus import OUT, RATE, Voice, babble, make_clip, tts, write_wav

GAP = 3.0          # seconds after each line for the narrator's answer
LEAD = 1.0         # seconds before the first line
DEFAULT_VOICE = Voice("piper", "joe", 100)


@dataclass(frozen=True)
class Said:
    text: str
    start: float        # seconds into the recording
    end: float
    gap: float


def read_commands(path: str | Path) -> list[tuple[str, float]]:
    """(line, gap after it) for each line of a command file."""
    out: list[tuple[str, float]] = []
    for raw in Path(path).read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("wait "):
            if not out:
                raise ValueError("a wait before the first line")
            out[-1] = (out[-1][0], float(line.split()[1]))
            continue
        out.append((line, GAP))
    return out


def parse_voice(text: str) -> Voice:
    """'piper:joe@100', 'espeak:en-gb@140', 'flite:slt'."""
    engine, _, rest = text.partition(":")
    name, _, speed = rest.partition("@")
    return Voice(engine, name, int(speed) if speed else 0)


def record_night(commands: list[tuple[str, float]], out: Path, voice: Voice = DEFAULT_VOICE,
                 snr_db: float | None = None, seed: int = 1,
                 cache: Path = OUT) -> list[Said]:
    """Write the recording; returns when each line is said."""
    rng = np.random.default_rng(seed)
    noise = babble(cache) if snr_db is not None else None
    parts = [make_clip(np.zeros(0), None, None, rng, lead=LEAD, tail=0.0)[0]]
    timeline, at = [], LEAD
    for text, gap in commands:
        samples, start, end = make_clip(tts(text, voice, cache), noise, snr_db, rng,
                                        lead=0.2, tail=gap)
        timeline.append(Said(text, at + start / RATE, at + end / RATE, gap))
        parts.append(samples)
        at += len(samples) / RATE
    write_wav(Path(out), np.concatenate(parts).astype(np.float64))
    return timeline


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("commands", help="the command file")
    parser.add_argument("out", help="the WAV file to write")
    parser.add_argument("--voice", default=str(DEFAULT_VOICE))
    parser.add_argument("--snr", type=float, default=None, help="babble SNR in dB (none: quiet)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    timeline = record_night(read_commands(args.commands), Path(args.out),
                            parse_voice(args.voice), args.snr, args.seed)
    for said in timeline:
        print(f"{said.start:7.2f} {said.end:7.2f}  {said.text}")
    print(f"wrote {args.out}: {timeline[-1].end + timeline[-1].gap:.1f} s" if timeline else
          "no lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
