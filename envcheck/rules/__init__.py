"""Rules: pure functions of (facts, matrix) that name what is wrong and how to fix it.

A rule has a stable code (area prefix + number, never reused), a kebab-case slug, a severity,
a title, the error signatures it recognises in pasted text, a scope (what its problem stops:
"runtime" for running CUDA programs here, "build" for compiling CUDA code, "containers" for GPU
containers; a certificate gates on runtime), and its documentation in the docstring under fixed
headings (Symptom, Why, Fix, When to ignore). Its check yields Hits;
`run` turns them into Findings and orders them most important first.

Rules never do I/O: everything they know comes from HostFacts and the Matrix.
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from packaging.version import InvalidVersion, Version

from envcheck.matrix import Matrix, gpu_models
from envcheck.model import ERROR_SEVERITY, PROSE_SOURCE, SEVERITY_ORDER, WARNING, Finding, HostFacts
from envcheck import anchors as _anchors

DOC_HEADINGS = ("Symptom", "Why", "Fix", "When to ignore")
SCOPES = ("runtime", "build", "containers")


@dataclass
class Hit:
    """What a rule's check found: the message, the facts it used, and the steps that fix it."""

    message: str
    evidence: Dict[str, Any] = field(default_factory=dict)
    fix: List[str] = field(default_factory=list)
    references: List[str] = field(default_factory=list)
    confirmed: bool = False  # an observed error message matched this rule's signatures
    priority: Optional[int] = None  # overrides the rule's priority: a hit that rests on a generic symptom ranks later
    # The observed message behind the hit is one many causes print ("CUDA backend failed to initialize",
    # "is_available() False"): it does not confirm this cause over one the facts show, and ranks late.
    generic: bool = False
    # Overrides the rule's severity: a situation that is information where software routes around it (GeForce cards
    # without peer-to-peer) is an error where a program stops on it.
    severity: Optional[str] = None


GENERIC_PRIORITY = 85  # where a hit resting on a generic message ranks among unconfirmed findings


@dataclass(frozen=True)
class Rule:
    code: str
    slug: str
    severity: str
    title: str
    check: Callable[["Context", List[str]], Iterable[Hit]]
    signatures: Tuple[str, ...] = ()
    priority: int = 50  # among findings of one severity: lower is more fundamental, shown first
    references: Tuple[str, ...] = ()
    scope: str = "runtime"  # what the problem stops: one of SCOPES

    @property
    def doc(self) -> Dict[str, str]:
        return parse_doc(self.check.__doc__ or "")

    def matches(self, text: str) -> bool:
        return any(re.search(pattern, text, re.I) for pattern in self.signatures)


def rule(code: str, slug: str, severity: str, title: str, signatures: Sequence[str] = (), priority: int = 50,
         references: Sequence[str] = (), scope: str = "runtime"):
    """Make a Rule from a check function; the function's docstring is the rule's documentation."""
    if scope not in SCOPES:
        raise ValueError(f"{code}: scope {scope!r} is not one of {SCOPES}")

    def wrap(check):
        return Rule(code, slug, severity, title, check, tuple(signatures), priority, tuple(references), scope)

    return wrap


@functools.lru_cache(maxsize=None)
def _compiled_one(pattern: str) -> "re.Pattern[str]":
    """A signature pattern compiled on its own, once per process: many sets share a pattern."""
    return re.compile(pattern, re.I)


@functools.lru_cache(maxsize=None)
def _anchors_of(pattern: str) -> Optional[Tuple[str, ...]]:
    """The pattern's literal anchors (_anchors), looked up or worked out once per process."""
    return _anchors.of_signature(pattern)


def parse_doc(text: str) -> Dict[str, str]:
    """Split a rule docstring into its headed sections ("Symptom:", "Why:", ...)."""
    sections: Dict[str, List[str]] = {}
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        heading = next((h for h in DOC_HEADINGS if line == f"{h}:"), None)
        if heading:
            current = heading
            sections[current] = []
        elif current is not None:
            sections[current].append(line)
    return {k: _reflow(v) for k, v in sections.items()}


