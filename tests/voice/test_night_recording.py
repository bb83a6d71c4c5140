"""A recorded microphone: the command file benchmarks/night_recording.py makes a recording
from, and table mode's ``[audio] microphone = "file:NIGHT.wav"`` (a file that is not there
turns voice off, with the reason). A whole night played from a recording to its winner, with
the answers in it: tests/voice/test_night_by_voice.py."""
from __future__ import annotations

from pathlib import Path

from benchmarks.night_recording import read_commands
from narrator.config import RecognizerConfig

COMMANDS = """\
storyteller begin the first night
storyteller seat three        # the Poisoner's choice
storyteller next
storyteller next
storyteller seat two nominates seat one
storyteller five votes
storyteller end the day
wait 5
yes                           # to "Confirm? Say yes or no."
"""


def read_commands_text(tmp_path: Path, text: str):
    path = tmp_path / "night.txt"
    path.write_text(text)
    return read_commands(path)


def test_a_missing_recording_turns_voice_off_with_the_reason(tmp_path):
    from narrator.table.voice import open_table_voice
    voice = open_table_voice(RecognizerConfig(backend="pocketsphinx", gating="wake_phrase"),
                             f"file:{tmp_path / 'nowhere.wav'}", lambda c: None, None)
    assert "no recording at" in voice.describe() and "buttons and keyboard" in voice.describe()


def test_the_command_file(tmp_path):
    commands = read_commands_text(tmp_path, COMMANDS)
    assert commands[0] == ("storyteller begin the first night", 3.0)
    assert commands[-2] == ("storyteller end the day", 5.0) and commands[-1][0] == "yes"


def test_a_recording_is_a_microphone_at_real_time_pace(tmp_path):
    import numpy as np
    from hardware.microphone import MicrophoneUnavailable, WavSource, open_source
    from benchmarks.corpus import write_wav
    wav = write_wav(tmp_path / "night.wav", np.zeros(16000))
    source = open_source(f"file:{wav}", sample_rate=16000)
    assert isinstance(source, WavSource) and source.realtime
    assert len(source.samples) == 16000 + int(3.5 * 16000)     # the lead-in and the tail
    (tmp_path / "not.wav").write_text("not a wav")
    try:
        open_source(f"file:{tmp_path / 'not.wav'}")
    except MicrophoneUnavailable as exc:
        assert "not a readable WAV file" in str(exc)
    else:
        raise AssertionError("a text file opened as a recording")


def test_a_recording_plays_from_when_the_narrator_first_listens(tmp_path):
    """The models load first: a recording's real-time clock starts when a listener is
    attached, so its first lines are not played to nobody."""
    import numpy as np
    from benchmarks.corpus import write_wav
    from hardware.microphone import open_source
    from narrator.language.setup_phrases import setup_language
    from narrator.table.voice import ListenerVoice
    from test_table import ScriptedRecognizer

    class Narration:
        import threading
        speaking = threading.Event()

        def say(self, *a, **k):
            pass

    source = open_source(f"file:{write_wav(tmp_path / 'n.wav', np.zeros(16000))}")
    voice = ListenerVoice(ScriptedRecognizer(["new game"]), source, lambda c: None,
                          backend="scripted", gating="push_to_talk", wake_phrase="storyteller",
                          min_confidence=0.5, narration=Narration(), log_line=lambda _: None)
    voice.start()
    try:
        assert not source.running
        voice.attach_setup(setup_language(["Trouble Brewing"], []))
        assert source.running or source.queue.qsize() > 0
    finally:
        voice.stop()
