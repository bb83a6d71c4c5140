"""How often a new player's name is written right by the free-form recognizer (Moonshine)
from the Piper voice, said alone, after "the name is", and as "seat three is ...":

    python -m benchmarks.names_heard

A name counts as right when narrator.voice.names.name_in gives it back, whatever its case.
"""
from __future__ import annotations

import time

import numpy as np

from benchmarks.corpus import OUT, Voice, tts
from narrator.voice.names import NameHearer

NAMES = ["Cat", "Ben", "Priya", "Oliver", "Zoe", "Gus", "Siobhan", "Eve", "Dan", "Marcus"]
FORMS = {"alone": "{}.", "the name is": "The name is {}.", "seat three is": "Seat three is {}."}
SPEEDS = (85, 100, 120)


def main() -> int:
    hearer = NameHearer()
    if hearer.missing:
        print(hearer.missing)
        return 1
    seconds: list[float] = []
    print("| form | " + " | ".join(f"joe@{s}" for s in SPEEDS) + " |")
    print("|---|" + "---|" * len(SPEEDS))
    for form, text in FORMS.items():
        cells = []
        for speed in SPEEDS:
            right = []
            for name in NAMES:
                samples = tts(text.format(name), Voice("piper", "joe", speed), OUT)
                pcm = np.clip(np.round(samples), -32768, 32767).astype("<i2").tobytes()
                started = time.perf_counter()
                heard = hearer.hear(pcm)
                seconds.append(time.perf_counter() - started)
                right.append(heard.lower() == name.lower())
            cells.append(f"{sum(right)} / {len(NAMES)}")
        print(f"| {form} | " + " | ".join(cells) + " |")
    print(f"transcribing one: median {1000 * float(np.median(seconds)):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
