"""A yes or a no, held to more than another command: a yes confirms a death, the end of the
game or a seat picked, and in babble both recognizers read a "yeah" out of the table's talk
(narrator.voice.policy's check; the threshold is narrator.voice.thresholds'), and pocketsphinx
alone reads "confirm" and "correct" out of other answers."""
from __future__ import annotations

from typing import Callable

from hardware.moonshine_text import words_of
from hardware.whisper_model import said_once
from hardware.recognizer import RecognitionResult
from narrator.language.commands import ANSWERS, Command
from narrator.voice.thresholds import ANSWER_DEFICIT, ANSWER_GAP
from narrator.voice.verdict import before_command

# the answers a babble "yeah" may be heard as: never worth asking back ("Yes? Yes or no.")
YES_NO = ANSWERS


def unheard_yes(result: RecognitionResult, command: Command, parse: Callable[[str], Command | None] | None,
                below_db: float | None) -> bool:
    """Fused, in audio poorer than ``below_db``: a yes whose neural transcript holds no word
    that is a yes by itself ("Well, it's a good one." read as "yeah"; "Confirmed." counts)."""
    if (below_db is None or command.intent != "yes" or result.second is None or parse is None
            or result.snr_db is None or result.snr_db >= below_db):
        return False
    # ``parse`` reads a whole reading: what comes before the command in it (the wake phrase,
    # "storyteller yes") comes before each word tried too
    before = before_command(result, command)
    return all(_answer_of(word, before, parse) != "yes" for word in words_of(result.heard or ""))


def babble_yes_word(result: RecognitionResult, floor: float | None) -> bool:
    """A grammar recognizer alone (pocketsphinx), in audio poorer than ``floor`` (where it asks
    every command): a yes that is not the word "yes" itself. At 15 dB it heard a number or a
    "no" said to its question as "confirm" or "correct" 9 times of 240, and a said "yes" as
    "yes" 47 times of 51, never as anything else that was not a yes."""
    if floor is None or result.snr_db is None:
        return False
    return result.snr_db < floor and _alone_not_yes(result)


def _alone_not_yes(result: RecognitionResult) -> bool:
    """A grammar recognizer's reading alone (no neural one), whose last word is not "yes"."""
    return result.second is None and not result.heard and result.text.split()[-1:] != ["yes"]


def lone_yes_word(result: RecognitionResult, command: Command) -> bool:
    """One recognizer alone (no neural reading): a yes that is not the word "yes" itself. To
    "Seat eight or six?" pocketsphinx alone heard "pardon", "say it again" or "what did you
    say" as "confirm" or "correct" and took the first seat, 8 times of 180 things said that
    were not answers (``python -m benchmarks.confirm_answers --between``); its answers, "yes"."""
    return command.intent == "yes" and _alone_not_yes(result)


def answer_unheard(result: RecognitionResult, command: Command, parse: Callable[[str], Command | None]) -> bool:
    """Fused, a yes to a question that waits (a death, the end of the game, a seat asked back):
    neither recognizer that writes what it hears freely (moonshine's transcript, the third's)
    holds a yes word. Both grammar readings agree on a yes too easily there: the answers'
    grammar holds a handful of words, and "repeat that", "pardon" or "hang on" land on one of
    them (moonshine's own transcript "Repeat that.", 18 nats from "yeah", pocketsphinx's
    "yeah"). Or pocketsphinx read another answer, surely or not. Measured with ``python -m
    benchmarks.confirm_answers``."""
    if command.intent != "yes" or result.second is None:
        return False
    theirs = grammar_reads(result, parse)
    if theirs not in (None, "yes"):
        return True    # pocketsphinx read another answer: flite's "eh" written "Yeah.", read "nope"
    if not unheard_yes(result, command, parse, float("inf")):
        return False
    if theirs == "yes" and near_answer(result, command, parse):
        # near moonshine's transcript counts only where pocketsphinx read a yes too: of 15
        # things said that no rule was chosen on, "eh" and "huh" were confirmed that way 6
        # times of 30 (``confirm_answers --others``), pocketsphinx hearing nothing or a no each
        # time; true yeses it heard as a yes word 57 times of 60
        return False
    third = said_once(words_of(result.third or ""))
    heard = parse(" ".join(before_command(result, command) + third)) if third else None
    return heard is None or heard.intent != "yes"


# yes words alike enough in sound for one recognizer to read one where the other read the other
ALIKE = (frozenset({"yes", "yeah"}),)


def unlike_yes_words(result: RecognitionResult, command: Command, parse: Callable[[str], Command | None]) -> bool:
    """Fused, a yes to a question that waits, read as two yes words that do not sound alike,
    pocketsphinx's not in moonshine's transcript either: moonshine's "yeah" and pocketsphinx's
    "correct" (flite awb's "eh", written "Yeah."), or "confirm" (espeak-ng's "hmm", written "And?",
    at every draw of the tests' noise). They agree on the answer, not on what was said. A true
    "yeah" pocketsphinx reads "yes" 13 times of 60 (python -m benchmarks.confirm_answers), so that
    pair counts as one word. It costs a true yes now and then: flite kal's clean "yes", read
    "correct" by pocketsphinx, is said again (1 of 60), and over table talk, where moonshine
    reads "yeah" out of the babble, 1 or 2 of 60 more."""
    if command.intent != "yes" or result.second is None or grammar_reads(result, parse) != "yes":
        return False
    mine, theirs = result.text.split()[-1:], result.second.text.split()[-1:]
    if mine == theirs or any(set(mine + theirs) <= alike for alike in ALIKE):
        return False
    return not any(theirs[0] in _forms(word) for word in words_of(result.heard or ""))


