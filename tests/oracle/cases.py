"""Corpus case discovery, shared by the oracle and by the record test (no torch needed)."""
from __future__ import annotations

import ast
import os
import re
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
CORPUS_ROOT = REPO_ROOT / "corpus"
RECORDS_ROOT = CORPUS_ROOT / "_records"


def _version_key(name: str):
    return tuple(int(x) if x.isdigit() else 0 for x in re.split(r"[.+]", name[len("torch-"):]))


# Record directories of a torch version that hold no corpus case: the real-model sweep and the
# patch files measured on it (tests/oracle/patched_sweep.py).
NOT_CORPUS = ("sweep", "patched")


def corpus_records_dir() -> Path | None:
    """The records the corpus is judged by: $GBREAK_TORCH_VERSION's, else the newest torch
    version whose corpus cases were recorded (a version with only real-model sweep records,
    sweep/, and the patch measurements on them, patched*/, has nothing to say about the
    corpus)."""
    want = os.environ.get("GBREAK_TORCH_VERSION")
    if want:
        return RECORDS_ROOT / f"torch-{want}"
    dirs = [d for d in RECORDS_ROOT.glob("torch-*")
            if d.is_dir() and any(not c.name.startswith(NOT_CORPUS) for c in d.iterdir())] \
        if RECORDS_ROOT.exists() else []
    return max(dirs, key=lambda d: _version_key(d.name)) if dirs else None


def defines_gbreak_case(path: Path) -> bool:
    try:
        tree = ast.parse(path.read_bytes())
    except (SyntaxError, ValueError):
        return False
    return any(isinstance(n, ast.FunctionDef) and n.name == "gbreak_case" for n in tree.body)


def is_package_case(path: Path) -> bool:
    """corpus/<category>/<pkg>/case.py inside a package directory (imported as <pkg>.case)."""
    rel = path.relative_to(CORPUS_ROOT)
    return path.name == "case.py" and len(rel.parts) == 3 and (path.parent / "__init__.py").exists()


def discover_cases(root: Path = CORPUS_ROOT) -> list[Path]:
    out = []
    for p in sorted(root.rglob("*.py")):
        rel = p.relative_to(CORPUS_ROOT)
        if rel.parts[0].startswith(("_records", ".")) or "__pycache__" in rel.parts:
            continue
        if defines_gbreak_case(p):
            out.append(p)
    return out


def case_files(case: Path) -> list[Path]:
    """The source files a case consists of: the file, or every .py file of its package."""
    if is_package_case(case):
        return sorted(q for q in case.parent.rglob("*.py") if "__pycache__" not in q.parts)
    return [case]


def record_path(torch_version: str, case_rel: str) -> Path:
    return RECORDS_ROOT / f"torch-{torch_version}" / (case_rel[:-3] + ".json")


def category(case_rel: str) -> str:
    return case_rel.split("/", 1)[0]
