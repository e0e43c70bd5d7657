"""Renderers: turn facts into what a person reads on a terminal.

Only this module (and cli.py) prints; rich is imported inside the functions so that
`envcheck --help` does not pay for it.
"""

from __future__ import annotations

from typing import List, Tuple

from envcheck.model import ABSENT, OK, HostFacts


def make_console(**options):
    """The rich console every human-readable output goes through. Emoji codes are off: data such
    as the PCI address 0000:ab:00.0 holds ':ab:', which rich would print as an emoji."""
    from rich.console import Console

    return Console(emoji=False, **options)


def gib(value) -> str:
    return f"{value / 1024 ** 3:.1f} GiB" if isinstance(value, (int, float)) else "?"


def inspect_rows(facts: HostFacts) -> List[Tuple[str, str, str]]:
    """(area, status, summary) rows of the inspect summary, in reading order."""
    rows: List[Tuple[str, str, str]] = []
    s = facts.system
    where = f" in {facts.container.runtime} container" if facts.container.inside else ""
    wsl = f", WSL{s.wsl}" if s.wsl else ""
    rows.append(("system", s.status, f"{s.distro_name or s.distro_id} {s.arch}, kernel {s.kernel}{wsl}{where}; "
                                     f"{s.cpu_cores or '?'} CPUs, {gib(s.ram_bytes)} RAM, /dev/shm {gib(s.shm.size_bytes)}"
                                     f"{'' if s.shm.writable is not False else ' (not writable)'}; glibc {s.glibc or '?'}; "
                                     f"secure boot {s.secure_boot or 'unknown'}; IOMMU {s.iommu or 'unknown'}"))
    gpus = [d for d in facts.pci.devices if d.kind == "gpu"]
    switches = [d for d in facts.pci.devices if d.kind == "nvswitch"]
    bus = ", ".join(f"{d.address} {d.device_id} ({d.driver or 'no driver'})" for d in gpus) or "no NVIDIA GPU on the PCI bus"
    if switches:
        bus += f"; {len(switches)} NVSwitch"
    rows.append(("pci", facts.pci.status, facts.pci.reason or bus))
    d = facts.driver
    if d.status == OK:
        loaded = ", ".join(m for m, on in d.loaded_modules.items() if on) or "none"
        text = (f"kernel module {d.kernel_module_version or 'not loaded'} ({d.kernel_module_flavor or 'flavor unknown'}), "
                f"user-space {d.userspace_version or 'unknown'}; modules loaded: {loaded}")
        if d.fabric_manager.installed is not None:
            text += f"; fabric manager {'running' if d.fabric_manager.running else 'not running'}"
    else:
        text = d.reason
    rows.append(("driver", d.status, text))
    g = facts.gpus
    if g.devices:
        text = f"driver {g.driver_version} (CUDA {g.cuda_driver_version}) via {g.backend}: " + "; ".join(
            f"[{x.index}] {x.name} sm_{x.compute_capability.replace('.', '') or '?'} {gib(x.memory_total_bytes)}"
            for x in g.devices)
    else:
        text = g.reason
    rows.append(("gpus", g.status, text))
    c = facts.cuda
    kits = ", ".join(f"{t.version or '?'} at {t.path}" for t in c.toolkits) or "no toolkit"
    api = c.driver_api
    api_text = (f"cuInit {api.cuinit_code} {api.cuinit_name}, {api.device_count} device(s)" if api.status == OK
                else api.reason)
    rows.append(("cuda", c.status, f"toolkits: {kits}; nvcc on PATH: {c.nvcc_on_path or 'none'}"
                                   f"{' (' + c.nvcc_on_path_version + ')' if c.nvcc_on_path_version else ''}; "
                                   f"driver API: {api_text}"))
    libs = ", ".join(f"{lib.name} {lib.version or '?'} ({lib.kind})" for lib in facts.libraries.found)
    rows.append(("libraries", facts.libraries.status, libs or facts.libraries.reason))
    p = facts.python
    env = f", venv {p.virtualenv}" if p.virtualenv else (f", conda {p.conda_env}" if p.conda_env else "")
    dists = ", ".join(f"{x.name} {x.version}" for x in p.distributions)
    rows.append(("python", p.status, f"{p.implementation} {p.version} at {p.executable}{env}; {dists or 'no GPU packages'}"
                 if p.status == OK else p.reason))
    fws = []
    for f in facts.frameworks.installed:
        build = f"CUDA {f.build_cuda}" if f.build_cuda else "CPU-only build"
        deep = ""
        if f.deep is not None:
            deep = (f"; sees {f.deep.device_count} GPU(s)" if f.deep.status == OK else f"; import failed: {f.deep.reason}")
        fws.append(f"{f.name} {f.version} ({build}){deep}")
    rows.append(("frameworks", facts.frameworks.status, "; ".join(fws) or facts.frameworks.reason))
    vars_ = facts.env.variables
    shown = {k: v for k, v in vars_.items() if k not in ("PATH",)}
    rows.append(("env", facts.env.status, ", ".join(f"{k}={v}" for k, v in shown.items()) or "nothing GPU-related set"))
    ct = facts.container
    rows.append(("container", ct.status, f"inside {ct.runtime} ({'; '.join(ct.evidence)})" if ct.inside
                 else "not in a container"))
    dk = facts.docker
    if dk.status == OK:
        text = (f"engine {dk.server_version} at {dk.endpoint}; runtimes {', '.join(dk.runtimes) or 'none'} "
                f"(default {dk.default_runtime}); nvidia runtime {'yes' if dk.nvidia_runtime else 'no'}")
    else:
        text = dk.reason
    tools = ", ".join(f"{t.name} {t.version}" for t in dk.toolkit)
    if tools:
        text += f"; container toolkit: {tools}"
    rows.append(("docker", dk.status, text))
    return rows


