"""Proof of the tensor-check fix (CF001/CF002, `--unsafe-fixes`) against real torch.

For every corpus case where `gbreak lint --diff --unsafe-fixes` offers the edit, the case is fixed
in a temporary copy and both versions are imported. The fixed one must compile with
`fullgraph=True` (backend="eager") where the original breaks, and on random inputs (several
seeds, plus inputs that make the check fail) both must return equal outputs or both raise, the
fixed one RuntimeError with the original's message (the documented behaviour change that makes
the fix unsafe). Needs torch: without it the torch part skips with a message; which cases get the
fix is checked either way.
"""
import os
import shutil

import pytest

from fix_cases import CORPUS, fixed_cases as cases_with, load_case

SELECT = ["--select", "CF001,CF002"]
# Cases the fix must be offered for (so that the proof cannot pass by finding nothing).
EXPECTED = {
    "control_flow/assert_tensor_fstring_message.py",
    "control_flow/raise_on_tensor_check.py",
}
SEEDS = range(4)


def fixed_cases(run_gbreak):
    """The corpus files (relative to corpus/) the diff edits with `_assert_async`."""
    return cases_with(run_gbreak, "CF001,CF002", "torch._assert_async(")


def test_fix_is_offered_for_the_expected_cases(run_gbreak):
    assert EXPECTED <= set(fixed_cases(run_gbreak))


def test_fix_is_only_a_suggestion_without_unsafe_fixes(run_gbreak):
    result = run_gbreak("lint", "--diff", *SELECT, "control_flow/raise_on_tensor_check.py",
                        cwd=CORPUS)
    assert "_assert_async" not in result.stdout
    assert "2 unsafe fixes not made" in result.stderr


def variants(torch, inputs):
    """(name, inputs): random inputs over seeds, and inputs that make typical checks fail."""
    def remake(make):
        return tuple(make(a) if isinstance(a, torch.Tensor) and a.is_floating_point() else a
                     for a in inputs)

    for seed in SEEDS:
        gen = torch.Generator().manual_seed(seed)
        yield f"randn-{seed}", remake(lambda a: torch.randn(a.shape, generator=gen))
        yield f"positive-{seed}", remake(lambda a: torch.rand(a.shape, generator=gen) + 0.5)
    yield "zeros", remake(torch.zeros_like)

    def with_nan(a):
        a = torch.rand(a.shape) + 0.5
        a.view(-1)[0] = float("nan")
        return a

    yield "nan", remake(with_nan)


def call(fn, args):
    """(output, None) or (None, exception)."""
    try:
        return fn(*args), None
    except Exception as e:  # noqa: BLE001 - the exception is what is compared
        return None, e


def same_output(torch, a, b):
    if isinstance(a, torch.Tensor):
        return isinstance(b, torch.Tensor) and torch.allclose(a, b, equal_nan=True)
    if isinstance(a, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(
            same_output(torch, x, y) for x, y in zip(a, b))
    return a == b


def check_case(torch, case, work, run_gbreak):
    original_path = os.path.join(CORPUS, case)
    fixed_path = os.path.join(work, os.path.basename(case))
    shutil.copy(original_path, fixed_path)
    run_gbreak("lint", "--fix", "--unsafe-fixes", *SELECT, fixed_path)
    with open(fixed_path) as f:
        assert "torch._assert_async(" in f.read(), f"{case}: --fix made no edit"

    original, inputs = load_case(original_path)
    fixed, _ = load_case(fixed_path)
    if isinstance(original, torch.nn.Module):
        fixed.load_state_dict(original.state_dict())
        original.eval()
        fixed.eval()

    torch._dynamo.reset()
    before = torch._dynamo.explain(original)(*inputs[0]).graph_break_count
    torch._dynamo.reset()
    after = torch._dynamo.explain(fixed)(*inputs[0]).graph_break_count
    assert before > 0 and after < before, f"{case}: breaks {before} -> {after}"

    torch._dynamo.reset()
    compiled = torch.compile(fixed, backend="eager", fullgraph=True)
    raised = passed = 0
    for name, args in variants(torch, inputs[0]):
        want, want_error = call(original, args)
        got, got_error = call(fixed, args)
        got_compiled, compiled_error = call(compiled, args)
        where = f"{case} [{name}]"
        if want_error is None:
            assert got_error is None and compiled_error is None, (where, got_error, compiled_error)
            assert same_output(torch, want, got), where
            assert same_output(torch, want, got_compiled), where
            passed += 1
        else:
            # The documented change: RuntimeError, with the original's message.
            assert isinstance(got_error, RuntimeError), (where, want_error, got_error)
            assert isinstance(compiled_error, RuntimeError), (where, want_error, compiled_error)
            assert str(want_error) in str(got_error), (where, want_error, got_error)
            assert str(want_error) in str(compiled_error), (where, want_error, compiled_error)
            raised += 1
    assert raised and passed, f"{case}: inputs must both pass ({passed}) and fail ({raised})"


def test_fixed_cases_compile_whole_and_behave_alike(run_gbreak, tmp_path):
    cases = fixed_cases(run_gbreak)
    torch = pytest.importorskip("torch", reason="the proof runs the cases under real torch")
    for case in cases:
        check_case(torch, case, tmp_path, run_gbreak)
