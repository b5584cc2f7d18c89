"""SARIF output: valid against the official 2.1.0 schema and complete for GitHub code scanning.

The schema is ../shared/data/sarif-2.1.0.json (JSON Schema 2020-12); it is checked with
`jsonschema` (tests/requirements.txt). The line fingerprints are checked against an independent
Python port of github/codeql-action's src/fingerprints.ts.
"""

import json
import os
import subprocess

import pytest

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in tests/requirements.txt")

MODEL = '''import torch
import torch.nn as nn


class Net(nn.Module):
    def forward(self, x):
        print("caf\u00e9 \U0001F600", x.shape)
        y = x * 2
        torch._dynamo.graph_break()
        return y
'''


def codeql_line_hashes(text):
    """github/codeql-action src/fingerprints.ts `hash`, ported: {line: "hex:count"}."""
    mod, block = 37, 100
    mask = (1 << 64) - 1
    first_mod = pow(mod, block, 1 << 64)
    window = [0] * block
    line_numbers = [-1] * block
    state = {"hash": 0, "index": 0, "line": 0, "line_start": True, "prev_cr": False}
    counts, out = {}, {}

    def output():
        value = format(state["hash"], "x")
        counts[value] = counts.get(value, 0) + 1
        out[line_numbers[state["index"]]] = f"{value}:{counts[value]}"
        line_numbers[state["index"]] = -1

    def update(c):
        i = state["index"]
        begin = window[i]
        window[i] = c
        state["hash"] = (mod * state["hash"] + c - first_mod * begin) & mask
        state["index"] = (i + 1) % block

    def process(c):
        if c in (0x20, 0x09) or (state["prev_cr"] and c == 0x0A):
            state["prev_cr"] = False
            return
        if c == 0x0D:
            c, state["prev_cr"] = 0x0A, True
        else:
            state["prev_cr"] = False
        if line_numbers[state["index"]] != -1:
            output()
        if state["line_start"]:
            state["line_start"] = False
            state["line"] += 1
            line_numbers[state["index"]] = state["line"]
        if c == 0x0A:
            state["line_start"] = True
        update(c)

    units = text.encode("utf-16-le")
    for k in range(0, len(units), 2):  # JavaScript strings are UTF-16 code units
        process(int.from_bytes(units[k:k + 2], "little"))
    process(65535)
    for _ in range(block):
        if line_numbers[state["index"]] != -1:
            output()
        update(0)
    return out


@pytest.fixture(scope="module")
def schema(repo_root):
    path = os.path.join(repo_root, "..", "shared", "data", "sarif-2.1.0.json")
    if not os.path.isfile(path):
        pytest.skip(f"no SARIF schema at {path}")
    with open(path, encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture()
def project(tmp_path):
    """A small git checkout with a breaking model in a subdirectory."""
    root = tmp_path / "proj"
    (root / "models").mkdir(parents=True)
    (root / "models" / "net.py").write_text(MODEL, encoding="utf-8")
    (root / "clean.py").write_text("x = 1\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root


def run_sarif(run_gbreak, cwd, *extra):
    result = run_gbreak("lint", ".", "--output-format", "sarif", *extra, cwd=str(cwd))
    assert result.returncode == 1, result.stderr
    return json.loads(result.stdout)


def test_sarif_is_valid_against_the_official_schema(run_gbreak, project, schema):
    log = run_sarif(run_gbreak, project)
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:10])


def test_sarif_has_every_field_code_scanning_uses(run_gbreak, project):
    log = run_sarif(run_gbreak, project)
    assert log["version"] == "2.1.0" and log["$schema"]
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "gbreak" and driver["version"] and driver["informationUri"]
    assert run["columnKind"] in ("utf16CodeUnits", "unicodeCodePoints")
    assert run["automationDetails"]["id"].startswith("gbreak/")
    assert "%SRCROOT%" in run["originalUriBaseIds"]
    ids = [r["id"] for r in driver["rules"]]
    assert len(ids) == len(set(ids))
    for rule in driver["rules"]:
        for key in ("id", "name", "shortDescription", "fullDescription", "help",
                    "defaultConfiguration", "properties"):
            assert key in rule, (rule["id"], key)
        assert rule["help"]["text"] and rule["help"]["markdown"]
        assert len(rule["fullDescription"]["text"]) <= 1024
        assert rule["defaultConfiguration"]["level"] in ("note", "warning", "error")
        props = rule["properties"]
        assert props["precision"] in ("very-high", "high", "medium", "low")
        assert props["problem.severity"] in ("error", "warning", "recommendation")
        assert "security-severity" not in props
        assert 0 < len(props["tags"]) <= 20
    codes = {r["ruleId"] for r in run["results"]}
    assert {"SE001", "EB001"} <= codes
    for result in run["results"]:
        assert driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] in ("note", "warning", "error")
        assert result["message"]["text"]
        (location,) = result["locations"]
        artifact = location["physicalLocation"]["artifactLocation"]
        assert artifact == {"uri": "models/net.py", "uriBaseId": "%SRCROOT%"}
        region = location["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        assert "primaryLocationLineHash" in result["partialFingerprints"]


def test_uris_are_relative_to_the_repository_root_from_a_subdirectory(run_gbreak, project):
    log = run_sarif(run_gbreak, project / "models")
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in log["runs"][0]["results"]}
    assert uris == {"models/net.py"}


