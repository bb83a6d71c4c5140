"""What the narrator would do with each benchmark clip: the confirmation policy's verdict (act,
ask, reject; narrator.voice.policy) on what the recognizer heard, counted by whether the
command was right.

Per clip, one outcome:

* ``right_act``: the expected command, acted on at once;
* ``right_ask_destructive``: the expected command, asked because it is destructive (always
  asked, so it still counts as right first time);
* ``right_ask_unsure``: the expected command, asked because the recognizer was unsure (a
  number, the two recognizers disagreeing on a slot, poor audio: a question the Storyteller
  has to answer); or another reading asked between it and the expected one ("Seat fourteen
  or thirteen?", narrator.voice.between), which the Storyteller's one word answers;
* ``wrong_act``: another command acted on without asking: the **silent wrong** (whatever
  else the clip gave);
* ``wrong_ask``: another command, asked first (the Storyteller says no), with or without
  the right one acted on;
* ``rejected``: nothing taken: "say that again".
"""
from __future__ import annotations

import dataclasses

from typing import Any, Callable, Iterable

from hardware.recognizer import RecognitionResult
from narrator.language.commands import Command, CommandLanguage
from narrator.voice.between import Between
from narrator.voice.policy import ACT, ALONE, REJECT, Policy
from narrator.voice.wake import DEFAULT_WAKE_CONFIDENCE, command_confidence, strip_wake
from narrator.voice.hooks import alone_hook as policy_alone_hook, doubts_hook as policy_doubts_hook

OUTCOMES = ("right_act", "right_ask_destructive", "right_ask_unsure", "wrong_act", "wrong_ask",
            "rejected")


def floor_of(recognizer: Any, result: RecognitionResult, default: float) -> float:
    """The confidence floor the Listener holds a result to (open or push-to-talk mode)."""
    floor = getattr(recognizer, "confidence_floor", None)
    if not callable(floor) or len(result.text.split()) != 1:
        return default
    return min(default, floor(1))


def outcome(recognizer: Any, language: CommandLanguage, results: Iterable[RecognitionResult],
            expected: dict[str, Any] | None, intents: Iterable[str] | None = None, strip: str = "",
            policy: Policy | None = None, refused: frozenset[str] = frozenset(),
            why: list[str] | None = None, acted: list[Command] | None = None) -> str:
    """The clip's outcome (one of OUTCOMES) from every result it gave; a command whose intent
    is in ``refused`` (a decoy the Listener hears but refuses where it is not expected) is
    nothing taken. ``why`` (a list) is given each result's verdict and reason, ``acted`` each
    command acted on. With the wake phrase ``strip``, as the wake-phrase Listener reads a
    result: dropped unless the phrase was clearly said, the command words' confidence held to
    the floor (``narrator.voice.wake``)."""
    policy = policy or Policy()
    parse = parser(language, intents, strip)
    sure = alone_hook(recognizer, language, intents, strip, policy, refused, parse)
    held = scores(recognizer, policy, strip)
    taken = []
    for result in results:
        second = result.second
        if sure is not None and second is not None and second.accepted and not second.reason \
                and sure(second) == ALONE:
            result = second   # fused readings taken without the hook: what the app would do
        if strip and result.text.strip() and strip_wake(result, strip, DEFAULT_WAKE_CONFIDENCE) is None:
            if why is not None:
                why.append("ignored: no wake phrase")
            continue
        command = parse(result.text) if result.text else None
        verdict = policy.decide(result, command, parse=parse, **{k: f(result) for k, f in held.items()},
                                **language.weighed(command))
        if why is not None:
            why.append(f"{verdict.action}: {verdict.reason or '-'}")
        if verdict.action != REJECT and verdict.command.intent not in refused:
            taken.append(verdict)
            if acted is not None and verdict.action == ACT:
                acted.append(verdict.command)
    if not taken:
        return "rejected"

    def same(command: Command | None) -> bool:
        return (expected is not None and command is not None and command.intent == expected["intent"]
                and command.slots == expected["slots"])

    def right(verdict) -> bool:
        return same(verdict.command)

    if any(v.action == ACT and not right(v) for v in taken):
        return "wrong_act"
    if len(taken) == 1 and right(taken[0]):
        verdict = taken[0]
        if verdict.action == ACT:
            return "right_act"
        return "right_ask_destructive" if verdict.reason == "destructive" else "right_ask_unsure"
    if len(taken) == 1 and taken[0].action != ACT and same(taken[0].rival) \
            and Between.of(taken[0].command, taken[0].rival) is not None:
        return "right_ask_unsure"   # asked between the two, and the other is right: one word
    # another command asked (the Storyteller says no), or the right one acted on and another
    # one asked besides: a question, not a silent wrong
    return "wrong_ask"


