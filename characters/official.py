"""Every official character's data (characters/data/catalogue.toml), and the one generic
unit that runs any character the narrator has no module for: the Storyteller runs it, the
narrator wakes it in its place, says its reminder and notes the choices."""
from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from importlib import resources

from characters.common import say_seats
from statemachine.registry import Character
from statemachine.waits import StorytellerStep

DATA_FILE = "catalogue.toml"
WAKE_VALUES = (True, False, "first", "other")
WHEN_VALUES = ("alive", "died", "dead")


def normalise_id(text: str) -> str:
    """'Fortune Teller', 'fortune_teller', 'Al-Hadikhia' -> 'fortuneteller', 'alhadikhia'."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


@lru_cache(maxsize=1)
def catalogue() -> dict[str, dict]:
    """Character id -> its data, in the order of the file."""
    text = (resources.files("characters") / "data" / DATA_FILE).read_text(encoding="utf-8")
    return tomllib.loads(text)


def official_ids() -> list[str]:
    return list(catalogue())


class StorytellerRun(Character):
    """A character played from its data alone. At its night place it wakes its holder (or
    not: ``wake``), says the Storyteller's reminder and takes the player's choices (seats,
    nobody, a character) until the Storyteller says next; its effects are the Storyteller's
    (the override and reminder commands)."""

    automated = False

    def __init__(self, cid: str, data: dict) -> None:
        self.id, self.name, self.team = cid, data["name"], data["team"]
        self.edition = data.get("edition", "homebrew")
        self.ability = data.get("ability", "")
        self.first_night = _place(data.get("first_night"))
        self.other_night = _place(data.get("other_night"))
        self.reminders = tuple(data.get("reminders", ()))
        self.global_reminders = tuple(data.get("global_reminders", ()))
        self.setup = bool(data.get("setup", False))
        self.first_text = data.get("first", "")
        self.other_text = data.get("other", "")
        self.wake = data.get("wake", True)
        self.when = data.get("when", "alive")
        if self.wake not in WAKE_VALUES or self.when not in WHEN_VALUES:
            raise ValueError(f"{cid}: wake {self.wake!r} or when {self.when!r} is not known")
        self.works_when_dead = self.when == "dead"

    @classmethod
    def from_script_object(cls, item: dict) -> "StorytellerRun":
        """A character from a script's full object (the official tool's keys)."""
        unit = cls(item["id"], {
            "name": item["name"], "team": item["team"], "ability": item["ability"],
            "first_night": item.get("firstNight") or None,
            "other_night": item.get("otherNight") or None,
            "reminders": item.get("reminders", ()),
            "global_reminders": item.get("remindersGlobal", ()),
            "setup": item.get("setup", False), "edition": "homebrew",
            "first": spoken_reminder(item.get("firstNightReminder", "")),
            "other": spoken_reminder(item.get("otherNightReminder", "")),
        })
        unit.jinxes = {normalise_id(j["id"]): j["reason"] for j in item.get("jinxes", [])}
        return unit

    def wakes(self, game, player, first_night: bool) -> bool:
        if self.when == "dead":
            return True
        if self.when == "died":
            return not player.alive and died_lately(game, player)
        return player.alive or game.works_dead(player, self.id)

    def wakes_holder(self, game, player) -> bool:
        if isinstance(self.wake, bool):
            return self.wake
        return self.wake == ("first" if game.phase.state == "first_night" else "other")

    def kept_asleep(self, game, player):
        # Another ability keeps the holder asleep tonight (the Exorcist): what the ability
        # does without waking them is the Storyteller's to do.
        game.say_private(f"Anything the {self.name}'s ability does tonight without waking "
                         "them, you do yourself.")
        yield from ()

    def reminder_text(self, game) -> str:
        first = game.phase.state == "first_night" or self.other_night is None
        text = self.first_text if first else self.other_text
        return text or f"Run the {self.name}'s ability."

    def night(self, game, player):
        answer = yield StorytellerStep(prompt=f"{self.reminder_text(game)} Say next when done.",
                                       actor=self.id)
        while answer is not None:
            # Each choice is read back as it is made (the earlier ones were read already).
            what = (say_seats(game, answer) if isinstance(answer, list)
                    else f"the {game.unit(answer).name}")
            answer = yield StorytellerStep(
                prompt=f"The {self.name} chose {what}. Say next when done.", actor=self.id)


class Judgement(StorytellerRun):
    """A Fabled or Loric that is the Storyteller's own judgement by design: a unit of its
    own only to say why (``why``, one sentence, shown by `narrator characters`); it is
    played as any Storyteller-run character."""

    why = ""

    def __init__(self) -> None:
        super().__init__(self.id, catalogue()[self.id])


def died_lately(game, player) -> bool:
    """The player died tonight, or during the day just ended."""
    return any(d.seat == player.seat and ((d.phase == "night" and d.number == game.grim.night)
                                          or (d.phase == "day" and d.number == game.grim.day))
               for d in game.deaths)


def spoken_reminder(text: str) -> str:
    """An official tool's reminder text made speakable: its token marks dropped, and a word
    in capitals for emphasis ("Nod if they are *LIT*") said as a word ("lit")."""
    text = text.replace(":reminder:", "").replace("*", "")
    text = re.sub(r"\b[A-Z]{2,}\b", lambda m: m.group().lower(), text)
    return " ".join(text.split())


def _place(value):
    if value is None or value == "" or value is False:
        return None
    number = float(value)
    return int(number) if number.is_integer() else number
