"""The day/night cycle as a ``transitions`` state machine.

Phases are coarse; the night's steps are data (see statemachine.night), not states.
"""
from __future__ import annotations

from transitions import Machine

PHASES = ("setup", "first_night", "dawn", "day", "nomination", "vote", "execution",
          "dusk", "night", "game_over")

_TRANSITIONS = [
    {"trigger": "begin_first_night", "source": "setup", "dest": "first_night"},
    {"trigger": "break_dawn", "source": ["first_night", "night"], "dest": "dawn"},
    {"trigger": "begin_day", "source": "dawn", "dest": "day"},
    {"trigger": "nominate", "source": "day", "dest": "nomination"},
    {"trigger": "open_vote", "source": "nomination", "dest": "vote"},
    {"trigger": "close_vote", "source": ["vote", "nomination"], "dest": "day"},
    {"trigger": "execute", "source": ["day", "nomination", "vote"], "dest": "execution"},
    {"trigger": "after_exile", "source": "execution", "dest": "day"},
    {"trigger": "reopen_day", "source": "execution", "dest": "day"},   # day_goes_on
    {"trigger": "end_day", "source": ["day", "execution"], "dest": "dusk"},
    {"trigger": "begin_night", "source": "dusk", "dest": "night"},
    {"trigger": "finish", "source": list(PHASES[:-1]), "dest": "game_over"},
]


class Phase:
    """The model the Machine drives; ``state`` is the current phase name."""

    state: str

    def __init__(self) -> None:
        self.machine = Machine(
            model=self, states=list(PHASES), transitions=_TRANSITIONS, initial="setup",
            auto_transitions=False, ignore_invalid_triggers=False,
        )

    @property
    def at_night(self) -> bool:
        return self.state in ("first_night", "night")

    @property
    def in_day(self) -> bool:
        return self.state in ("day", "nomination", "vote", "execution")

    def spoken(self) -> str:
        return {
            "setup": "setup", "first_night": "the first night", "night": "the night",
            "dawn": "dawn", "day": "the day", "nomination": "a nomination", "vote": "a vote",
            "execution": "an execution", "dusk": "dusk", "game_over": "the end of the game",
        }[self.state]
