"""Model download (from a local archive built here), checksum pass/fail, listing, CLI."""
from __future__ import annotations

import hashlib
import io
import zipfile
from pathlib import Path

import pytest

from hardware.models import (
    SMALL_EN_US,
    ModelError,
    ModelSource,
    default_models_dir,
    download_model,
    find_vosk_model,
    list_models,
)
from narrator.cli import main

NAME = "vosk-model-small-en-us-0.15"


def build_archive(path: Path, top: str | None = NAME, extra: dict[str, bytes] | None = None) -> str:
    """A zip shaped like a vosk model archive; returns its SHA-256."""
    prefix = f"{top}/" if top else ""
    files = {
        f"{prefix}am/final.mdl": b"fake acoustic model",
        f"{prefix}conf/model.conf": b"--min-active=200\n",
        f"{prefix}graph/words.txt": b"<eps> 0\n[unk] 1\nseat 2\n",
        **(extra or {}),
    }
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return hashlib.sha256(path.read_bytes()).hexdigest()


def source_for(archive: Path, sha256: str | None) -> ModelSource:
    return ModelSource(NAME, "en", archive.as_uri(), sha256)


def test_catalogue_entry() -> None:
    assert SMALL_EN_US.url == "https://alphacephei.com/vosk/models/vosk-model-small-en-us-0.15.zip"
    assert SMALL_EN_US.sha256 is not None and len(SMALL_EN_US.sha256) == 64


def test_default_dir_follows_xdg(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_models_dir() == tmp_path / "narrator" / "models"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_models_dir() == Path.home() / ".local" / "share" / "narrator" / "models"


def test_download_verifies_and_unpacks(tmp_path: Path) -> None:
    archive = tmp_path / "model.zip"
    digest = build_archive(archive)
    models = tmp_path / "models"
    path = download_model(source_for(archive, digest), models)
    assert path == models / NAME
    assert (path / "am" / "final.mdl").read_bytes() == b"fake acoustic model"
    assert [p.name for p in models.iterdir()] == [NAME]  # no leftovers
    assert find_vosk_model("en", models) == path
    assert [(m.kind, m.name) for m in list_models(models)][0] == ("vosk", NAME)


def test_checksum_mismatch_installs_nothing(tmp_path: Path) -> None:
    archive = tmp_path / "model.zip"
    build_archive(archive)
    models = tmp_path / "models"
    with pytest.raises(ModelError, match="checksum mismatch"):
        download_model(source_for(archive, "0" * 64), models)
    assert list(models.iterdir()) == []


def test_checksum_can_be_skipped_and_archives_without_a_top_folder(tmp_path: Path) -> None:
    archive = tmp_path / "flat.zip"
    build_archive(archive, top=None)
    path = download_model(source_for(archive, None), tmp_path / "models")
    assert (path / "graph" / "words.txt").is_file()


def test_installed_model_is_kept_unless_forced(tmp_path: Path) -> None:
    archive = tmp_path / "model.zip"
    digest = build_archive(archive)
    calls = []

    def opener(url: str):
        calls.append(url)
        return open(archive, "rb")

    source = source_for(archive, digest)
    download_model(source, tmp_path / "m", opener=opener)
    download_model(source, tmp_path / "m", opener=opener)
    assert len(calls) == 1
    download_model(source, tmp_path / "m", opener=opener, force=True)
    assert len(calls) == 2


def test_bad_archives(tmp_path: Path) -> None:
    not_zip = tmp_path / "junk.zip"
    not_zip.write_bytes(b"not a zip")
    with pytest.raises(ModelError, match="not a zip"):
        download_model(source_for(not_zip, None), tmp_path / "m")
    evil = tmp_path / "evil.zip"
    build_archive(evil, extra={"../escape.txt": b"x"})
    with pytest.raises(ModelError, match="unsafe"):
        download_model(source_for(evil, None), tmp_path / "m")
    assert not (tmp_path / "escape.txt").exists()
    empty = tmp_path / "empty.zip"
    with zipfile.ZipFile(empty, "w") as archive:
        archive.writestr("README", b"hello")
    with pytest.raises(ModelError, match="does not contain"):
        download_model(source_for(empty, None), tmp_path / "m")
    with pytest.raises(ModelError, match="cannot download"):
        download_model(source_for(tmp_path / "missing.zip", None), tmp_path / "m")


def test_cli_download_and_list(tmp_path: Path, capsys) -> None:
    archive = tmp_path / "model.zip"
    digest = build_archive(archive)
    models = tmp_path / "models"
    rc = main(["model", "download", "en", "--dir", str(models), "--url", archive.as_uri(),
               "--sha256", digest, "--quiet"])
    assert rc == 0
    assert capsys.readouterr().out.strip() == str(models / NAME)
    assert main(["model", "list", "--dir", str(models)]) == 0
    out = capsys.readouterr().out
    assert NAME in out and "pocketsphinx" in out


def test_cli_checksum_failure_and_bad_usage(tmp_path: Path, capsys) -> None:
    archive = tmp_path / "model.zip"
    build_archive(archive)
    models = tmp_path / "models"
    rc = main(["model", "download", "en", "--dir", str(models), "--url", archive.as_uri(), "--quiet"])
    assert rc == 1  # the real archive's checksum does not match our fake one
    assert "checksum mismatch" in capsys.readouterr().err
    assert not (models / NAME).exists()
    assert main(["model", "download", "klingon", "--dir", str(models)]) == 2
    assert main(["model", "download", "en", "--no-verify", "--sha256", "ab", "--dir", str(models)]) == 2
    rc = main(["model", "download", "en", "--dir", str(models), "--url", archive.as_uri(),
               "--no-verify", "--quiet"])
    assert rc == 0 and (models / NAME / "am" / "final.mdl").is_file()


def test_list_with_no_vosk_models(tmp_path: Path) -> None:
    models = list_models(tmp_path / "nothing-here")
    assert all(m.kind == "pocketsphinx" for m in models)
    assert find_vosk_model("en", tmp_path / "nothing-here") is None


def test_opener_receives_the_url(tmp_path: Path) -> None:
    payload = io.BytesIO()
    with zipfile.ZipFile(payload, "w") as archive:
        archive.writestr("m/am/final.mdl", b"x")
    data = payload.getvalue()
    seen = []

    class Response(io.BytesIO):
        headers = {"Content-Length": str(len(data))}

    def opener(url: str):
        seen.append(url)
        return Response(data)

    progress = []
    source = ModelSource("m", "xx", "https://example.invalid/m.zip", hashlib.sha256(data).hexdigest())
    download_model(source, tmp_path, opener=opener, progress=lambda done, total: progress.append((done, total)))
    assert seen == ["https://example.invalid/m.zip"]
    assert progress[-1] == (len(data), len(data))
