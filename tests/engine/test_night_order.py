"""The night order of every bundled script equals the official order restricted to it."""
import json
import subprocess
import sys

import pytest

from characters.scripts import bundled_scripts, load_script, registry_for
from characters.official import official_ids
from narrator.cli.scripts import order_ids
from tests_support import reference

ENGINE_STEPS = {"dusk", "minioninfo", "demoninfo", "dawn"}
# Steps of the engine's own that the official sheet has no line for: evil Travellers are shown
# the Demon right after the Minion info.
OWN_STEPS = {"travellerinfo"}


def engine_order(script, first: bool) -> list[str]:
    return [i for i in order_ids(registry_for(script), script.ids, first) if i not in OWN_STEPS]


def official(ids, night):
    sheet = json.loads(reference("nightsheet.json").read_text())
    key = "firstNight" if night == "first" else "otherNight"
    wanted = set(ids) | ENGINE_STEPS
    return [i for i in sheet[key] if i in wanted]


@pytest.mark.parametrize("name", sorted(bundled_scripts()))
@pytest.mark.parametrize("night", ["first", "other"])
def test_night_order_matches_the_official_sheet(name, night):
    script = load_script(name)
    assert engine_order(script, night == "first") == official(script.ids, night)


def test_evil_travellers_are_shown_the_demon_after_the_minion_info():
    script = load_script("Trouble Brewing")
    order = order_ids(registry_for(script), script.ids, True)
    assert order.index("minioninfo") + 1 == order.index("travellerinfo")
    assert order.index("travellerinfo") < order.index("demoninfo")


def test_cli_prints_one_id_per_line():
    out = subprocess.run([sys.executable, "-m", "narrator", "night-order", "--script",
                          "Trouble Brewing", "--night", "first"], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out[0] == "dusk" and out[-1] == "dawn"
    assert out.index("minioninfo") < out.index("demoninfo") < out.index("poisoner")
    assert [i for i in out if i not in OWN_STEPS] == official(load_script("Trouble Brewing").ids,
                                                              "first")


def test_positions_of_every_catalogued_character_match_the_sheet():
    sheet = json.loads(reference("nightsheet.json").read_text())
    from characters.catalogue import build_registry
    for unit in build_registry():
        for attr, key in (("first_night", "firstNight"), ("other_night", "otherNight")):
            pos = getattr(unit, attr)
            expected = sheet[key].index(unit.id) if unit.id in sheet[key] else None
            assert pos == expected, (unit.id, attr)


MIX = ["poisoner", "imp", "empath", "butler", "monk",                 # Trouble Brewing
       "pukka", "sailor", "courtier", "grandmother", "gambler",       # Bad Moon Rising
       "snakecharmer", "cerenovus", "dreamer", "vortox", "barber",    # Sects & Violets
       "kazali", "balloonist", "lleech", "harpy", "villageidiot"]     # the carousel


@pytest.mark.parametrize("night", ["first", "other"])
def test_a_twenty_character_mix_from_every_edition_keeps_the_official_order(tmp_path, night):
    path = tmp_path / "mix.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Mix"}, *MIX]))
    out = subprocess.run([sys.executable, "-m", "narrator", "night-order", "--script",
                          str(path), "--night", night], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == official(MIX, night)      # no Travellers: no Traveller info either
    assert len(out) > len(ENGINE_STEPS)


@pytest.mark.parametrize("name", ["Bad Moon Rising", "Sects & Violets"])
def test_the_other_base_editions_through_the_cli(name):
    for night in ("first", "other"):
        out = subprocess.run([sys.executable, "-m", "narrator", "night-order", "--script",
                              name, "--night", night], capture_output=True, text=True,
                             check=True).stdout.split()
        assert [i for i in out if i not in OWN_STEPS] == official(load_script(name).ids, night)


def test_the_engine_wakes_a_storyteller_run_character_in_its_official_place():
    """A homebrew character, as every official Townsfolk with a night place is automated now:
    the Lamplighter of tests/games/scripts/bloodfly-and-lamplighter.json, Storyteller-run,
    wakes at the place its script gives (56, the Fortune Teller's), among automated
    characters in their official places."""
    from pathlib import Path
    from statemachine.game import Game, GameSetup
    path = Path(__file__).parents[1] / "games" / "scripts" / "bloodfly-and-lamplighter.json"
    script = load_script(str(path))
    ids = ["imp", "poisoner", "testlamplighter", "washerwoman", "chef", "empath", "monk"]
    game = Game(GameSetup(script.name, script.ids + ["imp"], ["Ann", "Ben", "Cat", "Dan",
                                                             "Eve", "Fay", "Gus"], ids),
                registry_for(script))
    assert not game.unit("testlamplighter").automated and game.unit("poisoner").automated
    first = [i for i in game.night_order_ids(True) if i not in OWN_STEPS]
    assert first == ["dusk", "minioninfo", "demoninfo", "poisoner", "washerwoman", "chef",
                     "empath", "testlamplighter", "dawn"]
    assert game.night_order_ids(False).index("monk") < game.night_order_ids(False).index(
        "testlamplighter")


@pytest.mark.parametrize("night", ["first", "other"])
def test_a_script_of_every_official_character_gives_the_whole_official_sheet(tmp_path, night):
    """Every official character (Travellers, Fabled and Loric too) on one script (the catalogue's ids:
    the shared reference no longer holds the official tool's role list): the CLI's
    order is the official night sheet line for line, the Dusk, Minion info, Demon info and
    Dawn markers in their places. The catalogue's night places are indexes in that sheet
    (shared/reference/nightsheet.json, the official tool's); the sheet was also checked by
    hand against a published copy of the official order (first night identical; other nights
    identical but for the Cacklejack, which that older copy lacks, and the Harlot, Thief and
    Bone Collector, which it orders differently)."""
    ids = official_ids()       # the catalogue: every official character, each edition's
    assert len(ids) == 181
    path = tmp_path / "everyone.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Everyone"}, *ids]))
    out = subprocess.run([sys.executable, "-m", "narrator", "night-order", "--script",
                          str(path), "--night", night], capture_output=True, text=True,
                         check=True).stdout.split()
    sheet = json.loads(reference("nightsheet.json").read_text())
    key = "firstNight" if night == "first" else "otherNight"
    assert [i for i in out if i not in OWN_STEPS] == sheet[key]
    assert set(sheet[key]) - ENGINE_STEPS <= set(ids)      # the sheet names no unknown id
    if night == "first":     # the one line of the engine's own: right after the Minion info
        assert out.index("travellerinfo") == out.index("minioninfo") + 1
    else:
        assert "travellerinfo" not in out
    assert out[0] == "dusk" and "dawn" in out