def render_inspect(facts: HostFacts, console) -> None:
    from rich.table import Table

    table = Table(title=f"envcheck inspect ({facts.root})", show_lines=False, expand=True)
    table.add_column("area", style="bold", no_wrap=True)
    table.add_column("status", no_wrap=True)
    table.add_column("what envcheck found", overflow="fold")
    styles = {OK: "green", ABSENT: "yellow"}
    for area, status, text in inspect_rows(facts):
        table.add_row(area, f"[{styles.get(status, 'red')}]{status}[/]", _escape(text))
    console.print(table)
    for error in facts.probe_errors:
        console.print(f"[red]probe {error.probe}[/]: {_escape(error.reason)} ({error.seconds:.1f} s)")


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def render_matrix_rows(table: str, rows, fields, console) -> None:
    from rich.table import Table

    columns = [name for name in fields if any(name in row for row in rows)
               and not name.endswith("_source")][:9]
    view = Table(title=f"matrix: {table} ({len(rows)} rows)", expand=True)
    for name in columns:
        view.add_column(name, overflow="fold")
    for row in rows:
        view.add_row(*(_escape(_cell(row.get(name))) for name in columns))
    console.print(view)


def _cell(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_cell(v)}" for k, v in value.items())
    return str(value)


def render_compat(answer, console) -> None:
    from rich.table import Table

    head = f"driver {answer['driver'] or 'none'}"
    if answer["gpu"]:
        head += f", {answer['gpu']} (compute capability {answer['compute_capability'] or 'unknown'})"
    if answer["python"]:
        head += f", Python {answer['python']}"
    console.print(_escape(head))
    if answer["driver"]:
        console.print(f"newest CUDA this driver runs: {answer['newest_cuda'] or 'none known'} "
                      f"(with minor-version compatibility: {answer['newest_cuda_minor_compat'] or 'none known'})")
    for name in ("torch", "tensorflow", "jax"):
        view = Table(title=name, expand=True)
        view.add_column("version", no_wrap=True)
        view.add_column("use", no_wrap=True)
        view.add_column("why")
        for item in answer[name]:
            use = item.get("variant") or item.get("plugin") or item.get("cuda") or "-"
            mark = use if item["usable"] else f"[red]no[/] ({use})" if item.get("variant") else "[red]no[/]"
            why = item["why"]
            if item.get("excluded"):
                why += "; excluded: " + "; ".join(f"{k}: {v}" for k, v in item["excluded"].items())
            view.add_row(item["version"], mark, _escape(why))
        console.print(view)


# --- doctor ----------------------------------------------------------------------------------

DOCTOR_SCHEMA_VERSION = "2"  # 2: each finding has scope and confidence


def summary(findings) -> dict:
    counts = {"errors": 0, "warnings": 0, "infos": 0}
    for finding in findings:
        counts[{"error": "errors", "warning": "warnings", "info": "infos"}[finding.severity]] += 1
    return counts


