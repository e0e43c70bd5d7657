"""Rewrite envcheck/signature_anchors.json, the anchors of every rule signature (see envcheck.anchors).

    python -m tests.anchor_table

Run it after adding or changing a signature; tests/test_anchors.py fails until the table matches the rules.
"""

from __future__ import annotations

from envcheck import anchors, rules


def signatures():
    return [pattern for item in rules.RULES for pattern in item.signatures]


def main() -> int:
    anchors.SIGNATURE_TABLE.write_text(anchors.signature_table(signatures()), encoding="utf-8")
    print(f"wrote {anchors.SIGNATURE_TABLE} ({len(set(signatures()))} patterns)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
