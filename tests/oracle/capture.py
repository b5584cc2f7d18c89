"""Capture what TorchDynamo does while some code runs: graph breaks, graphs, recompilations.

Mechanism: the structured trace (`torch._logging.trace_structured`, the data behind TORCH_TRACE and
tlparse). A handler on the `torch.__trace` logger sees, as Python objects, every
  * `artifact` named `dynamo_graph_break_reason` — one per graph break Dynamo logs (emitted before
    the graph_breaks text log de-duplicates, so repeated breaks are all counted); its payload is the
    same text as `TORCH_LOGS=graph_breaks` (location, reason, doc link, user stack);
  * `dynamo_output_graph` — one per FX graph handed to the backend (the graph count);
  * `artifact` named `recompile_reasons` — one per recompilation, with the guard failure(s);
  * `compilation_metrics` — one per frame compile (co_name / co_filename / co_firstlineno, used to
    attribute recompilations to a function).
A second handler on the `torch._dynamo` logger keeps "hit config.recompile_limit" warnings.

This module imports torch lazily (inside DynamoCapture) so that the parsing helpers can be unit-tested
without it.
"""
from __future__ import annotations

import ast
import json
import logging
import os
import re
import sys
import sysconfig
from collections import Counter
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
CORPUS_ROOT = REPO_ROOT / "corpus"
REGISTRY_PATHS = [
    REPO_ROOT.parent / "shared" / "data" / "graph_break_registry.json",
    Path("/work/shared/data/graph_break_registry.json"),
]

_FILE_RE = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<func>.+)$')
_LINK_RE = re.compile(r"/gb/(?:gb|GB)(\d{4})(?:\.html)?")
_EXC_RE = re.compile(r"^torch\._dynamo\.exc\.(?P<cls>\w+): (?P<first>.*)$")
_RESUME_RE = re.compile(r"^(?:torch_dynamo_resume_in_(?P<fn>.+)_at_(?P<line>\d+)|__resume_at_\d+_\d+)$")
_CHAIN_SEP = "*** While handling this graph break, another graph break occurred: ***"
_WRAPPERS = {
    "Encountered graph break when attempting to trace": "graph_break",
    "Failed to handle graph break gracefully": "frame_skipped",
    "Encountered graph break that we cannot resume from": "rest_skipped",
}


def scrub(text: str) -> str:
    """Remove run-specific noise (addresses, object ids) from a message."""
    text = re.sub(r"0x[0-9a-fA-F]{6,}", "0x?", text)
    text = re.sub(r"\b\d{10,}\b", "<id>", text)
    root = str(REPO_ROOT) + "/"
    text = text.replace(str(CORPUS_ROOT) + "/", "")
    text = text.replace(root, "")
    return text


_registry_cache: dict | None = None


def registry_by_type() -> dict[str, list[str]]:
    global _registry_cache
    if _registry_cache is None:
        _registry_cache = {}
        for p in REGISTRY_PATHS:
            if p.exists():
                data = json.loads(p.read_text())
                for gid, entries in data.items():
                    for e in entries:
                        _registry_cache.setdefault(e["Gb_type"], [])
                        if gid not in _registry_cache[e["Gb_type"]]:
                            _registry_cache[e["Gb_type"]].append(gid)
                break
    return _registry_cache


def registry_id(gb_type: str | None, block: str) -> tuple[str | None, str | None]:
    """(id, source): from the doc link printed by Dynamo, else by matching gb_type in the registry."""
    m = _LINK_RE.search(block)
    if m:
        return "GB" + m.group(1), "link"
    if gb_type:
        ids = registry_by_type().get(gb_type)
        if ids:
            return sorted(ids)[0], "registry"
    return None, None