def verdict(findings) -> str:
    if findings and all(f.confidence == "possible" for f in findings):
        return (f"not sure: an error in the input that nothing here explains; {len(findings)} possible cause(s), "
                "each with the command whose output settles it")
    counts = summary(findings)
    if counts["errors"]:
        return (f"not ready: {counts['errors']} error(s), {counts['warnings']} warning(s); "
                f"start with {findings[0].code} {findings[0].slug}")
    if counts["warnings"]:
        return f"usable with {counts['warnings']} warning(s)"
    return "no problems found"


def doctor_document(facts, findings) -> dict:
    import dataclasses

    return {"schema_version": DOCTOR_SCHEMA_VERSION, "envcheck_version": facts.envcheck_version,
            "facts": facts.to_dict(), "findings": [dataclasses.asdict(f) for f in findings],
            "summary": summary(findings), "verdict": verdict(findings)}


def render_doctor(facts, findings, console) -> None:
    """The findings for a terminal. Only the styles written here colour it: rich's automatic highlighting of numbers,
    paths and quoted words (highlight=False) would colour every version in the messages at random, and on a long
    paste's findings it is half of what printing them costs."""
    styles = {"error": "bold red", "warning": "yellow", "info": "cyan"}
    where = ", ".join(facts.inputs) if facts.inputs else (facts.root or "/")
    console.print(f"envcheck doctor: {_escape(where)}", highlight=False)
    for severity in ("error", "warning", "info"):
        group = [f for f in findings if f.severity == severity]
        if not group:
            continue
        console.print(f"\n[{styles[severity]}]{severity.upper()}S[/]", highlight=False)
        for finding in group:
            # one print per finding and one for its fix: each print costs rich as much as a short report's text
            sure = "" if finding.confidence == "confirmed" else f" [dim]({finding.confidence})[/]"
            lines = [f"[{styles[severity]}]{finding.code}[/] [bold]{finding.slug}[/]{sure}: {_escape(finding.title)}",
                     f"  {_escape(finding.message)}"]
            evidence = {k: v for k, v in finding.evidence.items() if v not in (None, "", [], {})}
            lines += [f"  [dim]{_escape(key)}: {_escape(_cell(value))[:300]}[/]"
                      for key, value in list(evidence.items())[:6]]
            if finding.fix:
                lines.append("  fix:")
            console.print("\n".join(lines), highlight=False)
            if finding.fix:
                console.print("\n".join(f"    {_escape(step)}" for step in finding.fix), soft_wrap=True,
                              highlight=False)
    console.print(f"\nverdict: {verdict(findings)}", highlight=False)


def doctor_markdown(facts, findings) -> str:
    """For pasting into an issue: a summary line, then one section per finding."""
    lines = ["## envcheck doctor", "", f"**Verdict:** {verdict(findings)}", ""]
    gpus = ", ".join(g.name for g in facts.gpus.devices) or "none seen"
    lines += [f"- GPUs: {gpus}", f"- Driver: {facts.gpus.driver_version or facts.driver.kernel_module_version or 'unknown'}",
              "- Frameworks: " + (", ".join(f"{f.name} {f.version}" for f in facts.frameworks.installed) or "none seen"),
              ""]
    for finding in findings:
        sure = "" if finding.confidence == "confirmed" else f" ({finding.confidence})"
        lines += [f"### {finding.severity}: `{finding.code}` {finding.slug}{sure}", "", finding.message, ""]
        evidence = {k: v for k, v in finding.evidence.items() if v not in (None, "", [], {})}
        if evidence:
            lines += [f"- `{k}`: {_cell(v)}" for k, v in evidence.items()] + [""]
        if finding.fix:
            lines += ["```sh", *finding.fix, "```", ""]
        if finding.references:
            lines += ["See: " + ", ".join(finding.references), ""]
    return "\n".join(lines).rstrip() + "\n"


def render_rule_doc(item, console) -> None:
    console.print(f"[bold]{item.code} {item.slug}[/] ({item.severity}): {_escape(item.title)}")
    for heading, text in item.doc.items():
        console.print(f"\n[bold]{heading}[/]")
        console.print(_escape(text))
    if item.references:
        console.print("\n[bold]References[/]")
        for ref in item.references:
            console.print(f"  {ref}")


# --- smoke and certify ---------------------------------------------------------------------------

def smoke_document(device: str, profile: str, results) -> dict:
    import dataclasses

    return {"device": device, "profile": profile,
            "results": [{k: v for k, v in dataclasses.asdict(r).items() if k not in ("device", "stderr_tail")}
                        | ({"stderr_tail": r.stderr_tail} if r.status in ("fail", "error", "timeout") else {})
                        for r in results]}


