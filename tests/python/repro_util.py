"""Helpers for the repro-script tests: pull the repro scripts out of a markdown report."""

import re

SECTION = re.compile(r"^## \d+\. `(?P<path>[^`]+):(?P<line>\d+):(?P<col>\d+)`: (?P<code>\S+) ",
                     re.M)
REPRO = re.compile(r"\*\*Repro\*\* \(compiles `(?P<target>[^`]+)`[^\n]*\n\n```python\n"
                   r"(?P<script>.*?)```\n", re.S)


def repros(markdown):
    """[(path, line, code, script, complete)] for every section of the report with a repro."""
    out = []
    starts = [m for m in SECTION.finditer(markdown)]
    for i, m in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(markdown)
        body = markdown[m.end():end]
        r = REPRO.search(body)
        if r:
            complete = "# EDIT:" not in r.group("script")
            out.append((m.group("path"), int(m.group("line")), m.group("code"),
                        r.group("script"), complete))
    return out


def ruleid_lines(path):
    """{line: {codes}} for the lines a corpus case annotates with `# ruleid: CODE`."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    found = {}
    pending = set()
    for number, text in enumerate(lines, start=1):
        stripped = text.strip()
        m = re.match(r"#\s*ruleid:\s*(.+)", stripped)
        if m:
            pending |= {c.strip() for c in m.group(1).split(",")}
            continue
        if stripped.startswith("#") or not stripped:
            continue
        if pending:
            found[number] = pending
            pending = set()
    return found
