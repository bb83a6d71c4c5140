"""A player's night choice landing on players: every working ability they hold is told
before the choosing ability acts on it (Character.on_chosen: the Goon). A choice of several
players the ability acts on in turn (``ChooseSeats.in_turn``: the Po's three) is told seat by
seat by its step, each just before the ability acts on that seat.

A Storyteller-run step (``StorytellerStep``) notes every seat said, whether the woken player
chose it or the Storyteller did for the ability: for a chosen player whose ability answers a
choice, the narrator asks which it was once the step ends, and tells that ability only on a
yes."""
from __future__ import annotations

from statemachine.waits import ChooseSeats, StorytellerStep, YesNo


def notify_chosen(game, wait: ChooseSeats, seats: list[int]) -> None:
    """Tell the chosen players' working abilities that the current step's holder chose them
    with that step's ability. Only a player's own choice counts: a step that wakes its
    holder, a wait of that ability, not marked as the Storyteller's (``by_holder``)."""
    entry = game.current
    if not game.phase.at_night or entry is None or entry.seat == 0 or not seats:
        return
    ability = entry.ability
    chooser = game.grim.seat(entry.seat)
    if (wait.actor != ability or not wait.by_holder
            or not game.unit(ability).wakes_holder(game, chooser)):
        return
    for seat in seats:
        chosen = game.grim.seat(seat)
        for a in game.abilities(chosen):
            if not game.working(chosen, a):
                continue
            if isinstance(wait, StorytellerStep):
                if _answers_choices(game.unit(a)):
                    game.interject(_ask_whose_choice(game, chosen, chooser, ability, a))
                continue
            game.unit(a).on_chosen(game, chosen, chooser, ability)


def _answers_choices(unit) -> bool:
    """The unit defines its own ``on_chosen`` (the base class's does nothing)."""
    owner = next(c for c in type(unit).__mro__ if "on_chosen" in vars(c))
    return owner.__module__ != "statemachine.registry"


def _ask_whose_choice(game, chosen, chooser, ability: str, answering: str):
    own = yield YesNo(prompt=f"{chosen.Label} is the {game.unit(answering).name}. Did the "
                             f"{game.unit(ability).name} choose them with their own ability? "
                             "Say yes or no.")
    if own and game.working(chosen, answering):
        game.unit(answering).on_chosen(game, chosen, chooser, ability)