def alone_hook(recognizer: Any, language: CommandLanguage, intents: Iterable[str] | None = None,
               strip: str = "", policy: Policy | None = None, refused: frozenset[str] = frozenset(),
               parse: Callable[[str], Command | None] | None = None) -> Callable[[RecognitionResult], str] | None:
    """The fused recognizer's ``alone`` hook as the Listener sets it: how much of
    moonshine's reading the grammar recognizer's needs (``narrator.voice.hooks.alone_hook``;
    all for a decoy, ``refused``). ``outcome`` reads readings taken without the hook the same
    way where it needs none. None where the policy hands nothing on alone."""
    policy = policy or Policy()
    if not policy.alone:
        return None
    hook = policy_alone_hook(policy, language, parse or parser(language, intents, strip),
                             refused=lambda command: command.intent in refused,
                             **scores(recognizer, policy, strip))
    if not strip:
        return hook
    # the wake phrase not clearly heard: all of the neural reading (the Listener's FusedHooks)
    return lambda result: hook(result) if strip_wake(result, strip, DEFAULT_WAKE_CONFIDENCE) is not None else ""


def scores(recognizer: Any, policy: Policy, strip: str = "") -> dict[str, Callable[[RecognitionResult], Any]]:
    """The floor and the confidence a result is held to, as the Listener holds it: with the
    wake phrase ``strip``, the policy's floor and the command words' confidence; else the
    recognizer's floor for a one-word reading and the result's own confidence."""
    if strip:
        return {"floor": lambda result: policy.min_confidence,
                "confidence": lambda result: command_confidence(result, strip)}
    return {"floor": lambda result: floor_of(recognizer, result, policy.min_confidence),
            "confidence": lambda result: None}


def doubts_hook(recognizer: Any, language: CommandLanguage, intents: Iterable[str] | None = None,
                strip: str = "", policy: Policy | None = None,
                settles: bool = True) -> Callable[[RecognitionResult], bool]:
    """The fused recognizer's ``doubts`` hook as the Listener sets it: whether the
    grammar recognizer's choice among moonshine's phrases may change the policy's verdict
    (``narrator.voice.hooks.doubts_hook``). ``settles`` False: the choice hidden from the hook,
    so the third recognizer is asked on every doubt, even one the choice settled (before 7 Dec)."""
    policy = policy or Policy()
    doubts = policy_doubts_hook(policy, language, parser(language, intents, strip), **scores(recognizer, policy, strip))
    return doubts if settles else lambda result: doubts(dataclasses.replace(result, chosen=None))


def parser(language: CommandLanguage, intents: Iterable[str] | None = None,
           strip: str = "") -> Callable[[str], Command | None]:
    """A recognizer's text as the Listener parses it: the wake word ``strip`` first (else
    nothing), among ``intents`` (None: all)."""
    from benchmarks.corpus import parse_spoken

    wanted = None if intents is None else frozenset(intents)

    def parse(text: str) -> Command | None:
        words = text.split()
        if strip:
            if words[:1] != [strip]:
                return None
            words = words[1:]
        return parse_spoken(language, " ".join(words), wanted)
    return parse


def summary(counts: dict[str, int], n: int) -> dict[str, Any]:
    """The counts with the two figures the targets are set on: right first time (acted on, or
    asked only because destructive) and silent wrong, as shares of ``n``."""
    out: dict[str, Any] = {k: counts.get(k, 0) for k in OUTCOMES}
    out["right_first_time"] = (out["right_act"] + out["right_ask_destructive"]) / n if n else float("nan")
    out["silent_wrong"] = out["wrong_act"] / n if n else float("nan")
    out["asked"] = out["right_ask_destructive"] + out["right_ask_unsure"] + out["wrong_ask"]
    return out


# The targets for the in-state grammar (every condition / clean).
SILENT_WRONG_TARGET = 0.01
RIGHT_FIRST_TIME_TARGET = {"clean": 0.95}


def add_rows(table: Any, backend: str, name: str, result: dict[str, Any]) -> None:
    """The verdict rows of one in-state run on the benchmark's table."""
    v = result["verdicts"]
    n = result["n"]
    target = RIGHT_FIRST_TIME_TARGET.get(name)
    table.add("verdicts", f"{backend} {name}: right, acted on first time (n={n})", 100 * v["right_first_time"], "%",
              f">= {100 * target:.0f}%" if target else "", None if target is None else v["right_first_time"] >= target)
    table.add("verdicts", f"{backend} {name}: silent wrong (acted on without asking)",
              f"{100 * v['silent_wrong']:.1f}% ({v['wrong_act']})", "", f"<= {100 * SILENT_WRONG_TARGET:.0f}%",
              v["silent_wrong"] <= SILENT_WRONG_TARGET)
    table.add("verdicts", f"  {backend} {name}: asked: unsure right / destructive right / wrong; rejected",
              f"{v['right_ask_unsure']} / {v['right_ask_destructive']} / {v['wrong_ask']}; {v['rejected']}")
