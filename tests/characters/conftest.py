import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from asked_phrases import asked_phrases_are_understood  # noqa: E402,F401 (autouse)
