"""Literal anchors of signature patterns: text a line must contain before a pattern can match it.

Doctor asks a long paste the same kind of question a hundred times ("which lines match these
patterns?"), and almost every line answers no. Most patterns contain a run of plain characters
that every match must include ("no kernel image", "libcudnn"); a line without any such run
cannot match, and finding those runs with one scan of the whole paste is far cheaper than running
each pattern on each line. The anchors only decide which lines the real pattern is then run on,
so a pattern whose anchors cannot be worked out is simply run on every line.

Anchors are ASCII and compared casefolded, which answers as the patterns' IGNORECASE does: every character
that re matches to an ASCII character ignoring case casefolds to the same one, except the Turkish dotted
and dotless capitals of i, which `fold` maps first.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

try:  # the regular-expression parser of the standard library (re._parser since 3.11)
    from re import _constants as _sre
    from re import _parser as _sre_parse
except ImportError:  # pragma: no cover - Python 3.9 and 3.10
    import sre_constants as _sre  # type: ignore[no-redef]
    import sre_parse as _sre_parse  # type: ignore[no-redef]

# Shorter runs pass too many lines to be worth a scan.
SHORTEST = 3
TURKISH_I = str.maketrans({"\u0130": "i", "\u0131": "i"})
# Every rule signature's anchors, worked out when the signatures change (python -m tests.anchor_table writes it, and
# tests/test_anchors.py fails while it is out of date), not on each run: working them out parses each of several
# hundred patterns, about 0.05 s of every `doctor --from`. A pattern missing from it is worked out when asked.
SIGNATURE_TABLE = Path(__file__).with_name("signature_anchors.json")


def fold(text: str) -> str:
    """Text as anchors are compared with it. ASCII text, most of any paste, needs no Turkish mapping."""
    return text.casefold() if text.isascii() else text.translate(TURKISH_I).casefold()


def anchors(pattern: str, flags: int = 0) -> Optional[List[str]]:
    """Casefolded literals of which every match of the pattern contains at least one, or None when some
    way of matching needs no literal of SHORTEST characters or more."""
    try:
        parsed = _sre_parse.parse(pattern, flags & re.VERBOSE)
    except Exception:  # noqa: BLE001 - a pattern the parser cannot read is simply not prefiltered
        return None
    return _of_sequence(list(parsed))


def of_signature(pattern: str) -> Optional[Tuple[str, ...]]:
    """A signature pattern's anchors: from SIGNATURE_TABLE when it holds the pattern, else worked out now."""
    table = _signature_table()
    if pattern in table:
        found = table[pattern]
    else:
        found = anchors(pattern)
    return None if found is None else tuple(found)


@functools.lru_cache(maxsize=None)
def _signature_table() -> Dict[str, Optional[List[str]]]:
    try:
        return json.loads(SIGNATURE_TABLE.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # an install without the table still works, only slower
        return {}


def signature_table(patterns: Iterable[str]) -> str:
    """The text of SIGNATURE_TABLE for these patterns: one sorted line each, so that a change shows as a small diff."""
    rows = [f"{json.dumps(p)}: {json.dumps(anchors(p))}" for p in sorted(set(patterns))]
    return "{\n" + ",\n".join(rows) + "\n}\n"


def anchors_of_any(patterns: Sequence["re.Pattern[str]"]) -> Optional[Tuple[str, ...]]:
    """The anchors of which a text must hold one for any of the compiled patterns to match it, or None when one of
    them has none (then every text may match). Lets a reader skip, with one look, the lines a group of its patterns
    cannot match."""
    found: List[str] = []
    for pattern in patterns:
        own = anchors(pattern.pattern, pattern.flags)
        if own is None:
            return None
        found.extend(own)
    # an anchor holding another adds nothing: "cuda_" is in a text only where "cuda" is
    return tuple(a for a in dict.fromkeys(found) if not any(b != a and b in a for b in found))


def may_hold(folded: str, wanted: Optional[Tuple[str, ...]]) -> bool:
    """Whether casefolded text (fold) holds one of the anchors, so that the patterns they came from could match it."""
    return wanted is None or any(anchor in folded for anchor in wanted)


def _of_sequence(items) -> Optional[List[str]]:
    """The best anchor set of a sequence: its longest literal run, or the anchors of a part every match goes
    through (a group, a repeat of at least one, an alternation whose every branch has anchors), whichever has
    the longest shortest anchor."""
    choices: List[List[str]] = []
    run: List[str] = []
    for op, value in list(items) + [(None, None)]:
        if op is _sre.LITERAL and value < 128:
            run.append(chr(value))
            continue
        text = "".join(run).casefold()
        if len(text) >= SHORTEST:
            choices.append([text])
        run = []
        inner = None
        if op is _sre.BRANCH:
            branches = [_of_sequence(list(branch)) for branch in value[1]]
            inner = None if any(b is None for b in branches) else [a for b in branches for a in b]
        elif op is _sre.SUBPATTERN:
            inner = _of_sequence(list(value[-1]))
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT) and value[0] >= 1:
            inner = _of_sequence(list(value[2]))
        if inner:
            choices.append(inner)
    choices = [c for c in choices if all("\n" not in a for a in c)]
    return max(choices, key=lambda c: min(len(a) for a in c)) if choices else None
