"""A short night from a recorded microphone, on real audio, through table mode to its end:
the commands said in Piper's joe with the wake phrase, the recording made with the
Storyteller's answers in it (benchmarks.night_answers: heard through table mode's listening
path, the answer put where the narrator asks), then played to table mode at real-time pace
with the Pi's recognizer (fused). The journal must hold the typed game's commands and the
game its winner."""
from __future__ import annotations

from pathlib import Path

import pytest

from audio_helpers import requires_piper
from hardware.moonshine_model import bundled_model_dir

requires_moonshine = pytest.mark.skipif(bundled_model_dir() is None,
                                        reason="moonshine-voice not installed")

GAME = """\
# Trouble Brewing, five players: the first night, a nomination, and the Storyteller ends it.
# args: --script "Trouble Brewing" --players "Ann,Ben,Cat,Dan,Eve" --characters "soldier,mayor,slayer,scarletwoman,imp" --seed 1
next
seat 1 nominates seat 4
3 votes
good wins
yes
"""


def test_a_game_file_as_lines_and_answers(tmp_path):
    from benchmarks.night_answers import game_toml, read_game
    path = tmp_path / "night.txt"
    path.write_text(GAME)
    args, lines = read_game(path)
    assert [line.spoken for line in lines] == [
        "storyteller next", "storyteller seat one nominates seat four",
        "storyteller three votes", "storyteller good wins"]
    assert [line.confirm for line in lines] == [False, False, False, True]
    assert 'characters = "soldier,mayor,slayer,scarletwoman,imp"' in game_toml(args)
    assert "seed = 1" in game_toml(args)


@requires_moonshine
@requires_piper
def test_a_recorded_night_plays_through_table_mode_to_its_winner(tmp_path, monkeypatch):
    from benchmarks import night_by_voice as nb
    from benchmarks.night_answers import check_night, game_toml, make_night, read_game, write_night
    from benchmarks.night_recording import parse_voice

    game = tmp_path / "night.txt"
    game.write_text(GAME)
    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    args, lines = read_game(game)
    typed, typed_winner = nb.typed_game(game, args, tmp_path)
    assert typed_winner == "good" and len(typed) == len(lines)
    game_file = tmp_path / "game.toml"
    game_file.write_text(game_toml(args))
    from benchmarks.night_hearing import hearing_factory
    factory = hearing_factory(game_file, lines)
    night, samples = make_night(factory, lines, parse_voice("piper:joe@100"), None,
                                cache=tmp_path / "cache")
    kinds = [u.kind for u in night.utterances]
    assert kinds.count("command") == len(lines)
    assert lines[-1].spoken == "storyteller override good wins"
    assert "yes" in kinds                      # "good wins" is asked about, and answered
    said = night.counts["right first time"] + night.counts["typed"]
    assert night.counts["silent wrong"] == 0 and said <= len(lines)
    verdicts: list = []
    assert check_night(factory, night, samples, verdicts) == []   # the last pass changes nothing

    wav = write_night(tmp_path / "night.wav", samples)
    played = nb.play_at_the_table(wav, game_file, night, lines, tmp_path,
                                  limit=night.seconds + 60.0)
    assert "voice: fused on WavSource" in played["voice"], played["out"]
    assert played["winner"] == "good", played["out"]
    assert played["journal"] == typed, played["out"]
    assert sorted(played["acted"]) == list(range(len(lines)))
    assert played["heard"] == verdicts         # table mode heard what the making heard


class _Listener:
    paused = False


def _voice(deliver):
    import queue
    import threading
    from types import SimpleNamespace
    from narrator.table.voice import ListenerVoice

    return ListenerVoice(SimpleNamespace(sample_rate=16000), SimpleNamespace(queue=queue.Queue()),
                         deliver, backend="scripted",
                         gating="wake_phrase", wake_phrase="storyteller", min_confidence=0.5,
                         narration=SimpleNamespace(speaking=threading.Event()),
                         log_line=lambda _: None)


def test_the_feeding_thread_hears_on_only_once_the_table_has_carried_out_a_command():
    """A recognizer behind the speaker hears queued audio faster than it was said: the
    next utterance must meet the grammar, and the question held, that the last command
    left, so the feeding thread waits for the table's handled()."""
    import threading
    import time
    from narrator.language.commands import Command

    events: list[str] = []
    voice = _voice(lambda command: events.append(f"delivered {command.intent}"))

    def table():
        while "delivered end_day" not in events:
            time.sleep(0.001)
        events.append("handled end_day")
        voice.handled()

    carrying = threading.Thread(target=table)
    carrying.start()
    voice._hand_on(_Listener(), [Command("end_day", {}, "end the day"),
                                 Command("yes", {}, "yes")], False, wait=True)
    carrying.join(5)
    assert events[:3] == ["delivered end_day", "handled end_day", "delivered yes"]


def test_a_table_that_never_answers_does_not_stop_the_voice(monkeypatch):
    from narrator.language.commands import Command
    from narrator.table import voice as table_voice

    monkeypatch.setattr(table_voice, "HANDED_WAIT", 0.05)
    got: list[str] = []
    voice = _voice(lambda command: got.append(command.intent))
    voice._hand_on(_Listener(), [Command("next", {}, "next"), Command("next", {}, "next")],
                   False, wait=True)
    assert got == ["next", "next"]
