"""narrator doctor: each check with stand-in probes, and a run on this very machine."""
from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from narrator import cli
from narrator.doctor import FAIL, OK, WARN, Probes, ProbeError, run_checks, verdict


def no_devices() -> list[str]:
    return []


def broken_sounddevice() -> list[str]:
    raise ProbeError("sounddevice: PortAudio library not found")


def probes(**overrides) -> Probes:
    """A well-equipped machine, unless told otherwise."""
    base = dict(
        output_devices=lambda: ["bcm2835 Headphones", "USB Audio Device"],
        input_devices=lambda: ["USB PnP Sound Device"],
        pocketsphinx_model=lambda: Path(__file__).parent,  # any existing directory
        vosk_importable=lambda: None,
        find_vosk_model=lambda path: Path(path) if path and Path(path).is_dir() else None,
        espeak=lambda: "/usr/bin/espeak-ng",
        pyttsx3_voices=lambda: [("english", "English (Great Britain)"), ("de", "German")],
        gpio_reason=lambda: None,
        disk_free=lambda path: 10 * 1024**3,
    )
    base.update(overrides)
    return Probes(**base)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


@pytest.fixture
def cfg(tmp_path: Path):
    """A config file whose data_dir is in tmp_path; extra TOML text is appended."""
    data = tmp_path / "data"

    def make(text: str = "") -> str:
        return str(write(tmp_path / "narrator.toml", f"[game]\ndata_dir = \"{data}\"\n{text}"))
    make.data = data  # type: ignore[attr-defined]
    return make


def by_name(checks):
    return {c.name: c for c in checks}


def test_everything_present_is_ready(cfg):
    checks = run_checks(cfg(), probes=probes())
    assert [c.status for c in checks] == [OK] * len(checks), checks
    assert [c.name for c in checks] == ["config", "audio public", "audio private", "microphone",
                                        "recognizer", "speaker profile", "speech synthesis", "piper voice", "gpio",
                                        "journals", "disk space"]
    assert verdict(checks) == ("verdict: ready", 0)


def test_named_devices_match_by_substring(cfg):
    path = cfg('[audio]\npublic_device = "usb audio"\nprivate_device = "Headphones"\n')
    got = by_name(run_checks(path, probes=probes()))
    assert got["audio public"].status == OK and "USB Audio Device" in got["audio public"].detail
    assert got["audio private"].status == OK


def test_named_device_that_is_absent_fails(cfg):
    path = cfg('[audio]\nprivate_device = "Earpiece"\n')
    checks = run_checks(path, probes=probes())
    got = by_name(checks)
    assert got["audio private"].status == FAIL
    assert "'Earpiece'" in got["audio private"].detail and "bcm2835" in got["audio private"].detail
    line, code = verdict(checks)
    assert code == 1 and line.startswith("verdict: NOT READY") and "audio private" in line


def test_no_sound_card_is_a_warning_and_none_is_fine(cfg):
    got = by_name(run_checks(cfg(), probes=probes(output_devices=no_devices,
                                                  input_devices=no_devices)))
    assert got["audio public"].status == WARN and "printed" in got["audio public"].detail
    assert got["microphone"].status == WARN
    path = cfg('[audio]\npublic_device = "none"\nprivate_device = "none"\n'
               '[recognizer]\nbackend = "none"\n')
    got = by_name(run_checks(path, probes=probes(output_devices=broken_sounddevice,
                                                 input_devices=broken_sounddevice,
                                                 espeak=lambda: None)))
    assert {got[n].status for n in ("audio public", "audio private", "microphone",
                                    "recognizer", "speech synthesis")} == {OK}


def test_sounddevice_unusable(cfg):
    got = by_name(run_checks(cfg(), probes=probes(output_devices=broken_sounddevice)))
    assert got["audio public"].status == WARN and "PortAudio" in got["audio public"].detail
    path = cfg('[audio]\npublic_device = "USB"\n')
    got = by_name(run_checks(path, probes=probes(output_devices=broken_sounddevice)))
    assert got["audio public"].status == FAIL


def test_vosk_model(cfg, tmp_path):
    missing = cfg(f'[recognizer]\nbackend = "vosk"\nmodel_path = "{tmp_path / "nope"}"\n')
    assert by_name(run_checks(missing, probes=probes()))["recognizer"].status == FAIL
    (tmp_path / "model").mkdir()
    present = cfg(f'[recognizer]\nbackend = "vosk"\nmodel_path = "{tmp_path / "model"}"\n')
    assert by_name(run_checks(present, probes=probes()))["recognizer"].status == OK

    def no_vosk() -> None:
        raise ProbeError("vosk cannot be imported (No module named 'vosk')")
    got = by_name(run_checks(present, probes=probes(vosk_importable=no_vosk)))["recognizer"]
    assert got.status == FAIL and "vosk" in got.detail


