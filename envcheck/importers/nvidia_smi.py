"""nvidia-smi as pasted: the default table, `nvidia-smi -q` text, and `nvidia-smi -q -x` XML."""

from __future__ import annotations

import re
from typing import List

from envcheck.importers._facts import mark, set_once
from envcheck.model import NOT_SUPPORTED, HostFacts
from envcheck.model import Gpu
from envcheck.probes.gpus import parse_nvidia_smi_xml

# "| NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: 12.2 |" (CUDA Version since 410)
HEADER = re.compile(r"NVIDIA-SMI\s+([\d.]+)\s+Driver Version:\s*([\d.]+)(?:\s+CUDA Version:\s*([\d.]+|N/A))?")
# "|   0  NVIDIA GeForce RTX 3090     Off | 00000000:01:00.0  On |                  N/A |"; on Windows
# the driver model stands where Linux shows persistence mode, and long names are cut:
# "|   0  NVIDIA GeForce RTX 3060 ...  WDDM  | 00000000:2B:00.0  On |                  N/A |".
GPU_ROW = re.compile(r"^\|\s+(\d+)\s+(.+?)\s+(On|Off|WDDM|TCC)\s+\|\s+"
                     r"([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d)\s+(On|Off|N/A)\s+\|\s+(\S+)\s*\|")
# Drivers before 340 print N/A where later ones say whether a display is attached.
# The row under it: "| 30%   35C    P8    10W / 250W |      2MiB / 11178MiB |      0%      Default |"
MEMORY = re.compile(r"\|\s*[\d]+MiB\s*/\s*(\d+)MiB\s*\|")
# Drivers from 450 on add a third row to each GPU when the header has "MIG M.": "|   |   |   Enabled |".
MIG_CELL = re.compile(r"^\|\s+\|\s+\|\s+(Enabled|Disabled)\s+\|$")


def read(lines: List[str], facts: HostFacts, source: str) -> None:
    text = "\n".join(lines)
    if "<nvidia_smi_log" in text:
        _xml(text, facts, source)
    for index, line in enumerate(lines):
        header = HEADER.search(line)
        if header:
            mark(facts.gpus, f"{source}: nvidia-smi")
            set_once(facts.gpus, "driver_version", header.group(2))
            if header.group(3) and header.group(3) != "N/A":
                set_once(facts.gpus, "cuda_driver_version", header.group(3))
            set_once(facts.gpus, "backend", "nvidia-smi")
            continue
        row = GPU_ROW.match(line.strip())
        if row:
            _table_gpu(row, lines[index + 1:index + 3], facts, source)
    _query_text(lines, facts, source)
    _query_csv(lines, facts, source)
    _gpu_list(lines, facts, source)


def _xml(text: str, facts: HostFacts, source: str) -> None:
    start = text.find("<?xml") if "<?xml" in text else text.find("<nvidia_smi_log")
    end = text.find("</nvidia_smi_log>")
    if start < 0 or end < 0:
        return
    parsed = parse_nvidia_smi_xml(text[start:end + len("</nvidia_smi_log>")])
    if parsed.status == "error":
        return
    mark(facts.gpus, f"{source}: nvidia-smi -q -x")
    set_once(facts.gpus, "driver_version", parsed.driver_version)
    set_once(facts.gpus, "cuda_driver_version", parsed.cuda_driver_version)
    set_once(facts.gpus, "backend", "nvidia-smi")
    if not facts.gpus.devices:
        facts.gpus.devices = parsed.devices


def _table_gpu(row, following: List[str], facts: HostFacts, source: str) -> None:
    index = int(row.group(1))
    if any(g.index == index and g.source.startswith(source) for g in facts.gpus.devices):
        return
    gpu = Gpu(index=index, name=row.group(2).strip(), pci_bus_id=row.group(4), source=f"{source}: nvidia-smi table")
    if row.group(3) in ("On", "Off"):  # WDDM/TCC: a Windows driver model, no persistence mode
        gpu.persistence_mode = "enabled" if row.group(3) == "On" else "disabled"
    ecc = row.group(6)
    if ecc.isdigit():
        gpu.ecc_errors_volatile_uncorrected = int(ecc)
    elif ecc == "N/A":
        gpu.ecc_errors_volatile_uncorrected = NOT_SUPPORTED
    memory = MEMORY.search(following[0]) if following else None
    if memory:
        gpu.memory_total_bytes = int(memory.group(1)) * 1024 * 1024
    mig = MIG_CELL.match(following[1].strip()) if len(following) > 1 else None
    if mig:
        gpu.mig_mode_current = mig.group(1).lower()
    mark(facts.gpus, f"{source}: nvidia-smi")
    facts.gpus.devices.append(gpu)


