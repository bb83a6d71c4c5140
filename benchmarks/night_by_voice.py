"""A whole night by voice, measured: a game file of tests/games/ made into a recording with
the Storyteller's answers in it (benchmarks.night_answers), then played to table mode as its
microphone at real-time pace, once per voice and babble level, to the game's winner.

Listening: the Pi's recognizer (fused: pocketsphinx proposes, moonshine scores) with the
wake phrase, as a recording cannot press the talk button; fused with the wake phrase acted
on no chatter line of 109 (docs/performance.md), and the floors are the configuration's
own. Narration is printed (no sound card here), so the narrator's voice never closes the
microphone; the gap after each utterance stands for its answer.

For each night: the winner, whether the journal holds the typed game's commands, the
commands heard right first time, asked about (a doubt; the confirmation of a command that
kills or ends the game is not counted), said again, typed, and the seconds the Storyteller
waited (from the end of each line's first saying to its action, repeats and answers
included), measured in table mode; and the plan's own act times against table mode's.

    python -m benchmarks.night_by_voice [--game tests/games/tb-saint-executed.txt]
        [--voices piper:joe@100,espeak:en-gb-x-rp+m3@130] [--snr clean,15] [--quick]
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from benchmarks.corpus import OUT
from benchmarks.night_answers import Night, game_toml, made_and_checked, read_game, write_night
from benchmarks.night_hearing import WAKE, hearing_factory, recognizer_config
from benchmarks.night_recording import parse_voice

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "tests" / "games" / "tb-saint-executed.txt"
VOICES = ("piper:joe@100", "espeak:en-gb-x-rp+m3@130")


def journal_commands(path: Path) -> list[tuple[str, dict]]:
    with contextlib.closing(sqlite3.connect(str(path))) as db:
        rows = db.execute("SELECT intent, slots FROM events ORDER BY seq").fetchall()
    return [(intent, json.loads(slots)) for intent, slots in rows]


def typed_game(game: Path, args: list[str], where: Path) -> tuple[list[tuple[str, dict]], str]:
    """The game played typed (narrator play --commands): its journal's commands, its winner."""
    from narrator.cli import main

    journal, log = where / "typed.sqlite", where / "typed.jsonl"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = main(["play", *args, "--game", str(journal), "--commands", str(game),
                     "--log", str(log)])
    if code != 0:
        raise RuntimeError(f"the typed game did not play: exit {code}")
    last = json.loads(log.read_text().splitlines()[-1])
    return journal_commands(journal), last.get("winner", "")


