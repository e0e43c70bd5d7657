"""Every line of the input, kept verbatim as observations, so that rules can match the error
signatures they document (an error message, a log line, an `ldconfig -p` entry)."""

from __future__ import annotations

from typing import List

from envcheck.model import HostFacts, Observation

MAX_OBSERVATIONS = 20000
MAX_LINE = 4000  # docker and OCI runtime errors put the cause at the end of one long line


def read(lines: List[str], facts: HostFacts, source: str) -> None:
    seen = {o.text for o in facts.observations}
    for line in lines:
        # a Markdown quote marker in front and code backticks around go; a closing ">" ("<count>", "->") is text
        text = " ".join(line.strip().lstrip(">").strip().strip("`").split())  # "compiled  against" is "compiled against"
        if len(text) < 4 or text in seen:
            continue
        seen.add(text)
        facts.observations.append(Observation(text=text[:MAX_LINE], source=source))
        if len(facts.observations) >= MAX_OBSERVATIONS:
            return
