"""Distribution-specific commands that install and configure NVIDIA software. Pure: the
distribution comes from the facts; shared by the rules (fix steps) and the install plans."""

from __future__ import annotations

from typing import List, Optional

from envcheck.model import HostFacts

# os-release IDs (and ID_LIKE entries) -> the family whose commands apply. The RHEL rebuilds list
# "fedora" in ID_LIKE (Rocky: ID_LIKE="rhel centos fedora", Amazon: "centos rhel fedora",
# Oracle: "fedora"), yet they take RHEL's packages, not Fedora's RPM Fusion ones; so the ID is
# asked first, then ID_LIKE with the RHEL names before fedora.
FAMILY_OF_ID = {
    "ubuntu": "ubuntu", "pop": "ubuntu", "linuxmint": "ubuntu", "mint": "ubuntu",
    "debian": "debian",
    "rhel": "rhel", "rocky": "rhel", "almalinux": "rhel", "centos": "rhel", "ol": "rhel", "amzn": "rhel",
    "fedora": "fedora",
    "opensuse": "suse", "opensuse-leap": "suse", "opensuse-tumbleweed": "suse", "sles": "suse", "suse": "suse",
    "arch": "arch", "manjaro": "arch", "cachyos": "arch", "endeavouros": "arch",
}
LIKE_ORDER = ("ubuntu", "debian", "rhel", "suse", "arch", "fedora")


def family(facts: HostFacts) -> str:
    """The command family from os-release: ID first, then ID_LIKE, then the pretty name."""
    system = facts.system
    known = FAMILY_OF_ID.get(system.distro_id.strip().lower())
    if known:
        return known
    likes = {FAMILY_OF_ID.get(token) for token in system.distro_like.lower().split()}
    for candidate in LIKE_ORDER:
        if candidate in likes:
            return candidate
    return family_of(system.distro_name)


def family_of(text: str) -> str:
    """A distribution id or name ('ubuntu', 'rocky', 'Debian GNU/Linux', 'Red Hat Enterprise Linux')
    -> command family."""
    ids = text.lower()
    words = ids.replace("/", " ").split()
    known = next((FAMILY_OF_ID[word] for word in words if word in FAMILY_OF_ID), None)
    if known:
        return known
    if "red hat" in ids or "rocky" in ids or "alma" in ids or "amazon linux" in ids or "oracle linux" in ids:
        return "rhel"
    if "ubuntu" in ids or "pop!_os" in ids or "mint" in ids:
        return "ubuntu"
    if "suse" in ids:
        return "suse"
    return "unknown"


def branch_of(version: str) -> Optional[str]:
    head = version.split(".", 1)[0] if version else ""
    return head if head.isdigit() else None


def install_driver(distro: str, branch: Optional[str] = None, open_modules: bool = False) -> List[str]:
    """Install (or upgrade to) an NVIDIA driver branch the way the distribution does it."""
    if distro == "ubuntu":
        if branch:
            return ["sudo apt-get update",
                    f"sudo apt-get install -y nvidia-driver-{branch}{'-open' if open_modules else ''}",
                    "sudo reboot"]
        return ["sudo apt-get update", "sudo ubuntu-drivers install", "sudo reboot"]
    if distro == "debian":
        steps = ["# NVIDIA's CUDA repository for Debian: https://developer.nvidia.com/cuda-downloads",
                 "sudo apt-get update"]
        if open_modules:
            steps.append(f"sudo apt-get install -y nvidia-open{('-' + branch) if branch else ''}")
        else:
            steps.append(f"sudo apt-get install -y cuda-drivers{('-' + branch) if branch else ''}")
        return steps + ["sudo reboot"]
    if distro == "rhel":
        stream = f"{branch or 'latest'}-{'open' if open_modules else 'dkms'}"
        return ["sudo dnf config-manager --add-repo "
                "https://developer.download.nvidia.com/compute/cuda/repos/rhel9/x86_64/cuda-rhel9.repo",
                f"sudo dnf module install -y nvidia-driver:{stream}", "sudo reboot"]
    if distro == "fedora":
        return ["# RPM Fusion: https://rpmfusion.org/Howto/NVIDIA", "sudo dnf install -y akmod-nvidia",
                "sudo akmods --force", "sudo reboot"]
    if distro == "arch":
        return [f"sudo pacman -S --needed {'nvidia-open-dkms' if open_modules else 'nvidia-dkms'} linux-headers",
                "sudo reboot"]
    return [f"Install {f'NVIDIA driver {branch}' if branch else 'a current NVIDIA driver branch'}"
            f"{' (open kernel modules)' if open_modules else ''} from your distribution or "
            "https://www.nvidia.com/Download/index.aspx, then reboot"]


