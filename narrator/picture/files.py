"""Where a game's picture goes and how it is written: beside the journal, as SVG (or PNG
through a headless browser), from the game as it is now."""
from __future__ import annotations

import os
from pathlib import Path

from narrator.picture.townsquare import SQUARE, PANEL, render_svg
from statemachine.view.grimoire import build_view


def picture_path(journal: Path) -> Path:
    """``games/g.sqlite`` -> ``games/g.svg``."""
    return Path(journal).with_suffix(".svg")


def write_picture(game, out: Path) -> Path:
    """Draw ``game`` to ``out`` (.svg, or .png through Chromium). The SVG is written to a
    temporary file and renamed, so a browser reloading it never sees half a picture."""
    out = Path(out)
    svg = render_svg(build_view(game))
    if out.suffix.lower() == ".png":
        from narrator.picture.browser import screenshot
        import tempfile
        with tempfile.TemporaryDirectory(prefix="narrator-picture-") as tmp:
            page = Path(tmp) / "grimoire.svg"
            page.write_text(svg, encoding="utf-8")
            screenshot(page, out, SQUARE + PANEL, SQUARE)
        return out
    tmp = out.with_name(f".{out.name}.tmp")
    tmp.write_text(svg, encoding="utf-8")
    os.replace(tmp, out)
    return out


def draw_beside_journal(session, report) -> None:
    """The picture of ``session``'s game beside its journal; a failure is reported (with
    ``report``), never raised: a picture is never worth a game."""
    try:
        write_picture(session.game, picture_path(session.journal.path))
    except Exception as exc:  # noqa: BLE001
        report(f"could not draw the grimoire: {exc}")
