"""tlparse (PyTorch's own TORCH_TRACE reader) as the anchor for gbreak's TORCH_TRACE reader.

On every TORCH_TRACE fixture (tests/fixtures/logs/**/trace/), gbreak and tlparse must agree on:
  * the Dynamo graphs: how many, and their compile ids (tlparse: the compile ids that have a
    `dynamo_output_graph` artifact in compile_directory.json);
  * the graph-break reports: how many (tlparse: `dynamo_graph_break_reason` artifacts; an older
    trace has none, and gbreak's breaks there must all be inferred from resume frames), and every
    report's user stack (as tlparse renders it), pinned on its innermost frame outside torch, is
    one of gbreak's sites and gbreak has no other (Dynamo prints where it stopped, often inside
    torch; gbreak pins the break on the innermost frame outside torch, see docs/logs.md).

Skipped when tlparse is not found ($TLPARSE, beside the interpreter, or on PATH); it is pinned in
tests/requirements.txt (`pip install tlparse` provides it).
"""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "logs"
def find_tlparse():
    """$TLPARSE, else tlparse beside this interpreter (installed into the test venv from
    tests/requirements.txt), else on PATH."""
    beside = Path(sys.executable).parent / "tlparse"
    return (os.environ.get("TLPARSE") or (str(beside) if beside.exists() else None)
            or shutil.which("tlparse"))


TLPARSE = find_tlparse()
STDLIB = re.compile(r"/lib(?:64)?/python3\.\d+/(?!.*(?:site|dist)-packages/)")
FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+)')


def trace_files():
    """Every TORCH_TRACE fixture: the `trace/` directories of the captured runs, and the older
    traces from tlparse's own test data."""
    return sorted(set(FIXTURES.rglob("trace/*.log")) |
                  set((FIXTURES / "older-torch" / "tlparse").glob("*.log")))


def rel(path: str) -> str:
    for marker in ("/site-packages/", "site-packages/"):
        if marker in path:
            return path.rsplit(marker, 1)[1]
    return path


def tlparse_view(trace: Path, out: Path) -> dict:
    p = subprocess.run([TLPARSE, str(trace), "-o", str(out), "--overwrite", "--no-browser",
                        "--plain-text"], capture_output=True, text=True)
    assert p.returncode == 0, f"{trace}: tlparse exited {p.returncode}: {p.stderr[-2000:]}"
    directory = json.loads((out / "compile_directory.json").read_text())
    graphs, reports, pins = [], 0, set()
    for cid, entry in directory.items():
        names = [a["name"] for a in entry.get("artifacts", [])]
        if any(n.startswith("dynamo_output_graph") for n in names):
            graphs.append(cid.strip("[]"))
        for a in entry.get("artifacts", []):
            if a["name"].startswith("dynamo_graph_break_reason"):
                reports += 1
                pin = innermost_outside_torch((out / a["url"]).read_text(errors="replace"))
                if pin:
                    pins.add(pin)
    return {"graphs": sorted(graphs), "reports": reports, "pins": pins}


def innermost_outside_torch(report: str) -> str | None:
    """The innermost frame outside torch and the standard library of a report's `User code
    traceback:` (None for a duplicate, which prints no stack)."""
    pin, in_stack = None, False
    for line in report.splitlines():
        if line.strip() == "User code traceback:":
            in_stack = True
            continue
        m = FRAME.match(line) if in_stack else None
        if m and not rel(m["file"]).startswith("torch/") and not STDLIB.search(m["file"]):
            pin = f"{rel(m['file'])}:{m['line']}"
        elif in_stack and not m and line.strip() and not line.startswith("    "):
            in_stack = False  # the Python traceback that follows the user stack
    return pin


def inferred(site: dict) -> bool:
    """A break gbreak inferred from a resume frame (older traces have no break records)."""
    return "inferred from a resume frame" in site["reason"]


def gbreak_view(binary: str, trace: Path) -> dict:
    p = subprocess.run([binary, "logs", "--output-format", "json", str(trace)],
                       capture_output=True, text=True)
    assert p.returncode in (0, 1), p.stderr
    rt = json.loads(p.stdout)["runtime"]
    return {"graphs": sorted(g["compile_id"] for g in rt["dynamo_graphs"]),
            "graph_count": rt["dynamo_graph_count"],
            "reports": sum(b["count"] for b in rt["breaks"] if not inferred(b)),
            "inferred": sum(b["count"] for b in rt["breaks"] if inferred(b)),
            "sites": {f"{rel(b['file'])}:{b['line']}" for b in rt["breaks"]}}


TRACES = trace_files()


@pytest.mark.skipif(TLPARSE is None, reason="tlparse is not installed (pip install tlparse)")
@pytest.mark.skipif(not TRACES, reason="no TORCH_TRACE fixtures")
@pytest.mark.parametrize("trace", TRACES, ids=[str(t.relative_to(FIXTURES)) for t in TRACES])
def test_gbreak_agrees_with_tlparse(gbreak_binary, trace, tmp_path):
    tl = tlparse_view(trace, tmp_path / "tl_out")
    gb = gbreak_view(gbreak_binary, trace)
    # tlparse names a restarted compile 4/0_1 as "4/0_1" too; both sort the same way.
    assert gb["graphs"] == tl["graphs"], f"{trace}: graphs {gb['graphs']} vs tlparse {tl['graphs']}"
    assert gb["graph_count"] == len(tl["graphs"]), trace
    assert gb["reports"] == tl["reports"], (
        f"{trace}: {gb['reports']} break reports vs tlparse {tl['reports']}")
    if tl["reports"]:
        assert not gb["inferred"], f"{trace}: breaks inferred although the trace reports them"
    else:
        # tlparse lists no break where the trace has no break record; gbreak infers one per
        # resume frame compiled (docs/logs.md): those sites are not on a tlparse report.
        gb["sites"] = set()
    # Every report with a stack, pinned on its innermost frame outside torch, is a gbreak site;
    # gbreak has no other site (a stack-less duplicate counts under an earlier report's).
    assert gb["sites"] == tl["pins"], (
        f"{trace}: gbreak sites {sorted(gb['sites'])} vs tlparse reports' innermost frames "
        f"outside torch {sorted(tl['pins'])}")
