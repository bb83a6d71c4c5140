"""The Snitch: each Minion gets 3 bluffs. (The search tool gave the ability's wording,
"Minions start knowing 3 not-in-play characters", and no How to Run: the rulings on a
drunk Snitch and on the Demon's bluffs below follow the ability.)"""
import json

from engine_helpers import new_game, private, run
from statemachine.line_rules import assert_fit_to_say
from statemachine.model import Effect
from tf_steps import until

# seats: 1 imp, 2 poisoner, 3 snitch, 4 chef, 5 empath, 6 monk, 7 spy, 8 saint
SETUP = "imp,poisoner,snitch,chef,empath,monk,spy,saint"


def game(tmp_path, start=True):
    path = tmp_path / "snitch.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Snitch Brewing"}, "imp", "poisoner",
                                "spy", "snitch", "chef", "empath", "monk", "saint",
                                "washerwoman", "librarian", "investigator", "undertaker",
                                "soldier", "mayor", "virgin", "slayer", "butler"]))
    return new_game(SETUP, str(path), start=start)


def test_the_minions_are_woken_and_shown_three_characters_not_in_play(tmp_path):
    g = game(tmp_path)
    said = until(g, "snitch", {"poisoner": 5})
    assert g.current.seat == 3
    assert "The Snitch, seat 3, Cat: do not wake them." in private(said)
    prompt = g.wait.prompt
    assert prompt.startswith("Wake the Minions, seat 2, Ben and seat 7, Gus.")
    names = prompt.split("Proposed: ")[1].split(". ")[0]
    shown = [n.strip().removeprefix("the ").lower() for n in
             names.replace(" and ", ", ").split(",")]
    assert len(shown) == 3
    playing = {g.unit(p.character).name.lower() for p in g.grim.players}
    assert not set(shown) & playing
    bluffs = {g.unit(b).name.lower() for b in g.grim.bluffs}
    assert not set(shown) & bluffs                  # the script leaves room for others


def test_a_poisoned_snitch_gives_the_minions_nothing_true(tmp_path):
    g = game(tmp_path, start=False)
    g.grim.seat(3).add_effect(Effect("poisoned", until="dusk", note="test"))
    run(g, "next")
    until(g, "snitch", {"poisoner": 5})
    assert "The Snitch is poisoned: the Minions, seat 2, Ben and seat 7, Gus, learn nothing " \
        "true from it." in g.wait.prompt


def test_it_acts_on_the_first_night_only_and_after_the_minion_info(tmp_path):
    g = game(tmp_path, start=False)
    first = g.night_order_ids(first=True)
    assert first.index("minioninfo") < first.index("snitch")
    run(g, "next")
    from tf_steps import to_day
    to_day(g, {"poisoner": 5})
    run(g, ("end_day", {}))
    assert "snitch" not in g.night_order_ids(first=False)


def test_the_snitchs_lines_are_fit_to_be_said(tmp_path):
    g = game(tmp_path, start=False)
    said = run(g, "next") + until(g, "snitch", {"poisoner": 5}) + run(g, "next")
    assert_fit_to_say([(s.text, s.channel == "private") for s in said])
