"""The command language's phrase families: every command's intent, help line and templates
(typed and spoken), and whether it is destructive (always confirmed) or harmless (changes
nothing). :mod:`narrator.language.commands` builds the parser and the grammars from them.
"""
from __future__ import annotations

from dataclasses import dataclass

@dataclass(frozen=True)
class Family:
    intent: str
    help: str
    templates: tuple[str, ...]
    destructive: bool = False
    # Spoken forms, when they differ from the typed ones (see ``spoken_templates``).
    spoken: tuple[str, ...] | None = None
    # A Storyteller override: spoken only after OVERRIDE_WORD.
    override: bool = False
    # Changes nothing: answered in the earpiece and never journaled (the questions, help,
    # status, repeat). Misheard, it costs one wrong private answer, so the confirmation
    # policy asks it back less readily than a command that changes the game.
    harmless: bool = False

    def spoken_templates(self) -> tuple[str, ...]:
        """What the recognizer listens for. Typed input accepts these too (and more); the
        recognizer gets the stricter set: alternatives that sound alike are left out, an
        optional "and" is required (``templates.spoken_tree``) and a rarely needed override
        begins with OVERRIDE_WORD, so that common commands are not heard as one."""
        base = self.spoken if self.spoken is not None else self.templates
        return tuple(f"{OVERRIDE_WORD} {t}" for t in base) if self.override else base


OVERRIDE_WORD = "override"

_MORE_SEATS = "[[and] [seat] {seat:seats*} [[and] [seat] {seat:seats*}]]"
# Typed, a list of seats has no length limit (the engine checks it against the table); the
# recognizer keeps the short forms above, whose grammar the benchmarks were measured on.
_ANY_MORE = "([and] [seat] {seat:seats*})+"