def kernel_headers_and_rebuild(distro: str) -> List[str]:
    if distro in ("ubuntu", "debian"):
        return ["sudo apt-get install -y linux-headers-$(uname -r) dkms", "sudo dkms autoinstall",
                "sudo modprobe nvidia"]
    if distro in ("rhel", "fedora"):
        return ["sudo dnf install -y kernel-devel-$(uname -r) kernel-headers-$(uname -r) dkms",
                "sudo dkms autoinstall", "sudo modprobe nvidia"]
    if distro == "arch":
        return ["sudo pacman -S --needed linux-headers", "sudo dkms autoinstall", "sudo modprobe nvidia"]
    return ["Install the headers of the running kernel ($(uname -r)), rebuild the NVIDIA module (dkms autoinstall), "
            "then modprobe nvidia"]


def blacklist_nouveau(distro: str) -> List[str]:
    steps = ["printf 'blacklist nouveau\\noptions nouveau modeset=0\\n' | "
             "sudo tee /etc/modprobe.d/blacklist-nouveau.conf"]
    if distro in ("ubuntu", "debian"):
        steps.append("sudo update-initramfs -u")
    elif distro in ("rhel", "fedora"):
        steps.append("sudo dracut --force")
    elif distro == "arch":
        steps.append("sudo mkinitcpio -P")
    else:
        steps.append("rebuild the initramfs so nouveau is not loaded at boot")
    return steps + ["sudo reboot"]


def install_container_toolkit(distro: str) -> List[str]:
    """NVIDIA Container Toolkit install guide, per package manager."""
    if distro in ("ubuntu", "debian"):
        return ["curl -fsSL https://nvidia.github.io/libnvidia-container/gpgkey | sudo gpg --dearmor -o "
                "/usr/share/keyrings/nvidia-container-toolkit-keyring.gpg",
                "curl -s -L https://nvidia.github.io/libnvidia-container/stable/deb/nvidia-container-toolkit.list | "
                "sed 's#deb https://#deb [signed-by=/usr/share/keyrings/nvidia-container-toolkit-keyring.gpg] https://#g' | "
                "sudo tee /etc/apt/sources.list.d/nvidia-container-toolkit.list",
                "sudo apt-get update", "sudo apt-get install -y nvidia-container-toolkit"] + configure_docker_runtime()
    if distro in ("rhel", "fedora"):
        return ["curl -s -L https://nvidia.github.io/libnvidia-container/stable/rpm/nvidia-container-toolkit.repo | "
                "sudo tee /etc/yum.repos.d/nvidia-container-toolkit.repo",
                "sudo dnf install -y nvidia-container-toolkit"] + configure_docker_runtime()
    return ["Install nvidia-container-toolkit: "
            "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"] + \
        configure_docker_runtime()


def configure_docker_runtime() -> List[str]:
    return ["sudo nvidia-ctk runtime configure --runtime=docker", "sudo systemctl restart docker"]


def fabric_manager(distro: str, branch: Optional[str]) -> List[str]:
    if distro in ("ubuntu", "debian"):
        package = f"nvidia-fabricmanager-{branch}" if branch else "nvidia-fabricmanager-<driver branch>"
        return [f"sudo apt-get install -y {package}", "sudo systemctl enable --now nvidia-fabricmanager",
                "systemctl status nvidia-fabricmanager"]
    if distro in ("rhel", "fedora"):
        return [f"sudo dnf module install -y nvidia-driver:{branch or 'latest'}-dkms/fm",
                "sudo systemctl enable --now nvidia-fabricmanager", "systemctl status nvidia-fabricmanager"]
    return ["Install the fabric manager package of exactly your driver version, then "
            "sudo systemctl enable --now nvidia-fabricmanager"]


def reboot_or_reload() -> List[str]:
    return ["sudo reboot",
            "# or, with no GPU process running: sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && "
            "sudo modprobe nvidia"]
