"""Jinxes between characters the catalogue holds, in our own words. A jinx applies only
when both characters are on the game's script (``active_jinxes``)."""
from __future__ import annotations

JINXES: dict[tuple[str, str], str] = {
    ("boffin", "drunk"): "The Boffin cannot give the Demon the Drunk's ability.",
    ("cannibal", "butler"): "A Cannibal who gains the Butler's ability is told so.",
    ("cannibal", "juggler"): ("If the Juggler guessed on their first day and is executed, the "
                              "living Cannibal learns that night how many guesses were right."),
    ("scarletwoman", "alhadikhia"): ("If there would be two Demons and one of them was the "
                                     "Scarlet Woman, she becomes the Scarlet Woman again."),
}


def active_jinxes(script_ids: list[str]) -> dict[tuple[str, str], str]:
    on = set(script_ids)
    return {pair: text for pair, text in JINXES.items() if pair[0] in on and pair[1] in on}
