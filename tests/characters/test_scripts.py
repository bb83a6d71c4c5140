import json
from pathlib import Path

import pytest

from characters.catalogue import build_registry, normalise_id
from characters.official import Judgement
from characters.scripts import ScriptError, bundled_scripts, load_script, registry_for
from tests_support import reference

SEED_ALMANAC_ONLY = {"matron", "voudon", "spiritofivory", "alhadikhia"}


def test_the_bundled_scripts_load():
    names = set(bundled_scripts())
    assert {"Trouble Brewing", "Once Upon a Baron", "Raining Down", "Seed Almanac",
            "Bad Moon Rising", "Sects & Violets"} <= names
    for name in names:
        script = load_script(name)
        assert script.ids


def test_trouble_brewing_has_its_27_characters():
    s = load_script("trouble brewing")
    assert len(s.ids) == 27 and "imp" in s.ids and "thief" in s.ids


def test_completed_seed_scripts_say_so_in_meta_and_are_playable():
    """Said in the author field: a bootlegger rule is read to the table at the start of every
    game, and "the seed document" is nothing the players should hear."""
    for name in ("Once Upon a Baron", "Raining Down"):
        s = load_script(name)
        assert "completed with Trouble Brewing's" in s.meta["author"]
        assert not s.meta.get("bootlegger")
        teams = {build_registry().get(i).team for i in s.ids}
        assert {"townsfolk", "outsider", "minion", "demon"} <= teams
    assert "baron" in load_script("Once Upon a Baron").ids


def test_seed_almanac_has_travellers_and_a_fabled():
    s = load_script("Seed Almanac")
    reg = build_registry()
    assert SEED_ALMANAC_ONLY <= set(s.ids)
    assert any(reg.get(i).team == "fabled" for i in s.ids)
    assert sum(reg.get(i).team == "traveller" for i in s.ids) == 5


@pytest.mark.parametrize("spelling", ["Fortune Teller", "fortune_teller", "FortuneTeller",
                                      "fortuneteller"])
def test_common_spellings_of_ids(spelling):
    assert normalise_id(spelling) == "fortuneteller"
    assert normalise_id("Al-Hadikhia") == "alhadikhia"


def write(tmp_path, data, name="s.json"):
    p = tmp_path / name
    p.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return str(p)


def test_ids_objects_deprecated_form_and_meta(tmp_path):
    path = write(tmp_path, [{"id": "_meta", "name": "Mine", "author": "me"}, "Imp",
                            {"id": "empath"}, "fortune_teller", "poisoner", "saint", "chef"])
    s = load_script(path)
    assert s.name == "Mine"
    assert s.ids == ["imp", "empath", "fortuneteller", "poisoner", "saint", "chef"]


def test_full_homebrew_object_becomes_a_character(tmp_path):
    brew = {"id": "lamplighter", "name": "Lamplighter", "team": "townsfolk",
            "ability": "Each night, learn something bright.", "firstNight": 50,
            "firstNightReminder": "Show them a light.", "reminders": ["Lit"]}
    s = load_script(write(tmp_path, ["imp", "poisoner", "empath", "chef", "saint", brew]))
    reg = registry_for(s)
    unit = reg.get("lamplighter")
    assert unit.name == "Lamplighter" and unit.first_night == 50 and unit.reminders == ("Lit",)


def test_unknown_ids_are_all_named_with_their_json_path(tmp_path):
    path = write(tmp_path, ["imp", "notacharacter", "empath", "alsonot"])
    with pytest.raises(ScriptError) as err:
        load_script(path)
    msg = str(err.value)
    assert path in msg and "[1] notacharacter" in msg and "[3] alsonot" in msg


@pytest.mark.parametrize("data,fragment", [
    ("{not json", "not valid JSON"),
    ({"id": "imp"}, "a script is a JSON list"),
    (["imp", 42], "[1]: expected a character id or object"),
    (["imp", {"name": "x"}], "[1]: a character object needs an \"id\""),
    (["imp", {"id": "brew", "name": "Brew", "team": "wizard", "ability": "x"}], "[1].team"),
    (["imp", {"id": "brew", "name": "Brew", "team": "minion"}], "[1].ability"),
    (["imp", {"id": "brew", "name": "Brew", "team": "minion", "ability": "x",
              "firstNightReminder": 12}], "[1].firstNightReminder: must be a string"),
    (["imp", {"id": "brew", "name": "Brew", "team": "minion", "ability": "x",
              "otherNightReminder": ["a"]}], "[1].otherNightReminder: must be a string"),
    ([{"id": "_meta", "name": "Empty"}], "no characters"),
])
def test_malformed_scripts_get_clear_messages(tmp_path, data, fragment):
    with pytest.raises(ScriptError) as err:
        load_script(write(tmp_path, data))
    assert fragment in str(err.value)


def test_missing_file_and_unknown_bundled_name():
    with pytest.raises(ScriptError, match="no such script file"):
        load_script("/nonexistent/x.json")
    with pytest.raises(ScriptError, match="no bundled script"):
        load_script("Fall of Rome")


def test_the_example_community_script_loads_with_its_homebrew_objects():
    example = reference("example-script-stowedaway.json")
    s = load_script(str(example))
    assert s.name == "Stowed Away" and s.meta["author"] == "CaffeineBoost"
    assert s.meta["bootlegger"] and s.meta["almanac"].startswith("https://")
    assert "pukka" not in s.ids and "po" in s.ids and "stowedawaybonecollector" in s.ids
    reg = registry_for(s)
    bone = reg.get("stowedawaybonecollector")
    assert bone.other_night == 1 and bone.first_night is None and bone.setup
    assert "Has Ability" in bone.reminders and not bone.automated
    assert "'Has Ability' reminder" in bone.other_text and ":reminder:" not in bone.other_text