def test_vosk_model_in_the_default_place(cfg, tmp_path):
    path = cfg('[recognizer]\nbackend = "vosk"\n')
    got = by_name(run_checks(path, probes=probes()))["recognizer"]
    assert got.status == FAIL and "narrator model download en" in got.detail
    found = probes(find_vosk_model=lambda p: tmp_path if p == "" else None)
    assert by_name(run_checks(path, probes=found))["recognizer"].status == OK


def test_real_vosk_probe_rejects_a_directory_that_is_not_a_model(cfg, tmp_path):
    (tmp_path / "empty").mkdir()
    path = cfg(f'[recognizer]\nbackend = "vosk"\nmodel_path = "{tmp_path / "empty"}"\n')
    got = by_name(run_checks(path, probes=probes(find_vosk_model=Probes().find_vosk_model)))
    assert got["recognizer"].status == FAIL


def test_pocketsphinx_model_missing(cfg, tmp_path):
    gone = lambda: tmp_path / "x"  # noqa: E731
    for backend in ("pocketsphinx", "fused", "auto"):   # fused's proposer needs it too
        got = by_name(run_checks(cfg(f'[recognizer]\nbackend = "{backend}"\n'),
                                 probes=probes(pocketsphinx_model=gone, moonshine_model=lambda: tmp_path)))
        assert got["recognizer"].status == FAIL and "x is missing" in got["recognizer"].detail, backend


def test_tts(cfg):
    def no_engine():
        raise ProbeError("pyttsx3: no driver")
    got = by_name(run_checks(cfg(), probes=probes(espeak=lambda: None, pyttsx3_voices=no_engine)))
    assert got["speech synthesis"].status == WARN
    path = cfg('[voice]\nprivate_voice = "klingon"\n')
    got = by_name(run_checks(path, probes=probes()))
    assert got["speech synthesis"].status == FAIL and "'klingon'" in got["speech synthesis"].detail
    path = cfg('[voice]\nprivate_voice = "german"\n')
    assert by_name(run_checks(path, probes=probes()))["speech synthesis"].status == OK


def test_gpio_missing_warns_by_default_and_fails_when_asked_for(cfg):
    no_gpio = probes(gpio_reason=lambda: "Unable to load any default pin factory!")
    got = by_name(run_checks(cfg(), probes=no_gpio))["gpio"]
    assert got.status == WARN and "no GPIO on this machine" in got.detail
    got = by_name(run_checks(cfg("[gpio]\nenabled = true\n"), probes=no_gpio))["gpio"]
    assert got.status == FAIL
    got = by_name(run_checks(cfg("[gpio]\nenabled = false\n"), probes=no_gpio))["gpio"]
    assert got.status == OK


def test_bad_config_fails_but_the_rest_is_still_checked(tmp_path):
    bad = write(tmp_path / "bad.toml", "[gpio]\npin_yes = 99\n")
    checks = run_checks(str(bad), probes=probes())
    assert checks[0].status == FAIL and "pin_yes: 99 is not a GPIO pin" in checks[0].detail
    assert len(checks) == 11 and verdict(checks)[1] == 1


def make_journal(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, body TEXT)")
    db.executemany("INSERT INTO events (body) VALUES (?)", [("x" * 200,)] * 500)
    db.commit()
    db.close()


def test_journals_intact_and_damaged(cfg):
    path = cfg()
    data = cfg.data
    data.mkdir()
    make_journal(data / "game1.sqlite")
    make_journal(data / "game2.sqlite")
    got = by_name(run_checks(path, probes=probes()))["journals"]
    assert got.status == OK and "2 journals" in got.detail
    (data / "notes.sqlite").write_bytes(b"this is not a database at all" * 200)
    got = by_name(run_checks(path, probes=probes()))["journals"]
    assert got.status == FAIL and "notes.sqlite" in got.detail and "game1" not in got.detail