# "GPU 00000000:2F:00.0": each GPU's block in `nvidia-smi -q` starts with this line.
QUERY_GPU = re.compile(r"^GPU ([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d)\s*$")
# "    Product Name                          : NVIDIA A100-SXM4-40GB": key, padding, colon, value.
QUERY_VALUE = re.compile(r"^(\s*)([A-Za-z][\w .()/-]*?)\s+:\s*(.*?)\s*$")
# Uncorrectable ECC counters: "DRAM/SRAM Uncorrectable" (A100 and newer, "SRAM Uncorrectable
# Parity/SEC-DED" on Hopper), or "Total" under "Double Bit" on older boards.
UNCORRECTABLE = re.compile(r"^(DRAM|SRAM) Uncorrectable( Parity| SEC-DED)?$")


def _query_text(lines: List[str], facts: HostFacts, source: str) -> None:
    """`nvidia-smi -q`: 'Key : value' lines under indented section headings, one block per GPU;
    only the facts rules use. GPUs already known (from a table or another dump in the same
    paste) are completed, matched by bus id, not added twice."""
    gpu = None
    named = False  # the current block has had its Product Name
    claimed: List[int] = []
    sections: List[tuple] = []  # (indent, heading) of the headings above the current line
    for line in lines:
        if not line.strip():
            continue
        header = QUERY_GPU.match(line)
        if header:
            gpu = _query_gpu(facts, source, claimed, bus=header.group(1))
            named = False
            sections = []
            continue
        indent = len(line) - len(line.lstrip())
        sections = [(i, h) for i, h in sections if i < indent]
        match = QUERY_VALUE.match(line)
        if not match:
            if gpu is not None and ":" not in line and len(line.strip()) < 60:
                sections.append((indent, line.strip()))
            continue
        key, value = match.group(2), match.group(3)
        where = tuple(h for _, h in sections)
        if key == "Driver Version" and re.fullmatch(r"[\d.]+", value):
            mark(facts.gpus, f"{source}: nvidia-smi -q")
            set_once(facts.gpus, "driver_version", value)
        elif key == "CUDA Version" and re.fullmatch(r"[\d.]+", value):
            set_once(facts.gpus, "cuda_driver_version", value)
        elif key == "Product Name":
            if gpu is None or named:  # a block without its "GPU <bus id>" line
                gpu = _query_gpu(facts, source, claimed, name=value)
            named = True
            if not gpu.name or gpu.name.endswith("..."):  # the table truncates long names
                gpu.name = value
        elif gpu is not None:
            _query_value(gpu, where, key, value)


def _query_gpu(facts: HostFacts, source: str, claimed: List[int], bus: str = "", name: str = "") -> Gpu:
    """The GPU a `nvidia-smi -q` block describes: one already known by bus id (or, without one,
    the next unclaimed GPU of that name), else a new one."""
    mark(facts.gpus, f"{source}: nvidia-smi -q")
    known = None
    if bus:
        known = next((g for g in facts.gpus.devices if g.pci_bus_id and _bus(g.pci_bus_id) == _bus(bus)), None)
    elif name:
        known = next((g for g in facts.gpus.devices if g.name == name and id(g) not in claimed), None)
    if known is None:
        known = Gpu(index=len(facts.gpus.devices), pci_bus_id=bus, source=f"{source}: nvidia-smi -q")
        facts.gpus.devices.append(known)
    claimed.append(id(known))
    return known


def _bus(bus_id: str) -> str:
    """00000000:2F:00.0 and 0000:2f:00.0 name the same function."""
    return bus_id.lower()[-12:]


