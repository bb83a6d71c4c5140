"""``narrator doctor``: check that this machine has what the config asks for.

One line per check, each ``ok``, ``warn`` or ``fail``, then a verdict. A check fails when
something the config explicitly asks for is missing (a named device, a vosk model path, GPIO
enabled in a file, a voice); an optional device that is absent is only a warning, because
the narrator then falls back (printed narration, typed input, no buttons).

The probes that touch the machine are in narrator.doctor_probes (:class:`Probes`), so tests
can replace them.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.request import pathname2url

from narrator.config import DEFAULT_SOURCE, Config, ConfigError, load_config
from hardware.audio_clip import AudioFileError, read_wav
from hardware.microphone import RECORDING
from narrator.doctor_probes import ProbeError, Probes
from narrator.voice.profile import profile_status

OK, WARN, FAIL = "ok", "warn", "fail"
DISK_FAIL_BYTES = 50 * 1024 * 1024
DISK_WARN_BYTES = 500 * 1024 * 1024


@dataclass(frozen=True)
class Check:
    name: str
    status: str
    detail: str


# ---- checks -------------------------------------------------------------------------------


def _counted(n: int, noun: str) -> str:
    """'1 journal', '2 journals' (the doctor reads no game, so not statemachine.wording's)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"

def _match(wanted: str, names: list[str]) -> str | None:
    return next((n for n in names if wanted.lower() in n.lower()), None)


def _device(name: str, wanted: str, kind: str, list_devices: Callable[[], list[str]],
            fallback: str) -> Check:
    if wanted.lower() == "none":
        return Check(name, OK, f"off (set to \"none\"): {fallback}")
    try:
        names = list_devices()
    except ProbeError as exc:
        status = WARN if not wanted else FAIL
        return Check(name, status, f"cannot list {kind} devices ({exc}): {fallback}")
    if not wanted:
        if names:
            return Check(name, OK, f"default {kind} device (have: {', '.join(names)})")
        return Check(name, WARN, f"no {kind} device on this machine: {fallback}")
    found = _match(wanted, names)
    if found:
        return Check(name, OK, f"{found!r} matches {wanted!r}")
    have = ", ".join(names) if names else "none"
    return Check(name, FAIL, f"no {kind} device matching {wanted!r} (have: {have})")


def _recording(path: str) -> Check:
    """microphone = "file:NIGHT.wav": a recording played as the microphone (table mode
    opens it as ``hardware.microphone.open_source`` does)."""
    file = Path(path).expanduser()
    if not file.is_file():
        return Check("microphone", FAIL, f"no recording at {path}")
    try:
        clip = read_wav(file)     # as table mode reads it (float WAV files too)
    except (OSError, AudioFileError) as exc:
        return Check("microphone", FAIL, f"{path}: not a readable WAV file ({exc})")
    return Check("microphone", OK, f"a recording played as the microphone: {path} "
                                   f"({clip.duration:.0f} s)")


def check_audio(config: Config, probes: Probes) -> list[Check]:
    audio = config.audio
    checks = [
        _device("audio public", audio.public_device, "output", probes.output_devices,
                "public narration is printed"),
        _device("audio private", audio.private_device, "output", probes.output_devices,
                "private prompts are printed"),
    ]
    if config.recognizer.backend == "none":
        checks.append(Check("microphone", OK, "not used (recognizer backend \"none\")"))
    elif audio.microphone.startswith(RECORDING):
        checks.append(_recording(audio.microphone[len(RECORDING):]))
    else:
        checks.append(_device("microphone", audio.microphone, "input", probes.input_devices,
                              "typed and button input only"))
    return checks


def check_recognizer(config: Config, probes: Probes) -> Check:
    """The recognizer the narrator would listen with, and why (where the setting comes from)."""
    rec = config.recognizer
    name = "recognizer"
    source = config.source("recognizer", "backend")
    why = ("the default" if source == DEFAULT_SOURCE else f"[recognizer] backend in {source}")
    if rec.backend == "auto":
        why = "auto, " + why
    if rec.backend in ("moonshine", "fused", "auto"):
        return _moonshine(config, probes, why)
    if rec.backend == "none":
        return Check("recognizer", OK, f"off (backend \"none\", {why}): typed and button input only")
    if rec.backend == "pocketsphinx":
        try:
            model = Path(rec.model_path) if rec.model_path else probes.pocketsphinx_model()
        except ProbeError as exc:
            return Check(name, FAIL, str(exc))
        if not model.is_dir():
            return Check(name, FAIL, f"pocketsphinx model {model} is missing")
        detail = f"would use pocketsphinx ({why}; needs no download), model {model}"
        try:
            vosk = probes.find_vosk_model("")
        except ProbeError:
            vosk = None
        if vosk is not None:
            detail += f"; a vosk model is installed at {vosk}: set [recognizer] backend = \"vosk\" to use it"
        try:
            probes.moonshine_model()
            detail += "; moonshine is installed: backend \"fused\" would score these candidates with it"
        except ProbeError:
            pass
        return Check(name, OK, detail + "; " + _POLICY)
    try:
        probes.vosk_importable()
    except ProbeError as exc:
        return Check(name, FAIL, str(exc))
    try:
        model = probes.find_vosk_model(rec.model_path)
    except ProbeError as exc:
        return Check(name, FAIL, str(exc))
    if model is not None:
        return Check(name, OK, f"would use vosk ({why}), model {model}; " + _POLICY)
    if not rec.model_path:
        return Check(name, FAIL, "vosk: no model installed (run `narrator model download en`, "
                                 "or set [recognizer] model_path)")
    return Check(name, FAIL, f"vosk: {rec.model_path} is not a vosk model directory "
                             "(run `narrator model download en`, or fix [recognizer] model_path)")


_POLICY = "acts on sure commands, asks back unsure seat numbers and destructive commands"


def _moonshine(config: Config, probes: Probes, why: str) -> Check:
    """moonshine alone, or fused with pocketsphinx (or vosk, when model_path names one); "auto"
    is fused, or without moonshine its proposer alone."""
    rec, name = config.recognizer, "recognizer"
    try:
        model = probes.moonshine_model()
    except ProbeError as exc:
        if rec.backend == "moonshine":
            return Check(name, FAIL, f"moonshine: {exc}")
        return _fused_fallback(config, probes, why, str(exc), wanted=rec.backend)
    if rec.backend == "moonshine":
        return Check(name, OK, f"would use moonshine ({why}), model {model}: its decoder scores the "
                               "phrases the game state allows; " + _POLICY)
    proposer = "pocketsphinx"
    if rec.model_path:
        try:
            vosk = probes.find_vosk_model(rec.model_path)
        except ProbeError as exc:
            return Check(name, FAIL, f"fused: {exc}")
        if vosk is None:
            return Check(name, FAIL, f"fused: {rec.model_path} is not a vosk model directory")
        proposer = f"vosk ({vosk})"
    else:   # the proposer's model must be there too
        try:
            sphinx = probes.pocketsphinx_model()
        except ProbeError as exc:
            return Check(name, FAIL, f"fused: {exc}")
        if not sphinx.is_dir():
            return Check(name, FAIL, f"fused: pocketsphinx model {sphinx} is missing")
    third = probes.third_model()
    third = ("Whisper tiny.en settles its doubts" if third is not None
             else "no third recognizer (install the narrator's [neural] extra for Whisper tiny.en)")
    return Check(name, OK, f"would use fused ({why}): {proposer} proposes, moonshine ({model}) scores, "
                           f"{third}; " + _POLICY)


def _fused_fallback(config: Config, probes: Probes, why: str, reason: str, wanted: str = "fused") -> Check:
    """fused without moonshine: the narrator listens with its proposer alone (table mode);
    ``wanted`` "auto" (the default) is no warning, the neural extra being optional."""
    rec, name = config.recognizer, "recognizer"
    if rec.model_path:
        try:
            vosk = probes.find_vosk_model(rec.model_path)
        except ProbeError as exc:
            return Check(name, FAIL, f"fused: {exc}")
        if vosk is None:
            return Check(name, FAIL, f"fused: {rec.model_path} is not a vosk model directory")
        alone = f"vosk alone ({vosk})"
    else:
        try:
            alone = f"pocketsphinx alone ({probes.pocketsphinx_model()})"
        except ProbeError as exc:
            return Check(name, FAIL, f"fused: moonshine is missing ({reason}), and so is {exc}")
    if wanted == "auto":
        return Check(name, OK, f"would use {alone} ({why}): moonshine cannot run here ({reason}); "
                               "with the neural extra it would use fused, which asks back far fewer "
                               "commands; " + _POLICY)
    return Check(name, WARN, f"fused wanted ({why}), but moonshine cannot run here: {reason}; "
                             f"the narrator falls back to {alone}; " + _POLICY)


def check_tts(config: Config, probes: Probes) -> Check:
    audio, voice = config.audio, config.voice
    if audio.public_device.lower() == "none" and audio.private_device.lower() == "none":
        return Check("speech synthesis", OK, "not needed (both channels set to \"none\")")
    espeak = probes.espeak()
    try:
        voices = probes.pyttsx3_voices()
        engine_note = f"pyttsx3 works ({len(voices)} voices)"
    except ProbeError as exc:
        voices, engine_note = [], str(exc)
    wanted = [v for v in (voice.public_voice, voice.private_voice) if v]
    missing = [w for w in wanted
               if not any(w.lower() in vid.lower() or w.lower() in vname.lower()
                          for vid, vname in voices)]
    detail = f"espeak-ng {'at ' + espeak if espeak else 'not found'}; {engine_note}"
    if missing:
        return Check("speech synthesis", FAIL, f"no voice matching {', '.join(map(repr, missing))}; {detail}")
    if not voices and not espeak:
        return Check("speech synthesis", WARN, f"no speech engine: narration is printed ({detail})")
    return Check("speech synthesis", OK, detail)


def check_piper(config: Config, probes: Probes) -> Check:
    """Piper, for the channels the [voice] section gives it; they fall back to espeak-ng."""
    audio, voice = config.audio, config.voice
    channels = [ch for ch in ("public", "private")
                if getattr(voice, f"{ch}_engine") == "piper"
                and getattr(audio, f"{ch}_device").lower() != "none"]
    if not channels:
        return Check("piper voice", OK, "not used (no channel has engine \"piper\")")
    which = " and ".join(channels)
    try:
        found = probes.piper_voice(voice.piper_voice)
    except ProbeError as exc:
        return Check("piper voice", FAIL, f"{exc}: the {which} channel{'s' if len(channels) > 1 else ''} "
                                          "would be spoken by espeak-ng")
    return Check("piper voice", OK, f"{which}: {found}")


def check_gpio(config: Config, probes: Probes) -> Check:
    if not config.gpio.enabled:
        return Check("gpio", OK, "disabled in the config")
    reason = probes.gpio_reason()
    if reason is None:
        return Check("gpio", OK, "gpiozero pin factory available")
    explicit = config.source("gpio", "enabled") != DEFAULT_SOURCE
    status = FAIL if explicit else WARN
    return Check("gpio", status, f"no GPIO on this machine ({reason}): running without buttons")


def check_journals(config: Config,
                   game_problem: Callable[[Path], str | None] | None = None) -> Check:
    """SQLite's integrity check on every .sqlite file in the data dir, and ``game_problem``
    (the caller's: narrator.table.games.game_problem replays every unfinished game)."""
    data_dir = Path(config.game.data_dir)
    if not data_dir.is_dir():
        return Check("journals", OK, f"none yet ({data_dir} does not exist; made on the first game)")
    bad, good = [], 0
    for path in sorted(data_dir.rglob("*.sqlite")):
        try:
            with sqlite3.connect(f"file:{pathname2url(str(path))}?mode=ro", uri=True) as db:
                result = [row[0] for row in db.execute("PRAGMA integrity_check")]
            db.close()
        except sqlite3.Error as exc:
            result = [str(exc)]
        if result != ["ok"]:
            bad.append(f"{path.name}: {'; '.join(result[:3])}")
            continue
        problem = game_problem(path) if game_problem else None
        if problem:
            bad.append(f"{path.name}: {problem.removeprefix(f'{path}: ')}")
        else:
            good += 1
    if bad:
        return Check("journals", FAIL, f"{len(bad)} damaged in {data_dir}: " + " | ".join(bad))
    replayed = " (every unfinished game replays)" if game_problem else ""
    return Check("journals", OK, f"{_counted(good, 'journal')} in {data_dir}, all intact{replayed}")



def check_disk(config: Config, probes: Probes) -> Check:
    path = Path(config.game.data_dir)
    while not path.exists() and path != path.parent:
        path = path.parent
    try:
        free = probes.disk_free(path)
    except OSError as exc:
        return Check("disk space", WARN, f"cannot tell for {path}: {exc}")
    text = f"{free / 1024 / 1024:.0f} MiB free at {path}"
    if free < DISK_FAIL_BYTES:
        return Check("disk space", FAIL, text)
    if free < DISK_WARN_BYTES:
        return Check("disk space", WARN, text)
    return Check("disk space", OK, text)


def run_checks(
    config_path: str | None = None,
    overrides: list[str] | None = None,
    probes: Probes | None = None,
    game_problem: Callable[[Path], str | None] | None = None,
) -> list[Check]:
    """Every check, in a fixed order; a bad config is reported, then defaults are checked."""
    probes = probes or Probes()
    try:
        config = load_config(config_path, overrides)
        where = str(config.path) if config.path else "no config file: defaults"
        checks = [Check("config", OK, where)]
    except ConfigError as exc:
        config = Config()
        checks = [Check("config", FAIL, f"{exc} (checking the defaults instead)")]
    checks += check_audio(config, probes)
    checks.append(check_recognizer(config, probes))
    checks.append(Check("speaker profile", *profile_status(config.recognizer, config.game.data_dir)))
    checks.append(check_tts(config, probes))
    checks.append(check_piper(config, probes))
    checks.append(check_gpio(config, probes))
    checks.append(check_journals(config, game_problem))
    checks.append(check_disk(config, probes))
    return checks


def verdict(checks: list[Check]) -> tuple[str, int]:
    """The closing line and the exit code: 1 when any check failed, else 0."""
    failed = [c.name for c in checks if c.status == FAIL]
    warned = [c.name for c in checks if c.status == WARN]
    if failed:
        return f"verdict: NOT READY: {_counted(len(failed), 'check')} failed: {', '.join(failed)}", 1
    if warned:
        return (f"verdict: ready, with {_counted(len(warned), 'warning')}: {', '.join(warned)} "
                f"(the narrator runs without them)"), 0
    return "verdict: ready", 0


def format_check(check: Check) -> str:
    return f"{check.status:<5} {check.name:<18} {check.detail}"
