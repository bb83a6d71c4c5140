"""The generic Storyteller-run unit: any character without a module wakes in its place with
its data's reminder, takes the generic choices, and leaves its effects to the Storyteller's
override and reminder commands."""
import difflib
import json
from pathlib import Path

import pytest

from engine_helpers import choose, new_game, run, skip_to, text, to_day
from characters.catalogue import build_registry, level, unit_classes
from characters.jinxes import JINXES
from characters.official import Judgement, StorytellerRun, catalogue
from tests_support import reference
from statemachine.errors import Rejected

# Bad Moon Rising with a homebrew Demon the narrator cannot run, the Warden (every official
# Demon used here before, the Kazali last, is automated now).
WARDEN = str(Path(__file__).parents[1] / "games" / "scripts" /
             "bmr-and-a-homebrew-demon.json")


def test_every_official_character_is_in_the_registry_at_a_level():
    reg = build_registry()
    assert len(reg) == len(catalogue()) == 181
    levels = [level(u) for u in reg]
    modules = {cls.id for cls in unit_classes()}
    by_design = {u.id for u in reg if isinstance(u, Judgement)}
    assert by_design <= modules and all(u.why for u in reg if u.id in by_design)
    assert levels.count("automated") == len((modules - by_design) & set(catalogue()))
    assert sum(1 for lv in levels if lv.startswith("storyteller-run")) == \
        len(catalogue()) - levels.count("automated")
    assert level(reg.get("deusexfiasco")).startswith("storyteller-run by design: ")
    from characters.scripts import load_script, registry_for
    warden = registry_for(load_script(WARDEN)).get("testwarden")
    assert level(reg.get("imp")) == "automated" and level(warden) == "storyteller-run"
    assert isinstance(warden, StorytellerRun) and not isinstance(reg.get("imp"), StorytellerRun)


def test_every_entry_has_our_texts_for_its_places():
    for cid, data in catalogue().items():
        assert data["ability"] and "[" not in data["ability"], cid
        for place, key in (("first_night", "first"), ("other_night", "other")):
            assert (place in data) == bool(data.get(key)), (cid, key)
        assert ":reminder:" not in data.get("first", "") + data.get("other", "")


def test_a_storyteller_run_demon_wakes_in_its_place_and_notes_the_choice():
    game = new_game("testwarden,engineer,courtier,bountyhunter,godfather,mayor,fool", WARDEN)
    said = skip_to(game, "testwarden")
    assert "Wake the Engineer" not in text(said) and "Wake the Courtier" not in text(said)
    said = game.out
    assert game.current.ability == "testwarden"
    assert "They choose a player to mark." in game.last_private
    said = run(game, choose(4, actor="testwarden"))
    assert "The Warden chose seat 4, Dan. Say next when done." in text(said, "private")
    with pytest.raises(Rejected, match="Now waiting for the Warden"):
        run(game, choose(2, actor="engineer"))
    said = run(game, "next")
    said += skip_to(game, "godfather") + game.out
    assert "Put the Warden to sleep." in text(said)
    assert "Wake the Courtier" in text(said) and "Wake the Godfather" in text(said)
    assert (text(said).index("Put the Warden to sleep.") < text(said).index("Wake the Engineer")
            < text(said).index("Wake the Courtier") < text(said).index("Wake the Godfather"))


def test_a_reminder_is_kept_and_a_poisoned_one_poisons_until_removed():
    """A homebrew Demon's reminders (every official character with a Poisoned reminder is
    automated now): the Bloodfly of tests/games/scripts/bloodfly-and-lamplighter.json."""
    from pathlib import Path
    script = Path(__file__).parents[1] / "games" / "scripts" / "bloodfly-and-lamplighter.json"
    game = new_game("testbloodfly,washerwoman,chef,empath,monk,soldier,testlamplighter",
                    str(script))
    skip_to(game, "testbloodfly")
    slots = {"seat": 4, "reminder": ["testbloodfly", "Poisoned"]}
    said = run(game, ("mark_reminder", slots))
    dan = game.grim.seat(4)
    assert "Bloodfly: Poisoned" in dan.reminders and game.impairment(dan) == "poisoned"
    assert "Seat 4, Dan has the Bloodfly's poisoned reminder." in text(said)
    run(game, ("remove_reminder", slots))
    assert "Bloodfly: Poisoned" not in dan.reminders and game.impairment(dan) is None
    with pytest.raises(Rejected, match="no Bloodfly's poisoned reminder"):
        run(game, ("remove_reminder", slots))
    with pytest.raises(Rejected, match="no Lit reminder"):
        run(game, ("mark_reminder", {"seat": 4, "reminder": ["testbloodfly", "Lit"]}))


