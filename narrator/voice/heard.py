"""One recognizer result and what the listener made of it, kept for logs and tests."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Heard:
    """One recognizer result and what the listener made of it (for logs and tests)."""

    text: str
    confidence: float
    verdict: str            # "accepted", "confirm", "confirmed", "cancelled", "ignored", "rejected"
    reason: str = ""
    intent: str | None = None
    at: float = 0.0          # seconds of audio seen when the result came

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "confidence": round(self.confidence, 3),
                "verdict": self.verdict, "reason": self.reason, "intent": self.intent,
                "at": round(self.at, 2)}
