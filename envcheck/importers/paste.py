"""Pasted text as the importers should see it: what terminals, e-mail and issue forms added, taken off.

People paste through terminals (colour codes, carriage returns, shell and Python prompts), issue
forms (Markdown code fences and quotes) and mail (quote markers, lines wrapped at a width). None
of that is part of what the tools printed, and all of it stops a parser or an error signature
from recognising a line. Two views come out of here:

- `clean_lines`: the same lines, one for one, with the decoration taken off. Every importer reads
  these, so a table, a `pip list` or an `nvidia-smi -q` keeps its shape.
- `unwrapped`: sentences that a terminal or a form broke over several lines, joined again
  ("no kernel image is available for" + "execution on the device"), and lines a terminal cut at
  its width, even inside a word ("nvidia-container-cli: m" + "ount error"), known by two or more
  lines of one length in a row. Only error
  signatures look at these; the original lines stay the evidence.
"""

from __future__ import annotations

import re
from typing import List, Tuple

# ECMA-48 control sequences (colours, cursor moves) and operating system commands (titles,
# hyperlinks), as terminals emit them.
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")
# Markdown: code fences (``` or ~~~, with a language or not) and quote markers ("> ", ">> "). Text copied out of a
# terminal program that draws a quote as a bar ("  ▎ " before each line of it, as coding assistants' terminal UIs do)
# carries the bar instead: axolotl-ai-cloud/axolotl#3630's "... is not\n  ▎ defined for option 'gpu-name'".
FENCE = re.compile(r"^\s*(```+|~~~+)[\w+.-]*\s*$")
QUOTE = re.compile(r"^\s*(?:>\s?|\u258e\s)+")
# Prompts in front of a command or statement: "$ ", "(venv) user@host:~/dir$ ", "root@box:/# ",
# ">>> " and "... " (Python), "In [3]: " (IPython), "PS C:\Users\me> " and "C:\Users\me>".
PROMPTS = (
    re.compile(r"^(?:\([\w.-]+\)\s*)?[\w.-]+@[\w.-]+:[^\s$#]*[$#]\s+"),
    re.compile(r"^(?:\([\w.-]+\)\s*)?\$\s+"),
    # "sh-4.2$ ", "bash-5.1# " (a shell without a configured prompt), "~ $ ", "[user@host dir]$ "
    re.compile(r"^(?:ba|z)?sh-\d+(?:\.\d+)*[$#](?:\s+|$)"),
    re.compile(r"^~[\w/.-]*\s?[$#]\s+"),
    re.compile(r"^\[[\w.-]+@[\w.-]+[^\]]*\][$#]\s+"),
    re.compile(r"^(?:>>>|\.\.\.)\s"),
    re.compile(r"^In \[\d+\]:\s"),
    re.compile(r"^(?:\([\w.-]+\)\s*)?PS [A-Za-z]:\\[^>]*>\s*"),
    re.compile(r"^(?:\([\w.-]+\)\s*)?[A-Za-z]:\\[^>]*>\s*"),
    # zsh and starship prompts: "❯ ", "~ via 🅒 ml ❯ ", "user@host ~ ❯❯❯ " (the arrow ends the prompt, whatever comes
    # before it); oh-my-zsh's default theme, "➜  ~ ", "(base) ➜  project git:(main) ✗ " (arrow, directory, branch)
    re.compile(r"^[^❯]{0,80}?❯{1,3}\s+"),
    re.compile(r"^(?:\([\w.-]+\)\s*)?(?:[\w.-]+\s+)?➜\s+[~\w./-]+\s+(?:git:\([^)]*\)\s*(?:✗\s*)?)?"),
)
# The prefix docker compose puts on each line of a service's log: "triton-1  | " (Compose v2), "web_1  | " (v1). A
# message wrapped over two log lines reads whole only without it.
COMPOSE_LOG_PREFIX = re.compile(r"^[\w.-]+[-_]\d+\s+\|\s?")
# A line that ends a sentence or a structure: the next line starts something new.
CLOSED = re.compile(r"[.!?:;)\]}>|=]\s*$")
# Lines that are rows of a listing, not prose: "torch  2.1.0", table rows, tracebacks'
# 'File "..."' lines, log lines that start with a timestamp, a bracket or a glog level.
ROW = re.compile(r"^\s*(?:[\w.+-]+\s{2,}\S|[|+]|File \"|\[[^\]\s]*(?:\s[^\]\s]*){0,3}\]|\d{4}-\d\d-\d\d|[EWI]\d{4}\s)")
# "Driver Version: 535.104.05", "CUDA_HOME = /usr/local/cuda": a label and a short value.
FIELD = re.compile(r"^\s*[\w .()/-]{1,40}?\s*[:=]\s*(\S+(?:\s+\S+){0,2})\s*$")


