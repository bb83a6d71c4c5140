"""Names said as they should sound: the group's pronunciation lexicon, a file in the data
folder (``names-said.txt``, one ``Name = how to say it`` a line: ``Siobhan = Shivawn``),
for a name the speech engine misreads. The lines keep the name as written (the printed
line, the log, the journal); only what the engine is given to say is respelled, word by
whole word, whatever its case."""
from __future__ import annotations

import logging
import re
from pathlib import Path

log = logging.getLogger(__name__)

LEXICON_FILE = "names-said.txt"


def read_lexicon(data_dir: Path) -> dict[str, str]:
    """Name -> how it is said; a line that is not ``name = said`` is left out and logged,
    and a missing or unreadable file is an empty lexicon."""
    path = Path(data_dir) / LEXICON_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("%s: not read: %s", path, exc)
        return {}
    out: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, said = (part.strip() for part in line.partition("="))
        if not sep or not name or not said:
            log.warning("%s line %d: not 'name = how it is said': %r", path, number, line)
            continue
        out[name] = said
    return out


def respell(text: str, lexicon: dict[str, str]) -> str:
    """``text`` with each name of the lexicon replaced by how it is said."""
    if not lexicon:
        return text
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in
                                          sorted(lexicon, key=len, reverse=True)) + r")\b",
                         re.IGNORECASE)
    lower = {n.lower(): said for n, said in lexicon.items()}
    return pattern.sub(lambda m: lower[m.group(0).lower()], text)
