"""Where a game's picture goes and how it is written: beside the journal, as SVG (or PNG
through a headless browser), from the game as it is now."""
from __future__ import annotations

import os
from pathlib import Path

from narrator.picture.townsquare import picture_size, render_svg
from statemachine.view.grimoire import build_view


def picture_path(journal: Path) -> Path:
    """``games/g.sqlite`` -> ``games/g.svg``."""
    return Path(journal).with_suffix(".svg")


def write_picture(game, out: Path, svg: str | None = None) -> Path:
    """Draw ``game`` (or write its ``svg``, drawn already) to ``out`` (.svg, or .png through
    Chromium). The SVG is written to a temporary file and renamed, so a browser reloading it
    never sees half a picture."""
    out = Path(out)
    svg = svg if svg is not None else render_svg(build_view(game))
    if out.suffix.lower() == ".png":
        from narrator.picture.browser import screenshot
        import tempfile
        with tempfile.TemporaryDirectory(prefix="narrator-picture-") as tmp:
            page = Path(tmp) / "grimoire.svg"
            page.write_text(svg, encoding="utf-8")
            screenshot(page, out, *picture_size(svg))
        return out
    tmp = out.with_name(f".{out.name}.tmp")
    tmp.write_text(svg, encoding="utf-8")
    os.replace(tmp, out)
    return out


def draw_beside_journal(session, report) -> str | None:
    """The picture of ``session``'s game beside its journal, and its SVG (for the live
    page); a failure is reported (with ``report``), never raised: a picture is never worth a
    game."""
    try:
        svg = render_svg(build_view(session.game))
        write_picture(session.game, picture_path(session.journal.path), svg)
        return svg
    except Exception as exc:  # noqa: BLE001
        report(f"could not draw the grimoire: {exc}")
        return None