# Typography that forums, mail and word processors put in place of what the tool printed.
TYPOGRAPHY = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u201c": '"',
                            "\u201d": '"', "\u201e": '"', "\u00a0": " ", "\u2009": " ", "\u202f": " ",
                            "\u2013": "-", "\u2014": "-", "\u2212": "-", "\ufeff": "",
                            # full-width punctuation from Chinese and Japanese input methods: "CUDA（11.7）"
                            "\uff08": "(", "\uff09": ")", "\uff1a": ":", "\uff0c": ",", "\uff1b": ";",
                            "\u3000": " "})
# An issue form's field as GitHub renders it: "### Heading", a blank line, the answer.
FORM_HEADING = re.compile(r"^#{2,4}\s*(.+?)\s*$")
NO_ANSWER = {"_no response_", "-", "none", "n/a", "no response"}


# Markdown bold around a template's keys and a user's emphasis: "**CUDA Version**: 10.2".
BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
# A whole line in Markdown italics, as people set off an error or their system in prose ("_I used CUDA 9.2 and PyTorch
# 0.4_", "__roi_pooling.so: undefined symbol: __cudaPopCallConfiguration_" around a file named _roi_pooling.so): the
# marker glued to the message's last word hides it from any pattern that ends at a word boundary. Only a line with a
# space in it: an identifier alone ("__init__") is not emphasis.
ITALIC_LINE = re.compile(r"^(\s*)([_*])(?=\S)(\S*\s.*?[^\s_*])\2$")


def clean_lines(text: str) -> List[str]:
    """The pasted lines, one for one, without colour codes, fences, quote markers, compose log prefixes, bold markers,
    a whole line's italics and prompts, and with typographic quotes, dashes and spaces back to the plain ones the tool
    printed."""
    lines = []
    for raw in text.translate(TYPOGRAPHY).replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = ANSI.sub("", raw).replace("\t", "    ")
        if FENCE.match(line):
            lines.append("")
            continue
        line = QUOTE.sub("", line, count=1)
        line = COMPOSE_LOG_PREFIX.sub("", line, count=1)
        line = ITALIC_LINE.sub(r"\1\3", BOLD.sub(r"\1", line))
        for prompt in PROMPTS:
            stripped = prompt.sub("", line, count=1)
            if stripped != line:
                line = stripped
                break
        lines.append(line.rstrip())
    return lines


def form_answers(lines: List[str]) -> List[Tuple[str, str]]:
    """(heading, answer) for each field of an issue form: the first line under a "### Heading"
    that is not blank or "_No response_". Issue templates of TensorFlow, ONNX Runtime, PyTorch and
    most projects ask for versions this way, and the answer alone ("win10", "tf 2.16", "CUDA12.1")
    only means something with its heading."""
    answers: List[Tuple[str, str]] = []
    heading = None
    for line in lines:
        match = FORM_HEADING.match(line)
        if match:
            heading = match.group(1)
            continue
        text = line.strip()
        if heading and text and text.lower() not in NO_ANSWER:
            answers.append((heading, text))
            heading = None
    return answers


def package_records(lines: List[str]) -> List[str]:
    """"NAME VERSION" for each package record of `apt show` / `dpkg -s` output ("Package: nvidia-jetpack", then
    "Version: 5.0.1-b118" a few fields below): the version means something only with its package's name."""
    records: List[str] = []
    name = ""
    for line in lines:
        field, _, value = line.strip().partition(": ")
        if field == "Package":
            name = value.strip()
        elif field == "Version" and name:
            records.append(f"{name} {value.strip()}")
            name = ""
        elif not line.strip():
            name = ""  # a blank line ends a record
    return records


# A table cell boundary: Markdown's pipe, and the box-drawing bar of the tables that CLI tools print (rich, tabulate).
TABLE_BAR = re.compile(r"[|│┃]")