def play_at_the_table(wav: Path, game_file: Path, night: Night, lines: list, where: Path,
                      limit: float) -> dict[str, Any]:
    """Table mode with the recording as its microphone, at real-time pace; the typed lines
    typed and the yes button pressed where the plan has them."""
    from narrator.config import AudioConfig, Config, GameConfig, GpioConfig
    from narrator.speech.printed import PrintedNarration
    from narrator.table.loop import Table
    from narrator.table.voice import open_table_voice
    from narrator.table.watchdog import Notifier, Watchdog

    config = Config(gpio=GpioConfig(enabled=False), game=GameConfig(data_dir=str(where / "data")),
                    recognizer=recognizer_config(), audio=AudioConfig(microphone=f"file:{wav}"))
    started: list[float] = []
    out, said, voices = io.StringIO(), io.StringIO(), []

    def make(deliver, narration):
        voice = open_table_voice(config.recognizer, config.audio.microphone, deliver, narration,
                                 log_line=lambda line: print(line, file=out),
                                 data_dir=config.game.data_dir)
        source = getattr(voice, "source", None)
        if source is not None:
            start = source.start
            source.start = lambda: (started.append(time.monotonic()), start())[1]
        voices.append(voice)
        return voice

    notifier = Notifier(None)
    table = Table(config, game_file=game_file, out=out, narration=PrintedNarration(said),
                  notifier=notifier, watchdog=Watchdog(notifier, env={}), voice_factory=make,
                  keyboard=False, poll_seconds=0.1)
    thread = threading.Thread(target=table.run, daemon=True)
    thread.start()
    session, acted = None, {}
    deadline = time.monotonic() + limit
    todo = list(night.typed)
    listener = None
    while time.monotonic() < deadline and thread.is_alive():
        session = session or table.session
        listener = (getattr(voices[0], "_listener", None) if voices else None) or listener
        if started and session is not None:
            now = time.monotonic() - started[0]
            count = len(journal_commands(Path(session.journal.path)))
            for k in range(count):
                acted.setdefault(k, now)
            # the Storyteller types once the narrator has dealt with what was said before
            # (the audio the listener has heard), not by the clock: a recognizer behind
            # the recording would otherwise meet the typed line before the spoken ones
            heard_to = getattr(listener, "_seconds", 0.0) if listener is not None else 0.0
            while todo and todo[0][0] <= heard_to and table.inputs.empty():
                _, line, what = todo.pop(0)
                if what == "line":
                    table.put("keyboard", lines[line].typed)
                    if lines[line].confirm:
                        table.put("keyboard", "yes")
                elif what == "undo":
                    table.put("keyboard", "undo")
                else:
                    table.put("button", "yes")
            if session.finished and table.session is None:
                break
        time.sleep(0.02)
    heard = [(h.verdict, h.intent) for h in listener.heard] if listener is not None else []
    table.request_stop()
    thread.join(30)
    win = session.game.winner if session is not None else None
    winner = getattr(win, "winner", win)
    return {"winner": winner or "", "acted": acted,
            "journal": journal_commands(Path(session.journal.path)) if session else [],
            "voice": next((x for x in out.getvalue().splitlines() if x.startswith("voice:")), ""),
            "out": out.getvalue(), "said": said.getvalue(), "heard": heard}


def one_night(game: Path, voice: str, snr: float | None, seed: int = 1) -> dict[str, Any]:
    args, lines = read_game(game, WAKE)
    with tempfile.TemporaryDirectory(prefix="night-by-voice-") as tmp:
        where = Path(tmp)
        typed, typed_winner = typed_game(game, args, where)
        game_file = where / "game.toml"
        game_file.write_text(game_toml(args))
        factory = hearing_factory(game_file, lines)
        began = time.monotonic()
        verdicts: list = []
        night, samples, problems, makings = made_and_checked(factory, lines, parse_voice(voice),
                                                             snr, seed, verdicts)
        made = time.monotonic() - began
        wav = write_night(where / "night.wav", samples)
        played = play_at_the_table(wav, game_file, night, lines, where,
                                   limit=night.seconds + 60.0)
    firsts = {}
    for u in night.utterances:
        firsts.setdefault(u.line, u.end)
    acted = played["acted"]
    waits = [acted[k] - firsts[k] for k in sorted(acted) if k in firsts]
    drift = [abs(acted[k] - night.done[k]) for k in sorted(acted) if k in night.done]
    planned = [night.done[k] - firsts[k] for k in sorted(night.done) if k in firsts]
    return {"game": game.stem, "voice": voice, "snr": "clean" if snr is None else f"{snr:g} dB",
            "lines": len(lines), "seconds": round(night.seconds, 1),
            "winner": played["winner"], "typed winner": typed_winner,
            "journal equal": played["journal"] == typed,
            "right first time": night.counts["right first time"],
            "asked": night.counts["asked"], "repeated": night.counts["repeated"],
            "typed": night.counts["typed"], "silent wrong": night.counts["silent wrong"],
            "waited s": round(sum(waits), 1), "longest wait s": round(max(waits, default=0), 1),
            "waited in audio s": round(sum(planned), 1),
            "load": round(os.getloadavg()[0], 1),
            "plan vs table s": round(max(drift, default=0.0), 1),
            "heard as planned": played["heard"] == verdicts,
            "last pass": "changes nothing" if not problems else "; ".join(problems),
            "made in s": round(made, 1), "makings": makings, "voice line": played["voice"]}