# The engine's own commands. Characters add theirs through their ``commands``.
FAMILIES: tuple[Family, ...] = (
    Family("next", "Go on: accept what was proposed, or move to the next step.",
           ("next", "done", "continue", "carry on"),
           spoken=("next", "continue")),
    Family("hand_out", "At setup: hear the tokens to hand out, seat by seat (next moves on, "
           "repeat says one again, undo goes back one, redo forward again).", ("hand out the tokens", "hand out"),
           spoken=("hand out the tokens",)),
    Family("begin_night", "Begin the first night now (from anywhere in the hand-out).",
           ("begin the night", "begin the first night", "start the night",
            "start the first night"), spoken=("begin the first night",)),
    Family("repeat", "Say the last private line again; after a refusal, the step too.",
           ("repeat", "repeat that", "say (that|it) again", "come again"),
           spoken=("repeat", "repeat that", "come again"), harmless=True),
    Family("undo", "Take back the last accepted command.", ("undo", "undo that", "go back"),
           spoken=("undo", "undo that")),
    Family("redo", "Carry out again the command the last undo took back.", ("redo", "redo that"),
           spoken=("redo", "redo that")),
    Family("help", "What can be said now.", ("help", "what can i say"), harmless=True),
    Family("quit", "Leave typed play; the game is saved (typed only).", ("quit", "exit"),
           spoken=()),
    Family("status", "Where the game is.", ("status", "where are we"),
           spoken=("status", "where are we"), harmless=True),
    Family("pause", "Pause: stop listening, and in table mode carry out nothing until resumed.",
           ("pause", "stop listening", "pause the game"),
           spoken=("pause", "pause listening", "pause the game")),
    Family("resume", "Go on after a pause.", ("resume", "start listening", "resume the game"),
           spoken=("resume", "resume listening", "resume the game")),  # start/stop sound alike
    Family("yes", "Yes; confirm.", ("yes", "yeah", "confirm", "correct")),
    Family("no", "No; cancel.", ("no", "cancel", "nope")),
    Family("choose", "A player's choice of seats at night.",
           ("seat {seat:seats*}",
            "seats {seat:seats*} " + _ANY_MORE,
            "the {actor} (chooses|kills|attacks|protects|poisons|picks|points at) "
            "[seat|seats] {seat:seats*} [" + _ANY_MORE + "]"),
           spoken=("seat {seat:seats*}",
                   "seats {seat:seats*} and {seat:seats*} [and {seat:seats*}]",
                   "the {actor} (chooses|kills|attacks|protects|poisons|picks|points at) "
                   "[seat|seats] {seat:seats*} " + _MORE_SEATS)),
    Family("nobody", "A player chooses nobody.", ("nobody", "no one",
                                                   "the {actor} chooses (nobody|no one)")),
    Family("answer_number", "Give a number instead of the proposal.",
           ("answer {number}", "(give|show) [them] [the number] {number}")),
    Family("answer_yesno", "Give yes or no instead of the proposal.",
           ("answer {yesno:value}", "(give|show) [them] {yesno:value}")),
    Family("answer_seats", "Show other seats instead of the proposal.",
           ("answer (seat|seats) {seat:seats*} [" + _ANY_MORE + "]",
            "(give|show) [them] (seat|seats) {seat:seats*} [" + _ANY_MORE + "]"),
           spoken=("answer seat {seat:seats*} " + _MORE_SEATS,
                   "(give|show) [them] seat {seat:seats*} " + _MORE_SEATS)),
    Family("answer_character", "Show another character instead of the proposal.",
           ("answer [the] {character}", "(give|show) [them] the {character} instead")),
    Family("answer_characters", "Show two characters instead of the proposal.",
           ("answer [the] {character} and [the] {character:other}",
            "(give|show) [them] the {character} and the {character:other} instead")),
    Family("character", "Name a character when one is asked for.",
           ("the {character}", "show [them] the {character}")),
    Family("bluffs", "Set the Demon's three bluffs at setup.",
           ("the bluffs are [the] {character:characters*} [and] [the] {character:characters*} "
            "and [the] {character:characters*}",)),
    Family("nominate", "A nomination.", ("seat {seat:nominator} nominates seat {seat:nominee}",)),
    Family("exile", "A call to exile a Traveller.",
           ("exile seat {seat}", "seat {seat:caller} calls for the exile of seat {seat}")),
    Family("vote", "Players vote (name each dead voter; living ones may be counted). "
           "Typed, any number of seats in one line.",
           ("seat {seat:seats*} votes", "seats {seat:seats*} ([and] {seat:seats*})+ vote"),
           spoken=("seat {seat:seats*} votes", "seats {seat:seats*} [and] {seat:seats*} "
                   "[[and] {seat:seats*} [[and] {seat:seats*}]] vote")),
    Family("votes", "The vote count, which ends the vote.",
           ("{number:count} (votes|vote)", "the count is {number:count}")),
    Family("execute", "Execute a player now.", ("seat {seat} is executed", "execute seat {seat}"),
           destructive=True),
    Family("broke_madness", "A mad player broke madness (the Cerenovus's madness, the "
           "Mutant's): they are executed, by day as the day's execution, at night at once.",
           ("seat {seat} broke madness", "seat {seat} (breaks|is breaking) madness"),
           destructive=True),
    Family("end_day", "End the day: execute whoever is about to die, then night falls.",
           ("end the day", "night falls", "no more nominations")),
    Family("die", "A player dies (Storyteller's ruling).",
           ("seat {seat} dies", "kill seat {seat}"), destructive=True),
    Family("revive", "A dead player comes back to life.",
           ("seat {seat} (comes back to life|is alive again)",), destructive=True,
           override=True),
    Family("status_effect", "Mark a player drunk, poisoned or sober, until dusk, tonight, "
           "until dawn or for the rest of the game (by day it lasts through tonight, at night "
           "until dusk tomorrow, unless said).",
           ("seat {seat} is {effect} [{until}]",), override=True),
    Family("alignment", "A player's alignment changes.",
           ("seat {seat} (is|turns|becomes) {alignment}",), destructive=True, override=True),
    Family("become", "A player's character changes.",
           ("seat {seat} (is|becomes) the {character}",), destructive=True, override=True),
    Family("mark_reminder", "Put a Storyteller-run character's reminder on a player (a "
           "poisoned or drunk one makes them so until it is removed).",
           ("mark seat {seat} with the {reminder} reminder",
            "put the {reminder} reminder on seat {seat}"),
           spoken=("mark seat {seat} with the {reminder_spoken:reminder} reminder",)),
    Family("remove_reminder", "Take a Storyteller-run character's reminder off a player.",
           ("remove the {reminder} reminder from seat {seat}",
            "take the {reminder} reminder off seat {seat}"),
           spoken=("remove the {reminder_spoken:reminder} reminder from seat {seat}",)),
    Family("traveller_joins", "A Traveller joins mid-game, in a new last seat or between two "
           "neighbouring seats (later seats renumbered; typed only: a name cannot be listened "
           "for).",
           ("[a] traveller [called|named] {name} joins as the {character}",
            "[a] traveller [called|named] {name} joins between seats {seat:after} and "
            "{seat:before} as the {character}"), spoken=()),
    Family("traveller_leaves", "A Traveller leaves the game.",
           ("seat {seat} leaves the game",), destructive=True, override=True),
    Family("end_game", "End the game with a winner.",
           ("{alignment:winner} wins", "the game ends and {alignment:winner} wins"),
           destructive=True, override=True),
    # Questions: answered privately from the grimoire, never journaled, never a wait's answer.
    Family("ask_grimoire", "Question: every seat's player, character, life, marks and "
           "reminders; the bluffs and Fabled.",
           ("grimoire", "the grimoire", "read the grimoire", "show the grimoire"),
           spoken=("grimoire", "read the grimoire"), harmless=True),
    Family("ask_seat", "Question: who sits in a seat and what they are (a seat alone asks "
           "this where no seat is being chosen).",
           ("who is seat {seat}", "who is in seat {seat}", "seat {seat}"),
           spoken=("who is seat {seat}", "seat {seat}"), harmless=True),
    Family("ask_character", "Question: who is a character, who thinks they are it, who has "
           "its ability.", ("who is the {character}", "who has the {character}"), harmless=True),
    Family("ask_poisoned", "Question: who is poisoned, by whom and until when.",
           ("who is poisoned",), harmless=True),
    Family("ask_drunk", "Question: who is drunk, why and until when.", ("who is drunk",), harmless=True),
    Family("ask_dead", "Question: who is dead, how, and their ghost votes.",
           ("who is dead", "who has died"), harmless=True),
    Family("ask_reminders", "Question: the reminder tokens out, seat by seat.",
           ("reminders", "what reminders are out", "which reminders are out"),
           spoken=("reminders", "what reminders are out"), harmless=True),
    Family("ask_next", "Question: the rest of tonight's order and who it wakes (by day: the "
           "coming night's).", ("what is next", "what comes next", "night order",
                                "the night order"),
           spoken=("what is next", "night order"), harmless=True),
    Family("ask_nominations", "Question, by day: today's nominations, the votes, who is "
           "about to die.", ("nominations", "who has nominated", "who nominated today"),
           spoken=("nominations", "who nominated today"), harmless=True),
    Family("ask_voted", "Question, during a vote: who has voted so far.",
           ("who voted", "who has voted"), spoken=("who has voted",), harmless=True),
    Family("ask_ghost_votes", "Question: the dead who still have a ghost vote.",
           ("ghost votes", "who has a ghost vote"), spoken=("ghost votes",), harmless=True),
    Family("ask_red_herring", "Question: who the Fortune Teller's red herring is.",
           ("who is the red herring", "red herring"), harmless=True),
    Family("ask_bluffs", "Question: the Demon's three bluffs.",
           ("bluffs", "what are the bluffs"), spoken=("what are the bluffs",), harmless=True),
    Family("ask_evil", "Question: the Demon, the Minions and anyone else evil.",
           ("evil team", "the evil team", "who is evil"), spoken=("evil team", "who is evil"), harmless=True),
)
