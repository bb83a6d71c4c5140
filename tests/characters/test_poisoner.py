"""The Poisoner: each night chooses a player, poisoned tonight and tomorrow day; the poison
ends at dusk, when the Poisoner chooses again, or when the Poisoner dies."""
from engine_helpers import choose, new_game, run, skip_to
from tb_steps import execute, private, walk_night

SETUP = "imp,poisoner,empath,monk,soldier,chef,saint"   # Poisoner 2, Empath 3


def test_the_poisoner_acts_before_the_information_roles_on_both_nights():
    first = new_game(SETUP).night_order_ids(first=True)
    assert first.index("poisoner") < first.index("empath")
    other = new_game(SETUP).night_order_ids(first=False)
    assert other.index("poisoner") < other.index("monk") < other.index("imp")


def test_a_poisoned_empath_gets_a_false_proposal_tonight():
    game = new_game(SETUP)
    skip_to(game, "poisoner")
    said = run(game, choose(3, actor="poisoner"))
    assert "Seat 3, Cat is poisoned tonight and tomorrow." in private(said)
    said += skip_to(game, "empath")
    assert "Wake the Empath, seat 3, Cat. They are poisoned." in private(said)
    w = game.wait
    assert "They are poisoned: give anything." in w.prompt
    assert w.proposal != w.truth


def test_the_poison_lasts_through_tomorrow_day_and_ends_at_dusk():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 3})
    cat = game.grim.seat(3)
    assert game.phase.state == "day" and game.impairment(cat) == "poisoned"
    run(game, ("end_day", {}))
    assert game.impairment(cat) is None


def test_a_poisoned_monk_protects_nobody():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7})
    run(game, ("end_day", {}))
    walk_night(game, {"poisoner": 4, "monk": 3}, until="imp")
    run(game, choose(3))
    assert not game.grim.seat(3).alive


def test_the_poison_ends_when_the_poisoner_dies():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 3})
    assert game.impaired(game.grim.seat(3))
    run(game, execute(2))
    assert not game.grim.seat(2).alive
    assert not game.impaired(game.grim.seat(3))


def test_a_dead_poisoner_does_not_wake():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 3})
    run(game, execute(2))
    assert "poisoner" not in game.night_order_ids(first=False)


def test_a_poisoner_who_becomes_the_imp_poisons_nobody_any_more():
    # Night 2: the Poisoner poisons the Empath, the Imp kills themself and the Poisoner
    # becomes the Imp: the Poisoner's ability is gone, and with it the poison.
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7})
    run(game, ("end_day", {}))
    said = walk_night(game, {"poisoner": 3, "monk": 7, "imp": 1}, yes=("imp",), until="empath")
    assert game.grim.seat(2).character == "imp"
    cat = game.grim.seat(3)
    assert game.impairment(cat) is None
    assert "Wake the Empath, seat 3, Cat." in private(said)
    assert "They are poisoned" not in private(said).split("Wake the Empath")[1]
    assert not any(e.kind == "poisoned" for e in cat.effects)


def test_a_barber_swap_takes_the_poison_with_the_poisoners_ability():
    game = new_game(SETUP)
    skip_to(game, "poisoner")
    run(game, choose(3, actor="poisoner"))
    cat = game.grim.seat(3)
    assert game.impairment(cat) == "poisoned"
    game.swap_characters(game.grim.seat(2), game.grim.seat(5))   # the Soldier is the Poisoner
    assert game.impairment(cat) is None


def test_every_effect_a_unit_makes_with_a_source_names_its_ability():
    # The rule above holds for every effect with a source only if each names its ability.
    import ast
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "characters"
    missing = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Effect":
                keys = {k.arg for k in node.keywords}
                if "source" in keys and "ability" not in keys:
                    missing.append(f"{path.name}:{node.lineno}")
    assert not missing
