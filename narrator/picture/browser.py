"""A headless Chromium, when installed: an SVG made into a PNG screenshot, or the DOM it
built from the file (the test's proof that a real browser reads the picture)."""
from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

NAMES = ("chromium", "chromium-browser", "google-chrome")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--hide-scrollbars")


class BrowserError(RuntimeError):
    pass


def find_chromium() -> str | None:
    return next((p for p in (shutil.which(n) for n in NAMES) if p), None)


def _run(args: list[str], timeout: float) -> subprocess.CompletedProcess:
    exe = find_chromium()
    if exe is None:
        raise BrowserError("no Chromium installed (Debian: apt-get install chromium)")
    with tempfile.TemporaryDirectory(prefix="narrator-chromium-") as profile:
        try:
            return subprocess.run([exe, *FLAGS, f"--user-data-dir={profile}", *args],
                                  capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired as exc:
            raise BrowserError(f"Chromium took over {timeout:.0f} s") from exc


def screenshot(page: Path, png: Path, width: int, height: int, timeout: float = 60) -> Path:
    """A PNG of ``page`` (an SVG or HTML file) at ``width`` x ``height``."""
    png = Path(png).resolve()
    _run([f"--screenshot={png}", f"--window-size={width},{height}",
          Path(page).resolve().as_uri()], timeout)
    if not png.exists() or png.stat().st_size == 0:
        raise BrowserError("Chromium wrote no screenshot")
    return png


def dump_dom(page: Path, timeout: float = 60) -> str:
    """The document Chromium built from ``page``, serialized."""
    return _run(["--dump-dom", Path(page).resolve().as_uri()], timeout).stdout