def test_fingerprints_match_the_upload_actions_algorithm(run_gbreak, project):
    log = run_sarif(run_gbreak, project)
    expected = codeql_line_hashes(MODEL)
    results = log["runs"][0]["results"]
    assert results
    for result in results:
        line = result["locations"][0]["physicalLocation"]["region"]["startLine"]
        assert result["partialFingerprints"]["primaryLocationLineHash"] == expected[line]


def test_python_port_matches_codeql_actions_own_test_vectors():
    # From github/codeql-action src/fingerprints.test.ts.
    assert codeql_line_hashes("") == {1: "c129715d7a2bc9a3:1"}
    assert codeql_line_hashes(" a\nb\n  \t\tc\n d") == {
        1: "271789c17abda88f:1", 2: "54703d4cd895b18:1", 3: "180aee12dab6264:1",
        4: "a23a3dc5e078b07b:1"}


def test_sarif_output_file_and_determinism(run_gbreak, project):
    out = project / "out.sarif"
    first = run_gbreak("lint", ".", "--output-format", "sarif", "-o", str(out), "--threads", "1",
                       cwd=str(project))
    assert first.returncode == 1 and first.stdout == ""
    again = run_gbreak("lint", ".", "--output-format", "sarif", "--threads", "4",
                       cwd=str(project))
    assert out.read_text(encoding="utf-8") == again.stdout


def test_site_packages_linted_on_purpose(run_gbreak, project, tmp_path, schema):
    # A library file the user names: inside the checkout (a venv there) it is named relative to
    # %SRCROOT% like the rest; outside it by its file URI. Either way it gets its line hash, and
    # its origin is the library, not "user".
    inside = project / ".venv" / "lib" / "python3.11" / "site-packages" / "somelib"
    outside = tmp_path / "elsewhere" / "site-packages" / "otherlib"
    for lib in (inside, outside):
        lib.mkdir(parents=True)
        (lib / "mod.py").write_text(MODEL, encoding="utf-8")
    result = run_gbreak("lint", str(inside / "mod.py"), str(outside / "mod.py"),
                        "--output-format", "sarif", cwd=str(project))
    assert result.returncode == 1, result.stderr
    sarif = json.loads(result.stdout)
    jsonschema.validate(sarif, schema)
    results = sarif["runs"][0]["results"]
    by_origin = {}
    for r in results:
        by_origin.setdefault(r["properties"]["origin"], []).append(r)
    assert sorted(by_origin) == ["otherlib", "somelib"], sorted(by_origin)
    expected = codeql_line_hashes(MODEL)
    for r in results:
        loc = r["locations"][0]["physicalLocation"]
        line = loc["region"]["startLine"]
        assert r["partialFingerprints"]["primaryLocationLineHash"] == expected[line]
    for r in by_origin["somelib"]:
        loc = r["locations"][0]["physicalLocation"]["artifactLocation"]
        assert loc == {"uri": ".venv/lib/python3.11/site-packages/somelib/mod.py",
                       "uriBaseId": "%SRCROOT%"}, loc
    for r in by_origin["otherlib"]:
        loc = r["locations"][0]["physicalLocation"]["artifactLocation"]
        assert loc["uri"].startswith("file://") and loc["uri"].endswith(
            "/elsewhere/site-packages/otherlib/mod.py"), loc
        assert "uriBaseId" not in loc
    # JSON names the library too.
    js = run_gbreak("lint", str(inside / "mod.py"), "--output-format", "json", cwd=str(project))
    assert {f.get("origin") for f in json.loads(js.stdout)["findings"]} == {"somelib"}