class PathMapper:
    """Turns absolute paths into stable, machine-independent ones."""

    def __init__(self, corpus_root: Path = CORPUS_ROOT):
        self.corpus = str(corpus_root) + "/"
        self.stdlib = sysconfig.get_paths()["stdlib"] + "/"
        self.repo = str(REPO_ROOT) + "/"
        self.oracle = str(Path(__file__).resolve().parent) + "/"

    def rel(self, path: str) -> str:
        if path.startswith(self.corpus):
            return path[len(self.corpus):]
        if "/site-packages/" in path:
            return path.rsplit("/site-packages/", 1)[1]
        if "/dist-packages/" in path:
            return path.rsplit("/dist-packages/", 1)[1]
        if path.startswith(self.stdlib):
            return "<stdlib>/" + path[len(self.stdlib):]
        if path.startswith(self.repo):
            return "<repo>/" + path[len(self.repo):]
        return path

    def is_harness(self, path: str) -> bool:
        """Frames that belong to the oracle or to torch itself, not to the code under test."""
        if path.startswith(self.oracle):
            return True
        r = self.rel(path)
        return r.startswith("torch/") or r.startswith("<frozen ") or r.startswith("<stdlib>/runpy")


def original_function(name: str) -> str:
    m = _RESUME_RE.match(name)
    if m and m.group("fn"):
        return m.group("fn")
    return name


def parse_stack(lines: list[str]) -> list[dict]:
    frames = []
    for ln in lines:
        m = _FILE_RE.match(ln)
        if m:
            frames.append({"file": m.group("file"), "line": int(m.group("line")),
                           "function": original_function(m.group("func").strip())})
    return frames


def _first_text_line(block: str) -> str | None:
    for ln in block.splitlines():
        if ln.strip():
            return ln.strip()
    return None


def parse_reason(reason: str) -> dict:
    """Split a `Graph Break Reason:` body into kind, root gb_type (+ registry id) and the chain."""
    kind = "graph_break"
    wrapper = None
    blocks = reason.split(_CHAIN_SEP)
    first = blocks[0]
    head = _first_text_line(first) or ""
    for prefix, k in _WRAPPERS.items():
        if head.startswith(prefix):
            kind = k
            wrapper = head
            first = first.split(head, 1)[1]
            break
    parsed = []
    for i, b in enumerate([first] + blocks[1:]):
        gb_type = _first_text_line(b)
        # a chained exception message may carry the torch._dynamo.exc prefix
        if gb_type:
            m = _EXC_RE.match(gb_type)
            if m:
                gb_type = m.group("first")
        rid, src = registry_id(gb_type, b)
        parsed.append({"gb_type": gb_type, "registry_id": rid, "registry_source": src})
    if any(p["gb_type"] == "graph break in loop" for p in parsed[1:]):
        kind = "frame_skipped"
    op = None
    if wrapper:
        m = re.match(r"Encountered graph break when attempting to trace (\w+):", wrapper)
        if m:
            op = m.group(1)
    return {"kind": kind, "opcode": op, "root": parsed[0], "chain": parsed[1:]}


