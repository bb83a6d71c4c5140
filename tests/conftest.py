import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
# tests/table/test_table.py's harness (Running, ScriptedRecognizer...) is imported by tests in
# other folders too (tests/voice): importable whichever folders a run collects.
sys.path.insert(1, str(HERE / "table"))

# Every test's games: each phrase the narrator asks for parses, and each line keeps the line
# rules (an autouse fixture, tests/asked_phrases.py).
from asked_phrases import asked_phrases_are_understood  # noqa: E402,F401