def test_unknown_ids_say_they_are_not_official_and_suggest_the_closest(tmp_path):
    with pytest.raises(ScriptError) as err:
        load_script(write(tmp_path, ["imp", "pukkah", "empath", "zzzzzz", "chef", "saint"]))
    msg = str(err.value)
    assert "not official" in msg and "[1] pukkah (did you mean pukka?)" in msg
    assert "[3] zzzzzz" in msg and "zzzzzz (did you mean" not in msg


@pytest.mark.parametrize("data,fragment", [
    (["washerwoman", "chef", "empath", "saint", "poisoner"], "no Demon"),
    (["thief", "bureaucrat", "gunslinger", "scapegoat", "beggar"], "only Travellers"),
    ([{"id": "_meta", "name": "x", "firstNight": ["dusk", "pukka"]}, "imp", "chef", "empath",
      "saint", "poisoner"], "_meta.firstNight names what is not on the script: pukka"),
    ([{"id": "_meta", "name": "x", "bootlegger": "one rule"}, "imp", "chef"], "bootlegger"),
    ([{"id": "_meta", "name": "x", "logo": 3}, "imp", "chef"], "logo"),
])
def test_scripts_that_cannot_be_played_say_why(tmp_path, data, fragment):
    with pytest.raises(ScriptError) as err:
        load_script(write(tmp_path, data))
    assert fragment in str(err.value)


def test_a_script_of_every_official_character_loads(tmp_path):
    roles = json.loads(reference("roles.json").read_text())
    ids = [r["id"] for r in roles if r["team"] not in ("fabled", "loric")]
    s = load_script(write(tmp_path, [{"id": "_meta", "name": "Everyone"}, *ids]))
    assert s.ids == ids
    reg = registry_for(s)
    assert all(reg.get(i).ability for i in ids)


def test_a_custom_night_order_in_meta_is_followed(tmp_path):
    meta = {"id": "_meta", "name": "Mine",
            "firstNight": ["dusk", "chef", "minioninfo", "poisoner", "demoninfo", "empath",
                           "dawn"],
            "otherNight": ["dusk", "empath", "poisoner", "imp", "dawn"]}
    s = load_script(write(tmp_path, [meta, "imp", "poisoner", "empath", "chef", "saint"]))
    from narrator.cli.scripts import order_ids
    reg = registry_for(s)
    assert order_ids(reg, s.ids, True) == ["dusk", "chef", "minioninfo", "poisoner",
                                           "demoninfo", "empath", "dawn"]
    assert order_ids(reg, s.ids, False) == ["dusk", "empath", "poisoner", "imp", "dawn"]
    assert order_ids(registry_for(custom=[], meta=s.meta), s.ids, False)[1] == "empath"


def test_a_resumed_game_keeps_the_scripts_night_order(tmp_path):
    from narrator.table.games import resume_game
    from statemachine.game import GameSetup
    from statemachine.journal.session import Session
    from characters.scripts import game_meta
    meta = {"id": "_meta", "name": "Mine", "otherNight": ["dusk", "empath", "poisoner", "imp",
                                                           "dawn"],
            "bootlegger": ["Say hello."]}
    s = load_script(write(tmp_path, [meta, "imp", "poisoner", "empath", "chef", "saint"]))
    setup = GameSetup(s.name, s.ids, ["Ann", "Ben", "Cat", "Dan", "Eve"],
                      ["imp", "poisoner", "empath", "chef", "saint"], 1, [], s.custom,
                      game_meta(s))
    Session.create(tmp_path / "g.sqlite", setup, registry_for(s)).close()
    again = resume_game(tmp_path / "g.sqlite")
    assert again.game.night_order_ids(False)[:4] == ["dusk", "empath", "poisoner", "imp"]
    assert "A rule of this script: Say hello." in [x.text for x in again.opening]
    again.close()


def test_narrator_characters_shows_each_characters_level():
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-m", "narrator", "characters"], capture_output=True,
                         text=True, check=True).stdout.splitlines()
    rows = {line.split("\t")[0]: line.split("\t") for line in out}
    assert len(rows) == 181
    assert rows["imp"][3] == "automated"
    homebrew = subprocess.run([sys.executable, "-m", "narrator", "characters", "--script",
                               str(Path(__file__).parents[1] / "games" / "scripts" /
                                   "bmr-and-a-homebrew-demon.json")],
                              capture_output=True, text=True, check=True).stdout
    assert "testwarden\tWarden\tdemon\tstoryteller-run\t" in homebrew
    assert rows["deusexfiasco"][3].startswith("storyteller-run by design: the mistake")
    assert rows["angel"][3].startswith("storyteller-run by design: ")
    from characters.catalogue import unit_classes
    modules = {cls.id for cls in unit_classes()}
    by_design = {cid for cid, r in rows.items() if r[3].startswith("storyteller-run by design")}
    assert [r[3] for r in rows.values()].count("automated") == len((modules - by_design)
                                                                   & set(rows))
    assert rows["knaves"][3].startswith("storyteller-run by design: ")
    assert rows["vortox"][3] == "automated"
    assert rows["bootlegger"][2] == "loric"


def test_no_player_character_is_storyteller_run_and_at_most_five_others_by_design():
    """Issue 25's done line: every player character automated; at most five Fabled or Loric
    left to the Storyteller, each a Judgement unit saying why."""
    reg = build_registry()
    players = ("townsfolk", "outsider", "minion", "demon", "traveller")
    left = sorted(u.id for u in reg if u.team in players and not u.automated)
    assert left == []
    others = [u for u in reg if u.team not in players and not u.automated]
    assert len(others) <= 5, sorted(u.id for u in others)
    assert all(isinstance(u, Judgement) and u.why for u in others)
