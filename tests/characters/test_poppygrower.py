"""The Poppy Grower: Minions & Demons do not know each other. If you die, they learn who
each other are that night. The wiki's How to Run and rulings (the search tool gave the
whole summary, How to Run and the first two examples): the Demon still learns three bluffs;
no Minion info, no Demon info; if the Poppy Grower dies, mark them Evil Wakes and that night
the Minions are shown the Demon, then the Demon its Minions; drunk or poisoned when made so
or when dying, nothing changes; an evil Traveller still learns the Demon. The Spy jinx is
from characters/data/jinxes.toml."""
import json

from engine_helpers import end_day, execute, new_game, private, run
from statemachine.model import Effect
from tf_steps import to_day, until

TB = ["washerwoman", "librarian", "investigator", "chef", "empath", "fortuneteller",
      "undertaker", "monk", "ravenkeeper", "virgin", "slayer", "soldier", "mayor",
      "butler", "drunk", "recluse", "saint"]
# seats: 1 imp, 2 poisoner, 3 poppy grower, 4 chef, 5 empath, 6 monk, 7 spy, 8 saint
SETUP = "imp,poisoner,poppygrower,chef,empath,monk,spy,saint"


def script(tmp_path):
    path = tmp_path / "poppy.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Poppy Brewing"}, "imp", "poisoner",
                                "spy", "baron", *TB, "poppygrower"]))
    return str(path)


def game(tmp_path, start=True):
    return new_game(SETUP, script(tmp_path), start=start)


def night_text(g, picks):
    return private(to_day(g, picks))


def test_the_first_night_has_no_minion_info_and_the_demon_sees_only_the_bluffs(tmp_path):
    g = game(tmp_path, start=False)
    first = g.night_order_ids(first=True)
    assert "minioninfo" not in first and "demoninfo" in first
    said = private(run(g, "next")) + night_text(g, {"poisoner": 5})
    assert "Minion info." not in said
    assert "Demon info. Wake the Demon: seat 1, Ann. Show no Minions. Show the three bluffs:" \
        in said
    assert "Show the Minions:" not in said
    assert "The Poppy Grower is in play: no Minion info tonight" in said


def test_a_jinx_the_spy_is_not_shown_the_grimoire_while_it_works(tmp_path):
    g = game(tmp_path)
    until(g, "spy", {"poisoner": 5})
    assert "the Spy is not shown the Grimoire tonight" in g.wait.prompt


def test_executed_the_evil_players_meet_that_night_at_its_place(tmp_path):
    g = game(tmp_path)
    to_day(g, {"poisoner": 5})
    said = private(run(g, execute(3)) + to_day(g, {"poisoner": 5, "monk": 4, "imp": 8}))
    assert "Poppy Grower: evil woke" in g.grim.seat(3).reminders
    assert ("The Poppy Grower died: the evil players meet. Wake the Minions, seat 2, Ben and "
            "seat 7, Gus: show the This Is The Demon token and point at seat 1, Ann.") in said
    assert said.index("evil players meet") < said.index("Wake the Poisoner")
    run(g, end_day())
    assert "poppygrower" not in g.night_order_ids(first=False)     # once only


def test_killed_at_night_they_meet_after_the_step_that_killed_them(tmp_path):
    g = game(tmp_path)
    to_day(g, {"poisoner": 5})
    run(g, end_day())
    said = private(to_day(g, {"poisoner": 5, "monk": 4, "imp": 3}))
    assert "The Poppy Grower died: the evil players meet." in said
    assert said.index("Wake the Imp") < said.index("evil players meet")


def test_drunk_or_poisoned_as_they_die_nobody_meets(tmp_path):
    g = game(tmp_path)
    to_day(g, {"poisoner": 3})                   # poisoned through day one
    said = private(run(g, execute(3)) + to_day(g, {"poisoner": 5, "monk": 4, "imp": 8}))
    assert not {"Poppy Grower: Evil Wakes", "Poppy Grower: evil woke"} & set(
        g.grim.seat(3).reminders)
    assert "evil players meet" not in said


def test_poisoned_on_the_first_night_before_the_info_the_evil_team_learns_as_usual(tmp_path):
    g = game(tmp_path, start=False)
    g.grim.seat(3).add_effect(Effect("poisoned", until="dusk", note="test"))
    said = private(run(g, "next")) + night_text(g, {"poisoner": 5})
    assert "Minion info. Wake the Minions" in said


def test_its_lines_are_fit_to_be_said(tmp_path):
    from statemachine.line_rules import assert_fit_to_say
    g = game(tmp_path, start=False)
    said = run(g, "next") + to_day(g, {"poisoner": 5})
    said += run(g, execute(3)) + to_day(g, {"poisoner": 5, "monk": 4, "imp": 8})
    assert_fit_to_say([(s.text, s.channel == "private") for s in said])