def parse_break_payload(payload: str) -> dict | None:
    """Parse the text of a `dynamo_graph_break_reason` artifact (== the graph_breaks log record)."""
    lines = payload.splitlines()
    if not lines:
        return None
    if lines[0].startswith("Graph break in user code at "):
        loc = lines[0][len("Graph break in user code at "):]
        f, _, ln = loc.rpartition(":")
        # reason: after "Graph Break Reason: " up to the attribution / traceback header
        try:
            end = lines.index("User code traceback:")
        except ValueError:
            end = len(lines)
        body = "\n".join(lines[1:end])
        body = body[len("Graph Break Reason: "):] if body.startswith("Graph Break Reason: ") else body
        body = body.split("\n\nStack variable source attribution:")[0]
        stack_lines = []
        for ln2 in lines[end + 1:]:
            if ln2.startswith("Traceback (most recent call last)") or ln2.startswith("NoneType: None"):
                break
            stack_lines.append(ln2)
        info = parse_reason(body)
        info["dynamo_loc"] = {"file": f, "line": int(ln) if ln.isdigit() else 0}
        info["stack"] = parse_stack(stack_lines)
        return info
    if lines[0].startswith("Graph break: torch.compile cannot properly resume"):
        # convert_frame.py form: the whole frame is skipped; reason is in the exception text
        stack_lines = []
        i = 0
        for i, ln2 in enumerate(lines):
            if ln2.startswith("The graph break occurred in the following user code:"):
                break
        for ln2 in lines[i + 1:]:
            if ln2.startswith("Traceback (most recent call last)") or not ln2.strip():
                break
            stack_lines.append(ln2)
        exc_at = None
        for j, ln2 in enumerate(lines):
            if _EXC_RE.match(ln2):
                exc_at = j
        body = ""
        if exc_at is not None:
            body = "\n".join([_EXC_RE.match(lines[exc_at]).group("first")] + lines[exc_at + 1:])
        info = parse_reason(body)
        info["kind"] = "frame_skipped"
        stack = parse_stack(stack_lines)
        info["stack"] = stack
        info["dynamo_loc"] = {"file": stack[-1]["file"], "line": stack[-1]["line"]} if stack else None
        return info
    return None


def _reason_list(payload) -> list[str]:
    """recompile_reasons payload: one reason (str) or a list of them (JSON-encoded by the logger)."""
    if payload is None:
        return []
    if isinstance(payload, list):
        return [str(p) for p in payload]
    if isinstance(payload, str) and payload.lstrip().startswith("["):
        try:
            v = json.loads(payload)
            if isinstance(v, list):
                return [str(p) for p in v]
        except ValueError:
            pass
    return [str(payload)]


def function_span(path: str, name: str, line: int) -> tuple[int, int] | None:
    """(first, last) line of the innermost function called `name` whose span contains `line`
    (a decorated function starts at its first decorator, like co_firstlineno)."""
    try:
        tree = ast.parse(Path(path).read_text())
    except Exception:  # noqa: BLE001 - not a file we can read, e.g. <string>
        return None
    best = None
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            if start <= line <= node.end_lineno:
                if best is None or start >= best[0]:
                    best = (start, node.end_lineno)
    return best


class _TraceHandler(logging.Handler):
    def __init__(self, sink: list):
        super().__init__(level=logging.DEBUG)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        md = getattr(record, "metadata", None)
        if not isinstance(md, dict):
            return
        if "dynamo_output_graph" in md:
            self.sink.append(("graph", md, None))
        elif "compilation_metrics" in md:
            cm = md["compilation_metrics"]
            self.sink.append(("metrics", {k: cm.get(k) for k in (
                "compile_id", "co_name", "co_filename", "co_firstlineno", "fail_type",
                "fail_reason", "fail_user_frame_filename", "fail_user_frame_lineno")}, None))
        elif "artifact" in md and md["artifact"].get("name") in (
                "dynamo_graph_break_reason", "recompile_reasons"):
            payload = getattr(record, "payload", None)
            self.sink.append((md["artifact"]["name"], md, payload))


class _WarnHandler(logging.Handler):
    def __init__(self, sink: list):
        super().__init__(level=logging.WARNING)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        try:
            msg = record.getMessage()
        except Exception:  # noqa: BLE001
            return
        if "torch._dynamo hit config." in msg:
            self.sink.append(("limit", {"message": msg}, None))


