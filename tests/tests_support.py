"""Where the shared reference data lives: beside the checkout, as in CI, or where
NARRATOR_SHARED says (a checkout in a deeper folder)."""
import os
from pathlib import Path

import pytest

SHARED = Path(os.environ.get("NARRATOR_SHARED") or Path(__file__).resolve().parents[2] / "shared")


def reference(name: str) -> Path:
    path = SHARED / "reference" / name
    if not path.exists():
        pytest.skip(f"reference data {path} not beside the checkout")
    return path
