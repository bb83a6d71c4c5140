"""The setup questions' answers, kept across a restart of table mode.

The answers given so far (the script, the counts, the roster, the names given seat by seat,
and the question reached) are written to ``<data_dir>/setup-answers.json`` after each
answer, and read back when table mode starts with no game to resume: a crash or a watchdog
restart in the middle of the names does not send the Storyteller back to the first question.
The file goes once the game starts. A file that cannot be read, or answers that no longer fit
(a script removed, a roster renamed), are left out one by one: the question keeps its own
proposal.
"""
from __future__ import annotations

import json
import logging
from pathlib import Path

from narrator import own_files
from narrator.table.names import clean
from narrator.table.setup import QUESTIONS, SetupQuestions
from statemachine.bag.draw import MAX_PLAYERS, MAX_TRAVELLERS, MIN_PLAYERS

log = logging.getLogger(__name__)

KEPT_FILE = "setup-answers.json"


def keep(data_dir: Path, q: SetupQuestions) -> None:
    """Write the answers so far (nothing asked yet, or all done: the file goes)."""
    path = Path(data_dir) / KEPT_FILE
    if not q.step or q.done:
        forget(data_dir)
        return
    answers = {"step": q.step, "script": q.script, "players": q.players, "travellers": q.travellers,
               "roster": q.roster, "names": {str(seat): name for seat, name in q.names.given.items()}}
    try:
        own_files.write(path, json.dumps(answers).encode(), force=True)
    except OSError as exc:   # the game goes on; only a restart would ask again
        log.warning("could not keep the setup answers in %s: %s", path, exc)


def forget(data_dir: Path) -> None:
    (Path(data_dir) / KEPT_FILE).unlink(missing_ok=True)


def restore(data_dir: Path, q: SetupQuestions) -> bool:
    """Put the kept answers back into ``q``; True if there were any to put back."""
    path = Path(data_dir) / KEPT_FILE
    try:
        answers = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return False
    except (OSError, ValueError) as exc:
        log.warning("the setup answers in %s cannot be read (%s): asked again", path, exc)
        return False
    if not isinstance(answers, dict) or answers.get("step") not in QUESTIONS:
        return False
    if answers.get("script") in q.choices.scripts:
        q.script = answers["script"]
    if isinstance(answers.get("players"), int) and MIN_PLAYERS <= answers["players"] <= MAX_PLAYERS:
        q.players = answers["players"]
    if isinstance(answers.get("travellers"), int) and 0 <= answers["travellers"] <= MAX_TRAVELLERS:
        q.travellers = answers["travellers"]
    if answers.get("roster") == "" or answers.get("roster") in q.choices.rosters:
        q.roster = answers["roster"]
    names = answers.get("names")
    if isinstance(names, dict):
        q.names.given.update({int(seat): clean(name) for seat, name in names.items()
                              if str(seat).isdigit() and isinstance(name, str) and clean(name)})
    q.step = answers["step"]
    return True