class DynamoCapture:
    """Context manager collecting Dynamo events; `summary()` gives the record fields."""

    def __init__(self, mapper: PathMapper | None = None, user_file_filter=None):
        self.mapper = mapper or PathMapper()
        self.events: list = []
        # decides whether a (absolute) file is "user code" for the innermost-frame attribution
        self.user_file_filter = user_file_filter or (lambda p: p.startswith(self.mapper.corpus))

    def __enter__(self):
        self._trace_log = logging.getLogger("torch.__trace")
        self._old_level = self._trace_log.level
        self._th = _TraceHandler(self.events)
        self._trace_log.addHandler(self._th)
        self._trace_log.setLevel(logging.DEBUG)
        self._dyn_log = logging.getLogger("torch._dynamo")
        self._wh = _WarnHandler(self.events)
        self._dyn_log.addHandler(self._wh)
        # Some breaks (a frame skipped by convert_frame.py) are only reported when the graph_breaks
        # artifact logger is enabled: enable it at DEBUG, silently (no propagation to stderr).
        self._gb_saved = []
        for name in ("torch._dynamo.symbolic_convert.__graph_breaks",
                     "torch._dynamo.convert_frame.__graph_breaks"):
            lg = logging.getLogger(name)
            if lg.isEnabledFor(logging.DEBUG):  # already on (TORCH_LOGS=graph_breaks): leave it
                continue
            nh = logging.NullHandler()
            self._gb_saved.append((lg, lg.level, lg.propagate, lg.disabled, nh))
            lg.propagate = False
            lg.addHandler(nh)
            lg.setLevel(logging.DEBUG)
            lg.disabled = False
        return self

    def __exit__(self, *exc):
        self._trace_log.removeHandler(self._th)
        self._trace_log.setLevel(self._old_level)
        self._dyn_log.removeHandler(self._wh)
        for lg, level, prop, disabled, nh in self._gb_saved:
            lg.removeHandler(nh)
            lg.setLevel(level)
            lg.propagate = prop
            lg.disabled = disabled
        return False

    # ------------------------------------------------------------------ summary
    def _frames(self, stack: list[dict]) -> list[dict]:
        out = []
        for fr in stack:
            if self.mapper.is_harness(fr["file"]):
                continue
            out.append({"file": self.mapper.rel(fr["file"]), "line": fr["line"],
                        "function": fr["function"]})
        return out

    def _guard_failure(self, reason: str) -> dict:
        """'0/0: self.step == 0   # self.step += 1  # f.py:14 in forward (HINT: ...)\nUser stack trace:...'"""
        lines = reason.splitlines()
        head = lines[0] if lines else ""
        m = re.match(r"^\s*(?:- )?(\d+/\d+): (.*)$", head)
        cid, text = (m.group(1), m.group(2)) if m else (None, head)
        guard = text.split("  # ", 1)[0].strip() if "  # " in text else text.strip()
        out = {"failed_entry": cid, "guard": scrub(guard), "message": scrub(text.strip())[:1000]}
        frames = parse_stack(lines[1:])
        if frames:
            user = [f for f in frames if self.user_file_filter(f["file"])] or frames
            out["file"] = self.mapper.rel(user[-1]["file"])
            out["line"] = user[-1]["line"]
        else:
            c = re.search(r"# (\S+):(\d+) in (\S+)", text)
            if c:
                out["file"] = self.mapper.rel(c.group(1))
                out["line"] = int(c.group(2))
        return out

    def _limit_hit(self, message: str) -> dict:
        """'torch._dynamo hit config.recompile_limit (8)\n   function: 'f' (file:line)\n   last reason: ...'"""
        out: dict = {"limit": None, "value": None, "function": None, "file": None, "first_line": None,
                     "last_reason": None}
        m = re.search(r"hit config\.(\w+) \((\d+)\)", message)
        if m:
            out["limit"], out["value"] = m.group(1), int(m.group(2))
        m = re.search(r"function: '([^']+)' \((.+):(\d+)\)", message)
        if m:
            out["function"] = original_function(m.group(1))
            out["file"] = self.mapper.rel(m.group(2))
            out["first_line"] = int(m.group(3))
        m = re.search(r"last reason: (?:\d+/\d+: )?(.*)", message)
        if m:
            out["last_reason"] = scrub(m.group(1).split("  # ", 1)[0].strip())
        return out

    def summary(self) -> dict:
        graph_count = 0
        breaks: Counter = Counter()
        metrics: dict[str, dict] = {}
        recompile_events = []
        limit_hits: Counter = Counter()
        unparsed: Counter = Counter()
        for kind, md, payload in self.events:
            if kind == "graph":
                graph_count += 1
            elif kind == "metrics":
                metrics[str(md.get("compile_id"))] = md
            elif kind == "dynamo_graph_break_reason":
                info = parse_break_payload(payload or "")
                if info is None:
                    unparsed[scrub((payload or "").splitlines()[0] if payload else "")] += 1
                    continue
                raw = info["stack"]
                user = [fr for fr in raw if self.user_file_filter(fr["file"])]
                site = user[-1] if user else (raw[-1] if raw else None)
                if site is None and info.get("dynamo_loc"):
                    site = {"file": info["dynamo_loc"]["file"], "line": info["dynamo_loc"]["line"],
                            "function": None}
                dl = info.get("dynamo_loc") or {"file": "", "line": 0}
                entry = {
                    "file": self.mapper.rel(site["file"]) if site else None,
                    "line": site["line"] if site else None,
                    "function": site.get("function") if site else None,
                    "gb_type": info["root"]["gb_type"],
                    "registry_id": info["root"]["registry_id"],
                    "registry_source": info["root"]["registry_source"],
                    "kind": info["kind"],
                    "opcode": info["opcode"],
                    "chain": [{"gb_type": c["gb_type"], "registry_id": c["registry_id"]}
                              for c in info["chain"]],
                    "dynamo_loc": {"file": self.mapper.rel(dl["file"]), "line": dl["line"]},
                    "stack": self._frames(raw),
                }
                breaks[json.dumps(entry, sort_keys=True)] += 1
            elif kind == "recompile_reasons":
                recompile_events.append((md, payload))
            elif kind == "limit":
                limit_hits[json.dumps(self._limit_hit(md["message"]), sort_keys=True)] += 1
        recompiles: Counter = Counter()
        for md, payload in recompile_events:
            cid = f"{md.get('frame_id')}/{md.get('frame_compile_id')}"
            m = metrics.get(cid, {})
            if not m.get("co_filename"):
                # a compile that failed early (e.g. recompile limit) has no code info: use any
                # other compile of the same frame (same code object)
                fid = f"{md.get('frame_id')}/"
                for k2 in sorted(metrics):
                    if k2.startswith(fid) and metrics[k2].get("co_filename"):
                        m = metrics[k2]
                        break
            co_file = m.get("co_filename") or ""
            co_name = m.get("co_name") or ""
            first = m.get("co_firstlineno") or 0
            fn = original_function(co_name)
            span = function_span(co_file, fn, first) if co_file else None
            entry = {
                "file": self.mapper.rel(co_file) if co_file else None,
                "function": fn,
                "code_name": co_name,
                "first_line": span[0] if span else first,
                "last_line": span[1] if span else first,
                "guard_failures": [self._guard_failure(r) for r in _reason_list(payload)],
            }
            recompiles[json.dumps(entry, sort_keys=True)] += 1

        def expand(counter):
            out = []
            for k, n in counter.items():
                d = json.loads(k)
                d["count"] = n
                out.append(d)
            return out

        brk = expand(breaks)
        brk.sort(key=lambda d: (d["file"] or "", d["line"] or 0, d["gb_type"] or "", json.dumps(d, sort_keys=True)))
        rc = expand(recompiles)
        rc.sort(key=lambda d: (d["file"] or "", d["first_line"], json.dumps(d, sort_keys=True)))
        return {
            "graph_count": graph_count,
            "break_count": sum(b["count"] for b in brk),
            "breaks": brk,
            "recompiles": rc,
            "recompile_limit_hits": sorted(expand(limit_hits), key=lambda d: json.dumps(d, sort_keys=True)),
            "unparsed_break_reports": [{"first_line": k, "count": n} for k, n in sorted(unparsed.items())],
        }


