"""The neural recognizer's reading alone (fused): pocketsphinx heard another command, or none.

How far the reading leads every other command, whether it is as sure as one that leads (its
very words in what it heard), and when it is still asked rather than refused: near what it
heard and far ahead (``lone_ask_gap``), or, where pocketsphinx heard no command at all, ahead
by less (``quiet_ask_gap``): hearing nothing whole in table talk is no evidence against it.
"""
from __future__ import annotations

from typing import Callable

from hardware.recognizer import RecognitionResult
from narrator.language.commands import Command
from narrator.voice.numbers import numbers_in
from narrator.voice.verdict import FAR, QUIET, dangling_and, said_in, says_another
from narrator.voice.yes_no import YES_NO


def second_command(result: RecognitionResult, parse: Callable[[str], Command | None]) -> Command | None:
    """The command the grammar recognizer read in the same audio (``result.second``), if any:
    cut short on a dangling "and", its command without it."""
    second = result.second
    other = parse(second.text) if second.text.strip() else None
    return other if other is not None else dangling_and(second, None, parse)


class LoneReading:
    """:class:`narrator.voice.policy.Policy`'s part for a neural reading the grammar
    recognizer did not share (its thresholds: ``lone_act_deficit``, ``lone_ask_gap``,
    ``quiet_ask_gap``, ``quiet_deficit``, ``said_act``)."""

    def lone_question(self, result: RecognitionResult, command: Command,
                      parse: Callable[[str], Command | None], deficit: float | None,
                      unheard: bool = False) -> str:
        """A neural reading alone, not acted on, is still asked: near what it heard
        (``lone_act_deficit``) and ``lone_ask_gap`` nats ahead of every other command; or,
        where the grammar recognizer heard no command (``unheard``), within the neural
        recognizer's own margin (the reading is accepted; or past it, :meth:`quiet_far`) and
        ``quiet_ask_gap`` nats ahead,
        unless only its own search of the grammar found it or it is a yes or a no ("Yes? Yes
        or no." is no question). The doubt it is asked for, or "" (refused)."""
        if deficit is None:
            return ""
        lead = self.command_gap(result, command, parse)
        if lead is None:
            return ""
        if self.lone_ask_gap is not None and deficit <= self.lone_act_deficit and lead >= self.lone_ask_gap:
            return "only one recognizer heard it"
        within = result.accepted or (self.quiet_deficit is not None and deficit <= self.quiet_deficit)
        quiet = (unheard and self.quiet_ask_gap is not None and within and not result.searched
                 and command.intent not in YES_NO and lead >= self.quiet_ask_gap)
        return QUIET if quiet else ""

    @staticmethod
    def unheard(result: RecognitionResult, parse: Callable[[str], Command | None] | None) -> bool:
        """The grammar recognizer's reading of the same audio (``second``) holds no command:
        nothing, a word, or the start of one."""
        return result.second is not None and parse is not None and second_command(result, parse) is None

    def quiet_far(self, result: RecognitionResult, command: Command | None,
                  parse: Callable[[str], Command | None] | None) -> bool:
        """A reading the neural recognizer refused as far from what it heard, where the grammar
        recognizer heard no command: within ``quiet_deficit`` nats it is weighed on (and then
        only ever asked, :meth:`lone_question`), not refused."""
        deficit = self.deficit(result)
        return (self.quiet_deficit is not None and command is not None and not result.accepted
                and result.reason.startswith(FAR) and deficit is not None and deficit <= self.quiet_deficit
                and self.unheard(result, parse))

    def said(self, result: RecognitionResult, command: Command) -> bool:
        """The neural reading alone, as sure as one that leads (``said_act``): within
        ``lone_act_deficit`` of a transcript that holds its very words; no seat, no yes or no."""
        deficit = self.deficit(result)
        return (self.said_act and deficit is not None and deficit <= self.lone_act_deficit
                and command.intent not in YES_NO and not numbers_in(command) and said_in(result, command))

    @staticmethod
    def deficit(result: RecognitionResult) -> float | None:
        """A neural reading's nats below its own free transcript (None: not scored so)."""
        return -result.alternatives[0][1] if result.heard and result.alternatives else None

    @staticmethod
    def command_gap(result: RecognitionResult, command: Command,
                    parse: Callable[[str], Command | None]) -> float | None:
        """How far the best phrase scored ahead of the best one that says another command, or
        none (nats); where every phrase scored says the same command, ahead of the last (a
        bound: the others are further still); with no other phrase scored (none was near what
        was heard), without end. None when nothing was scored."""
        if not result.alternatives:
            return None
        if len(result.alternatives) == 1:
            return float("inf")
        best = result.alternatives[0][1]
        for text, score in result.alternatives[1:]:
            if says_another(text, command, parse):
                return best - score
        return best - result.alternatives[-1][1]
