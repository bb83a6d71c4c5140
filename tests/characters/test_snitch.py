"""Snitch: 'Every Minion gets 3 bluffs.' (Almanac, How to Run, as far as read: after the
Minion info on the first night, wake each Minion and show them three not-in-play characters;
the Snitch does not wake.) The ruling that a drunk or poisoned Snitch gives nothing follows
from the general rule; no example was read for it."""
import re

import pytest

from engine_helpers import new_game, run, skip_to, text
from statemachine.model import Effect

CHARS = "imp,snitch,poisoner,scarletwoman,empath,chef,monk"


def bluffs_in(prompt):
    return re.findall(r"show them ((?:the [A-Z][\w' ]+?)(?:, the [A-Z][\w' ]+?)* and the "
                      r"[A-Z][\w' ]+?)(?:;|\.)", prompt)


@pytest.mark.parametrize("seed", range(5))
def test_each_minion_is_shown_three_good_characters_not_in_play(seed):
    g = new_game(CHARS, seed=seed)
    skip_to(g, "snitch")
    prompt = g.wait.prompt
    assert "The Snitch, seat 2, Ben: do not wake them." in g.out[-2].text or \
        "do not wake them" in text(g.out)
    assert "Wake seat 3, Cat and show them" in prompt
    assert "wake seat 4, Dan and show them" in prompt
    shown = bluffs_in(prompt)
    assert len(shown) == 2
    in_play = {g.unit(p.character).name for p in g.grim.players}
    for names in shown:
        chars = [c.removeprefix("the ") for c in re.split(r", | and ", names)]
        assert len(chars) == 3
        assert not set(chars) & in_play
        for c in chars:
            assert g.unit(c.lower().replace(" ", "")).team in ("townsfolk", "outsider")


def test_a_poisoned_snitch_gives_nothing():
    g = new_game(CHARS)
    g.grim.seat(2).add_effect(Effect("poisoned", until="dusk"))
    said = skip_to(g, "poisoner")
    assert "The Snitch is poisoned: the Minions get no bluffs." in text(said)


def test_the_step_comes_after_the_minion_info_before_the_demon_info():
    g = new_game(CHARS)
    order = g.night_order_ids(first=True)
    assert order.index("minioninfo") < order.index("snitch") < order.index("demoninfo")