def exception_info(e: BaseException, mapper: PathMapper, user_file_filter=None) -> dict:
    """A deterministic description of an exception raised by the case (e.g. under fullgraph=True)."""
    user_file_filter = user_file_filter or (lambda p: p.startswith(mapper.corpus))
    text = str(e)
    first = text.splitlines()[0] if text else ""
    info = {"type": type(e).__name__, "module": type(e).__module__, "message": scrub(first)[:500]}
    gb_type = getattr(e, "gb_type", None)
    if gb_type is not None:
        rid, src = registry_id(gb_type, text)
        info["gb_type"] = gb_type
        info["registry_id"] = rid
    # user location: Dynamo's "from user code:" section, else the Python traceback
    frames = []
    if "\nfrom user code:\n" in text:
        frames = parse_stack(text.split("\nfrom user code:\n", 1)[1].splitlines())
    if not frames:
        import traceback
        frames = [{"file": f.filename, "line": f.lineno, "function": f.name}
                  for f in traceback.extract_tb(e.__traceback__)]
    user = [f for f in frames if user_file_filter(f["file"])]
    if user:
        info["file"] = mapper.rel(user[-1]["file"])
        info["line"] = user[-1]["line"]
    return info


def versions() -> dict:
    import platform
    out = {"python": ".".join(platform.python_version_tuple()[:2])}
    try:
        import torch
        out["torch"] = torch.__version__.split("+")[0]
    except Exception:  # noqa: BLE001
        out["torch"] = None
    return out


