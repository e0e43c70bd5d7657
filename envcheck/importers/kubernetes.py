"""A pasted Kubernetes pod spec or `kubectl describe node`: the GPUs a pod asks for and a node offers.

When the scheduler says "0/1 nodes are available: 1 Insufficient nvidia.com/gpu", the cause is in
these two numbers: GPUs are given to each container separately, so a pod with two containers that
each set `nvidia.com/gpu: 1` needs two GPUs on one node. A YAML parser would need the paste's
indentation intact, which issue forms and e-mail often lose; the headings that matter (`limits:`,
`requests:`, `Capacity:`, `Allocatable:`) each stand on a line of their own, so the lines are read
in order instead.
"""

from __future__ import annotations

import re
from typing import Dict, List

from envcheck.importers._facts import mark
from envcheck.model import HostFacts

# "nvidia.com/gpu: 1 # requesting 1 GPUs", "- nvidia.com/gpu: '2'", describe node's "nvidia.com/gpu:  1".
GPU_RESOURCE = re.compile(r"^\s*-?\s*nvidia\.com/gpu:\s*[\"']?(\d+)[\"']?\s*(?:#.*)?$")
HEADING = re.compile(r"^\s*(limits|requests|Capacity|Allocatable):\s*$", re.I)
# Another resource under limits: or requests: ("memory: 1000Mi", "cpu: 100m", describe pod's "cpu:  500m").
OTHER_RESOURCE = re.compile(r"^\s*-?\s*(?:cpu|memory|ephemeral-storage|hugepages-\w+):\s*[\"']?[\d.]+\w*[\"']?\s*$", re.I)
# describe node's other resources under Capacity: and Allocatable: ("cpu:  8", "pods:  110"): a node that lists them and
# no nvidia.com/gpu advertises no GPU at all.
NODE_RESOURCE = re.compile(r"^\s*(?:cpu|memory|pods|ephemeral-storage|hugepages-\w+):\s*[\d.]+\w*\s*$", re.I)
# A line that starts another container of the spec ("- name: digits-container" under containers:).
NEW_ITEM = re.compile(r"^\s*-\s+name:\s*\S")


def read(lines: List[str], facts: HostFacts, source: str) -> None:
    containers: List[Dict[str, int]] = [{}]  # per container of the spec: its GPU limit and request
    node: Dict[str, int] = {}
    heading = ""
    resources_set = False  # a limits: or requests: heading with a resource under it
    node_listed = False  # a Capacity: or Allocatable: heading with a resource under it
    for line in lines:
        if NEW_ITEM.match(line):
            heading = ""
            if containers[-1]:
                containers.append({})
            continue
        named = HEADING.match(line)
        if named:
            heading = named.group(1).lower()
            continue
        count = GPU_RESOURCE.match(line)
        if not count:
            resources_set = resources_set or (heading in ("limits", "requests") and bool(OTHER_RESOURCE.match(line)))
            node_listed = node_listed or (heading in ("capacity", "allocatable") and bool(NODE_RESOURCE.match(line)))
            continue
        if heading in ("limits", "requests"):
            containers[-1].setdefault(heading, int(count.group(1)))
        elif heading in ("capacity", "allocatable"):
            node.setdefault(heading, int(count.group(1)))
    # Where a container sets both, they must be equal for GPUs: its limit says it, else its request.
    asked = [c.get("limits", c.get("requests")) for c in containers if c]
    if asked and not facts.container.pod_gpu_limits:
        mark(facts.container, f"{source}: pod spec")
        facts.container.pod_gpu_limits = asked
    if resources_set and not asked and not node and not any("nvidia.com/gpu" in line for line in lines):
        mark(facts.container, f"{source}: pod spec")
        facts.container.pod_spec_without_gpu = True
    if (node or node_listed) and facts.container.node_gpus is None:
        mark(facts.container, f"{source}: kubectl describe node")
        facts.container.node_gpus = node.get("allocatable", node.get("capacity", 0))
