"""Whole Trouble Brewing games driven by Storyteller commands, to a winner: the Townsfolk's
private prompts, the true information they are given, the public announcements."""
from __future__ import annotations

from engine_helpers import choose, new_game, run, text
from statemachine.waits import ChooseSeats, Info, YesNo


class Table:
    """One game and everything said in it, with a log of the information given."""

    def __init__(self, characters: str, seed: int = 7, drunk_as: str | None = None,
                 herring: int | None = None) -> None:
        self.game = new_game(characters, seed=seed, start=False)
        self.said = []
        self.given: dict[str, list] = {}     # ability -> [(truth, given)] in order
        if drunk_as:
            self.do(("drunk_believes", {"character": drunk_as}))
        if herring:
            self.do(("red_herring", {"seat": herring}))
        self.do("next")

    def do(self, *commands):
        said = run(self.game, *commands)
        self.said += said
        return said

    def night(self, picks: dict, answers: dict | None = None, yes=()) -> list:
        """Walk the night: ChooseSeats answered from ``picks`` (ability -> seat or seats),
        YesNo with yes for abilities in ``yes``, Info with next unless ``answers`` holds a
        command for that ability. Records every Info's truth and the answer given."""
        answers = dict(answers or {})
        said = []
        for _ in range(100):
            g = self.game
            if g.winner or not g.phase.at_night:
                return said
            w, ability = g.wait, g.current.ability
            if isinstance(w, ChooseSeats):
                pick = picks[w.actor or ability]     # the Mayor's choice runs in the Imp's step
                said += self.do(choose(*([pick] if isinstance(pick, int) else pick)))
            elif isinstance(w, YesNo):
                said += self.do("yes" if ability in yes else "no")
            elif isinstance(w, Info):
                cmd = answers.pop(ability, "next")
                given = w.proposal
                if not isinstance(cmd, str):
                    given = list(cmd[1].values())[0]
                self.given.setdefault(ability, []).append((w.truth, given, w.prompt))
                said += self.do(cmd)
            else:
                said += self.do("next")
        raise AssertionError("the night never ended")

    def public(self, said=None) -> str:
        return text(self.said if said is None else said, "public")

    def private(self, said=None) -> str:
        return text(self.said if said is None else said, "private")


def nominate(a, b):
    return ("nominate", {"nominator": a, "nominee": b})


def votes(n):
    return ("votes", {"count": n})


# --- good wins by executing the Demon ------------------------------------------------------
# 1 Ann Washerwoman, 2 Ben Imp, 3 Cat Librarian, 4 Dan Investigator, 5 Eve Poisoner,
# 6 Fay Chef, 7 Gus Empath, 8 Hal Fortune Teller, 9 Ivy Undertaker, 10 Jon Drunk (Monk)
GOOD_GAME = ("washerwoman,imp,librarian,investigator,poisoner,chef,empath,fortuneteller,"
             "undertaker,drunk")


def test_good_wins_by_executing_the_demon():
    t = Table(GOOD_GAME, drunk_as="monk", herring=9)
    g = t.game
    t.night({"poisoner": 9, "fortuneteller": (2, 3)})
    pub, priv = t.public(), t.private()

    # Evil learns each other with 10 players.
    assert "Minion info. Wake the Minion: seat 5, Eve. Show them the Demon: seat 2, Ben." \
        in priv
    assert "Demon info. Wake the Demon: seat 2, Ben. Show the Minion: seat 5, Eve." in priv
    # The first-night Townsfolk, in order, with the truth given.
    order = [line for line in priv.splitlines() if line.startswith("Wake the")]
    assert order == ["Wake the Poisoner, seat 5, Eve.",
                         "Wake the Washerwoman, seat 1, Ann.",
                         "Wake the Librarian, seat 3, Cat.",
                         "Wake the Investigator, seat 4, Dan.",
                         "Wake the Chef, seat 6, Fay.",
                         "Wake the Empath, seat 7, Gus.",
                         "Wake the Fortune Teller, seat 8, Hal."]
    (ww_pair, _, _), (ww_token, _, _) = t.given["washerwoman"]
    assert len(ww_pair) == 2 and 1 not in ww_pair
    assert ww_token in {g.grim.seat(s).character for s in ww_pair}
    assert g.unit(ww_token).team == "townsfolk"
    (lib_pair, _, lib_prompt), (lib_token, _, _) = t.given["librarian"]
    assert 10 in lib_pair and lib_token == "drunk"         # the Drunk, not the Monk
    assert "seat 10, Jon, the Drunk" in lib_prompt
    (inv_pair, _, _), (inv_token, _, _) = t.given["investigator"]
    assert 5 in inv_pair and inv_token == "poisoner"
    assert t.given["chef"] == [(0, 0, t.given["chef"][0][2])]
    assert t.given["empath"][0][:2] == (0, 0)
    assert t.given["fortuneteller"][0][:2] == (True, True)
    assert "They chose seat 2, Ben and seat 3, Cat." in priv
    assert "Dawn. Everyone, open your eyes." in pub
    assert "died in the night" not in pub

    # Day 1: the Fortune Teller's town executes the Poisoner.
    said = t.do(nominate(8, 5), votes(6))
    assert "Seat 8, Hal nominates seat 5, Eve." in t.public(said)
    assert "Vote on seat 5, Eve. 5 votes needed." in t.public(said)
    assert "6 votes. Seat 5, Eve is about to die." in t.public(said)
    said = t.do("end_day")
    assert "Seat 5, Eve is executed." in t.public(said)
    assert "Night 2." in t.public(said)

    # Night 2: the Drunk "protects" the Empath, who dies anyway; the Undertaker learns.
    said = t.night({"monk": 7, "imp": 7, "fortuneteller": (2, 4)})
    priv = t.private(said)
    assert "Wake the Monk, seat 10, Jon. They are drunk." in t.private()
    assert "The Monk is drunk: seat 7, Gus is not protected." in priv
    assert "Wake the Empath" not in priv                 # dead
    assert t.given["undertaker"][0][:2] == ("poisoner", "poisoner")
    assert "Seat 5, Eve died by execution in the day." in priv
    assert t.given["fortuneteller"][1][:2] == (True, True)
    assert "Seat 7, Gus died in the night." in t.public(said)

    # Day 2: the Imp is executed; good wins.
    said = t.do(nominate(1, 2), votes(5), "end_day")
    pub = t.public(said)
    assert "Seat 2, Ben is executed." in pub
    assert "The game is over. The Demon is dead. Good wins." in pub
    assert g.winner.winner == "good"
    assert "Seat 10, Jon: Drunk (thought they were the Monk), good, alive." in pub


