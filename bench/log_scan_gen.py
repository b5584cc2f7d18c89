#!/usr/bin/env python3
"""Writes a large synthetic tt-xla debug log for bench/log_scan.sh (not a test fixture).

Each graph is 9 MLIR modules (vhlo … ttnn_runtime) as tt-xla prints them with XLA_HLO_DEBUG=1:
every op line ends in `loc(#locN)`, and the aliases after each module body are callsite chains of
Python frames (logs.md §2.2), renumbered per module. TORCH_LOGS +dynamo lines sit between graphs.

Usage: log_scan_gen.py OUT_PATH SIZE_MB
"""
import sys

STAGES = ["vhlo", "shlo", "shlo_frontend", "shlo_compiler", "shlo_set_mesh_attr",
          "shlo_compiler_cleaned", "ttir", "ttnn", "ttnn_runtime"]
SEP = "------------------ END OF MLIR MODULE ------------------\n"
VENV = "/root/tt-xla/venv/lib/python3.12/site-packages"
MODEL = VENV + "/transformers/models/llama/modeling_llama.py"
OPS_PER_MODULE = 1500
SITES = 60  # distinct op locations per module


def aliases(offset):
    """Alias definitions for SITES op locations, each a 5-frame callsite chain."""
    out = []
    n = offset
    op_ids = []
    for s in range(SITES):
        frames = [(VENV + "/torch/_ops.py", 723, "__call__"),
                  (VENV + "/torch/nn/modules/linear.py", 125, "forward"),
                  (MODEL, 200 + s, "forward"),
                  (VENV + "/torch/nn/modules/module.py", 1784, "_call_impl"),
                  ("/root/tt-xla/run_llama.py", 31, "<module>")]
        named = []
        for path, line, fn in frames:
            out.append(f"#loc{n} = loc(\"{path}\":{line}:0)\n")
            out.append(f"#loc{n + 1} = loc(\"{fn}\"(#loc{n}))\n")
            named.append(n + 1)
            n += 2
        chain = named[-1]
        for f in reversed(named[:-1]):
            out.append(f"#loc{n} = loc(callsite(#loc{f} at #loc{chain}))\n")
            chain = n
            n += 1
        out.append(f"#loc{n} = loc(\"aten__addmm\"(#loc{chain}))\n")
        op_ids.append(n)
        n += 1
    return "".join(out), op_ids


def module(stage, graph, offset):
    defs, op_ids = aliases(offset)
    head = (f"2026-08-21 10:00:02.010 (   3.210s) [        5F1E9740]      module_builder.cc:1278"
            f"     1| MLIR Module {stage}:\n")
    body = [f"module @SyncTensorsGraph.{graph} attributes {{mhlo.cross_program_prefetches = []}} {{\n",
            "  func.func @main(%arg0: tensor<1x32x2048xbf16> loc(\"p0.3\")) -> tensor<1x32x2048xbf16> {\n"]
    for i in range(OPS_PER_MODULE):
        body.append(f"    %{i + 1} = stablehlo.add %{i}, %arg0 : tensor<1x32x2048xbf16> "
                    f"loc(#loc{op_ids[i % SITES]})\n")
    body.append("    return %1 : tensor<1x32x2048xbf16> loc(#loc)\n  } loc(#loc)\n} loc(#loc)\n")
    body.append("#loc = loc(unknown)\n")
    return head + "".join(body) + defs + SEP


def main():
    out_path, size_mb = sys.argv[1], int(sys.argv[2])
    # One graph's text, built once (offsets differ per stage, as numbering restarts per module).
    block = "".join(module(stage, 7, 1 + i) for i, stage in enumerate(STAGES))
    dynamo = ("I0821 10:00:01.100000 4242 torch/_dynamo/symbolic_convert.py:3317] [0/0] "
              f"Step 1: torchdynamo start tracing forward {MODEL}:180\n"
              "I0821 10:00:01.107000 4242 torch/_dynamo/output_graph.py:1700] [0/0] "
              "Step 2: calling compiler function tt_backend\n")
    target = size_mb * 1024 * 1024
    written = 0
    graphs = 0
    with open(out_path, "w", encoding="utf-8") as f:
        while written < target:
            text = dynamo + block
            f.write(text)
            written += len(text)
            graphs += 1
    print(f"wrote {written / 1e9:.2f} GB, {graphs} graphs, {graphs * len(STAGES)} modules",
          file=sys.stderr)


if __name__ == "__main__":
    main()