# the most words moonshine wrote for a one-word yes it misheard ("Can't throw.", "King firm.")
MISHEARD_WORDS = 2
# words beside its yes that make a transcript talk; one does not ("Uh, yeah.", "I'm correct.")
TALK_WORDS = 2


def yes_among_talk(result: RecognitionResult, command: Command, parse: Callable[[str], Command | None]) -> bool:
    """Fused, a yes to a question that waits, that moonshine wrote among other talk ("Yeah.
    Again, please." for Piper's "again please" over table talk, pocketsphinx reading "yeah"
    out of the same babble): a yes someone at the table may have said, not the Storyteller,
    unless the third recognizer wrote the yes with fewer than ``TALK_WORDS`` words beside it."""
    if command.intent != "yes" or result.second is None:
        return False
    before = before_command(result, command)
    if not _talk(_said(result.heard, before), before, parse):
        return False
    return _talk(_said(result.third, before), before, parse) is not False


def _talk(words: list[str], before: list[str], parse: Callable[[str], Command | None]) -> bool | None:
    """A transcript's words (:func:`_said`) hold a yes among ``TALK_WORDS`` or more other words
    (True), a yes with fewer (False), or no yes (None). After the wake phrase only the words after
    the yes count: before it the transcript spells the phrase its own way ("Stormy Taylor, yes.")."""
    answers = [_answer_of(word, before, parse) for word in words]
    if "yes" not in answers:
        return None
    if before:
        answers = answers[answers.index("yes"):]
    return answers.count(None) >= TALK_WORDS


def near_answer(result: RecognitionResult, command: Command, parse: Callable[[str], Command | None]) -> bool:
    """The yes scored near moonshine's free transcript and well ahead of any other answer
    (``ANSWER_DEFICIT``, ``ANSWER_GAP``): "confirm" transcribed "Can't throw." but read as
    nothing else, where "What?" is as near a "no" as a "yeah". Not after the wake phrase: the
    thresholds were measured without it, and with it the phrase's shared start narrows every
    gap ("Storyteller A part in." for "storyteller pardon" read as "storyteller yeah", 3.0
    nats below and 4.1 ahead of a no); there a yes needs a yes word in a transcript."""
    scored = result.alternatives
    if not result.heard or not scored or -scored[0][1] > ANSWER_DEFICIT or before_command(result, command):
        return False
    if len(words_of(result.heard)) > MISHEARD_WORDS:
        return False   # talk, not an answer misheard: "What was that?" with a player's "yeah" before it
    others = [score for text, score in scored[1:] if (other := parse(text)) is None or other.intent != command.intent]
    return not others or scored[0][1] - max(others) >= ANSWER_GAP


def grammar_reads(result: RecognitionResult, parse: Callable[[str], Command | None]) -> str | None:
    """Fused: the intent of the grammar recognizer's own reading, accepted or not (None: it
    heard nothing it could read)."""
    text = result.second.text.strip() if result.second is not None else ""
    heard = parse(text) if text else None
    return heard.intent if heard is not None else None


# what both neural recognizers write for a hesitation ("eh" over table talk: moonshine and the
# third recognizer both "Yeah.", pocketsphinx nothing): not a yes two of them heard
HESITATION_LIKE = ("yeah",)


def two_heard(result: RecognitionResult, command: Command, parse: Callable[[str], Command | None]) -> bool:
    """Fused, a yes or a no said to the narrator while its question waits, refused as any
    reading in babble may be: two recognizers heard that very answer, the third's transcript
    it and nothing else (said once), and either moonshine's transcript the same (pocketsphinx
    hearing nothing or the same) or pocketsphinx the very word ("Correct." and "correct";
    moonshine wrote "I'm not going to say that."). At 15 dB yeses were said again where both
    transcripts were "Yes." and pocketsphinx heard nothing (python -m
    benchmarks.confirm_answers --snr 15). Not a yes the third wrote "Yeah." (HESITATION_LIKE)."""
    if command.intent not in YES_NO or result.second is None or not result.third:
        return False
    before = before_command(result, command)
    third = _said(result.third, before)
    if not _only(third, command.intent, before, parse):
        return False
    if command.intent == "yes" and any(word in HESITATION_LIKE for word in third):
        return False
    theirs = grammar_reads(result, parse)
    free = _said(result.heard, before)
    if theirs in (None, command.intent) and _only(free, command.intent, before, parse):
        return True
    read = result.second.text.split()[len(before):]
    return theirs == command.intent and len(read) == 1 and len(third) == 1 and read[0] in _forms(third[0])


def _forms(word: str) -> set[str]:
    """A transcript's word and the answer words it may be written for ("confirmed", "yeses")."""
    return {form for form in (word, word.removesuffix("ed"), word.removesuffix("s")) if form}


def _answer_of(word: str, before: list[str], parse: Callable[[str], Command | None]) -> str | None:
    """The answer a transcript's word is, alone (after the wake phrase, if it was said)."""
    for form in _forms(word):
        heard = parse(" ".join(before + [form]))
        if heard is not None and heard.intent in YES_NO:
            return heard.intent
    return None


def _only(words: list[str], intent: str, before: list[str], parse: Callable[[str], Command | None]) -> bool:
    """``words`` are some, and each is the answer ``intent`` alone."""
    return bool(words) and all(_answer_of(word, before, parse) == intent for word in words)


def _said(transcript: str | None, before: list[str]) -> list[str]:
    """A free transcript's words, said once, without the wake phrase it begins with (if it does)."""
    words = said_once(words_of(transcript or ""))
    return words[len(before):] if before and words[:len(before)] == before else words
