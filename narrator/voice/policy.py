"""The confirmation policy: one place decides, from a recognition result's scores and the
command's risk, whether the narrator acts on what it heard, asks it back, or asks for it again.

* ``act``: the command is carried out at once and read back briefly ("Seat seven.").
* ``ask``: it is asked back first ("Seat seven? Yes or no."), answered by voice or the yes/no
  buttons. A destructive command (a death, an execution, the end of the game...) is always
  asked ("Seat five dies. Confirm?"); so is one whose slots the recognizer is unsure of: a
  number word with low confidence of its own, or an alternative reading of the utterance,
  scored nearly as well, that would give the same command with another number.
* ``reject``: nothing is done ("Say that again." where the narrator was surely spoken to).

A harmless command (a question, help, status, repeat: it changes nothing) is asked back by a
grammar recognizer alone only below a lower confidence than others (``harmless``).

The scores are the backend's: the utterance's confidence, each word's confidence, and its
``alternatives`` (other readings of the same audio with their scores). Any backend (or a
fused pair) that fills those in gets the same policy. Besides, where the backend measures them:

* ``snr_db`` (how far the speech stood above the room's level): a command heard in poorer
  audio than ``min_snr_db`` (``fused_min_snr_db``, ``grammar_min_snr_db`` for those
  recognizers) is asked, not acted on (babble is where misreadings are);
* a neural reading (``heard``, its free transcript; ``alternatives`` in nats) is acted on
  only when its best phrase is within ``act_deficit`` nats of what it heard and no other
  command came within ``rival_gap`` nats; else asked;
* a fused reading (``second``: the grammar recognizer's own reading of the same audio) is
  acted on only when the two recognizers agree on the command, intent and slots, and the
  second's confidence clears ``second_floor``; asked when they differ only in a slot (or the
  scores are marginal); rejected when they disagree on the command, unless the neural
  reading alone is sure (within ``lone_deficit`` nats), when it is asked, or surer still
  (within ``lone_act_deficit`` nats, and ``lone_gap`` nats ahead of the best phrase that says
  another command; in babble, where it names no seat, of its runner-up phrase; or with its
  very words in its free transcript, ``said_act``, no seat nor yes or no in it),
  when the policy goes on as if they agreed, except that a number in it (a seat in a
  nomination, a kill or a choice) is asked: a number only one recognizer heard is never
  acted on, nor a yes or a no in babble (refused), nor a phrase only the neural
  recognizer's own search of the grammar found (``searched``: asked). Where the grammar
  recognizer stopped inside the neural reading's own phrase (``begun_ask``), it is asked,
  even far from its free transcript (up to ``begun_deficit`` nats, or ``agree_per_word`` a
  word); so is a neural reading alone near what it heard
  (``lone_act_deficit``) and ``lone_ask_gap`` nats ahead of every other command, where it
  is not acted on (in babble, where its lead is counted over its next phrase), or, where the
  grammar recognizer heard no command at all, within its own margin (or ``quiet_deficit``
  nats) and ``quiet_ask_gap`` nats ahead (not a yes or a no, nor a phrase only its search
  found; said again, still asked). When they agree, a
  neural reading its own margin refused still counts up to ``agree_deficit`` nats
  (``agree_per_word`` a word, if more), and is asked (not refused) up to
  ``agree_ask_deficit``, or acted on there if it is harmless (``harmless_agree``). A reading
  the grammar recognizer alone is sure of is acted on before the neural one runs, or once
  it has checked its numbers (:meth:`Policy.alone_reading`). A refused reading is still the
  grammar recognizer's command, asked, where the neural one scored that within
  ``second_choice_gap`` nats of its best (:mod:`narrator.voice.agreement`); or the neural
  one's best command, asked, where the grammar recognizer chose it among the neural one's
  best phrases (within ``chosen_gap`` nats of the best and ``chosen_deficit`` of the free
  transcript; :mod:`narrator.voice.chosen`). A refused or asked reading a third recognizer's
  transcript reads word for word is acted on (``third_act``; :mod:`narrator.voice.third`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from hardware.recognizer import ALONE, NUMBERS, RecognitionResult  # noqa: F401 (Policy.alone_reading's answers)
from narrator.language import templates as T
from narrator.language.commands import REWINDS, Command
from narrator.voice.agreement import Agreement
from narrator.voice.chosen import ChosenReading
from narrator.voice.hesitations import hesitated
from narrator.voice.lone import LoneReading, second_command
from narrator.voice.third import ThirdOpinion
from narrator.voice.numbers import NUMBER_WORDS, SIBILANT_RIVALS, numbers_in, one_number_apart, sibilant_pairs
from narrator.voice.thresholds import (
    DEFAULT_SLOT_CONFIDENCE, DEFAULT_ALTERNATIVE_MARGIN, DEFAULT_GRAMMAR_ASK_CONFIDENCE, DEFAULT_GRAMMAR_MIN_SNR_DB,
    DEFAULT_GRAMMAR_NUMBER_ASK_CONFIDENCE, DEFAULT_GRAMMAR_HARMLESS_ASK_CONFIDENCE, DEFAULT_MIN_SNR_DB,
    DEFAULT_ACT_DEFICIT, DEFAULT_RIVAL_GAP, DEFAULT_SECOND_FLOOR, DEFAULT_LONE_DEFICIT, DEFAULT_AGREE_DEFICIT,
    DEFAULT_AGREE_ASK_DEFICIT, DEFAULT_AGREE_PER_WORD, DEFAULT_LONE_GAP, DEFAULT_LONE_ACT_DEFICIT,
    DEFAULT_FUSED_MIN_SNR_DB, DEFAULT_BEGUN_ASK, DEFAULT_ALONE, DEFAULT_NUMBERS_CHECKED, DEFAULT_GAP_BY_COMMAND,
    DEFAULT_HARMLESS_AGREE, DEFAULT_SECOND_CHOICE_GAP, DEFAULT_BEGUN_DEFICIT,
    DEFAULT_LONE_ASK_GAP, DEFAULT_AGREE_NUMBER_DEFICIT, DEFAULT_YES_NO_GAP,
    DEFAULT_YES_HEARD_BELOW_DB, DEFAULT_SAID_ACT, DEFAULT_QUIET_ASK_GAP, DEFAULT_QUIET_DEFICIT,
    DEFAULT_CHOSEN_GAP, DEFAULT_CHOSEN_DEFICIT, DEFAULT_CHOSEN_ACT, DEFAULT_THIRD_ACT, DEFAULT_THIRD_ASK,
    DEFAULT_THIRD_FIT, DEFAULT_LOUD_BASE, DEFAULT_LOUD_PER_SYLLABLE, DEFAULT_MIN_CONFIDENCE)
from narrator.voice.verdict import (  # noqa: F401 (the policy's words, where they were)
    ACT, ACTIONS, ASK, FAR, INCOMPLETE, REJECT, Verdict, before_command, begun_by, dangling_and, said_in,
    says_another, too_short)
from narrator.voice.yes_no import YES_NO, unheard_yes


@dataclass(frozen=True)
class Policy(Agreement, LoneReading, ChosenReading, ThirdOpinion):
    """The thresholds. ``min_confidence`` is the utterance's floor (the Listener passes the
    floor it has worked out for the gating mode); ``slot_confidence`` a number word's own;
    ``alternative_margin`` how close a rival reading's score must be to the best to count."""

    min_confidence: float = DEFAULT_MIN_CONFIDENCE
    slot_confidence: float = DEFAULT_SLOT_CONFIDENCE
    alternative_margin: float = DEFAULT_ALTERNATIVE_MARGIN
    min_snr_db: float | None = DEFAULT_MIN_SNR_DB
    act_deficit: float = DEFAULT_ACT_DEFICIT
    rival_gap: float = DEFAULT_RIVAL_GAP
    second_floor: float = DEFAULT_SECOND_FLOOR
    lone_deficit: float | None = DEFAULT_LONE_DEFICIT
    agree_deficit: float | None = DEFAULT_AGREE_DEFICIT
    # ...but from this one where the command holds a number (None: agree_deficit)
    agree_number_deficit: float | None = DEFAULT_AGREE_NUMBER_DEFICIT
    # ...or this many a word of the command, if more (a long one; None: agree_deficit alone)
    agree_per_word: float | None = DEFAULT_AGREE_PER_WORD
    # ...and beyond it, up to this, asked rather than refused (None: refused)
    agree_ask_deficit: float | None = DEFAULT_AGREE_ASK_DEFICIT
    # fused: the grammar recognizer stopped inside the neural reading's very phrase: asked,
    # within this many nats (or agree_per_word a word) of the free transcript
    begun_ask: bool = DEFAULT_BEGUN_ASK
    begun_deficit: float | None = DEFAULT_BEGUN_DEFICIT
    # ...and a harmless command both read the same is acted on there, not asked
    harmless_agree: bool = DEFAULT_HARMLESS_AGREE
    lone_gap: float | None = DEFAULT_LONE_GAP
    fused_min_snr_db: float | None = DEFAULT_FUSED_MIN_SNR_DB
    lone_act_deficit: float = DEFAULT_LONE_ACT_DEFICIT
    # a grammar recognizer alone (pocketsphinx, vosk): ask in poorer audio than this, or when
    # the utterance's confidence is below ``grammar_ask_confidence`` (None: off)
    grammar_min_snr_db: float | None = DEFAULT_GRAMMAR_MIN_SNR_DB
    # ...but this one for a command with no seat in it, not a yes or a no (a speaker profile's:
    # narrator.voice.profile; None: grammar_min_snr_db for every command)
    grammar_plain_min_snr_db: float | None = None
    grammar_ask_confidence: float | None = DEFAULT_GRAMMAR_ASK_CONFIDENCE
    # ...and below this one where the command holds a number (a seat: never a silent wrong)
    grammar_number_ask_confidence: float | None = DEFAULT_GRAMMAR_NUMBER_ASK_CONFIDENCE
    # ...and this one for a harmless command, in place of both (None: no tier of its own)
    grammar_harmless_ask_confidence: float | None = DEFAULT_GRAMMAR_HARMLESS_ASK_CONFIDENCE
    # fused: a sure grammar reading is acted on without the neural one (alone_reading), and one
    # with numbers has only its numbers checked by it
    alone: bool = DEFAULT_ALONE
    numbers_checked: bool = DEFAULT_NUMBERS_CHECKED
    # fused: ``lone_gap`` is the lead over another command, not over another phrase
    gap_by_command: bool = DEFAULT_GAP_BY_COMMAND
    # fused: a refused reading becomes the grammar recognizer's own command, asked, where the
    # neural one scored it within this many nats of its best (None: refused)
    second_choice_gap: float | None = DEFAULT_SECOND_CHOICE_GAP
    # fused: the neural reading alone, within lone_act_deficit of what it heard but not acted
    # on (babble), is asked where it leads every other command by this many nats (None: refused)
    lone_ask_gap: float | None = DEFAULT_LONE_ASK_GAP
    # ...and, where the grammar recognizer heard no command at all, by this many (None: as above)
    quiet_ask_gap: float | None = DEFAULT_QUIET_ASK_GAP
    # ...and there a reading it refused as far from what it heard counts up to this (None: not)
    quiet_deficit: float | None = DEFAULT_QUIET_DEFICIT
    # fused: a refused reading's best command, where the grammar recognizer chose it among the
    # neural one's best phrases, is asked within this many nats of the best (None: refused)...
    chosen_gap: float | None = DEFAULT_CHOSEN_GAP
    # ...and this many of the free transcript
    chosen_deficit: float = DEFAULT_CHOSEN_DEFICIT
    # ...and a reading asked as one recognizer's word, with no seat, that it chose: acted on
    chosen_act: bool = DEFAULT_CHOSEN_ACT
    # fused: a refused or doubted reading a third recognizer's transcript reads as: acted on
    third_act: bool = DEFAULT_THIRD_ACT
    # ...and a refused one, where that transcript reads as another command: that one asked
    third_ask: bool = DEFAULT_THIRD_ASK
    # ...and one whose phrase fits the utterance this well for the third (None: not)
    third_fit: float | None = DEFAULT_THIRD_FIT
    # fused: a yes or a no another command scored within this many nats of is refused (None: off)
    yes_no_gap: float | None = DEFAULT_YES_NO_GAP
    # fused: in poorer audio than this, a yes is acted on only where the neural transcript holds
    # a yes word (None: anywhere)
    yes_heard_below_db: float | None = DEFAULT_YES_HEARD_BELOW_DB
    # fused: the neural reading alone counts as sure where its transcript holds the command's
    # very words (no seat, not a yes or a no), within lone_act_deficit
    said_act: bool = DEFAULT_SAID_ACT
    # a command is not acted on where the speaker's loud audio outlasts it: more seconds than
    # loud_base and loud_per_syllable a syllable of it (a yes or a no refused; None: off)
    loud_base: float | None = DEFAULT_LOUD_BASE
    loud_per_syllable: float = DEFAULT_LOUD_PER_SYLLABLE

    def decide(self, result: RecognitionResult, command: Command | None, *, destructive: bool,
               floor: float | None = None, confidence: float | None = None,
               parse: Callable[[str], Command | None] | None = None, harmless: bool = False,
               forms: tuple[str, ...] = ()) -> Verdict:
        """The verdict on ``result``, parsed as ``command`` (None: not a command now).
        ``confidence``: the score to hold against the floor (default the result's own; the
        wake-phrase mode passes the command words' alone). ``parse`` reads an alternative's
        text as a command, to see whether it differs only in a number. ``harmless``: the
        command changes nothing (``CommandLanguage.is_harmless``); ``forms`` the longer ways it
        may have been said (``CommandLanguage.longer_forms``). A refusal or a question the
        third recognizer's transcript settles is first (:meth:`ThirdOpinion.third_settles`).
        A refusal may still be the neural recognizer's best command, which the grammar
        recognizer chose when made to choose (:meth:`ChosenReading.chosen_question`), or else
        the grammar recognizer's own command, asked (:meth:`Agreement.second_choice`). A destructive
        command in doubt is asked as one in no doubt is ("Seat six dies. Confirm?"), but where
        the doubt is between two seats ("Seat six or eight dies?")."""
        verdict = self._verdict(result, command, destructive=destructive, floor=floor, confidence=confidence,
                                parse=parse, harmless=harmless, forms=forms)
        third = self.third_settles(result, command, verdict, parse, destructive)
        if verdict.action == REJECT:
            return (third or self.chosen_question(result, parse) or self.second_choice(result, command, parse)
                    or verdict)
        if destructive and verdict.action == ASK and verdict.rival is None and verdict.command == command:
            # asked as any such command is, whatever the doubt: its confirmation, one answer
            # (and never acted on for being heard twice: narrator.voice.again)
            return Verdict(ASK, command, "destructive", verdict.unsure)
        return third or self.chosen_act_on(result, verdict, parse) or verdict

    def _verdict(self, result: RecognitionResult, command: Command | None, *, destructive: bool,
                 floor: float | None, confidence: float | None,
                 parse: Callable[[str], Command | None] | None, harmless: bool, forms: tuple[str, ...]) -> Verdict:
        if not result.text.strip():
            return Verdict(REJECT, None, result.reason or "nothing recognized")
        score = result.confidence if confidence is None else confidence
        dangling = dangling_and(result, command, parse)
        if dangling is not None:
            if score < (self.min_confidence if floor is None else floor):
                return Verdict(REJECT, None, "low confidence")
            return Verdict(ASK, dangling, "heard a word more than the command")
        far = self.far_reading(result, command, parse)
        if not self.rescued(command, far):
            asked = self.far_question(command, far, harmless) or self.begun_far(result, command)
            if asked is not None:
                return asked
            quiet = self.quiet_far(result, command, parse)
            if not result.accepted and not quiet:
                return Verdict(REJECT, None, result.reason or "rejected by the recognizer")
            if score < (self.min_confidence if floor is None else floor) and not quiet:
                return Verdict(REJECT, None, "low confidence")
        if command is None:
            return Verdict(REJECT, None, "not a command now")
        unsure = self.unsure_numbers(result, command, parse)
        rival = self.rival_reading(result, command, parse) if unsure else None
        doubt = ""
        if result.second is not None and parse is not None:
            other = second_command(result, parse)
            if other is None or other.intent != command.intent:
                deficit = self.deficit(result)
                gap = (self.command_gap(result, command, parse)
                       if self.gap_by_command and (self.clear(result) or numbers_in(command))
                       else result.runner_up_gap)
                if (self.lone_gap is not None and deficit is not None and gap is not None
                        and deficit <= self.lone_act_deficit and gap >= self.lone_gap) or self.said(result, command):
                    # the neural reading alone, sure and far ahead of any other phrase; but a
                    # seat number only one recognizer heard is never acted on (issue 27: "seat
                    # two nominates seat six" was heard as "seats eight" and carried out)
                    if result.searched:
                        # found by its own search of the grammar, near nothing either recognizer
                        # heard: in babble "where are we" fits a long command too (asked)
                        doubt = "only the neural recognizer's search found it"
                    elif command.intent in YES_NO and (not self.clear(result) or hesitated(result.second)):
                        # nor, in babble, a yes or a no (moonshine hears babble as "yeah"; and
                        # "Yes? Yes or no." is no question), nor where the other heard an "eh"
                        # (moonshine wrote flite's "Yeah."): said again, or a button
                        return Verdict(REJECT, None, "a yes or no only one recognizer heard")
                    numbers = tuple(dict.fromkeys(numbers_in(command)))
                    if numbers:
                        unsure = unsure + tuple(w for w in numbers if w not in unsure)
                        doubt = "only one recognizer heard the number"
                elif self.lone_deficit is None or deficit is None or deficit > self.lone_deficit:
                    asked = self.lone_question(result, command, parse, deficit, unheard=other is None)
                    if asked:
                        doubt = asked
                    elif not (self.begun_ask and begun_by(result.second, command, before_command(result, command))):
                        return Verdict(REJECT, None, "the two recognizers disagree")
                    else:
                        # pocketsphinx stopped inside this very command ("override seats three is"
                        # for "... is the slayer"): a question, not "say that again"
                        doubt = "the other recognizer heard only part of it"
                else:
                    doubt = "only one recognizer heard it"
            elif other.slots != command.slots:
                numbers = numbers_in(command)
                unsure = unsure + tuple(w for w in numbers if w not in unsure) if numbers else unsure
                doubt = "the two recognizers heard another " + ("number" if numbers else "slot")
                rival = other
            elif result.second.confidence < self.second_floor:
                doubt = "the second recognizer is unsure"
        if not doubt and result.heard:
            deficit = self.deficit(result)
            if deficit is not None and deficit > self.act_deficit:
                doubt = "far from what was heard"
            elif self.rival_gap > 0 and parse is not None and self.close_rival(result, command, parse):
                doubt = "another command scored nearly as well"
        if (self.yes_no_gap is not None and command.intent in YES_NO and result.heard and parse is not None
                and result.alternatives and self.close_rival(result, command, parse, self.yes_no_gap)):
            # a coin toss between a yes or a no and another command: said again ("Yes? Yes or
            # no." is no question)
            return Verdict(REJECT, None, "another command scored as well as the " + command.intent)
        if unheard_yes(result, command, parse, self.yes_heard_below_db):
            return Verdict(REJECT, None, "a yes not in what was heard")
        if too_short(result, command, self.loud_base, self.loud_per_syllable, forms):
            if command.intent in YES_NO:   # "Yes? Yes or no." is no question
                return Verdict(REJECT, None, "a yes or no shorter than what was said")
            doubt = doubt or "heard less than was said"
        ask_below = self.grammar_ask_confidence
        if ask_below is not None and self.grammar_number_ask_confidence is not None and numbers_in(command):
            ask_below = max(ask_below, self.grammar_number_ask_confidence)
        if harmless and self.grammar_harmless_ask_confidence is not None:
            ask_below = self.grammar_harmless_ask_confidence
        if not doubt and not result.heard and result.second is None and ask_below is not None and score < ask_below:
            doubt = "low confidence"
        limit = self.audio_floor(result, command)
        if limit is not None and result.snr_db is not None and result.snr_db < limit:
            if result.second is not None and command.intent in YES_NO:
                # babble heard alone as a "yeah" by both: "Yes? Yes or no." is no question
                return Verdict(REJECT, None, "a yes or no in audio this poor")
            doubt = doubt or "poor audio"
        if unsure:
            return Verdict(ASK, command, "unsure of " + " and ".join(unsure), unsure,
                           rival if rival is not None and one_number_apart(command, rival) else None)
        if doubt:
            return Verdict(ASK, command, doubt)
        if destructive:
            return Verdict(ASK, command, "destructive")
        return Verdict(ACT, command)

    def alone_reading(self, result: RecognitionResult, command: Command | None, **how) -> str:
        """Fused, before the neural recognizer runs (the slow part): how much of it the grammar
        recognizer's reading needs. ``ALONE``: none, when this policy acts on it at once as that
        recognizer's (its floors) and it names no number; ``NUMBERS``: the same with numbers in
        it, of which the neural one checks only the numbers (a seat is acted on only when both
        heard it); "": all. A harmless one always gets both (chatter was heard as questions
        alone, never by both); so does one unsure of its numbers (chatter was asked), and an
        undo or a redo (``REWINDS``: "no" was read as "undo" alone). ``how``:
        :meth:`decide`'s."""
        if (not self.alone or command is None or result.second is not None or result.heard
                or how.get("harmless") or command.intent in REWINDS
                or self.decide(result, command, **how).action != ACT):
            return ""
        return ALONE if not numbers_in(command) else NUMBERS if self.numbers_checked else ""

    def widest_gap(self) -> float:
        """The widest gap below the best reading (nats) any decision here compares with a
        threshold: a neural recognizer need score phrases exactly only that far down, a phrase
        further down reading as at least that far (hardware.moonshine_ahead.SCORED_WITHIN_BEST)."""
        return max(self.lone_gap or 0.0, self.rival_gap, self.alternative_margin, self.second_choice_gap or 0.0,
                   self.chosen_gap or 0.0)

    def clear(self, result: RecognitionResult) -> bool:
        """Heard in audio as clear as a neural reading alone is acted on in (``min_snr_db``)."""
        return self.min_snr_db is None or (result.snr_db is not None and result.snr_db >= self.min_snr_db)

    def close_rival(self, result: RecognitionResult, command: Command,
                    parse: Callable[[str], Command | None], gap: float | None = None) -> bool:
        """Another command (or none) among the readings within ``gap`` nats of the best
        (``rival_gap`` by default)."""
        best = result.alternatives[0][1]
        return any(says_another(text, command, parse) for text, score in result.alternatives[1:]
                   if score >= best - (self.rival_gap if gap is None else gap))

    def audio_floor(self, result: RecognitionResult, command: Command | None = None) -> float | None:
        """The SNR below which a reading of this recognizer is asked, not acted on (fused,
        moonshine alone, or a grammar recognizer alone; for the last, ``command`` with no seat
        in it and not a yes or a no: ``grammar_plain_min_snr_db``, where set)."""
        if result.second is not None:
            return self.fused_min_snr_db
        if result.heard:
            return self.min_snr_db
        if (self.grammar_plain_min_snr_db is not None and command is not None and not numbers_in(command)
                and command.intent not in YES_NO):
            return self.grammar_plain_min_snr_db
        return self.grammar_min_snr_db

    def unsure_numbers(self, result: RecognitionResult, command: Command,
                       parse: Callable[[str], Command | None] | None = None) -> tuple[str, ...]:
        """The command's number words the recognizer is unsure of: low confidence of their
        own, or a rival reading that is the same command with another number."""
        words = command.text.split()
        numbers = [w for w in result.words[len(result.words) - len(words):]
                   if w.word in NUMBER_WORDS] if len(result.words) >= len(words) else []
        unsure = [w.word for w in numbers
                  if w.confidence is not None and w.confidence < self.slot_confidence]
        if result.second is None:   # fused: the second recognizer's number is the evidence
            unsure += [number for _, number in sibilant_pairs(words)]
        if parse is not None and result.alternatives:
            best = max(score for _, score in result.alternatives)
            for text, score in result.alternatives:
                if score < best - self.alternative_margin or T.normalise(text) == command.text:
                    continue
                rival = parse(text)
                if rival is not None and rival.intent == command.intent and rival.slots != command.slots:
                    unsure += [w for w in words if w in NUMBER_WORDS and w not in text.split()]
        return tuple(dict.fromkeys(unsure))

    @staticmethod
    def rival_reading(result: RecognitionResult, command: Command,
                      parse: Callable[[str], Command | None] | None) -> Command | None:
        """The other reading a doubt about a number is between: the second recognizer's, an
        alternative scored as well, or the number the plural "s" may have begun."""
        if parse is None:
            return None
        texts = [result.second.text] if result.second is not None else []
        texts += [text for text, _ in result.alternatives]
        words, before = command.text.split(), before_command(result, command)   # (the wake phrase)
        for plural, number in sibilant_pairs(words):
            texts.append(" ".join(before + words[:plural] + ["seat", SIBILANT_RIVALS[number]] + words[plural + 2:]))
        for text in texts:
            if not text.strip() or T.normalise(text) == command.text:
                continue
            rival = parse(text)
            if rival is not None and rival.intent == command.intent and rival.slots != command.slots:
                return rival
        return None