def smoke_line(result) -> str:
    """One plain line per finished step, for logs that are not a terminal."""
    return f"{result.status.upper():8s} {result.name:7s} {result.seconds:6.1f} s  {result.message}"


def junit_xml(cert: dict) -> str:
    """JUnit XML (the schema Jenkins and GitLab read): one testcase per check."""
    import xml.etree.ElementTree as ET

    items = cert["checks"]
    counts = {"failures": sum(c["status"] == "fail" for c in items),
              "errors": sum(c["status"] in ("error", "timeout") for c in items),
              "skipped": sum(c["status"] == "skip" for c in items)}
    total = sum(c.get("seconds", 0.0) or 0.0 for c in items)
    root = ET.Element("testsuites", name="envcheck certify", tests=str(len(items)), time=f"{total:.3f}",
                      **{k: str(v) for k, v in counts.items()})
    suite = ET.SubElement(root, "testsuite", name=f"envcheck certify ({cert['device']}, {cert['profile']})",
                          tests=str(len(items)), time=f"{total:.3f}", timestamp=cert["created_at"][:19],
                          **{k: str(v) for k, v in counts.items()})
    properties = ET.SubElement(suite, "properties")
    fp = cert["fingerprint"]
    for name, value in (("verdict", cert["verdict"]), ("driver", fp.get("driver") or ""),
                        ("gpus", ", ".join(f"{g['name']} {g['uuid']}" for g in fp.get("gpus", []))),
                        ("frameworks", ", ".join(f"{k} {v}" for k, v in fp.get("frameworks", {}).items()))):
        ET.SubElement(properties, "property", name=name, value=str(value))
    for check in items:
        case = ET.SubElement(suite, "testcase", classname=f"envcheck.{check['kind']}", name=check["name"],
                             time=f"{check.get('seconds', 0.0) or 0.0:.3f}")
        status, message = check["status"], check["message"] or check["status"]
        if status == "fail":
            ET.SubElement(case, "failure", message=message[:1000], type="fail").text = message
        elif status in ("error", "timeout"):
            ET.SubElement(case, "error", message=message[:1000], type=status).text = message
        elif status == "skip":
            ET.SubElement(case, "skipped", message=message[:1000])
        if check.get("metrics"):
            import json

            ET.SubElement(case, "system-out").text = json.dumps(check["metrics"], sort_keys=True)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def certificate_markdown(cert: dict) -> str:
    """For GitHub's step summary ($GITHUB_STEP_SUMMARY)."""
    mark = {"pass": "✅", "fail": "❌", "warn": "⚠️", "info": "ℹ️", "skip": "⏭️", "timeout": "⏱️", "error": "💥"}
    fp = cert["fingerprint"]
    lines = [f"## envcheck certify: **{cert['verdict']}**", "",
             f"device `{cert['device']}`, profile `{cert['profile']}`, envcheck {cert['envcheck_version']}", "",
             f"- GPUs: {', '.join(g['name'] for g in fp.get('gpus', [])) or 'none'}",
             f"- Driver: {fp.get('driver') or 'none'} (CUDA {fp.get('driver_cuda') or '-'})",
             "- Frameworks: " + (", ".join(f"{k} {v}" for k, v in fp.get("frameworks", {}).items()) or "none"), "",
             "| check | result | value | threshold | message |", "| --- | --- | --- | --- | --- |"]
    for check in cert["checks"]:
        threshold = check["threshold"]
        if isinstance(threshold, dict):
            threshold = ", ".join(f"{k}={v}" for k, v in threshold.items())
        message = str(check["message"]).replace("|", "\\|").replace("\n", " ")
        lines.append(f"| {check['name']} | {mark.get(check['status'], '')} {check['status']} | "
                     f"{'' if check['value'] is None else check['value']} | {threshold or ''} | {message} |")
    gpus = cert.get("gpus", [])
    if gpus:
        lines += ["", "| GPU | UUID | covered by |", "| --- | --- | --- |"]
        for gpu in gpus:
            covered = ", ".join(gpu["covered_by"]) or gpu.get("excluded", "") or "nothing"
            lines.append(f"| {gpu['index']} {gpu['name']} | {gpu['uuid']} | {covered} |")
    if cert.get("not_judged"):
        lines += ["", "**Measured but not judged:**", ""] + [f"- {text}" for text in cert["not_judged"]]
    if cert["reasons"]:
        lines += ["", "**Why not certified:**", ""] + [f"- {reason}" for reason in cert["reasons"]]
    return "\n".join(lines) + "\n"
