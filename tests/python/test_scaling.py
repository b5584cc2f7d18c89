"""No input of size N costs more than O(N log N) time or O(N) memory (issue 21).

Each shape of bench/stress_gen.py (long call chains, deep nesting, huge classes, large literals,
...) is linted at size N and 4N. Time is counted in instructions under valgrind (cachegrind with
no cache simulation: deterministic, and unmoved by the load of a shared machine, which wall time
is not); memory is the peak RSS from /usr/bin/time. From each count gbreak's start-up cost (a
file of three lines) is subtracted, so what is compared is the cost the shape adds. The test fails
when the instructions grow by more than 4 log(4N) / log(N) times a margin, or the memory by more
than 4 times a margin. The table of what this measured is in bench/README.md.

Shapes that are superlinear for a reason not fixed yet are expected failures (strict: a fix
makes them pass, and the test then says to remove the mark).

Runs in ~80 s on 2 cores at load ~4; without valgrind (or /usr/bin/time) the tests skip and
say so.
"""
import importlib.util
import math
import os
import re
import shutil
import subprocess

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load_stress_gen():
    spec = importlib.util.spec_from_file_location(
        "stress_gen", os.path.join(REPO, "bench", "stress_gen.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


stress_gen = load_stress_gen()

# shape -> (N for instructions, N for memory). N for instructions: large enough that the shape's
# own cost dwarfs start-up (~30 M instructions) and a quadratic term shows, small enough that the
# run at 4N stays well under a second under valgrind. Memory is measured without valgrind, at
# sizes where the shape holds tens of MB (RSS below a few MB is page and arena noise).
SIZES = {
    "class_chain": (60, 1000),
    "self_call_chain": (100, 2000),
    "helper_chain": (400, 1000),
    "wide_helper": (16, 200),
    "long_function": (150, 4000),
    "big_literal": (20000, 200000),  # 4N under the 10 MB default limit
    "name_literal": (800, 20000),
    "forward_literal": (1000, 20000),
    "deep_sum": (1000, 20000),
    "nested_calls": (300, 10000),
    "method_chain": (300, 10000),
    "attribute_chain": (1000, 20000),
    "string_concat": (400, 2000),
    "bool_chain": (500, 2000),
    "elif_chain": (60, 600),
    "try_chain": (300, 5000),
    "huge_class": (130, 4000),
    "many_functions": (100, 3000),
    "many_imports": (500, 20000),
    "compiled_forward": (300, 10000),
    "loop_breaks": (100, 3000),
    "early_exits": (300, 2000),
    "tested_defaults": (300, 2000),
    "module_chain": (40, 40),  # the --entry walk stops after 200 modules
}

# shape -> why it is superlinear now. Kept in step with the table in bench/README.md.
SUPERLINEAR_TIME = {}
SUPERLINEAR_MEMORY = {}

TIME_MARGIN = 1.3
MEMORY_MARGIN = 1.5  # vectors and hash tables grow by doubling: a linear cost can jump 2x
MEMORY_FLOOR_KB = 4096  # below this much above start-up, RSS is page and arena noise
TIMEOUT_S = 120


def cases(expected_failures):
    for shape in stress_gen.SHAPES:
        reason = expected_failures.get(shape)
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        yield pytest.param(shape, marks=marks, id=shape)


def gbreak_command(binary, lint_arguments):
    # One thread: the count is then the same from run to run. No result cache: what grows with
    # N is the analysis, and the start-up cost subtracted from every shape must be the same work
    # (an --entry run, module_chain, does not use the cache; a whole-tree lint of empty.py would
    # otherwise count creating one).
    return [binary, "lint", "--exit-zero", "--no-cache", "-j1", *lint_arguments]


def run_measured(prefix, command, cwd):
    """Runs command under prefix; returns its stderr. A crash or a timeout fails the test."""
    try:
        result = subprocess.run([*prefix, *command], cwd=cwd, capture_output=True, text=True,
                                timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{' '.join(command)} took over {TIMEOUT_S} s")
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stderr


def instructions(command, cwd):
    """Instructions executed by command (user space), counted by cachegrind."""
    stderr = run_measured(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                           "--cachegrind-out-file=/dev/null"], command, cwd)
    match = re.search(r"I\s+refs:\s+([\d,]+)", stderr)
    assert match, stderr[-2000:]
    return int(match.group(1).replace(",", ""))


def peak_rss_kb(command, cwd):
    """Peak resident memory of command. /usr/bin/time forks it from a small process: a child of
    this Python would inherit pytest's own peak in its count (Linux keeps it across exec)."""
    stderr = run_measured(["/usr/bin/time", "-f", "peak-rss %M"], command, cwd)
    return int(re.findall(r"peak-rss (\d+)", stderr)[-1])


@pytest.fixture(scope="module")
def binary(gbreak_binary, tmp_path_factory):
    """gbreak without its debug information when strip is at hand: valgrind reads all of it at
    every start (~0.4 s a run here), and the instructions counted are the same."""
    if shutil.which("strip") is None:
        return gbreak_binary
    stripped = str(tmp_path_factory.mktemp("bin") / "gbreak")
    subprocess.run(["strip", "-o", stripped, gbreak_binary], check=True)
    return stripped


@pytest.fixture(scope="module")
def start_up(binary, tmp_path_factory):
    """start_up(measure): what measure counts for a file of three lines, measured once."""
    directory = tmp_path_factory.mktemp("start-up")
    (directory / "empty.py").write_text(stress_gen.HEADER)
    costs = {}

    def cost(measure):
        if measure not in costs:
            costs[measure] = measure(gbreak_command(binary, ["empty.py"]), directory)
        return costs[measure]

    return cost


def growth(measure, binary, start_up, shape, n, tmp_path):
    """measure's cost of shape at 4N over its cost at N, start-up subtracted; and both costs."""
    costs = []
    for size in (n, 4 * n):
        directory = tmp_path / f"n{size}"
        arguments = stress_gen.write_shape(str(directory), shape, size)
        cost = measure(gbreak_command(binary, arguments), directory) - start_up(measure)
        costs.append(max(cost, 1))
    return costs[1] / costs[0], costs


def test_every_shape_has_a_size():
    assert sorted(SIZES) == sorted(stress_gen.SHAPES)


@pytest.mark.parametrize("shape", cases(SUPERLINEAR_TIME))
def test_instructions_grow_at_most_n_log_n(binary, start_up, shape, tmp_path):
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind is not installed: instruction counts need it (apt install valgrind)")
    n = SIZES[shape][0]
    ratio, (small, large) = growth(instructions, binary, start_up, shape, n, tmp_path)
    allowed = 4 * math.log(4 * n) / math.log(n) * TIME_MARGIN
    assert ratio <= allowed, (f"{shape}: {small:,} instructions at N={n}, {large:,} at 4N: "
                              f"x{ratio:.1f}, more than N log N allows (x{allowed:.1f})")


@pytest.mark.parametrize("shape", cases(SUPERLINEAR_MEMORY))
def test_memory_grows_at_most_linearly(binary, start_up, shape, tmp_path):
    if not os.access("/usr/bin/time", os.X_OK):
        pytest.skip("/usr/bin/time is not installed: peak RSS needs it (apt install time)")
    n = SIZES[shape][1]
    ratio, (small, large) = growth(peak_rss_kb, binary, start_up, shape, n, tmp_path)
    assert large >= MEMORY_FLOOR_KB, (f"{shape}: +{large:,} KB at 4N={4 * n} is too little above "
                                      "start-up to tell a slope from noise: raise its size")
    allowed = 4 * MEMORY_MARGIN
    assert ratio <= allowed, (f"{shape}: peak RSS +{small:,} KB at N={n}, +{large:,} KB at 4N: "
                              f"x{ratio:.1f}, more than linear allows (x{allowed:.1f})")