def _reflow(lines: List[str]) -> str:
    """Docstring lines joined into paragraphs (blank lines separate paragraphs)."""
    paragraphs, current = [], []
    for line in lines:
        if line:
            current.append(line)
        elif current:
            paragraphs.append(" ".join(current))
            current = []
    if current:
        paragraphs.append(" ".join(current))
    return "\n\n".join(paragraphs)


def older_than(release: str, than: str) -> Optional[bool]:
    """Whether a release is older than another; None when it is not stated or not a version."""
    try:
        return Version(release) < Version(than) if release else None
    except InvalidVersion:
        return None


def first_match(pattern: "re.Pattern[str]", lines: Iterable[str]) -> Optional["re.Match[str]"]:
    """The first match of a pattern in lines, in their order: the first line that names a value wins."""
    for line in lines:
        found = pattern.search(line)
        if found:
            return found
    return None


# A Jetson as people name it: the board family, JetPack and its apt package, L4T, the Tegra SoC.
JETSON_WORDS = (r"\bJetson\b|\bJetPack\b|\bnvidia-jetpack\b|\bL4T\b|\btegra\b|\bXavier\b|\bTX2\b|"
                r"\b(?:AGX|Jetson)\s+Orin\b|\bOrin\s+Nano\b")


def _jetson(ctx: "Context") -> str:
    if ctx.facts.system.l4t_release:
        return f"L4T R{ctx.facts.system.l4t_release}"
    said = ctx.observed([JETSON_WORDS])
    return said[0].strip()[:160] if said else ""