def _query_value(gpu: Gpu, where: tuple, key: str, value: str) -> None:
    known = value not in ("N/A", "Unknown Error", "[N/A]", "Not Supported")
    yes = value.lower() == "yes"
    if key == "Product Architecture":
        set_once(gpu, "architecture", value)
    elif key == "GPU UUID":
        set_once(gpu, "uuid", value)
    elif key == "Bus Id" and where[-1:] == ("PCI",):
        set_once(gpu, "pci_bus_id", value)
    elif key == "Persistence Mode" and value in ("Enabled", "Disabled"):
        gpu.persistence_mode = value.lower()
    elif where[:1] == ("ECC Errors",) and len(where) >= 2 and known and value.isdigit() and \
            (UNCORRECTABLE.match(key) or (key == "Total" and where[2:] == ("Double Bit",))):
        field = {"Volatile": "ecc_errors_volatile_uncorrected",
                 "Aggregate": "ecc_errors_aggregate_uncorrected"}.get(where[1])
        if field:
            current = getattr(gpu, field)
            setattr(gpu, field, (current if isinstance(current, int) else 0) + int(value))
    elif where[-1:] == ("Remapped Rows",) and known:
        if key == "Pending":
            gpu.remapped_rows_pending = yes
        elif key == "Remapping Failure Occurred":
            gpu.remapped_rows_failure = yes
        elif key == "Uncorrectable Error" and value.isdigit():
            gpu.remapped_rows_uncorrectable = int(value)
        elif key == "Correctable Error" and value.isdigit():
            gpu.remapped_rows_correctable = int(value)
    elif where[-1:] == ("Retired Pages",) and key in ("Pending Page Blacklist", "Pending") and known:
        gpu.retired_pages_pending = yes


# `nvidia-smi --query-gpu=name,driver_version,... --format=csv[,noheader][,nounits]`: the fields
# come from the header ("name, driver_version, memory.total [MiB]"), or, without one, from the
# command line pasted above the rows.
QUERY_OPTION = re.compile(r"--query-gpu[= ]([\w.,]+)")
CSV_FIELD = re.compile(r"^[a-z_]+(?:\.[a-z_]+)*(?:\s*\[[^\]]*\])?$")


# Other names nvidia-smi accepts for the same properties (`nvidia-smi --help-query-gpu`).
FIELD_ALIASES = {"gpu_name": "name", "gpu_uuid": "uuid", "gpu_bus_id": "pci.bus_id"}
# Columns that say which GPU a row is about; without one, the n-th row of each listing is the n-th GPU.
IDENTITY = ("name", "index", "uuid", "pci.bus_id")


def _query_csv(lines: List[str], facts: HostFacts, source: str) -> None:
    fields: List[str] = []
    from_command = False  # the fields came from the pasted command: every line below it is a row
    position = 0  # the row's place in its listing
    for line in lines:
        option = QUERY_OPTION.search(line)
        if option:
            fields = _fields(option.group(1).split(","))
            from_command, position = True, 0
            continue
        cells = [c.strip() for c in line.split(",")]
        names = _fields(re.sub(r"\s*\[.*\]$", "", c) for c in cells)
        if fields and names == fields:
            continue  # the header row of the command above
        if (len(cells) >= 2 or cells[0] in FIELD_ALIASES or cells[0] in IDENTITY) and \
                all(CSV_FIELD.match(c) for c in cells) and any("." in c or "_" in c for c in cells):
            fields, from_command, position = names, False, 0
            continue
        if fields and len(cells) == len(fields) and line.strip() and (set(IDENTITY) & set(fields) or from_command):
            _csv_gpu(dict(zip(fields, cells)), facts, source, position)
            position += 1
        elif fields and (not line.strip() or len(cells) != len(fields)):
            fields, from_command = [], False  # the listing ended
        elif not fields:
            _shaped_csv_row(cells, facts, source)


def _fields(names) -> List[str]:
    return [FIELD_ALIASES.get(n.strip(), n.strip()) for n in names if n.strip()]


# Cells of a `--format=csv,noheader` row pasted without its command, recognised by their shape.
CELL_SHAPES = (("name", re.compile(r"^(?:NVIDIA|Tesla|Quadro|GeForce|TITAN)\b.*[A-Za-z0-9)]$")),
               ("driver_version", re.compile(r"^\d{3}\.\d{2,3}(?:\.\d{2,3})?$")),
               ("uuid", re.compile(r"^GPU-[0-9a-fA-F-]{36}$")),
               ("pci.bus_id", re.compile(r"^[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d$")),
               ("memory.total", re.compile(r"^\d+ MiB$")))