def conditions(voices: list[str], snrs: list[str]) -> list[tuple[str, float | None]]:
    return [(v, None if s == "clean" else float(s)) for v in voices for s in snrs]


def run_nights(game: Path = GAME, voices=VOICES, snrs=("clean", "15"), log=print) -> list[dict]:
    rows = []
    for voice, snr in conditions(list(voices), list(snrs)):
        log(f"night by voice: {game.stem}, {voice}, {'clean' if snr is None else f'{snr:g} dB'}")
        rows.append(one_night(game, voice, snr))
        log("  " + ", ".join(f"{k} {v}" for k, v in rows[-1].items() if k != "voice line"))
    return rows


def print_rows(rows: list[dict], out=sys.stdout) -> None:
    print("| voice | babble | winner (typed) | journal = typed | right first / lines | asked "
          "| said again | typed | waited s, audio / table (longest) | load | recording s |",
          file=out)
    print("|---|---|---|---|---|---|---|---|---|---|---|", file=out)
    for r in rows:
        print(f"| {r['voice']} | {r['snr']} | {r['winner']} ({r['typed winner']}) "
              f"| {'yes' if r['journal equal'] else 'NO'} | {r['right first time']} / {r['lines']} "
              f"| {r['asked']} | {r['repeated']} | {r['typed']} "
              f"| {r['waited in audio s']} / {r['waited s']} ({r['longest wait s']}) "
              f"| {r['load']} | {r['seconds']} |", file=out)


def section(args: Any, table: Any, log=print) -> dict[str, Any]:
    """The night section of ``python -m benchmarks``: the default nights (--quick: Piper
    joe, clean), one row each."""
    from hardware.moonshine_model import bundled_model_dir
    from benchmarks.corpus import tools_missing

    missing = tools_missing() + ([] if bundled_model_dir() is not None else ["moonshine-voice"])
    if missing:
        table.add("night", "skipped", "needs " + ", ".join(missing))
        return {"skipped": "missing " + ", ".join(missing)}
    rows = run_nights(GAME, [VOICES[0]] if args.quick else VOICES,
                      ["clean"] if args.quick else ["clean", "15"], log)
    for r in rows:
        table.add("night", f"{r['game']}, {r['voice']}, {r['snr']}: winner, journal = typed",
                  f"{r['winner'] or 'none'}, {'yes' if r['journal equal'] else 'no'}", "",
                  f"{r['typed winner']}, yes",
                  r["winner"] == r["typed winner"] and r["journal equal"])
        table.add("night", "  right first / asked / said again / typed, of lines",
                  f"{r['right first time']} / {r['asked']} / {r['repeated']} / {r['typed']}"
                  f" of {r['lines']}")
        table.add("night", "  seconds the Storyteller waited: in the audio / in table mode "
                  f"(longest), load {r['load']}",
                  f"{r['waited in audio s']} / {r['waited s']} ({r['longest wait s']})")
    return {"nights": [{k: v for k, v in r.items() if k not in ("said", "heard", "out")}
                       for r in rows]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=str(GAME))
    parser.add_argument("--voices", default=",".join(VOICES))
    parser.add_argument("--snr", default="clean,15", help="babble levels: clean, or dB")
    parser.add_argument("--quick", action="store_true", help="Piper joe, clean only")
    parser.add_argument("--json", default=str(OUT / "night_by_voice.json"))
    args = parser.parse_args(argv)
    voices = [VOICES[0]] if args.quick else args.voices.split(",")
    snrs = ["clean"] if args.quick else args.snr.split(",")
    rows = run_nights(Path(args.game), voices, snrs,
                      log=lambda m: print(m, file=sys.stderr, flush=True))
    print_rows(rows)
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
