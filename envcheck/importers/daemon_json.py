"""A pasted /etc/docker/daemon.json: whether dockerd could read it.

People paste the file when Docker will not start or the nvidia runtime is missing. dockerd refuses
to start on a file that is not valid JSON (a comma missing after "default-runtime": "nvidia" is the
classic), so the parse result is a fact. Only an object that configures runtimes counts: other JSON
in a paste (a CDI spec, a request body) says nothing about the engine.
"""

from __future__ import annotations

from typing import List, Optional

from envcheck.importers._facts import mark
from envcheck.model import HostFacts
from envcheck.probes.docker import config_error

ENGINE_KEYS = ('"runtimes"', '"default-runtime"')
MAX_LINES = 200  # a daemon.json is short; a longer brace block is something else


def read(lines: List[str], facts: HostFacts, source: str) -> None:
    if facts.docker.config_path:
        return
    text = first_config(lines)
    if text is not None:
        mark(facts.docker, f"{source}: daemon.json")
        facts.docker.config_path = "/etc/docker/daemon.json (pasted)"
        facts.docker.config_error = config_error(text)


def first_config(lines: List[str]) -> Optional[str]:
    """The first brace block that sets Docker runtimes, as text, or None."""
    for start, line in enumerate(lines):
        if _bare(line) != "{":
            continue
        depth = 0
        block = []
        for line_ in lines[start:start + MAX_LINES]:
            text = _bare(line_)
            block.append(text)
            depth += text.count("{") - text.count("}")
            if depth <= 0:
                joined = "\n".join(block)
                if any(key in joined for key in ENGINE_KEYS):
                    return joined
                break
    return None


def _bare(line: str) -> str:
    """The line without Markdown's inline-code backticks around the block."""
    return line.strip().strip("`").strip()
