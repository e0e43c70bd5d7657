"""Importers: what users paste into issues, turned into HostFacts.

`envcheck doctor --from PATH` takes an envcheck facts JSON, a snapshot directory, or a text file
as people paste them: torch's collect_env, nvidia-smi (table, -q, -q -x, --query-gpu, -L),
ldconfig -p, lspci, nvcc --version,
pip list / pip freeze / conda list, ds_report, TensorFlow's environment template, docker
errors, dmesg lines, Python tracebacks — in any mixture. Each importer in TEXT_IMPORTERS
recognises its part by shape and fills the facts it can; nothing it cannot read is an error.

Facts that no input mentioned stay "unknown", so rules never mistake silence for absence.
"""

from __future__ import annotations

import json
import os
import sys
from typing import List

from envcheck.importers import (collect_env, daemon_json, errors, kernel, kubernetes, loader, lspci, nvidia_smi, packages, paste,
                                prose, reports)
from envcheck.model import SECTIONS, UNKNOWN, FactsFormatError, HostFacts

# Order matters only for conflicts: a later importer does not overwrite a value an earlier one set,
# so tool output comes first and prose (facts stated in words) after it.
TEXT_IMPORTERS = (nvidia_smi, collect_env, reports, packages, kernel, daemon_json, kubernetes, loader, lspci, prose, errors)

MAX_TEXT = 8 * 1024 * 1024
STDIN = "-"  # --from -: the paste comes on standard input


class InputError(ValueError):
    """An input that cannot be read at all (missing file, unreadable JSON facts)."""


def unknown_facts() -> HostFacts:
    facts = HostFacts()
    for name in SECTIONS:
        section = getattr(facts, name)
        section.status = UNKNOWN
        section.reason = "not in the input"
    facts.root = ""
    return facts


def from_text(text: str, source: str = "input", facts: HostFacts = None) -> HostFacts:
    """Read pasted text into facts (a new unknown-everywhere HostFacts unless one is given)."""
    facts = facts if facts is not None else unknown_facts()
    lines = paste.clean_lines(text)
    for importer in TEXT_IMPORTERS:
        importer.read(lines, facts, source)
    # Messages a terminal or a form broke over lines, joined, for the rules' error signatures.
    errors.read(paste.unwrapped(lines), facts, f"{source} (wrapped lines joined)")
    facts.inputs.append(source)
    return facts


def load(paths: List[str]) -> HostFacts:
    """Every --from input merged into one HostFacts: structured inputs first, then text on top."""
    from envcheck import __version__
    from envcheck.host import DirectoryHost, SnapshotError
    from envcheck.probes import collect

    structured: List[HostFacts] = []
    texts = []
    for path in paths:
        if path == STDIN:
            text = sys.stdin.buffer.read(MAX_TEXT).decode("utf-8", "replace")
            if not text.strip():
                raise InputError("--from -: standard input was empty; pipe the paste in "
                                 "(xclip -o | envcheck doctor --from -)")
            texts.append(("stdin", text))
            continue
        if os.path.isdir(path):
            try:
                facts = collect(DirectoryHost(path))
            except SnapshotError as exc:
                raise InputError(str(exc)) from None
            facts.inputs.append(path)
            structured.append(facts)
            continue
        try:
            with open(path, "rb") as handle:
                data = handle.read(MAX_TEXT)
        except OSError as exc:
            raise InputError(f"cannot read {path}: {exc.strerror or exc}") from None
        text = data.decode("utf-8", "replace")
        if text.lstrip().startswith("{") and '"schema_version"' in text[:4096]:
            try:
                facts = HostFacts.from_dict(json.loads(text))
            except ValueError as exc:  # json.JSONDecodeError and FactsFormatError
                raise InputError(f"{path} looks like envcheck facts JSON but cannot be read: {exc}") from None
            facts.inputs.append(path)
            structured.append(facts)
        else:
            texts.append((os.path.basename(path), text))
    base = structured[0] if structured else unknown_facts()
    for other in structured[1:]:
        fill_unknown(base, other)
    for name, text in texts:
        from_text(text, name, base)
    base.envcheck_version = base.envcheck_version or __version__
    return base


def fill_unknown(base: HostFacts, other: HostFacts) -> None:
    for name in SECTIONS:
        if getattr(base, name).status == UNKNOWN and getattr(other, name).status != UNKNOWN:
            setattr(base, name, getattr(other, name))
    base.observations += other.observations
    base.inputs += other.inputs


__all__ = ["InputError", "FactsFormatError", "from_text", "load", "unknown_facts"]
