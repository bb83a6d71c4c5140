"""Where the shared reference data lives (beside the checkout, as in CI)."""
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"


def reference(name: str) -> Path:
    path = SHARED / "reference" / name
    if not path.exists():
        pytest.skip(f"reference data {path} not beside the checkout")
    return path
