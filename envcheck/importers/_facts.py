"""Small helpers the importers share: mark a section as read, add without overwriting."""

from __future__ import annotations

from envcheck.model import OK, UNKNOWN, Framework, HostFacts


def mark(section, source: str) -> None:
    """The input said something about this section: it is no longer unknown."""
    if section.status == UNKNOWN:
        section.status = OK
        section.reason = ""
    if source not in section.sources:
        section.sources.append(source)


def set_once(obj, name: str, value) -> None:
    """Set a fact unless an earlier part of the input already did."""
    if value not in (None, "") and getattr(obj, name) in (None, "", [], {}):
        setattr(obj, name, value)


def built_with_cuda(entry: Framework, cuda: str) -> None:
    """The CUDA a build reports it was made with (torch.version.cuda): a release, or "None" for a CPU-only build."""
    if cuda.lower() == "none":
        set_once(entry, "accelerator", "cpu")
    elif cuda:
        set_once(entry, "accelerator", "cuda")
        set_once(entry, "build_cuda", cuda)


def framework(facts: HostFacts, name: str, where: str) -> Framework:
    """The framework entry of this name, created on first mention."""
    mark(facts.frameworks, where)
    for entry in facts.frameworks.installed:
        if entry.name == name:
            return entry
    entry = Framework(name=name, source=where)
    facts.frameworks.installed.append(entry)
    return entry