def table_pairs(lines: List[str]) -> List[str]:
    """Two-cell table rows as "name: value" ("| PyTorch | 2.1.0+cpu |", "│ PyTorch │ 2.10.0+cpu"), so that
    the readings see a label and its value. Rows of more cells (nvidia-smi's) are left to their own parsers."""
    pairs = []
    for line in lines:
        if not TABLE_BAR.search(line):
            continue
        cells = [cell.strip() for cell in TABLE_BAR.split(line) if cell.strip()]
        if len(cells) == 2 and len(cells[0]) <= 30 and cells[0][:1].isalpha():
            pairs.append(f"{cells[0]}: {cells[1]}")
    return pairs


# A terminal cuts a long line at its width wherever it falls: two or more consecutive lines of one
# length (at least this long) followed by a shorter one are one line that was cut.
TERMINAL_WIDTH_FLOOR = 60


def unwrapped(lines: List[str]) -> List[str]:
    """Sentences broken over consecutive lines, joined (only those that were broken).

    A line continues the one before when that one is prose left open (it does not end a sentence
    or a structure) and this one goes on in lower case or after a comma; rows of listings and
    tables never join. Lines cut at a terminal's width are joined without a space."""
    return _prose_joined(lines) + _width_joined(lines) + _code_span_joined(lines) + _quoted_token_joined(lines)


def _width_joined(lines: List[str]) -> List[str]:
    joined: List[str] = []
    start = 0
    while start < len(lines):
        width = len(lines[start])
        end = start
        while end + 1 < len(lines) and width >= TERMINAL_WIDTH_FLOOR and len(lines[end + 1]) == width:
            end += 1
        if end > start:
            tail = lines[end + 1] if end + 1 < len(lines) and 0 < len(lines[end + 1]) <= width else ""
            joined.append("".join(lines[start:end + 1]) + tail)
            start = end + 2 if tail else end + 1
            continue
        start += 1
    return joined


# A quoted token that a line break cut in two, the quote opened at the end of one line and closed at the start of
# the next: "version `GLIBC_2.3" + "4' not found (required by ...)". The halves join without a space.
QUOTED_TOKEN_OPEN = re.compile(r"([`‘'\"])[^\s`'‘’\"]+$")
QUOTED_TOKEN_CLOSE = re.compile(r"[^\s`'‘’\"]+[`'’\"]")


def _quoted_token_joined(lines: List[str]) -> List[str]:
    joined: List[str] = []
    for line, following in zip(lines, lines[1:]):
        opened = QUOTED_TOKEN_OPEN.search(line)
        if opened is None or not QUOTED_TOKEN_CLOSE.match(following):
            continue
        quote = opened.group(1)
        if quote in "'\"" and line.count(quote) % 2 == 0:
            continue  # that quote closes an earlier one: nothing was left open
        joined.append(line + following)
    return joined


# An inline code span that a person opened with a backtick on one line and closed lines later is one message that
# was broken, sometimes with an empty line in it: "`docker: Error ... for syscall", "", "clone3: permission denied`".
CODE_SPAN_MAX_LINES = 4


def _code_span_joined(lines: List[str]) -> List[str]:
    joined: List[str] = []
    for start, line in enumerate(lines):
        if line.count("`") % 2 == 0 or line.lstrip().startswith("```"):
            continue
        parts = [line.strip()]
        for following in lines[start + 1:start + 1 + CODE_SPAN_MAX_LINES]:
            if following.strip():
                parts.append(following.strip())
            if following.count("`") % 2 == 1:
                if len(parts) > 1:
                    joined.append(" ".join(parts))
                break
    return joined


def _prose_joined(lines: List[str]) -> List[str]:
    joined: List[str] = []
    current: List[str] = []
    for line in lines + [""]:
        text = " ".join(line.split())
        if current and text and _continues(current[-1], text):
            current.append(text)
            continue
        if len(current) > 1:
            joined.append(" ".join(current))
        current = [text] if text else []
    return joined


def _continues(previous: str, text: str) -> bool:
    if CLOSED.search(previous) or _is_row(previous) or _is_row(text):
        return False
    if len(previous.split()) < 3:
        return False  # a heading or a label, not a sentence
    # a quoted lower-case word goes on too: 'requested docker runtime' + '"nvidia" was not found'
    return text[0].islower() or previous.endswith(",") or (text[0] in "\"'`" and text[1:2].islower())


def _is_row(line: str) -> bool:
    return bool(ROW.match(line) or FIELD.match(line))
