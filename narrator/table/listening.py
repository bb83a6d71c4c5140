"""What table mode listens with: the fused recognizer where Moonshine can run, else its
proposer alone ("auto", the default, or "fused"), and the speaker profile the configuration
names."""
from __future__ import annotations

from typing import Any, Callable


def fused_or_fallback(model_path: str, log_line: Callable[[str], None], *, wanted: str = "fused") -> str:
    """"fused" where moonshine can run; else its proposer alone (pocketsphinx, or vosk when
    model_path names a vosk model), said in one line with the reason (`narrator doctor`
    says the same). ``wanted``: the backend configured, "fused" or "auto" (the default, where
    pocketsphinx alone is no fault: the neural extra is optional)."""
    try:
        from hardware.moonshine_model import neural_unavailable
        reason = neural_unavailable()
    except ImportError as exc:
        reason = f"cannot look for moonshine ({exc})"
    if reason is None:
        return "fused"
    from hardware.vosk_backend import is_vosk_model
    alone = "vosk" if model_path and is_vosk_model(model_path) else "pocketsphinx"
    if wanted == "auto":
        log_line(f"recognizer: listening with {alone} alone; the neural extra would ask back fewer "
                 f"commands ({reason})")
    else:
        log_line(f"recognizer: fused cannot run here ({reason}); listening with {alone} alone")
    return alone


def resolved_backend(backend: str, model_path: str, log_line: Callable[[str], None]) -> str:
    """The backend table mode listens with for the configured one: "auto" and "fused" are
    fused where moonshine can run, else pocketsphinx (or vosk) alone; any other as it is."""
    if backend in ("auto", "fused"):
        return fused_or_fallback(model_path, log_line, wanted=backend)
    return backend


def speaker_profile(recognizer_cfg: Any, backend: str, data_dir: str,
                    log_line: Callable[[str], None] = print) -> Any:
    """The speaker profile the configuration names, for a backend that can use one; None (and
    a line in the log saying why) when there is none or it cannot be read."""
    if backend not in ("pocketsphinx", "fused") or not data_dir:
        return None
    from narrator.voice.profile import ProfileError, find_profile

    try:
        return find_profile(getattr(recognizer_cfg, "profile", ""), data_dir)
    except ProfileError as exc:
        log_line(f"voice: speaker profile: {exc}; listening without one")
        return None
