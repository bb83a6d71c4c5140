"""The night order of every bundled script equals the official order restricted to it."""
import json
import subprocess
import sys

import pytest

from characters.scripts import bundled_scripts, load_script, registry_for
from narrator.cli.scripts import order_ids
from tests_support import reference

ENGINE_STEPS = {"dusk", "minioninfo", "demoninfo", "dawn"}


def official(ids, night):
    sheet = json.loads(reference("nightsheet.json").read_text())
    key = "firstNight" if night == "first" else "otherNight"
    wanted = set(ids) | ENGINE_STEPS
    return [i for i in sheet[key] if i in wanted]


@pytest.mark.parametrize("name", sorted(bundled_scripts()))
@pytest.mark.parametrize("night", ["first", "other"])
def test_night_order_matches_the_official_sheet(name, night):
    script = load_script(name)
    assert order_ids(registry_for(script), script.ids, night == "first") == official(script.ids, night)


def test_cli_prints_one_id_per_line():
    out = subprocess.run([sys.executable, "-m", "narrator", "night-order", "--script",
                          "Trouble Brewing", "--night", "first"], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out[0] == "dusk" and out[-1] == "dawn"
    assert out.index("minioninfo") < out.index("demoninfo") < out.index("poisoner")
    assert out == official(load_script("Trouble Brewing").ids, "first")


def test_positions_of_every_catalogued_character_match_the_sheet():
    sheet = json.loads(reference("nightsheet.json").read_text())
    from characters.catalogue import build_registry
    for unit in build_registry():
        for attr, key in (("first_night", "firstNight"), ("other_night", "otherNight")):
            pos = getattr(unit, attr)
            expected = sheet[key].index(unit.id) if unit.id in sheet[key] else None
            assert pos == expected, (unit.id, attr)
