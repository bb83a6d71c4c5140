"""Is a leftover SQLite -wal file whole? SQLite reads a write-ahead log up to its first
broken frame and silently ignores the rest, so a cut-off or damaged -wal would resume a
game at an earlier point without a word. This reads the format (sqlite.org/fileformat2.html,
"The WAL file format") and says where it breaks.
"""
from __future__ import annotations

import struct
from statemachine.wording import count
from pathlib import Path

HEADER, FRAME_HEADER = 32, 24
MAGIC = (0x377F0682, 0x377F0683)   # the low bit: checksums over big-endian words


def _checksum(data: bytes, big: bool, s0: int = 0, s1: int = 0) -> tuple[int, int]:
    words = struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def wal_problem(path: Path) -> str | None:
    """None if ``path`` (a -wal file) is absent, empty or whole; else what is wrong with it.

    Whole means: a valid header, then frames whose checksums chain to the end of the file
    or to frames of the generation before (salt-1 one less: a log reused after a
    checkpoint), ending in a commit. A frame cut off part-way, or a frame of this generation that fails
    its checksum, is a break: what follows it would be lost."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    if not data:
        return None
    if len(data) < HEADER:
        return f"{path.name} is cut off inside its header ({len(data)} bytes)"
    magic, _version, page_size, _seq, salt1, salt2, c1, c2 = struct.unpack(">8I", data[:HEADER])
    if magic not in MAGIC:
        return f"{path.name} is not a write-ahead log (bad magic number)"
    big = magic & 1 == 1
    if _checksum(data[:24], big) != (c1, c2):
        return f"{path.name} has a damaged header: everything in it would be ignored"
    frame = FRAME_HEADER + page_size
    s0, s1 = c1, c2
    offset, frames, committed = HEADER, 0, 0
    while offset < len(data):
        if offset + frame > len(data):
            return (f"{path.name} is cut off inside frame {frames + 1} ({len(data) - offset} of "
                    f"{frame} bytes): what follows {count(committed, 'whole commit')} is lost")
        head = data[offset:offset + FRAME_HEADER]
        _page, db_size, fs1, fs2, fc1, fc2 = struct.unpack(">6I", head)
        if (fs1, fs2) != (salt1, salt2):
            if frames and fs1 == (salt1 - 1) & 0xFFFFFFFF:
                break      # the generation before the last checkpoint: rightly ignored
            return (f"{path.name} is damaged at frame {frames + 1}: what follows {committed} "
                    "whole commit(s) would be ignored")
        s0, s1 = _checksum(head[:8], big, s0, s1)
        s0, s1 = _checksum(data[offset + FRAME_HEADER:offset + frame], big, s0, s1)
        if (s0, s1) != (fc1, fc2):
            return (f"{path.name} is damaged at frame {frames + 1}: what follows {committed} "
                    "whole commit(s) would be ignored")
        frames += 1
        if db_size:
            committed = frames
        offset += frame
    if frames > committed:
        return (f"{path.name} ends in {count(frames - committed, 'frame')} of a write that never "
                "finished")
    return None