def test_automated_characters_keep_their_reminders_themselves():
    game = new_game("imp,poisoner,empath,chef,monk,saint,soldier")
    with pytest.raises(Rejected, match="keeps the Poisoner's reminders itself"):
        run(game, ("mark_reminder", {"seat": 3, "reminder": ["poisoner", "Poisoned"]}))


def test_a_step_that_does_not_wake_its_holder_says_so():
    game = new_game("testwarden,tinker,courtier,bountyhunter,godfather,mayor,fool", WARDEN)
    said = skip_to(game, "bountyhunter") + game.out
    assert "Wake the Bounty Hunter, seat 4, Dan." in text(said)
    assert game.last_private.startswith("Point at one evil player")
    while game.phase.at_night:
        run(game, "next")
    run(game, "end_day")
    said = skip_to(game, "tinker")
    assert "The Tinker, seat 2, Ben: do not wake them." in text(said + game.out)


def test_a_ravenkeeper_like_step_runs_only_when_the_holder_died():
    """Every official character whose step runs only when its holder died is automated now
    (the Hatter was the example): a homebrew unit from data, ``when = "died"``."""
    from characters.scripts import load_script
    from statemachine.game import Game, GameSetup
    reg = build_registry()
    reg.add(StorytellerRun("testmourner", {
        "name": "Mourner", "team": "outsider", "other_night": 58, "wake": False,
        "when": "died", "ability": "If you died today or tonight, the Storyteller acts."}))
    assert reg.get("testmourner").when == "died"
    from snv_town_steps import to_day
    script = load_script("Sects & Violets").ids + ["testmourner"]
    game = Game(GameSetup("Mourning", script, ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"],
                          "nodashii,testmourner,dreamer,clockmaker,witch,oracle,mutant"
                          .split(","), 1), reg)
    game.start()
    run(game, "next")
    to_day(game)
    run(game, "end_day")
    mourner = game.grim.seat(2)
    assert "testmourner" not in game.night_order_ids(False)
    run(game, ("die", {"seat": 2}))
    assert "testmourner" in game.night_order_ids(False) and not mourner.alive


def test_the_setup_says_which_characters_the_storyteller_runs_and_the_jinxes():
    game = new_game("testwarden,engineer,courtier,sailor,godfather,gambler,fool", WARDEN,
                    start=False)
    lines = "\n".join(game.setup_lines())
    assert "In play, you run 1 character yourself." in lines
    assert "They are the Warden, seat 1, Ann." in lines
    assert "Note: the Engineer is not on the script." in lines
    also = (lines.split("Also on the script and run by you: ")[1].split("\n")[1]
            if "Also on the script" in lines else "")           # the names, after the pause    # Bad Moon Rising runs itself now
    in_play = {p.character for p in game.grim.players}
    for cid in game.setup.script:
        unit = game.registry.get(cid)
        if unit.team in ("townsfolk", "outsider", "minion", "demon") and cid not in in_play:
            assert (f"the {unit.name}" in also) == (not unit.automated), cid
    assert "the Innkeeper" not in also
    assert "The Godfather changes the setup." not in lines          # automated: its own line
    # A Storyteller-run player character with a setup effect, whichever is left (the
    # Marionette was, until automated).
    reg = build_registry()
    left = [u for u in reg if not u.automated and u.setup
            and u.team in ("townsfolk", "outsider", "minion")]
    if left:
        game = new_game(f"testwarden,sailor,courtier,grandmother,{left[0].id},gambler,fool",
                        WARDEN, start=False)
        assert f"The {left[0].name} changes the setup.\n" in "\n".join(game.setup_lines())


def test_jinxes_are_read_where_not_automated_and_left_to_the_units_where_they_are():
    """The Summoner and the Pukka are both automated: their jinx is the units'. The homebrew
    Bloodfly's with the Lamplighter (both Storyteller-run) is read."""
    from pathlib import Path
    from characters.scripts import load_script, registry_for
    from statemachine.game import Game, GameSetup
    path = Path(__file__).parents[1] / "games" / "scripts" / "bloodfly-and-lamplighter.json"
    loaded = load_script(str(path))
    reg = registry_for(loaded)
    script = loaded.ids + ["summoner", "pukka"]
    game = Game(GameSetup("Jinxed", script, ["Ann", "Ben", "Cat", "Dan", "Eve"],
                          ["testbloodfly", "poisoner", "chef", "empath", "testlamplighter"]), reg)
    lines = game.jinx_lines()
    assert lines == ["A jinx: the Lamplighter and the Bloodfly.\n"
                     "The Bloodfly cannot choose the Lamplighter."]
    assert reg.get("summoner").automated and reg.get("pukka").automated


