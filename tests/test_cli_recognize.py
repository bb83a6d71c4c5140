"""``narrator recognize`` with pocketsphinx on synthetic speech, parsed by the command language."""
from __future__ import annotations

import json

from audio_helpers import VOICES, requires_tts, synthesize
from narrator.cli import main


@requires_tts
def test_recognize_prints_one_json_line_per_file(capsys) -> None:
    files = [synthesize("seat three nominates seat six", VOICES[0]),
             synthesize("override seat four is the mezepheles", VOICES[4])]
    assert main(["recognize", "--seats", "12", *map(str, files)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["file"] for line in lines] == [str(f) for f in files]
    assert lines[0]["intent"] == "nominate" and lines[0]["slots"] == {"nominator": 3, "nominee": 6}
    assert lines[0]["accepted"] and 0 < lines[0]["confidence"] <= 1
    assert lines[1]["text"] == "override seat four is the mezepheles"  # spoken override
    assert lines[1]["slots"]["character"] == "mezepheles"


def test_missing_file_is_a_usage_error(tmp_path, capsys) -> None:
    assert main(["recognize", str(tmp_path / "nope.wav")]) == 2
    assert "no such file" in capsys.readouterr().err