def dump_json(obj) -> str:
    return json.dumps(obj, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":  # pragma: no cover - tiny manual check
    print(parse_reason(sys.stdin.read()))


class TracedLines:
    """Context manager recording every source line Dynamo's bytecode interpreter steps onto
    (`InstructionTranslatorBase.starts_line`, the hook behind TORCH_LOGS=trace_source), so that a
    statement gbreak reports can be judged: Dynamo traced through it (and did not break there), or
    never reached it for the recorded inputs."""

    def __init__(self, mapper: PathMapper, keep=lambda rel: True):
        self.mapper = mapper
        self.keep = keep
        self.lines: dict[str, set[int]] = {}

    def __enter__(self):
        from torch._dynamo import symbolic_convert

        self._cls = symbolic_convert.InstructionTranslatorBase
        self._orig = self._cls.starts_line
        lines, orig = self.lines, self._orig

        def starts_line(translator, lineno):
            lines.setdefault(translator.f_code.co_filename, set()).add(lineno)
            return orig(translator, lineno)

        self._cls.starts_line = starts_line
        return self

    def __exit__(self, *exc):
        self._cls.starts_line = self._orig
        return False

    def summary(self) -> dict[str, str]:
        """{relative file: "12-15,20,31-40"}: the runs of consecutive traced lines."""
        out: dict[str, str] = {}
        for path, lines in self.lines.items():
            rel = self.mapper.rel(path)
            if not self.keep(rel):
                continue
            out[rel] = format_line_runs(lines)
        return dict(sorted(out.items()))


def format_line_runs(lines) -> str:
    """"12-15,20,31-40": the runs of consecutive line numbers."""
    runs: list[list[int]] = []
    for line in sorted(lines):
        if runs and line == runs[-1][1] + 1:
            runs[-1][1] = line
        else:
            runs.append([line, line])
    return ",".join(f"{a}-{b}" if b > a else str(a) for a, b in runs)


def parse_line_runs(text: str) -> set[int]:
    """The inverse of TracedLines.summary() for one file."""
    lines: set[int] = set()
    for part in filter(None, text.split(",")):
        first, _, last = part.partition("-")
        lines.update(range(int(first), int(last or first) + 1))
    return lines