# --- evil wins with two players left ---------------------------------------------------------
# 1 Ann Imp, 2 Ben Ravenkeeper, 3 Cat Poisoner, 4 Dan Empath, 5 Eve Soldier
def test_evil_wins_when_two_players_are_left():
    t = Table("imp,ravenkeeper,poisoner,empath,soldier")
    g = t.game
    said = t.night({"poisoner": 4})
    assert "Minion info" not in t.private(said)             # five players
    (truth, given, prompt), = t.given["empath"]
    assert truth == 1 and given != truth                     # poisoned: a false number
    assert "Wake the Empath, seat 4, Dan. They are poisoned." in t.private(said)

    # Day 1: the Soldier is executed (the Soldier is not safe from execution).
    said = t.do(nominate(2, 5), votes(3), "end_day")
    assert "Seat 5, Eve is executed." in t.public(said)

    # Night 2: the Imp kills the Ravenkeeper, who learns the Imp.
    said = t.night({"poisoner": 4, "imp": 2, "ravenkeeper": 1})
    priv = t.private(said)
    assert "Wake the Ravenkeeper, seat 2, Ben." in priv
    assert t.given["ravenkeeper"][0][:2] == ("imp", "imp")
    assert "They chose seat 1, Ann." in priv
    assert "Seat 2, Ben died in the night." in t.public(said)

    # Day 2: the town executes the Empath: two players are left.
    said = t.do(nominate(4, 3), votes(1), nominate(1, 4), votes(2), "end_day")
    pub = t.public(said)
    assert "1 vote. Not enough: Cat is not on the block." in pub
    assert "Seat 4, Dan is executed." in pub
    assert "The game is over. Only two players are alive. Evil wins." in pub
    assert g.winner.winner == "evil"


# --- the Mayor's peaceful win ----------------------------------------------------------------
# 1 Ann Mayor, 2 Ben Imp, 3 Cat Poisoner, 4 Dan Empath, 5 Eve Chef, 6 Fay Slayer, 7 Gus Virgin
def test_the_mayor_wins_with_three_alive_and_no_execution():
    t = Table("mayor,imp,poisoner,empath,chef,slayer,virgin")
    g = t.game
    t.night({"poisoner": 6})
    assert "Minion info. Wake the Minion: seat 3, Cat." in t.private()
    assert t.given["chef"][0][:2] == (1, 1)                  # Ben and Cat sit together
    assert t.given["empath"][0][:2] == (1, 1)                # Cat and Eve: one evil

    # Day 1: the poisoned Slayer shoots the Imp: nothing happens. The Empath nominates the
    # Virgin and is executed at once.
    said = t.do(("slay", {"seat": 2}))
    assert "Seat 6, Fay shoots seat 2, Ben." in t.public(said)
    assert "Nothing happens." in t.public(said)
    assert g.grim.seat(2).alive
    said = t.do(nominate(4, 7))
    pub = t.public(said)
    assert "Seat 4, Dan nominates seat 7, Gus." in pub
    assert "Seat 4, Dan is executed." in pub and "Vote on" not in pub

    # Night 2: the Imp attacks the Mayor; the Storyteller has the Chef die instead.
    said = t.night({"poisoner": 7, "imp": 1, "mayor": 5}, yes=("imp",))
    priv = t.private(said)
    assert "The Demon attacked the Mayor, seat 1, Ann." in priv
    assert "Seat 5, Eve dies instead of the Mayor." in priv
    assert "Seat 5, Eve died in the night." in t.public(said)
    assert g.grim.seat(1).alive

    # Day 2: the Poisoner is executed; night 3 the Imp kills the Slayer.
    said = t.do(nominate(1, 3), votes(3), "end_day")
    assert "Seat 3, Cat is executed." in t.public(said)
    said = t.night({"imp": 6})
    assert "Seat 6, Fay died in the night." in t.public(said)
    assert len(g.grim.living) == 3

    # Day 3: no execution with three alive: the Mayor wins for good.
    said = t.do("end_day")
    pub = t.public(said)
    assert "Nobody is executed today." in pub
    assert "The game is over. Only three players live and nobody was executed" in pub
    assert "Good wins." in pub
    assert g.winner.winner == "good"