class Context:
    """What a check sees: the facts, the matrix, and derived views several rules share."""

    def __init__(self, facts: HostFacts, matrix: Matrix):
        self.facts = facts
        self.matrix = matrix
        self.observations = [o.text for o in facts.observations]
        self._shared: Dict[str, Any] = {}
        self._observed: Dict[Tuple[str, ...], List[str]] = {}
        self._folded: Optional[Tuple[str, List[int]]] = None
        self._anchor_lines: Dict[str, List[int]] = {}
        self._pattern_lines: Dict[str, List[int]] = {}

    def shared(self, name: str, compute: Callable[["Context"], Any]) -> Any:
        """A derived view computed once per run, for the rules that each need it (FW002 and FW003 read the
        same GPU-support findings; DRV005 and DRV010 the same container judgement)."""
        if name not in self._shared:
            self._shared[name] = compute(self)
        return self._shared[name]

    def observed(self, patterns: Sequence[str]) -> List[str]:
        """The lines any of the patterns matches. Kept per pattern set for the run: several rules ask for the same
        set (a rule's own signatures, a shared symptom), and a long paste costs one pass per set."""
        if not patterns or not self.observations:
            return []
        key = tuple(patterns)
        if key not in self._observed:
            self._observed[key] = self._matching(key)
        return list(self._observed[key])

    def _matching(self, key: Tuple[str, ...]) -> List[str]:
        """The lines any pattern of the set matches, in the paste's order."""
        found: set = set()
        for pattern in key:
            found.update(self._lines_matching(pattern))
        return [self.observations[i] for i in sorted(found)]

    def _lines_matching(self, pattern: str) -> List[int]:
        """The indexes of the lines one pattern matches, kept for the run. The pattern runs only on the lines that
        hold one of its anchors, and is compiled only when some line does: most patterns' anchors are absent from
        any one paste, and compiling is most of what a long paste costs."""
        if pattern not in self._pattern_lines:
            anchors = _anchors_of(pattern)
            if anchors is None:
                candidates: Iterable[int] = range(len(self.observations))
            else:
                candidates = sorted({i for anchor in anchors for i in self._lines_holding(anchor)})
            compiled = _compiled_one(pattern) if candidates else None
            self._pattern_lines[pattern] = [i for i in candidates if compiled.search(self.observations[i])]
        return self._pattern_lines[pattern]

    def _lines_holding(self, anchor: str) -> List[int]:
        """The indexes of the lines that hold the anchor, found with str.find on the casefolded text (one pass
        per anchor, shared by every pattern set that has it)."""
        if anchor not in self._anchor_lines:
            blob, starts = self._folded_text()
            found = []
            at = blob.find(anchor)
            while at >= 0:
                line = bisect.bisect_right(starts, at) - 1
                found.append(line)
                if line + 1 >= len(starts):
                    break
                at = blob.find(anchor, starts[line + 1])
            self._anchor_lines[anchor] = found
        return self._anchor_lines[anchor]

    def _folded_text(self) -> Tuple[str, List[int]]:
        """The observed lines casefolded (_anchors.fold) and joined, with where each line starts in the join."""
        if self._folded is None:
            folded = [_anchors.fold(text) for text in self.observations]
            starts, offset = [], 0
            for text in folded:
                starts.append(offset)
                offset += len(text) + 1
            self._folded = ("\n".join(folded), starts)
        return self._folded

    @property
    def distro(self) -> str:
        from envcheck.distro import family

        return family(self.facts)

    def driver_version(self) -> str:
        """The driver version from whichever source has it: NVML, the kernel module, user space."""
        f = self.facts
        return f.gpus.driver_version or f.driver.kernel_module_version or f.driver.userspace_version or ""

    def program_cuda(self) -> str:
        """The CUDA the program is built for: the one the report names, else a framework build's, else the runtime a
        program's own log says it loaded (TensorFlow's "Successfully opened dynamic library libcudart.so.10.0")."""
        runtime = self.reported_runtime()
        return self.facts.cuda.stated_version or next((f.build_cuda for f in self.facts.frameworks.installed
                                                       if f.build_cuda), "") or (runtime.version if runtime else "")

    def reported_runtime(self):
        """The CUDA runtime a program says it uses (numba -s, Warp's banner, TensorFlow's loader), or None."""
        return next((lib for lib in self.facts.libraries.found if lib.name == "cudart" and lib.kind == "reported"
                     and lib.version), None)

    def toolkit_cuda(self) -> str:
        """The CUDA toolkit this machine has: the nvcc on PATH, else the CUDA the report says is installed."""
        return self.facts.cuda.nvcc_on_path_version or self.facts.cuda.stated_version

    def listed_gpu_count(self) -> int:
        """How many GPUs a listing (NVML, nvidia-smi, collect_env, lspci) shows. A GPU named in a sentence ("training on
        a 4090") says which model the machine has, not how many."""
        return len([gpu for gpu in self.facts.gpus.devices if PROSE_SOURCE not in gpu.source])

    def gpu_models(self) -> List[Dict[str, Any]]:
        """Every GPU with its name, compute capability and architecture (matrix.gpu_models)."""
        return gpu_models(self.matrix, self.facts)

    def _gpu_row(self, name: str = None, pci: str = None) -> Optional[Dict[str, Any]]:
        from envcheck.matrix import QueryError

        try:
            return self.matrix.gpu(name=name) if name else self.matrix.gpu(pci_device_id=pci)
        except QueryError:
            return None

    def framework(self, name: str):
        return next((f for f in self.facts.frameworks.installed if f.name == name), None)

    def jetson(self) -> str:
        """What says this is a Jetson (its L4T release, or the board or JetPack named in the input), or "".
        A Jetson's CUDA, cuDNN and framework builds come with JetPack, not from the x86-64 channels."""
        return self.shared("jetson", _jetson)

    def has_nvidia_gpu(self) -> Optional[bool]:
        """True / False when the facts say, None when they do not know."""
        if self.facts.gpus.devices or any(d.kind == "gpu" for d in self.facts.pci.devices):
            return True
        if self.facts.pci.status == "ok" and self.facts.gpus.status in ("absent", "error", "unknown") \
                and not self.facts.system.wsl:
            return False
        return None


from envcheck.rules import container, driver, frameworks, gpu, libraries, smoke, system, toolkit  # noqa: E402