def _shaped_csv_row(cells: List[str], facts: HostFacts, source: str) -> None:
    """A row of two or more cells, one a GPU name and every other one of a known shape."""
    if len(cells) < 2:
        return
    row = {}
    for cell in cells:
        kind = next((name for name, shape in CELL_SHAPES if shape.match(cell)), None)
        if kind is None and not re.fullmatch(r"0x[0-9A-Fa-f]{8}|\d+(?:\.\d+)?(?: %| W| MHz| C)?|\[?N/A\]?", cell):
            return  # a cell of no known shape: not an nvidia-smi row
        if kind and kind not in row:
            row[kind] = cell
    if "name" in row:
        _csv_gpu(row, facts, source)


def _csv_gpu(row: dict, facts: HostFacts, source: str, position: int = -1) -> None:
    where = f"{source}: nvidia-smi --query-gpu"
    mark(facts.gpus, where)
    name = row.get("name", "")
    if re.fullmatch(r"\d+(\.\d+)*", row.get("driver_version", "")):
        set_once(facts.gpus, "driver_version", row["driver_version"])
    bus = row.get("pci.bus_id", "")
    listed = [g for g in facts.gpus.devices if g.source == where]
    gpu = next((g for g in facts.gpus.devices if bus and g.pci_bus_id and _bus(g.pci_bus_id) == _bus(bus)), None)
    index = row.get("index", "")
    if gpu is None and index.isdigit():  # a looped query (-l) repeats the same GPUs
        gpu = next((g for g in listed if g.index == int(index)), None)
    elif gpu is None and not any(row.get(key) for key in IDENTITY) and 0 <= position < len(listed):
        gpu = listed[position]  # a second listing of the same GPUs, other properties
    if gpu is None:
        gpu = Gpu(index=int(index) if index.isdigit() else len(facts.gpus.devices), source=where)
        facts.gpus.devices.append(gpu)
    set_once(gpu, "name", "" if name.startswith("[") else name)
    set_once(gpu, "pci_bus_id", bus)
    set_once(gpu, "uuid", row.get("uuid", ""))
    cc = row.get("compute_cap", "")
    if re.fullmatch(r"\d+\.\d+", cc):
        set_once(gpu, "compute_capability", cc)
    memory = re.match(r"(\d+)", row.get("memory.total", ""))
    if memory:
        set_once(gpu, "memory_total_bytes", int(memory.group(1)) * 1024 * 1024)  # MiB, with or without the unit
    uncorrected = row.get("ecc.errors.uncorrected.volatile.total", "")
    if uncorrected.isdigit():
        gpu.ecc_errors_volatile_uncorrected = int(uncorrected)
    persistence = row.get("persistence_mode", "").lower()
    if persistence in ("enabled", "disabled"):
        gpu.persistence_mode = persistence


# `nvidia-smi -L`: "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-...)", MIG slices indented below their
# GPU ("  MIG 3g.40gb     Device  0: (UUID: MIG-...)"); users cut UUIDs, and sometimes the ")".
GPU_LIST = re.compile(r"^GPU (\d+): (.+?) \(UUID: ?(GPU-[0-9a-fA-F-]*)?(?:\.\.\.|\u2026)?\)?(?:\s+#.*)?\s*$")


def _gpu_list(lines: List[str], facts: HostFacts, source: str) -> None:
    where = f"{source}: nvidia-smi -L"
    for line in lines:
        match = GPU_LIST.match(line.strip())
        if not match:
            continue
        index, name, uuid = int(match.group(1)), match.group(2).strip(), match.group(3) or ""
        known = next((g for g in facts.gpus.devices if (uuid and len(uuid) > 4 and g.uuid == uuid)
                      or (g.index == index and g.name == name)), None)
        if known is not None:
            set_once(known, "uuid", uuid if len(uuid) > 4 else "")
            continue
        mark(facts.gpus, where)
        facts.gpus.devices.append(Gpu(index=index, name=name, uuid=uuid if len(uuid) > 4 else "", source=where))