def test_journal_with_corrupt_pages_fails(cfg):
    path = cfg()
    cfg.data.mkdir()
    journal = cfg.data / "game.sqlite"
    make_journal(journal)
    db = sqlite3.connect(journal)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    raw = bytearray(journal.read_bytes())
    page = 4096
    raw[2 * page + 8: 3 * page] = b"\xff" * (page - 8)  # scribble over a b-tree page
    journal.write_bytes(bytes(raw))
    got = by_name(run_checks(path, probes=probes()))["journals"]
    assert got.status == FAIL and "game.sqlite" in got.detail


def test_disk_space(cfg):
    path = cfg()
    assert by_name(run_checks(path, probes=probes(disk_free=lambda p: 100 * 1024**2))
                   )["disk space"].status == WARN
    assert by_name(run_checks(path, probes=probes(disk_free=lambda p: 10 * 1024**2))
                   )["disk space"].status == FAIL


# ---- on this machine, with the real probes ------------------------------------------------

def real_outputs() -> list[str] | None:
    try:
        return Probes().output_devices()
    except ProbeError:
        return None


def run_doctor(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "narrator", "doctor", *args],
                          capture_output=True, text=True, timeout=300)


def test_doctor_on_this_machine(cfg):
    done = run_doctor("--config", cfg())
    lines = done.stdout.splitlines()
    assert len(lines) == 12, done.stdout + done.stderr
    for line in lines[:-1]:
        assert line.split()[0] in (OK, WARN, FAIL), line
    assert lines[-1].startswith("verdict: ")
    failed = [line for line in lines[:-1] if line.startswith(FAIL)]
    assert done.returncode == (1 if failed else 0)
    assert lines[-1].startswith("verdict: NOT READY" if failed else "verdict: ready")
    if not real_outputs():  # no sound card here (as in CI): said clearly, not fatal
        public = next(l for l in lines if " audio public " in f" {l}")
        assert public.startswith(WARN) and "public narration is printed" in public
    gpio = next(l for l in lines if l.split()[1] == "gpio")
    if "no GPIO on this machine" in gpio:
        assert gpio.startswith(WARN)  # GPIO is enabled only by default here


def test_doctor_exits_1_when_a_named_device_is_missing(cfg):
    done = run_doctor("--config", cfg(), "--set", "audio.public_device=No Such Speaker 9000")
    assert done.returncode == 1
    assert any(l.startswith("fail  audio public") for l in done.stdout.splitlines())
    assert done.stdout.splitlines()[-1].startswith("verdict: NOT READY")


