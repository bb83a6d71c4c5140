"""Speech models on disk: download (checksum-verified) and list.

vosk models are zip archives unpacked into the models directory (default
``~/.local/share/narrator/models``, or ``$XDG_DATA_HOME/narrator/models``). The
pocketsphinx English model comes with the pocketsphinx package and is only listed.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Callable

from hardware.folders import user_dir
from hardware.vosk_backend import is_vosk_model


class ModelError(Exception):
    """A model cannot be downloaded, verified, unpacked or found."""


@dataclass(frozen=True)
class ModelSource:
    name: str  # the directory the archive unpacks to
    language: str
    url: str
    sha256: str | None  # expected SHA-256 of the archive; None = not verified


# The checksum is not published by alphacephei next to the file; this value is the one
# pinned by third-party installers of the same archive (e.g. the "numen" voice-control
# project's get-model script). Override with ``--sha256`` if the upstream file changes.
SMALL_EN_US = ModelSource(
    name="vosk-model-small-en-us-0.15",
    language="en",
    url="https://alphacephei.com/vosk/models/vosk-model-small-en-us-0.15.zip",
    sha256="30f26242c4eb449f948e42cb302dd7a686cb29a3423a8367f99ff41780942498",
)
CATALOGUE: dict[str, ModelSource] = {"en": SMALL_EN_US, SMALL_EN_US.name: SMALL_EN_US}


@dataclass(frozen=True)
class InstalledModel:
    name: str
    kind: str  # "vosk" or "pocketsphinx"
    path: Path


Opener = Callable[[str], Any]  # returns a readable, closable binary response


def default_models_dir() -> Path:
    return user_dir("data") / "models"


def sha256_of(path: str | os.PathLike[str]) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _copy(response: BinaryIO, target: BinaryIO, progress: Callable[[int, int | None], None] | None,
          total: int | None) -> str:
    digest = hashlib.sha256()
    done = 0
    for block in iter(lambda: response.read(1 << 16), b""):
        target.write(block)
        digest.update(block)
        done += len(block)
        if progress is not None:
            progress(done, total)
    return digest.hexdigest()


def _safe_extract(archive: zipfile.ZipFile, destination: Path) -> None:
    root = destination.resolve()
    for member in archive.infolist():
        target = (destination / member.filename).resolve()
        if target != root and root not in target.parents:
            raise ModelError(f"unsafe path in archive: {member.filename!r}")
    archive.extractall(destination)


def download_model(
    source: ModelSource,
    models_dir: str | os.PathLike[str] | None = None,
    *,
    url: str | None = None,
    sha256: str | None = "",
    force: bool = False,
    opener: Opener = urllib.request.urlopen,
    progress: Callable[[int, int | None], None] | None = None,
) -> Path:
    """Fetch, verify and unpack a model; returns its directory.

    ``sha256=""`` (default) means the source's own checksum; ``None`` skips verification.
    An already installed model is kept unless ``force``.
    """
    root = Path(models_dir) if models_dir else default_models_dir()
    target = root / source.name
    if target.is_dir() and is_vosk_model(target) and not force:
        return target
    expected = source.sha256 if sha256 == "" else sha256
    root.mkdir(parents=True, exist_ok=True)
    location = url or source.url
    with tempfile.TemporaryDirectory(prefix=".download-", dir=root) as work:
        archive_path = Path(work) / (source.name + ".zip")
        try:
            with opener(location) as response, open(archive_path, "wb") as handle:
                headers = getattr(response, "headers", None)
                length = headers.get("Content-Length") if headers is not None else None
                actual = _copy(response, handle, progress, int(length) if length else None)
        except (OSError, ValueError) as exc:
            raise ModelError(f"cannot download {location}: {exc}") from exc
        if expected is not None and actual.lower() != expected.lower():
            raise ModelError(f"checksum mismatch for {location}: expected {expected}, got {actual}")
        unpacked = Path(work) / "unpacked"
        try:
            with zipfile.ZipFile(archive_path) as archive:
                _safe_extract(archive, unpacked)
        except zipfile.BadZipFile as exc:
            raise ModelError(f"{location} is not a zip archive: {exc}") from exc
        model = _model_root(unpacked)
        if model is None:
            raise ModelError(f"{location} does not contain a vosk model (no am/final.mdl)")
        if target.exists():
            shutil.rmtree(target)
        shutil.move(str(model), str(target))
    return target


def _model_root(unpacked: Path) -> Path | None:
    """The archive's model directory: the top level itself or its single sub-directory."""
    if is_vosk_model(unpacked):
        return unpacked
    for child in sorted(unpacked.iterdir()):
        if child.is_dir() and is_vosk_model(child):
            return child
    return None


def pocketsphinx_model() -> Path | None:
    try:
        import pocketsphinx
    except ImportError:
        return None
    path = Path(pocketsphinx.get_model_path()) / "en-us"
    return path if path.is_dir() else None


def list_models(models_dir: str | os.PathLike[str] | None = None) -> list[InstalledModel]:
    """vosk models found in the models directory, then the bundled pocketsphinx model."""
    root = Path(models_dir) if models_dir else default_models_dir()
    found = []
    if root.is_dir():
        for child in sorted(root.iterdir()):
            if child.is_dir() and not child.name.startswith(".") and is_vosk_model(child):
                found.append(InstalledModel(child.name, "vosk", child))
    bundled = pocketsphinx_model()
    if bundled is not None:
        found.append(InstalledModel("pocketsphinx en-us (bundled)", "pocketsphinx", bundled))
    return found


def find_vosk_model(name: str | None = None, models_dir: str | os.PathLike[str] | None = None) -> Path | None:
    """An installed vosk model by catalogue key ("en"), directory name, or path; None if absent."""
    if name and Path(name).is_dir() and is_vosk_model(name):
        return Path(name)
    wanted = CATALOGUE[name].name if name in CATALOGUE else name
    for model in list_models(models_dir):
        if model.kind == "vosk" and (wanted is None or model.name == wanted):
            return model.path
    return None
