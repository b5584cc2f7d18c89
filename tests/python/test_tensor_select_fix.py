"""Proof of the torch.where fix (CF001, `--unsafe-fixes`) against real torch.

For every corpus case where `gbreak lint --diff --unsafe-fixes` turns a branch into
`torch.where`, the case is fixed in a temporary copy and both versions are imported. The fixed one
must compile with `fullgraph=True` (backend="eager") where the original breaks, and on inputs
that take each side of every branch (random ones over several seeds, huge, infinite and NaN
values) both must return equal outputs, and equal gradients in training. Needs torch: without it
the torch part skips with a message; which cases get the fix is checked either way.
"""
import os
import shutil

import pytest

from fix_cases import CORPUS, fixed_cases as cases_with, load_case

SELECT = ["--select", "CF001"]
# Cases the fix must be offered for (so that the proof cannot pass by finding nothing).
EXPECTED = {"control_flow/clamp_unless_finite.py"}
SEEDS = range(4)


def fixed_cases(run_gbreak):
    """The corpus files (relative to corpus/) the diff edits with `torch.where`."""
    return cases_with(run_gbreak, "CF001", "= torch.where(")


def test_fix_is_offered_for_the_expected_cases(run_gbreak):
    assert EXPECTED <= set(fixed_cases(run_gbreak))


def test_fix_is_only_a_suggestion_without_unsafe_fixes(run_gbreak):
    result = run_gbreak("lint", "--diff", *SELECT, "control_flow/clamp_unless_finite.py",
                        cwd=CORPUS)
    assert "torch.where" not in result.stdout
    assert "3 unsafe fixes not made" in result.stderr


def test_fix_is_idempotent(run_gbreak, tmp_path):
    path = tmp_path / "case.py"
    shutil.copy(os.path.join(CORPUS, "control_flow/clamp_unless_finite.py"), path)
    run_gbreak("lint", "--fix", "--unsafe-fixes", *SELECT, str(path))
    once = path.read_text()
    assert once.count("= torch.where(") == 3
    result = run_gbreak("lint", "--fix", "--unsafe-fixes", *SELECT, str(path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert path.read_text() == once


def variants(torch, inputs):
    """(name, inputs): random inputs over seeds, and values that take the other sides."""
    def remake(make):
        return tuple(make(a) if isinstance(a, torch.Tensor) and a.is_floating_point() else a
                     for a in inputs)

    for seed in SEEDS:
        gen = torch.Generator().manual_seed(seed)
        yield f"randn-{seed}", remake(lambda a: torch.randn(a.shape, generator=gen))
        yield f"huge-{seed}", remake(lambda a: torch.randn(a.shape, generator=gen) * 1e6)

    def with_value(value):
        def make(a):
            a = torch.randn(a.shape)
            a.view(-1)[0] = value
            return a
        return make

    yield "inf", remake(with_value(float("inf")))
    yield "nan", remake(with_value(float("nan")))


def same(torch, a, b):
    return isinstance(b, torch.Tensor) and a.shape == b.shape and a.dtype == b.dtype and \
        torch.allclose(a, b, equal_nan=True)


def gradients(torch, module, args):
    module.zero_grad()
    args = tuple(a.clone().requires_grad_(True) if isinstance(a, torch.Tensor) else a
                 for a in args)
    module(*args).sum().backward()
    return [p.grad.clone() for p in module.parameters()] + [a.grad for a in args]


def check_case(torch, case, work, run_gbreak):
    original_path = os.path.join(CORPUS, case)
    fixed_path = os.path.join(work, os.path.basename(case))
    shutil.copy(original_path, fixed_path)
    run_gbreak("lint", "--fix", "--unsafe-fixes", *SELECT, fixed_path)
    with open(fixed_path) as f:
        assert "= torch.where(" in f.read(), f"{case}: --fix made no edit"

    original, inputs = load_case(original_path)
    fixed, _ = load_case(fixed_path)
    fixed.load_state_dict(original.state_dict())

    torch._dynamo.reset()
    before = torch._dynamo.explain(original)(*inputs[0]).graph_break_count
    torch._dynamo.reset()
    after = torch._dynamo.explain(fixed)(*inputs[0]).graph_break_count
    assert before > 0 and after == 0, f"{case}: breaks {before} -> {after}"

    torch._dynamo.reset()
    compiled = torch.compile(fixed, backend="eager", fullgraph=True)
    for name, args in variants(torch, inputs[0]):
        where = f"{case} [{name}]"
        original.eval()
        fixed.eval()
        want = original(*args)
        assert same(torch, want, fixed(*args)), where
        assert same(torch, want, compiled(*args)), where
        if name.startswith(("randn", "huge")):  # gradients of finite values
            original.train()
            fixed.train()
            for a, b in zip(gradients(torch, original, args), gradients(torch, fixed, args)):
                assert same(torch, a, b), f"{where} gradient"


def test_fixed_cases_compile_whole_and_behave_alike(run_gbreak, tmp_path):
    cases = fixed_cases(run_gbreak)
    torch = pytest.importorskip("torch", reason="the proof runs the cases under real torch")
    for case in cases:
        check_case(torch, case, tmp_path, run_gbreak)
