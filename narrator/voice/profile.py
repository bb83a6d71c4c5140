"""A speaker profile: what ``narrator enroll`` learned of one Storyteller's voice, microphone and
room, kept in the user's data folder (``<data_dir>/profiles/<name>/``, data_dir as the
journals': narrator.config).

A profile directory holds ``profile.json`` (what was made, how, and the calibration),
``mllr_matrix`` (pocketsphinx's MLLR transform of the model's means) and/or ``model/`` (a
MAP-adapted copy of the model), and ``recordings/`` with ``prompts.txt``: the enrollment
audio, in the same layout ``narrator enroll --from DIR`` reads, so a profile can be built
again from it.

``[recognizer] profile`` in the configuration names the profile in use: "" the one called
``storyteller`` (what ``narrator enroll`` writes by default) when there is one, "none" none,
else a profile's name or directory.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.voice.thresholds import PROFILE_AGREE_DEFICIT, PROFILE_PLAIN_MIN_SNR_DB

PROFILE_FILE = "profile.json"
DEFAULT_NAME = "storyteller"
FORMAT = 1


class ProfileError(ValueError):
    """A profile that cannot be used: the message says which and why."""


@dataclass(frozen=True)
class Profile:
    """One enrolled speaker."""

    name: str
    path: Path
    method: str = "mllr"
    recordings: int = 0
    frames: int = 0
    created: str = ""
    # what enrollment measured and the thresholds set from it (see narrator.voice.enroll)
    calibration: dict[str, Any] = field(default_factory=dict)

    @property
    def mllr(self) -> Path | None:
        path = self.path / "mllr_matrix"
        return path if path.is_file() else None

    @property
    def model(self) -> Path | None:
        path = self.path / "model"
        return path if (path / "means").is_file() else None

    def recognizer_options(self) -> dict[str, Any]:
        """What pocketsphinx is started with for this speaker."""
        options: dict[str, Any] = {}
        if self.mllr is not None:
            options["mllr"] = str(self.mllr)
        if self.model is not None:
            options["model"] = str(self.model)
        return options

    def policy_options(self) -> dict[str, Any]:
        """The act/ask thresholds this speaker hears with (narrator.voice.policy.Policy's
        fields): with any profile, agreement between the two recognizers counts less far
        (``PROFILE_AGREE_DEFICIT``: an adapted pocketsphinx agrees with moonshine on wrong
        commands too), and pocketsphinx alone acts on a command with no seat in it, not a yes
        or a no, down to ``PROFILE_PLAIN_MIN_SNR_DB`` (the adapted model hears those right in
        light table talk; seats and answers are still asked below 27 dB); ``profile.json``'s
        calibration may set these and others. Enrollment sets none of the others (docs/enroll.md:
        relaxing them for a profile was measured and would act on wrongs)."""
        keys = ("grammar_min_snr_db", "grammar_plain_min_snr_db", "grammar_ask_confidence", "fused_min_snr_db",
                "agree_deficit")
        options: dict[str, Any] = {"agree_deficit": PROFILE_AGREE_DEFICIT,
                                   "grammar_plain_min_snr_db": PROFILE_PLAIN_MIN_SNR_DB}
        options.update({k: self.calibration[k] for k in keys if isinstance(self.calibration.get(k), (int, float))})
        return options

    @property
    def under_babble(self) -> bool:
        """Adapted on its recordings with table babble mixed in too (narrator.voice.enroll);
        a profile made before 5 Dec, or without espeak-ng, was learned in quiet only."""
        return bool(self.calibration.get("babble_copies_db"))

    def describe(self) -> str:
        how = {"mllr": "MLLR", "map": "MAP", "mllr+map": "MLLR and MAP"}.get(self.method, self.method)
        where = "in quiet and under table talk" if self.under_babble else "in quiet only"
        return (f"profile '{self.name}' ({how}, {self.recordings} recordings, {where}, "
                f"made {self.created or 'at an unknown time'})")


def profiles_dir(data_dir: str | os.PathLike[str]) -> Path:
    return Path(data_dir) / "profiles"


def load_profile(path: str | os.PathLike[str]) -> Profile:
    """The profile in directory ``path``; ProfileError if it is not a whole one."""
    path = Path(path)
    meta_path = path / PROFILE_FILE
    if not meta_path.is_file():
        raise ProfileError(f"{path.name}: not a speaker profile (no {PROFILE_FILE})")
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ProfileError(f"{path.name}: unreadable {PROFILE_FILE} ({exc})") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise ProfileError(f"{path.name}: a profile of another format; enroll again")
    profile = Profile(name=path.name, path=path, method=str(meta.get("method", "mllr")),
                      recordings=int(meta.get("recordings", 0)), frames=int(meta.get("frames", 0)),
                      created=str(meta.get("created", "")), calibration=dict(meta.get("calibration") or {}))
    if profile.mllr is None and profile.model is None:
        raise ProfileError(f"{path.name}: the profile has no adapted model; enroll again")
    return profile


def save_profile(profile: Profile) -> Path:
    meta = {"format": FORMAT, "name": profile.name, "method": profile.method, "recordings": profile.recordings,
            "frames": profile.frames, "created": profile.created, "calibration": profile.calibration}
    out = profile.path / PROFILE_FILE
    tmp = out.with_suffix(".part")
    tmp.write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(out)
    return out


def valid_name(name: str) -> bool:
    return bool(name) and name not in (".", "..", "none") and all(c.isalnum() or c in "-_." for c in name)


def find_profile(spec: str, data_dir: str | os.PathLike[str]) -> Profile | None:
    """The profile ``spec`` names ([recognizer] profile, ``--profile``): "" the default one if
    it exists (else None), "none" None, a directory, or a name in the data folder. ProfileError
    when a named one is missing or broken."""
    spec = (spec or "").strip()
    if spec == "none":
        return None
    if not spec:
        path = profiles_dir(data_dir) / DEFAULT_NAME
        if not (path / PROFILE_FILE).is_file():
            return None
        return load_profile(path)
    candidate = Path(spec).expanduser()
    if os.sep in spec or candidate.is_dir() and (candidate / PROFILE_FILE).is_file():
        if not candidate.is_dir():
            raise ProfileError(f"no speaker profile at {spec}")
        return load_profile(candidate)
    path = profiles_dir(data_dir) / spec
    if not path.is_dir():
        known = list_profiles(data_dir)
        hint = f" (there are: {', '.join(p.name for p in known)})" if known else " (run `narrator enroll` first)"
        raise ProfileError(f"no speaker profile called {spec!r}{hint}")
    return load_profile(path)


def list_profiles(data_dir: str | os.PathLike[str]) -> list[Path]:
    root = profiles_dir(data_dir)
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if (p / PROFILE_FILE).is_file())


def profile_status(recognizer: Any, data_dir: str | os.PathLike[str]) -> tuple[str, str]:
    """``narrator doctor``'s line on the profile in use: ("ok" or "warn", what)."""
    if recognizer.backend not in ("auto", "pocketsphinx", "fused"):
        return "ok", f"not used (the {recognizer.backend} backend cannot use one)"
    try:
        profile = find_profile(recognizer.profile, data_dir)
    except ProfileError as exc:  # voice still works, with the bundled model
        return "warn", f"{exc}; listening without one"
    if profile is None:
        return "ok", ("turned off in the configuration" if recognizer.profile == "none"
                      else "none yet (run `narrator enroll`)")
    hint = "" if profile.under_babble else "; enroll again to learn it under table talk too"
    return "ok", f"{profile.describe()}: {profile.path}{hint}"
