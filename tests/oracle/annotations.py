"""Parse the semgrep-style annotations of a corpus case file (see corpus/README.md).

    # ruleid: CF001            gbreak must report CF001 on the next code line
    # ok: CF002                gbreak must not report CF002 there
    # todoruleid: SE001        known gap (counted, never failing)
    # todook: DS001            known gap (counted, never failing)
    # ruleid: CF001, CV001     several codes

An annotation applies to the next line that is neither blank nor a comment-only line (further
comment lines may stand between them). No torch needed.
"""
from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from pathlib import Path

KINDS = ("ruleid", "ok", "todoruleid", "todook")
_ANN_RE = re.compile(r"^\s*#\s*(?P<kind>todoruleid|todook|ruleid|ok)\s*:\s*(?P<codes>.*)$")
_CODE_RE = re.compile(r"^[A-Z]{2}\d{3}$")


@dataclass(frozen=True, order=True)
class Annotation:
    file: str          # as given to parse_file (callers pass corpus-relative paths)
    line: int          # 1-based line of the code the annotation applies to (0: none follows)
    code: str          # e.g. "CF001"
    kind: str          # ruleid | ok | todoruleid | todook
    comment_line: int  # 1-based line of the annotation comment itself

    @property
    def family(self) -> str:
        return self.code[:2]


def parse_text(text: str, file: str) -> list[Annotation]:
    lines = text.splitlines()
    out: list[Annotation] = []
    pending: list[tuple[int, str, list[str]]] = []
    for i, raw in enumerate(lines, start=1):
        m = _ANN_RE.match(raw)
        if m:
            codes = []
            for part in m.group("codes").split(","):
                tok = part.strip().split()[0] if part.strip() else ""
                if _CODE_RE.match(tok):
                    codes.append(tok)
            pending.append((i, m.group("kind"), codes))
            continue
        s = raw.strip()
        if not s or s.startswith("#"):
            continue
        for ci, kind, codes in pending:
            out.extend(Annotation(file, i, c, kind, ci) for c in codes)
        pending = []
    for ci, kind, codes in pending:  # annotation at the end of the file, no code follows
        out.extend(Annotation(file, 0, c, kind, ci) for c in codes)
    return out


def parse_file(path: str | Path, display: str | None = None) -> list[Annotation]:
    p = Path(path)
    text = p.read_bytes().decode("utf-8", errors="replace")
    return parse_text(text, display if display is not None else str(path))


def statement_spans(text: str) -> dict[int, tuple[int, int]]:
    """Map a statement's first line to the lines Dynamo may report for it: the whole statement for
    a simple one (multi-line calls report a continuation line), the header only for a compound one
    (`if`/`while`/`for`/`with`/`def` ... up to the line before its body)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return {}
    spans: dict[int, tuple[int, int]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt):
            continue
        start = node.lineno
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.AST):
            end = max(start, body[0].lineno - 1)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                start = min([start] + [d.lineno for d in node.decorator_list])
        else:
            end = node.end_lineno or start
        prev = spans.get(start)
        # keep the outermost statement that starts on this line
        if prev is None or end > prev[1]:
            spans[start] = (start, end)
    return spans


if __name__ == "__main__":
    for f in sys.argv[1:]:
        for a in parse_file(f):
            print(f"{a.file}:{a.line}: {a.kind} {a.code}")
