"""Fang Gu: each night* kills; the first Outsider it would kill becomes an evil Fang Gu and the
old one dies instead (once per game); one more Outsider at setup. The almanac's rulings, in
our words."""
from engine_helpers import choose, execute, new_game, run
from statemachine.bag.counts import Counts
from tf_steps import private, public, to_day, until

SNV = "Sects & Violets"
# seats: 1 fang gu, 2 artist, 3 sweetheart, 4 klutz, 5 poisoner, 6 oracle, 7 savant, 8 chef
SETUP = "fanggu,artist,sweetheart,klutz,poisoner,oracle,savant,chef"


def game(setup=SETUP):
    return new_game(setup, script=SNV)


def next_night(g, picks):
    """Finish this night and day (no execution) and walk the next night to the Fang Gu."""
    to_day(g, picks)
    run(g, "end_day")
    return until(g, "fanggu", picks)


def test_setup_adds_one_outsider():
    counts = Counts(townsfolk=5, outsider=0, minion=1, demon=1)
    game().unit("fanggu").adjust_counts(counts)
    assert (counts.townsfolk, counts.outsider) == (4, 1)


def test_the_almanac_example_artist_then_sweetheart_then_klutz():
    g = game()
    picks = {"poisoner": 7}
    next_night(g, picks)
    said = run(g, choose(2))                         # the Artist dies as normal
    assert "Seat 2, Ben dies." in private(said)
    next_night(g, picks)
    said = run(g, choose(3))                         # the Sweetheart: the jump
    sweetheart, old = g.grim.seat(3), g.grim.seat(1)
    assert sweetheart.alive and sweetheart.character == "fanggu"
    assert sweetheart.alignment == "evil" and not old.alive and g.winner is None
    assert "they become the evil Fang Gu, and the old Fang Gu dies instead." in private(said)
    assert ("Wake seat 3, Cat. Show the You Are token and the Fang Gu token, then the You Are "
            "token and a thumbs down") in private(said)
    # the Sweetheart did not die: nobody is made drunk; the new Fang Gu waits for tomorrow
    assert not any(e.kind == "drunk" for p in g.grim.players for e in p.effects)
    said = to_day(g, picks)
    assert "Wake the Fang Gu, seat 3" not in private(said)
    assert "Ann died in the night." in public(said)
    run(g, "end_day")
    until(g, "fanggu", picks)
    assert g.current.seat == 3
    said = run(g, choose(4))                         # the Klutz simply dies: only once
    assert "Seat 4, Dan dies." in private(said) and g.grim.seat(4).character == "klutz"


def test_an_outsider_who_would_not_die_does_not_become_the_fang_gu():
    g = new_game("fanggu,monk,sweetheart,klutz,poisoner,oracle,savant,chef", script="Sects & Violets")
    picks = {"poisoner": 7, "monk": 3}
    said = next_night(g, picks)
    said = run(g, choose(3))
    assert "Seat 3, Cat does not die." in private(said)
    assert g.grim.seat(3).character == "sweetheart" and g.grim.seat(1).alive
    picks["monk"] = 6
    next_night(g, picks)
    run(g, choose(3))                                # unprotected: now the jump happens
    assert g.grim.seat(3).character == "fanggu" and not g.grim.seat(1).alive


def test_the_new_fang_gu_is_the_demon_good_wins_when_it_dies():
    g = game()
    picks = {"poisoner": 7}
    next_night(g, picks)
    run(g, choose(3))
    to_day(g, picks)
    said = run(g, execute(3))
    assert g.winner and g.winner.winner == "good" and "The Demon is dead." in public(said)


def test_a_poisoned_fang_gu_kills_nobody_and_does_not_jump():
    g = game()
    next_night(g, {"poisoner": 1})
    said = run(g, choose(3))
    assert "The Fang Gu is poisoned: seat 3, Cat does not die." in private(said)
    assert g.grim.seat(3).character == "sweetheart"


def test_once_per_game_even_when_the_new_fang_gu_changes_character():
    # The Once reminder stays for the game: a Snake Charmer takes the new Fang Gu's
    # character, and their Fang Gu kills an Outsider as normal.
    g = new_game("fanggu,snakecharmer,sweetheart,klutz,poisoner,oracle,savant,chef",
                 script=SNV)
    picks = {"poisoner": 7, "snakecharmer": 6}
    next_night(g, picks)
    run(g, choose(3))                                # the jump into the Sweetheart
    to_day(g, picks)
    run(g, "end_day")
    until(g, "snakecharmer", picks)
    run(g, choose(3), "next", "next")                # the charmer takes the Fang Gu
    until(g, "fanggu", picks)
    assert g.current.seat == 2
    said = run(g, choose(4))
    assert "Seat 4, Dan dies." in private(said) and g.grim.seat(4).character == "klutz"


def test_a_player_who_may_register_as_an_outsider_is_asked_about():
    g = new_game("fanggu,artist,sweetheart,klutz,spy,oracle,savant,chef", script=SNV)
    next_night(g, {})
    said = run(g, choose(5))
    assert "may register as an Outsider. Do they?" in private(said)
    said = run(g, "no")
    assert "Seat 5, Eve dies." in private(said) and g.grim.seat(5).character == "spy"
    g = new_game("fanggu,artist,sweetheart,klutz,spy,oracle,savant,chef", script=SNV)
    next_night(g, {})
    run(g, choose(5), "yes")
    assert g.grim.seat(5).character == "fanggu" and g.grim.seat(5).alignment == "evil"


def test_jinx_the_scarlet_woman_stays_herself_when_the_fang_gu_jumps():
    # Jinx: the old Fang Gu's death leaves the new Fang Gu as the Demon; the Scarlet Woman
    # does not become a second one.
    g = new_game("fanggu,artist,sweetheart,klutz,scarletwoman,oracle,savant,chef", script=SNV)
    next_night(g, {})
    run(g, choose(3))
    assert g.grim.seat(5).character == "scarletwoman"
    assert [p.seat for p in g.grim.players if p.alive and g.is_demon(p)] == [3]
