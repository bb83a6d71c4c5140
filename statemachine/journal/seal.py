"""The journal's seal: what lets it notice a row deleted, added or replaced, and a winner
record that no command wrote, without reading the whole file.

Every event row carries ``chain``, a running digest: the SHA-256 of the row before's chain
and of this row (its command, slots and words); the first row's starts from a digest of the
setup record. The meta table holds the seal, ``{"rows": N, "chain": ..., "winner": ...}``,
written in the same transaction as every change of the rows or of the winner. On opening,
the row count, the last row's chain and the winner record must agree with the seal: a few
reads, whatever the journal's length. ``verify`` recomputes every chain (doctor does).

The seal is no signature: someone who edits the file and recomputes the digests is not
noticed; it catches slips, tools and crude forgeries, not a careful forger.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
from statemachine.wording import count as counted

SEAL = "seal"
VERSION = b"narrator journal chain 1\0"


def start(setup_text: str | None) -> str:
    """The chain before the first event: a digest of the setup record as stored."""
    return hashlib.sha256(VERSION + (setup_text or "").encode("utf-8", "replace")).hexdigest()


def link(previous: str, intent, slots, text) -> str:
    """The chain after one more row."""
    h = hashlib.sha256(bytes.fromhex(previous))
    h.update(f"{intent}\0{slots}\0{text}".encode("utf-8", "replace"))
    return h.hexdigest()


def has_chains(db: sqlite3.Connection) -> bool:
    return any(row[1] == "chain" for row in db.execute("PRAGMA table_info(events)"))


def _meta_text(db: sqlite3.Connection, key: str) -> str | None:
    row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return row[0] if row else None


def _winner(db: sqlite3.Connection):
    text = _meta_text(db, "winner")
    try:
        return None if text is None else json.loads(text)
    except (TypeError, ValueError):
        return text


def chain_at(db: sqlite3.Connection, count: int, total: int | None = None) -> str | None:
    """The chain stored after the first ``count`` events (None past the end). ``total``,
    the journal's row count where known, lets it step back from the end: a snapshot or a
    resume near the end reads a few rows, whatever the journal's length."""
    if count <= 0:
        return start(_meta_text(db, "setup"))
    if total is not None and count <= total and total - count < count:
        row = db.execute("SELECT chain FROM events ORDER BY seq DESC LIMIT 1 OFFSET ?",
                         (total - count,)).fetchone()
    else:
        row = db.execute("SELECT chain FROM events ORDER BY seq LIMIT 1 OFFSET ?",
                         (count - 1,)).fetchone()
    return row[0] if row else None


def rows_after(db: sqlite3.Connection, start_at: int, columns: str,
               total: int | None = None) -> list[tuple]:
    """``columns`` of the events after the first ``start_at``, in order: read back from the
    end when ``total`` (the row count) is known, so only those rows are stepped through."""
    if total is None or total - start_at >= start_at:
        return db.execute(f"SELECT {columns} FROM events ORDER BY seq LIMIT -1 OFFSET ?",
                          (start_at,)).fetchall()
    rows = db.execute(f"SELECT {columns} FROM events ORDER BY seq DESC LIMIT ?",
                      (max(total - start_at, 0),)).fetchall()
    rows.reverse()
    return rows


def write(db: sqlite3.Connection, rows: int, chain: str) -> dict:
    """The seal for the journal as it now is (inside the caller's transaction)."""
    seal = {"rows": rows, "chain": chain, "winner": _winner(db)}
    db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
               (SEAL, json.dumps(seal, sort_keys=True)))
    return seal


def rechain(db: sqlite3.Connection) -> dict:
    """Every row's chain computed again from the rows as they are, and a new seal (inside
    the caller's transaction): for a journal from before seals, or one kept as it is."""
    if not has_chains(db):
        db.execute("ALTER TABLE events ADD COLUMN chain TEXT")
    chain, rows = start(_meta_text(db, "setup")), 0
    for seq, intent, slots, text in db.execute(
            "SELECT seq, intent, slots, text FROM events ORDER BY seq").fetchall():
        chain, rows = link(chain, intent, slots, text), rows + 1
        db.execute("UPDATE events SET chain = ? WHERE seq = ?", (chain, seq))
    return write(db, rows, chain)


def read(db: sqlite3.Connection) -> dict | None:
    text = _meta_text(db, SEAL)
    if text is None:
        return None
    try:
        seal = json.loads(text)
    except (TypeError, ValueError):
        return {"rows": -1, "chain": "", "winner": None}
    return seal if isinstance(seal, dict) else {"rows": -1, "chain": "", "winner": None}


def problem(db: sqlite3.Connection, seal: dict | None) -> str | None:
    """What the seal says is wrong with the journal, checked cheaply (None if nothing)."""
    if seal is None:
        return "the seal record is missing (its rows may have been changed)"
    if not isinstance(seal.get("rows"), int) or seal["rows"] < 0:
        return "the seal record cannot be read"
    count = int(db.execute("SELECT COUNT(*) FROM events").fetchone()[0])
    rows = seal["rows"]
    if count < rows:
        return (f"{rows - count} of its {rows} events are missing (the last one written "
                "is gone)" if rows - count > 1 else
                f"event {rows}, the last one written, is missing")
    if count > rows:
        return f"it holds {counted(count - rows, 'event')} the narrator did not write after event {rows}"
    if chain_at(db, count, count) != seal.get("chain"):
        return (f"event {count}, the last one, is not the one the narrator wrote"
                if count else "its setup record is not the one the game began with")
    if _winner(db) != seal.get("winner"):
        return "its winner record was not written by the narrator"
    return None


def verify(db: sqlite3.Connection) -> str | None:
    """Every row's chain recomputed: the first row that is not as written (None if all are)."""
    chain = start(_meta_text(db, "setup"))
    for n, (intent, slots, text, stored) in enumerate(db.execute(
            "SELECT intent, slots, text, chain FROM events ORDER BY seq"), start=1):
        chain = link(chain, intent, slots, text)
        if stored != chain:
            return f"event {n} is not as it was written"
    return None