APPLIED_BY_UNITS = {("boffin", "drunk"), ("cannibal", "butler"), ("cannibal", "juggler"),
                    ("scarletwoman", "alhadikhia"), ("vortox", "banshee"),
                    ("scarletwoman", "fanggu"), ("boffin", "goon"),
                    ("alhadikhia", "mastermind"), ("mastermind", "vigormortis"),
                    ("pithag", "goon"), ("mathematician", "drunk"), ("recluse", "sage"),
                    ("mathematician", "chambermaid"), ("mathematician", "lunatic"),
                    ("cannibal", "zealot"), ("spy", "damsel"), ("pithag", "damsel"),
                    ("spy", "poppygrower"), ("cerenovus", "goblin"), ("vizier", "alsaahir"),
                    ("vizier", "courtier"), ("vizier", "fearmonger"), ("vizier", "investigator"),
                    ("vizier", "zealot"), ("butler", "organgrinder"), ("boffin", "ogre"),
                    ("pithag", "ogre"), ("recluse", "ogre"), ("spy", "ogre"),
                    ("widow", "damsel"), ("widow", "poppygrower"), ("marionette", "balloonist"),
                    ("marionette", "huntsman"), ("mathematician", "marionette"),
                    ("boffin", "heretic"), ("heretic", "baron"), ("heretic", "godfather"),
                    ("heretic", "pithag"), ("heretic", "spy"), ("heretic", "widow"),
                    ("heretic", "lleech"),
                    ("lleech", "mastermind"), ("lleech", "slayer"), ("yaggababble", "exorcist"),
                    ("alhadikhia", "princess"), ("cannibal", "princess"),
                    ("vizier", "preacher"), ("boffin", "villageidiot"),
                    ("pithag", "villageidiot"), ("boffin", "cultleader"),
                    ("pithag", "cultleader"), ("legion", "minstrel"), ("legion", "preacher"),
                    ("legion", "zealot"), ("legion", "politician"),
                    ("leviathan", "hatter"), ("legion", "engineer"), ("legion", "hatter"),
                    ("lilmonsta", "hatter"),
                    *(("leviathan", c) for c in ("banshee", "exorcist", "farmer",
                                                 "grandmother", "innkeeper", "king", "mayor",
                                                 "monk", "pithag", "ravenkeeper", "sage",
                                                 "soldier")),
                    *(("riot", c) for c in ("banshee", "exorcist", "farmer", "grandmother",
                                            "innkeeper", "king", "mayor", "monk",
                                            "ravenkeeper", "sage", "soldier")),
                    ("marionette", "kazali"),
                    ("lilmonsta", "poppygrower"), ("lilmonsta", "psychopath"),
                    ("lilmonsta", "scarletwoman"), ("lilmonsta", "vizier"),
                    ("marionette", "lilmonsta"),
                    ("bountyhunter", "philosopher"),
                    ("magician", "marionette"), ("magician", "spy"), ("magician", "vizier"),
                    ("magician", "widow"), ("magician", "wraith"), ("alchemist", "boffin"),
                    ("alchemist", "marionette"), ("alchemist", "mastermind"),
                    ("alchemist", "organgrinder"), ("alchemist", "spy"),
                    ("alchemist", "widow"), ("alchemist", "wraith"),
                    ("boffin", "politician"),
                    ("pithag", "politician"), ("vizier", "politician"),
                    ("plaguedoctor", "baron"), ("plaguedoctor", "boomdandy"),
                    ("plaguedoctor", "eviltwin"), ("plaguedoctor", "fearmonger"),
                    ("plaguedoctor", "goblin"), ("plaguedoctor", "marionette"),
                    ("plaguedoctor", "scarletwoman"), ("plaguedoctor", "spy"),
                    ("plaguedoctor", "wraith"), ("summoner", "clockmaker"),
                    ("summoner", "courtier"), ("summoner", "hatter"),
                    ("summoner", "pithag"), ("summoner", "poppygrower"),
                    ("summoner", "preacher"), ("summoner", "pukka"), ("summoner", "zombuul"),
                    ("marionette", "summoner")}
