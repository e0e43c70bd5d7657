"""The command line as a user meets it: exit codes, one-line errors, files written whole."""

from __future__ import annotations

import json

import jsonschema

from envcheck import model

from tests.conftest import HOSTS, envcheck


def test_version_and_help():
    out = envcheck("--version")
    assert out.returncode == 0 and out.stdout.startswith("envcheck ")
    out = envcheck("--help")
    assert out.returncode == 0 and "inspect" in out.stdout


def test_missing_root_is_one_line_and_exit_2():
    out = envcheck("inspect", "--root", "/no/such/snapshot")
    assert out.returncode == 2
    assert out.stderr.strip().count("\n") == 0 and "--root /no/such/snapshot" in out.stderr
    assert "Traceback" not in out.stderr


def test_unknown_option_is_a_usage_error():
    out = envcheck("inspect", "--bogus")
    assert out.returncode == 2 and "No such option" in out.stderr and "Traceback" not in out.stderr


def test_bad_timeout_is_refused():
    out = envcheck("inspect", "--timeout", "0")
    assert out.returncode == 2 and "--timeout" in out.stderr


def test_output_file_into_missing_folder_is_refused(tmp_path):
    out = envcheck("inspect", "-o", str(tmp_path / "nope" / "facts.json"))
    assert out.returncode == 2 and "does not exist" in out.stderr
    assert not (tmp_path / "nope").exists()


def test_facts_json_matches_the_published_schema(tmp_path):
    schema = json.loads(envcheck("schema", "facts").stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    target = tmp_path / "facts.json"
    out = envcheck("inspect", "--json", "-o", str(target))
    assert out.returncode == 0, out.stderr
    facts = json.loads(target.read_text())
    assert json.loads(out.stdout)["system"] == facts["system"]
    jsonschema.validate(facts, schema)
    for section in ("system", "pci", "driver", "gpus", "cuda", "libraries", "python", "frameworks", "env",
                    "container", "docker"):
        assert facts[section]["status"] in ("ok", "absent", "error"), section
    assert facts["schema_version"] == model.SCHEMA_VERSION == "4"


def test_recorded_hosts_validate_against_the_schema():
    schema = json.loads(envcheck("schema", "facts").stdout)
    for host in sorted(p for p in HOSTS.iterdir() if p.is_dir()) if HOSTS.is_dir() else []:
        out = envcheck("inspect", "--json", "--root", str(host))
        assert out.returncode == 0, (host.name, out.stderr)
        jsonschema.validate(json.loads(out.stdout), schema)


def test_facts_round_trip_through_json():
    from envcheck.model import HostFacts

    facts = json.loads(envcheck("inspect", "--json").stdout)
    assert HostFacts.from_dict(facts).to_dict() == facts


def test_summary_is_printed_for_people():
    out = envcheck("inspect")
    assert out.returncode == 0 and "what envcheck found" in out.stdout and "cuda" in out.stdout


def test_other_platforms_are_refused_with_exit_2():
    import subprocess
    import sys

    code = ("import sys; sys.platform = 'darwin'; sys.argv = ['envcheck', 'inspect']; "
            "from envcheck.cli import main; main()")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "unsupported platform 'darwin'" in out.stderr and "Traceback" not in out.stderr


def test_inspect_bundle_writes_a_snapshot_that_replays(tmp_path):
    bundle = tmp_path / "bundle"
    out = envcheck("inspect", "--json", "--bundle", str(bundle))
    assert out.returncode == 0, out.stderr
    assert (bundle / ".envcheck" / "manifest.json").is_file()
    replayed = json.loads(envcheck("inspect", "--json", "--root", str(bundle)).stdout)
    assert replayed["cuda"]["toolkits"] == json.loads(out.stdout)["cuda"]["toolkits"]
    again = envcheck("inspect", "--bundle", str(bundle))
    assert again.returncode == 2 and "already exists" in again.stderr
