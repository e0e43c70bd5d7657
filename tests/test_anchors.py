"""The literal anchors that let doctor skip lines: every line a pattern matches must hold one of them, so the lines
found with them are exactly the lines found without them."""

from __future__ import annotations

import re

from envcheck import rules
from envcheck.importers import from_text
from envcheck import anchors as _anchors
from envcheck.rules import Context
from tests.conftest import CORPUS, shipped_matrix


def test_anchors_are_what_every_match_must_contain():
    assert _anchors.anchors(r"Torch (?:is )?not (?:being )?compiled with CUDA\b") == ["compiled with cuda"]
    # an alternation gives one anchor per branch, after the parser has taken out their common prefix
    assert _anchors.anchors(r"\bTensorRT\b|\btrtexec\b") == ["tensorrt", "trtexec"]
    assert _anchors.anchors(r"(?-i:\b[A-Z]\w*(?:Error|Exception)\b)") == ["rror", "xception"]
    # optional parts never anchor, and a way of matching without a literal leaves the pattern unfiltered
    assert _anchors.anchors(r"(?:docker )?run") == ["run"]
    assert _anchors.anchors(r"a|bc") is None
    assert _anchors.anchors(r"\d+\.\d+") is None


def test_anchors_answer_as_ignorecase_does():
    """Every character re matches to an ASCII anchor character, ignoring case, folds to that character."""
    import string

    for char in string.ascii_letters + string.digits:
        pattern = re.compile(re.escape(char), re.I)
        for other in map(chr, range(0x2200)):  # through the Kelvin sign (U+212A)
            if pattern.fullmatch(other):
                assert _anchors.fold(other) == char.casefold(), (char, other)
    ctx = Context(from_text("nvidia-container-cl\u0131: \u0130n\u0130t\u0130al\u0130zat\u0130on error", "p"),
                  shipped_matrix())
    assert ctx.observed([r"nvidia-container-cli: initialization error"])


def test_lines_found_through_anchors_are_the_lines_every_pattern_finds():
    """Every pattern set the rules ask about, on every line of the corpus: the same lines with and without the
    anchors' scan."""
    text = "\n".join(path.read_text() for path in sorted(CORPUS.glob("*/paste.txt")))
    facts = from_text(text, "corpus.txt")
    asked = []
    original = Context.observed

    def recording(self, patterns):
        asked.append(tuple(patterns))
        return original(self, patterns)

    Context.observed = recording
    try:
        rules.run(facts, shipped_matrix())
    finally:
        Context.observed = original
    ctx = Context(facts, shipped_matrix())
    assert len(set(asked)) > 100
    for key in set(asked):
        combined = re.compile("|".join(f"(?:{pattern})" for pattern in key), re.I)
        assert ctx.observed(key) == [line for line in ctx.observations if combined.search(line)], key


def test_signature_table_holds_the_anchors_of_every_rule_signature_and_nothing_else():
    """The shipped table saves working anchors out on each run; a stale entry would hide lines from a rule."""
    from tests.anchor_table import signatures

    assert _anchors.SIGNATURE_TABLE.read_text(encoding="utf-8") == _anchors.signature_table(signatures()), \
        "envcheck/signature_anchors.json is out of date: run python -m tests.anchor_table"
    assert _anchors.of_signature(r"\bTensorRT\b|\btrtexec\b") == ("tensorrt", "trtexec")  # not in it: worked out


def test_a_pattern_the_table_lacks_is_worked_out(tmp_path, monkeypatch):
    monkeypatch.setattr(_anchors, "SIGNATURE_TABLE", tmp_path / "absent.json")
    _anchors._signature_table.cache_clear()
    try:
        assert _anchors.of_signature("no kernel image is available") == ("no kernel image is available",)
    finally:
        _anchors._signature_table.cache_clear()
