"""The markdown report's repro scripts really reproduce the break, under torch 2.13.

For each corpus case below, gbreak's markdown report is generated and the repro script of the
finding on the case's `# ruleid:` line is run with a Python that has torch: $GBREAK_TORCH_PYTHON,
else .venv-oracle/bin/python (scripts/oracle-env), else the test skips with a message. A repro
compiled with fullgraph=True must raise torch._dynamo.exc.Unsupported; a repro for a
tensor-to-Python conversion (which fullgraph=True captures instead of breaking) must raise
RuntimeError("graph break: ...") from its check of Dynamo's graph-break counters
(docs/outputs.md).
"""

import os
import subprocess

import pytest

from repro_util import repros, ruleid_lines

# Each imports torch (~30 s): a few per rule family. All are positive cases (Dynamo 2.13 breaks there, per the records).
CASES = [
    "side_effects/print_in_forward.py",
    "side_effects/warnings_warn_in_forward.py",
    "explicit/graph_break_call.py",
    "control_flow/if_tensor_sum.py",
    "conversions/item_mid_forward.py",
    "conversions/int_of_tensor.py",
    "dynamic_shapes/nonzero_indices.py",
    "dynamic_shapes/bool_mask_index.py",
    "dynamic_shapes/bincount_histogram.py",
    # Inputs guessed from how the body uses a parameter (an int bound, row indices, booleans).
    "conversions/range_tensor_arg.py",
    "conversions/slice_trim_padding.py",
    "conversions/tensor_index_0d.py",
    "dynamic_shapes/where_single_arg.py",
    "dynamic_shapes/repeat_interleave_tensor.py",
    "unsupported_ops/autograd_grad_in_forward.py",  # the input feeds nn.Sequential's first layer
]


@pytest.mark.parametrize("case", CASES)
def test_repro_script_raises_the_break(case, run_gbreak, repo_root, torch_python, tmp_path):
    path = os.path.join("corpus", case)
    if not os.path.isfile(os.path.join(repo_root, path)):
        pytest.skip(f"{path} is not in the corpus")
    report = run_gbreak("lint", path, "--output-format", "markdown", cwd=repo_root)
    positives = ruleid_lines(os.path.join(repo_root, path))
    chosen = [r for r in repros(report.stdout) if r[2] in positives.get(r[1], ())]
    assert chosen, f"no repro for a `# ruleid:` line of {path}:\n{report.stdout}"
    _, line, code, script, complete = chosen[0]
    assert complete, script
    repro = tmp_path / "repro.py"
    repro.write_text(script, encoding="utf-8")
    result = subprocess.run([torch_python, str(repro)], cwd=repo_root, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode != 0, f"{path}:{line} {code}: the repro ran cleanly:\n{script}"
    expected = ("RuntimeError: graph break:" if 'counters["graph_break"]' in script
                else "torch._dynamo.exc.Unsupported")
    assert expected in result.stderr, result.stderr[-3000:]
