"""Delayed kills: an ability marks a player tonight, and they die at that ability's own step
on a later night (the Pukka's poisoned player dies at the Pukka's next step). An effect may
go with the mark (the Pukka's poison) and lasts until the kill.

The mark is an effect of kind ``DOOMED`` on the player, made by the holder's ability, with
the night it was made; it does not need the ability to work (a drunk Pukka kills nobody
tonight, but the mark waits for it to sober up). Being kept on the player, it is journaled
state like any effect: it follows seats, ends when the holder loses the ability, and is
rebuilt by a replay."""
from __future__ import annotations

from statemachine.model import Effect, Player

DOOMED = "doomed"
UNTIL = "next step"     # the mark and its effect end at the kill, not at a dusk or dawn
_NIGHT = "night "


def mark_for_death(game, target: Player, holder: Player, ability: str,
                   with_effect: str = "") -> None:
    """``target`` dies at ``holder``'s next ``ability`` step after tonight. ``with_effect``
    (e.g. "poisoned") is put on them now and lasts until then, while the ability works."""
    note = f"{_NIGHT}{game.grim.night}"
    target.add_effect(Effect(DOOMED, source=holder.seat, until=UNTIL, note=note,
                             ability=ability))
    if with_effect:
        target.add_effect(Effect(with_effect, source=holder.seat, until=UNTIL, note=note,
                                 needs_source=True, ability=ability))


def marked(game, holder: Player, ability: str, before_tonight: bool = True) -> list[Player]:
    """The players ``holder``'s ``ability`` marked (before tonight only, by default)."""
    return [p for p in game.grim.players
            if any(_is_mark(e, holder, ability) and
                   (not before_tonight or _night(e) < game.tonight()) for e in p.effects)]


def carry_out(game, holder: Player, ability: str, cause: str = "demon") -> list[str]:
    """Kill every player ``holder``'s ``ability`` marked before tonight, then clear the
    marks. The effect that went with a mark stays on a player who died until dawn (their
    death abilities tonight are still affected); on one who did not die it ends now.
    Returns the Storyteller's lines."""
    lines = []
    for p in marked(game, holder, ability):
        result = game.kill(p, cause, by=holder)
        line = game.kill_report(p, result)
        if line:
            lines.append(line)
        tonight = f"{_NIGHT}{game.grim.night}"
        kept = []
        for e in p.effects:
            if e.source != holder.seat or e.ability != ability or e.note == tonight:
                kept.append(e)
            elif e.kind != DOOMED and (result or result.held):
                e.until = "dawn"
                e.note = tonight + " (killed)"
                kept.append(e)
        p.effects = kept
    return lines


def _is_mark(effect: Effect, holder: Player, ability: str) -> bool:
    return (effect.kind == DOOMED and effect.source == holder.seat
            and effect.ability == ability)


def _night(effect: Effect) -> int:
    return int(effect.note[len(_NIGHT):].split()[0])