RULES: Tuple[Rule, ...] = (
    *driver.RULES,
    *gpu.RULES,
    *frameworks.RULES,
    *libraries.RULES,
    *toolkit.RULES,
    *container.RULES,
    *system.RULES,
    *smoke.RULES,
)


def run(facts: HostFacts, matrix: Matrix, select: Sequence[str] = (), ignore: Sequence[str] = ()) -> List[Finding]:
    """Every finding for these facts, most important first.

    Order: severity; then findings that an observed error message confirms; then the rule's
    priority (root causes before their consequences); then code.
    """
    ctx = Context(facts, matrix)
    prose = _prose_lines(facts)
    ranked: List[Tuple[Tuple[int, int, int, str], Finding]] = []
    for item in RULES:
        if select and not _named(item, select):
            continue
        if ignore and _named(item, ignore):
            continue
        seen = ctx.observed(item.signatures) if item.signatures else []
        for hit in item.check(ctx, seen):
            confirmed = hit.confirmed or (bool(seen) and not hit.generic)
            severity = hit.severity or item.severity
            finding = Finding(code=item.code, slug=item.slug, severity=severity, title=item.title,
                              message=hit.message, evidence=hit.evidence, fix=hit.fix,
                              references=list(hit.references) or list(item.references), scope=item.scope)
            if seen:
                finding.evidence.setdefault("observed", seen[:3])
            if hit.generic:
                finding.confidence = "likely"
            stated = _stated_in_prose(prose, finding.evidence)
            if stated:
                finding.evidence["stated_in_prose"] = stated
                finding.confidence = "likely"
            priority = hit.priority if hit.priority is not None else GENERIC_PRIORITY if hit.generic else item.priority
            ranked.append(((SEVERITY_ORDER[severity], 0 if confirmed else 1, priority, item.code), finding))
    ranked.sort(key=lambda pair: pair[0])
    findings = [finding for _, finding in ranked]
    if not any(f.severity in (ERROR_SEVERITY, WARNING) for f in findings) and not select:
        findings += suspected(ctx, ignore)
    return findings


# Lines that name no error, whatever their words: a short "Name : value" field of a tool's report
# (nvidia-smi -q's "Correctable Error : 0"), and a warning ("[WARNING] async_io requires ... not
# found" in ds_report, "RuntimeWarning: ..."), which a run survives; a program's --help text
# ("-p, --reset-ecc-errors= Reset ECC error counts").
NOT_AN_ERROR = re.compile(r"^[A-Z][\w ()/.-]*\s:\s*(?:\S+\s*){0,3}$|^-\w, --[\w-]+|\[WARN(?:ING)?\]|^\W*(?:WARNING\b|\w*Warning:)")
# A program's words for running without the GPU it was meant to use (bark's "No GPU being used", whisper's "FP16 is
# not supported on CPU", JAX's "No GPU/TPU found, falling back to CPU", text-generation-webui's "no GPU has been
# detected. Falling back to CPU mode", Paddle's "CPU device will be used by default", DeePMD's "Count of visible GPU:
# 0", Folding@home's "No CUDA or OpenCL 1.2+ support detected for GPU slot", Stable Diffusion web UI's "Torch is not
# able to use GPU", llama.cpp's "no usable GPU found, --gpu-layers option will be ignored", docling's "CUDA is not
# available in the system. Fall back to 'CPU'", a quoted device name as in "Falling back to 'cpu'"). Programs print
# them as warnings, since the run goes on, and so does xmrig's summary row "CUDA disabled (no devices)" (its CUDA plugin
# found no GPU it can use: xmrig/xmrig-cuda builds on a driver too old for them, a GPU too old for their CUDA). Such
# lines are the user's complaint, and count as an error however they are worded. So does the user's own word for it
# ("It works just by using cpu", "the program doesn't use my GPU").
GPU_UNUSED = re.compile(r"\bno (?:NVIDIA |CUDA |compatible |usable )?GPUs?(?:/TPU)? (?:is |are )?"
                        r"(?:being used|(?:has |have )?(?:been |were )?(?:detected|found|available|discovered))|"
                        r"\b(?:fall(?:ing|s)? ?back|switch(?:ing|ed)?|default(?:ing|s)?) to (?:the )?['\"]?CPU|"
                        r"(?<!\d )\bCPU (?:device )?will be used\b|"
                        r"\b(?:use|using|run(?:ning)?(?: on)?) (?:the )?CPU (?:instead|now)\b|"
                        r"\b(?:not supported|slow) on CPU\b|\bnot able to use (?:the )?GPU\b|"
                        r"\bcount of visible GPUs?:\s*0\b|\bno (?:CUDA|GPU)\b.{0,40}\bsupport detected\b|"
                        r"\b(?:works?|runs?|running|trains?|training) (?:just |only )?(?:by )?(?:using |on )"
                        r"(?:the )?CPU\b|"
                        r"(?:does\s*n[o']?t|do\s*n[o']?t|never|can\s*not|can't|won't)\s+(?:use|detect|utili[sz]e)\w*"
                        r"\s+(?:my\s+|the\s+|any\s+)?(?:\w+\s+)?GPUs?\b|"
                        r"\bCUDA\s+disabled \(no devices?\)", re.I)


