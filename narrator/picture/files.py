"""Where a game's picture goes and how it is written: beside the journal, as SVG (or PNG
through a headless browser), from the game as it is now."""
from __future__ import annotations

from pathlib import Path

from narrator import own_files
from narrator.picture.townsquare import picture_size, render_svg
from statemachine.view.grimoire import build_view


def picture_path(journal: Path) -> Path:
    """``games/g.sqlite`` -> ``games/g.svg``."""
    return Path(journal).with_suffix(".svg")


def write_picture(game, out: Path, svg: str | None = None, game_id: str | None = None,
                  force: bool = False) -> Path:
    """Draw ``game`` (or write its ``svg``, drawn already) to ``out`` (.svg, or .png through
    Chromium), as narrator.own_files writes: under a temporary name, then linked into place
    (a browser reloading it never sees half a picture), replacing only a picture of this
    game (``game_id``) or, with ``force``, whatever is there (NotOurs otherwise)."""
    out = Path(out)
    svg = svg if svg is not None else render_svg(build_view(game))
    if out.suffix.lower() == ".png":
        from narrator.picture.browser import screenshot
        import tempfile
        with tempfile.TemporaryDirectory(prefix="narrator-picture-") as tmp:
            page = Path(tmp) / "grimoire.svg"
            page.write_text(svg, encoding="utf-8")
            shot = Path(tmp) / "grimoire.png"
            screenshot(page, shot, *picture_size(svg))
            return own_files.write(out, shot.read_bytes(), force=force)
    data = marked(svg, game_id).encode("utf-8")
    return own_files.write(out, data, game_id=game_id, force=force)


def marked(svg: str, game_id: str | None) -> str:
    """The SVG with this game's mark in a comment before its root element."""
    if not game_id:
        return svg
    comment = f"<!-- {own_files.mark(game_id)} -->\n"
    if svg.startswith("<?xml"):
        head, _, rest = svg.partition("?>")
        return f"{head}?>\n{comment}{rest.lstrip()}"
    return comment + svg


def picture_beside(session, svg: str | None = None) -> Path:
    """The picture of ``session``'s game (or its ``svg``, drawn already) beside its journal
    (``g.svg``, or ``g-2.svg`` when a g.svg not this game's is there); the path written."""
    journal = session.journal
    svg = svg if svg is not None else render_svg(build_view(session.game))
    game_id = journal.game_id
    return own_files.beside(picture_path(journal.path), marked(svg, game_id).encode("utf-8"),
                            game_id)


def draw_beside_journal(session, report) -> str | None:
    """The picture of ``session``'s game beside its journal, and its SVG (for the live
    page); a failure is reported (with ``report``), never raised: a picture is never worth a
    game."""
    try:
        svg = render_svg(build_view(session.game))
        picture_beside(session, svg)
        return svg
    except Exception as exc:  # noqa: BLE001
        report(f"could not draw the grimoire: {exc}")
        return None