def test_cli_entry(cfg, capsys, monkeypatch):
    monkeypatch.setattr("narrator.cli.doctor.run_checks",
                        lambda config, overrides, **kw: run_checks(config, overrides, probes(), **kw))
    assert cli.main(["doctor", "--config", cfg()]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "verdict: ready"


def test_moonshine_backends_say_what_they_use_and_why(cfg, tmp_path):
    model = tmp_path / "tiny-en"
    model.mkdir()
    well = probes(moonshine_model=lambda: model)
    alone = by_name(run_checks(cfg('[recognizer]\nbackend = "moonshine"\n'), probes=well))["recognizer"]
    assert alone.status == OK and str(model) in alone.detail and "would use moonshine ([recognizer]" in alone.detail
    fused = by_name(run_checks(cfg('[recognizer]\nbackend = "fused"\n'), probes=well))["recognizer"]
    assert fused.status == OK and "pocketsphinx proposes" in fused.detail

    def missing():
        raise ProbeError("onnxruntime is not installed (no module)")

    # fused without moonshine: the narrator falls back to pocketsphinx, and says why
    fallback = by_name(run_checks(cfg('[recognizer]\nbackend = "fused"\n'), probes=probes(moonshine_model=missing)))
    rec = fallback["recognizer"]
    assert rec.status == WARN and "fused wanted ([recognizer] backend in" in rec.detail
    assert "onnxruntime is not installed" in rec.detail and "falls back to pocketsphinx alone" in rec.detail
    # moonshine alone has nothing to fall back to
    broken = by_name(run_checks(cfg('[recognizer]\nbackend = "moonshine"\n'), probes=probes(moonshine_model=missing)))
    assert broken["recognizer"].status == FAIL and "onnxruntime" in broken["recognizer"].detail

    def no_sphinx():
        raise ProbeError("pocketsphinx is not installed")

    neither = by_name(run_checks(cfg('[recognizer]\nbackend = "fused"\n'),
                                 probes=probes(moonshine_model=missing, pocketsphinx_model=no_sphinx)))
    assert neither["recognizer"].status == FAIL and "so is pocketsphinx" in neither["recognizer"].detail
    got = by_name(run_checks(cfg(""), probes=probes(moonshine_model=lambda: tmp_path)))["recognizer"]
    assert got.status == OK and "fused" in got.detail  # moonshine is there: the doctor says what it adds


def test_the_recognizer_check_says_which_and_why(cfg, tmp_path):
    def missing():
        raise ProbeError("onnxruntime is not installed (no module)")

    # the default, "auto": fused where moonshine can run, else pocketsphinx alone (no fault)
    default = by_name(run_checks(cfg(), probes=probes(moonshine_model=missing)))["recognizer"]
    assert default.status == OK, default.detail
    assert default.detail.startswith("would use pocketsphinx alone (")
    assert "(auto, the default): moonshine cannot run here" in default.detail
    assert "onnxruntime is not installed" in default.detail and "asks back" in default.detail
    neural = by_name(run_checks(cfg(), probes=probes(moonshine_model=lambda: tmp_path)))["recognizer"]
    assert neural.status == OK and neural.detail.startswith("would use fused (auto, the default)"), neural.detail
    assert "pocketsphinx proposes" in neural.detail
    for third, said in ((lambda: tmp_path, "Whisper tiny.en settles its doubts"), (lambda: None, "no third recognizer")):
        fused = by_name(run_checks(cfg(), probes=probes(moonshine_model=lambda: tmp_path, third_model=third)))
        assert said in fused["recognizer"].detail, fused["recognizer"].detail
    vosk = tmp_path / "vosk-en"
    vosk.mkdir()
    proposer = by_name(run_checks(cfg(f'[recognizer]\nmodel_path = "{vosk}"\n'),
                                  probes=probes(moonshine_model=missing)))["recognizer"]
    assert proposer.status == OK and proposer.detail.startswith(f"would use vosk alone ({vosk}) (auto"), proposer.detail
    explicit = by_name(run_checks(cfg('[recognizer]\nbackend = "pocketsphinx"\n'), probes=probes()))["recognizer"]
    assert explicit.detail.startswith("would use pocketsphinx ([recognizer] backend in")
    installed = probes(find_vosk_model=lambda path: Path("/models/vosk-en"))
    assert "vosk model is installed at /models/vosk-en" in by_name(run_checks(
        cfg('[recognizer]\nbackend = "pocketsphinx"\n'), probes=installed))["recognizer"].detail


def test_the_shipped_pi_config_names_fused_on_this_machine(capsys):
    """`narrator doctor --config systemd/narrator.toml` on this (x86) machine, real probes:
    moonshine is installed here, so the recognizer line names fused."""
    config = Path(__file__).resolve().parents[2] / "systemd" / "narrator.toml"
    checks = by_name(run_checks(str(config), probes=Probes(piper_voice=lambda model: "skipped")))
    rec = checks["recognizer"]
    assert rec.status == OK and rec.detail.startswith("would use fused ([recognizer] backend in"), rec.detail
    assert "pocketsphinx proposes, moonshine" in rec.detail


def test_a_set_that_is_no_setting_is_a_bad_argument(capsys):
    """Exit 2 for '--set nope', as the doctor's help says of bad arguments; a setting with a bad
    value is the config's problem, which the doctor reports as a failed check (exit 1)."""
    assert cli.main(["doctor", "--set", "nope"]) == 2
    assert "expected section.key=VALUE" in capsys.readouterr().err


def test_a_recording_as_the_microphone_is_checked_as_a_file(cfg, tmp_path):
    """microphone = "file:NIGHT.wav", which table mode plays as the microphone, failed as
    'no input device matching' it on a machine with no sound card."""
    import wave

    night = tmp_path / "night.wav"
    with wave.open(str(night), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(b"\0\0" * 32000)
    got = by_name(run_checks(cfg(f'[audio]\nmicrophone = "file:{night}"\n'),
                             probes=probes(input_devices=no_devices)))
    assert got["microphone"].status == OK and "a recording played as the microphone" in got["microphone"].detail
    assert "(2 s)" in got["microphone"].detail
    got = by_name(run_checks(cfg(f'[audio]\nmicrophone = "file:{tmp_path / "gone.wav"}"\n'), probes=probes()))
    assert got["microphone"].status == FAIL and "no recording at" in got["microphone"].detail
    text = write(tmp_path / "notes.wav", "not audio")
    got = by_name(run_checks(cfg(f'[audio]\nmicrophone = "file:{text}"\n'), probes=probes()))
    assert got["microphone"].status == FAIL and "not a readable WAV file" in got["microphone"].detail