def suspected(ctx: Context, ignore: Sequence[str] = ()) -> List[Finding]:
    """An error in the input that no rule explains never gets "no problems found": the causes the
    corpus saw most often for that kind of error, marked "possible", each with the command whose
    output settles it."""
    error_class, line, rows = ctx.matrix.suspects([text for text in ctx.observations
                                                   if GPU_UNUSED.search(text) or not NOT_AN_ERROR.search(text)])
    out = []
    for row in rows:
        item = by_slug(row["slug"])
        if ignore and _named(item, ignore):
            continue
        share = f"{row['cases']:.0f} of {row['class_cases']:.0f}"
        out.append(Finding(code=item.code, slug=item.slug, severity=WARNING, title=item.title,
                           message=f"possible cause ({share} corpus reports with this kind of error had it); run the "
                                   "check below and envcheck doctor again with its output",
                           evidence={"error": line, "error_class": error_class, "corpus_reports": share},
                           fix=[row["check"]], references=list(item.references), scope=item.scope,
                           confidence="possible"))
    return out


def _prose_lines(facts: HostFacts) -> List[str]:
    """The lines of a paste that facts were read from as words, not as tool output."""
    sources = [g.source for g in facts.gpus.devices]
    for name in ("system", "gpus", "python", "frameworks"):
        sources += getattr(facts, name).sources
    sources += [f.source for f in facts.frameworks.installed]
    sources += [facts.cuda.stated_source] + [lib.source for lib in facts.libraries.found]
    lines = []
    for source in sources:
        if PROSE_SOURCE in source:
            line = source.split(PROSE_SOURCE, 1)[1].strip("'")
            if line not in lines:
                lines.append(line)
    return lines


def _stated_in_prose(lines: List[str], evidence: Dict[str, Any]) -> List[str]:
    """The prose lines an evidence value was read from: a finding that rests on words says so."""
    values = [str(v) for v in evidence.values() if isinstance(v, (str, int, float)) and len(str(v)) >= 3]
    # evidence that names its source: a prose source names its line
    named = [v.split(PROSE_SOURCE, 1)[1].strip("'") for v in values if PROSE_SOURCE in v]
    return [line for line in lines if line in named or any(value in line for value in values)]


def _named(item: Rule, names: Sequence[str]) -> bool:
    wanted = {n.strip().lower() for n in names if n.strip()}
    return item.code.lower() in wanted or item.slug in wanted or any(item.code.lower().startswith(w) for w in wanted
                                                                      if w.isalpha())


def find(query: str) -> List[Rule]:
    """Rules for `envcheck explain`: by code, by slug, or by an error message they recognise."""
    text = query.strip()
    exact = [r for r in RULES if r.code.lower() == text.lower() or r.slug == text.lower()]
    if exact:
        return exact
    return [r for r in RULES if r.matches(text)]


def by_slug(slug: str) -> Rule:
    return next(r for r in RULES if r.slug == slug)