# The Summoner's jinxes with characters automated on other branches (h3-x1).
APPLIED_BY_UNITS |= {("summoner", "kazali"), ("legion", "summoner"),
                     ("summoner", "lordoftyphon"), ("summoner", "engineer"),
                     ("alchemist", "summoner")}
APPLIED_BY_UNITS |= {("bountyhunter", "kazali"), ("lilmonsta", "magician"),
                     ("magician", "legion"), ("riot", "atheist")}


def test_every_official_jinx_is_held_and_those_between_automated_characters_are_applied():
    official = json.loads(reference("jinxes.json").read_text())
    assert set(JINXES) == {(e["id"], j["id"]) for e in official for j in e["jinx"]}
    reg = build_registry()
    both = {pair for pair in JINXES if all(reg.get(c).automated for c in pair)}
    assert both == APPLIED_BY_UNITS, "a newly automated pair: apply its jinx in the units"
    assert reg.get("cannibal").jinxes["butler"] == JINXES[("cannibal", "butler")]


def test_our_texts_are_our_own_words():
    roles = {r["id"]: r for r in json.loads(reference("roles.json").read_text())}
    pairs = [(d.get(ours, ""), roles[cid].get(theirs, "")) for cid, d in catalogue().items()
             for ours, theirs in (("ability", "ability"), ("first", "firstNightReminder"),
                                  ("other", "otherNightReminder"))]
    reasons = {(e["id"], j["id"]): j["reason"]
               for e in json.loads(reference("jinxes.json").read_text()) for j in e["jinx"]}
    pairs += [(JINXES[k], reasons[k]) for k in reasons]
    close = [a for a, b in pairs if a and b and
             difflib.SequenceMatcher(None, a.lower(), b.lower()).ratio() > 0.88]
    assert close == []


HOSTESS = {"id": "test-hostess", "name": "Hostess", "team": "fabled",
           "ability": "Each night, the Storyteller pours the tea.", "otherNight": 1,
           "otherNightReminder": "Pour the tea for each guest in turn.", "reminders": ["Guest"]}


def test_a_fabled_with_a_night_place_gets_a_storyteller_step_waking_nobody():
    """A homebrew Fabled (the official ones with a night place are automated)."""
    from statemachine.game import Game, GameSetup
    reg = build_registry()
    reg.add(StorytellerRun.from_script_object(HOSTESS))
    script = ["imp", "poisoner", "chef", "empath", "saint", "monk", "test-hostess"]
    game = Game(GameSetup("Hostess", script, ["Ann", "Ben", "Cat", "Dan", "Eve"],
                          ["imp", "poisoner", "chef", "empath", "monk"]), reg)
    opening = text(game.start(), "public")
    assert "The Storyteller has the Hostess:" in opening
    run(game, "next")
    while game.phase.at_night:
        run(game, "next" if "next" in game.wait.accepts() else choose(3))
    run(game, "end_day")
    assert game.current.ability == "test-hostess" and game.current.seat == 0
    assert game.last_private.startswith("Pour the tea for each guest")
    assert "the Hostess" in game.status_line()
    said = run(game, "next")
    assert "Wake the Poisoner" in text(said) and "Wake the Hostess" not in text(said)


def test_an_assigned_character_off_the_script_is_noted_at_setup():
    game = new_game("imp,poisoner,empath,chef,monk,saint,pukka", start=False)
    assert "Note: the Pukka is not on the script." in game.setup_lines()


def test_a_storyteller_run_traveller_joining_is_said_to_be_the_storytellers():
    """A homebrew Traveller (every official one may be automated): the Pedlar of
    tests/games/scripts/bloodfly-and-lamplighter.json."""
    from pathlib import Path
    script = Path(__file__).parents[1] / "games" / "scripts" / "bloodfly-and-lamplighter.json"
    game = new_game("testbloodfly,washerwoman,chef,empath,monk,soldier,testlamplighter",
                    str(script))
    while game.phase.at_night:
        run(game, "next")
    said = run(game, ("traveller_joins", {"name": "Zed", "character": "testpedlar"}))
    assert "You run the Pedlar yourself" in text(said, "private")
    assert "Zed joins the game as the Pedlar" in text(said, "public")


def test_every_unit_says_its_ability_in_our_words():
    """Automated units too: a module's ability text is the catalogue's, not a copy of the
    official one."""
    roles = {r["id"]: r for r in json.loads(reference("roles.json").read_text())}
    close = [unit.id for unit in build_registry() if unit.id in roles and
             difflib.SequenceMatcher(None, unit.ability.lower(),
                                     roles[unit.id]["ability"].lower()).ratio() > 0.88]
    assert close == []
