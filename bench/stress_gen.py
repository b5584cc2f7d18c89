#!/usr/bin/env python3
"""Writes generated Python files shaped to find the superlinear paths of an analyzer (one file per
shape, or a package for the --entry shape), for bench/stress.sh and tests/python/test_scaling.py.
Each is valid Python a model file could, at a much smaller size, contain; a few nest deeper than
CPython accepts (gbreak then reports GX001), which must still cost linear time.

    bench/stress_gen.py DIR               every shape at its default size (bench/stress.sh)
    bench/stress_gen.py DIR SHAPE N       one shape at size N; prints the gbreak lint arguments
    bench/stress_gen.py --list            the shapes, their default sizes and descriptions

Every shape's size grows linearly with N (at most a constant number of bytes per unit of N), so
an analyzer that is O(N log N) on each of them is O(size log size).
"""
import os
import sys


HEADER = "import torch\nfrom torch import nn\n\n"


def class_chain(n):
    """Each class subclasses the previous one and calls a method of its own through self."""
    out = [HEADER, "class C0(nn.Module):\n    def f(self, x):\n        return x\n"
           "    def forward(self, x):\n        return self.f(x)\n\n"]
    for i in range(1, n):
        out.append(f"class C{i}(C{i - 1}):\n    def f(self, x):\n        y = super().f(x)\n"
                   f"        return self.g{i}(y)\n    def g{i}(self, y):\n        return y + 1\n\n")
    return "".join(out)


def self_call_chain(n):
    """Each class subclasses the previous one and calls the root's self.f()."""
    out = [HEADER, "class C0(nn.Module):\n    def forward(self, x):\n        return self.f(x)\n"
           "    def f(self, x):\n        return x\n\n"]
    for i in range(1, n):
        out.append(f"class C{i}(C{i - 1}):\n    def forward(self, x):\n"
                   f"        return self.f(x) + {i}\n\n")
    return "".join(out)


def helper_chain(n):
    """Helpers defined callee first, each passing its parameter on; forward calls the last one."""
    out = [HEADER]
    for i in reversed(range(n)):
        call = f"f{i + 1}(t, x)" if i + 1 < n else "x"
        out.append(f"def f{i}(t, x):\n    y = {call}\n    if t:\n        return y\n"
                   "    return x\n\n")
    out.append("class M(nn.Module):\n    def forward(self, x):\n        total = None\n"
               "        for i in range(2):\n            if i:\n                x = f0(total, x)\n"
               "            total = x.sum()\n        return x\n")
    return "".join(out)


def wide_helper(parameters, calls=50):
    """One helper with thousands of parameters, called (calls times) with as many arguments."""
    names = ", ".join(f"p{i}" for i in range(parameters))
    out = [HEADER, f"def helper({names}):\n"]
    out += [f"    if p{i} > 0:\n        pass\n" for i in range(0, parameters, 10)]
    out.append("    return p0\n\nclass M(nn.Module):\n    def forward(self, x):\n")
    arguments = ", ".join("x.sum()" for _ in range(parameters))
    out += [f"        x = helper({arguments})\n" for _ in range(calls)]
    out.append("        return x\n")
    return "".join(out)


def long_function(n):
    """One forward of tens of thousands of data-dependent branches."""
    out = [HEADER, "class M(nn.Module):\n    def forward(self, x):\n"]
    out += [f"        if x.sum() > {i}:\n            x = x + {i}\n" for i in range(n)]
    out.append("        return x\n")
    return "".join(out)


def big_literal(n):
    """A table of n numbers on one line (9.8 MB for 1.4 million), under the 10 MB default limit."""
    return HEADER + "TABLE = [" + ", ".join(str(i * 7919 % 100003) for i in range(n)) + "]\n"


def name_literal(n):
    """A module-level list of n names and calls (not constants, so parsed element by element)."""
    items = ", ".join(f"f({i})" if i % 2 else f"name{i}" for i in range(n))
    return HEADER + "def f(i):\n    return i\n\nTABLE = [" + items + "]\n"


def forward_literal(n):
    """A compiled forward returning a list of n tensor expressions."""
    items = ", ".join(f"x * {i}" for i in range(n))
    return (HEADER + "class M(nn.Module):\n    def forward(self, x):\n"
            f"        return torch.stack([{items}])\n")


def deep_sum(n):
    """x0 + (x1 + (x2 + ...)): n nested parentheses (CPython stops at 200: GX001)."""
    text = "x" + " + (x" * (n - 1) + ")" * (n - 1)
    return HEADER + f"class M(nn.Module):\n    def forward(self, x):\n        return {text}\n"


def nested_calls(n):
    """torch.relu(torch.relu(...(x))): n nested calls in a forward."""
    text = "torch.relu(" * n + "x" + ")" * n
    return HEADER + f"class M(nn.Module):\n    def forward(self, x):\n        return {text}\n"


def method_chain(n):
    """x.add(1).mul(2).add(1)...: a call chain n long (left-nested calls on attributes)."""
    text = "x" + "".join(".add(1)" if i % 2 else ".mul(2)" for i in range(n))
    return HEADER + f"class M(nn.Module):\n    def forward(self, x):\n        return {text}\n"


def attribute_chain(n):
    """self.a.a.a...: an attribute access n long, used in a condition of a forward."""
    text = "self" + ".a" * n
    return (HEADER + "class M(nn.Module):\n    def forward(self, x):\n"
            f"        if {text}:\n            x = x + 1\n        return x\n")


def string_concat(n):
    """A string built of n pieces with + in a forward (a left-nested binary expression)."""
    text = " + ".join(f'"p{i}"' if i % 2 else "str(x.dim())" for i in range(n))
    return (HEADER + "class M(nn.Module):\n    def forward(self, x):\n"
            f"        name = {text}\n        return x, name\n")


def bool_chain(n):
    """if self.f0 and self.f1 and ... and x.sum() > 0: a boolean chain n long."""
    text = " and ".join(f"self.f{i}" for i in range(n))
    return (HEADER + "class M(nn.Module):\n    def forward(self, x):\n"
            f"        if {text} and x.sum() > 0:\n            x = x + 1\n        return x\n")


def elif_chain(n):
    """if self.mode == 0: ... elif self.mode == 1: ...: n branches of one if statement."""
    out = [HEADER, "class M(nn.Module):\n    def __init__(self, mode):\n"
           "        super().__init__()\n        self.mode = mode\n    def forward(self, x):\n"]
    for i in range(n):
        keyword = "if" if i == 0 else "elif"
        out.append(f"        {keyword} self.mode == {i}:\n            x = x + {i}\n")
    out.append("        else:\n            x = x.item()\n        return x\n")
    return "".join(out)


def try_chain(n):
    """try: ... with n except clauses and a finally, in a forward."""
    out = [HEADER, "class M(nn.Module):\n    def forward(self, x):\n        try:\n"
           "            x = x + 1\n"]
    out += [f"        except E{i}:\n            x = x + {i}\n" for i in range(n)]
    out.append("        finally:\n            x = x * 2\n        return x\n")
    return "".join(out)


def huge_class(n):
    """One module of n methods, each calling the next through self; forward calls the first."""
    out = [HEADER, "class M(nn.Module):\n    def forward(self, x):\n        return self.m0(x)\n"]
    for i in range(n):
        call = f"self.m{i + 1}(x + {i})" if i + 1 < n else "x.item()"
        out.append(f"    def m{i}(self, x):\n        return {call}\n")
    return "".join(out)


def many_functions(n):
    """n small module-level functions, each calling the previous; forward calls a few."""
    out = [HEADER, "def f0(x):\n    return x\n\n"]
    out += [f"def f{i}(x):\n    if x.dim() > {i % 4}:\n        return f{i - 1}(x)\n"
            f"    return x + {i}\n\n" for i in range(1, n)]
    out.append("class M(nn.Module):\n    def forward(self, x):\n"
               f"        return f{n - 1}(x) + f{n // 2}(x)\n")
    return "".join(out)


def many_imports(n):
    """n import statements of different forms, then a forward using some of the names."""
    out = [HEADER]
    for i in range(n):
        if i % 3 == 0:
            out.append(f"import pkg{i}.mod{i} as m{i}\n")
        elif i % 3 == 1:
            out.append(f"from pkg{i} import name{i}\n")
        else:
            out.append(f"from .rel{i} import name{i} as alias{i}\n")
    out.append("\nclass M(nn.Module):\n    def forward(self, x):\n"
               f"        return m0.f(x) + name{1 if n > 1 else 0}(x)\n")
    return "".join(out)


def compiled_forward(n):
    """A torch.compile'd function calling a forward of n statements, each naming a new value."""
    out = [HEADER, "class M(nn.Module):\n    def forward(self, x):\n        v0 = x\n"]
    for i in range(1, n):
        if i % 5 == 0:
            out.append(f"        if v{i - 1}.shape[0] > {i}:\n"
                       f"            v{i - 1} = v{i - 1} + 1\n")
        out.append(f"        v{i} = v{i - 1} * {i}\n")
    out.append(f"        return v{n - 1}\n\nmodel = M()\n\n@torch.compile\n"
               "def step(x):\n    return model(x)\n")
    return "".join(out)


def early_exits(n):
    """A forward of n early exits on flags, each followed by a break: every finding sits after
    all the exits before it (each exit's condition is worked out once per block)."""
    out = [HEADER, "class M(nn.Module):\n    def forward(self, x, flag=False):\n"]
    for i in range(n):
        out.append(f"        if helper(self.f{i}, flag):\n            return x\n        print({i})\n")
    out.append("        return x\n")
    return "".join(out)


def tested_defaults(n):
    """A forward of n defaulted parameters, each tested and followed by a print: every test folds
    the parameter's default, and asks what the function assigns to or fills it with."""
    params = ", ".join(f"f{i}=None" for i in range(n))
    out = [HEADER, f"class M(nn.Module):\n    def forward(self, x, {params}):\n"]
    for i in range(n):
        out.append(f"        if f{i}:\n            print({i})\n")
    out.append("        return x\n")
    return "".join(out)


def loop_breaks(n):
    """n modules whose forward breaks in a loop and then has findings Dynamo never traces (the
    frame-skip pass hides them), and one forward of n loops each breaking."""
    out = [HEADER]
    for i in range(n):
        out.append(f"class M{i}(nn.Module):\n    def forward(self, x):\n"
                   "        for _ in range(2):\n            if x.sum() > 0:\n"
                   "                x = x - 1\n        print(x.tolist())\n        return x\n\n")
    out.append("class Loops(nn.Module):\n    def forward(self, x):\n")
    for i in range(n):
        out.append(f"        for _ in range({i + 1}):\n            if x.sum() > {i}:\n"
                   "                x = x - 1\n")
    out.append("        return x\n")
    return "".join(out)


def module_chain(root, n):
    """A package of modules each importing and calling the next; model.py calls the first."""
    package = os.path.join(root, "chainpkg")
    os.makedirs(package, exist_ok=True)
    with open(os.path.join(package, "__init__.py"), "w") as f:
        f.write("")
    for i in range(n):
        with open(os.path.join(package, f"m{i}.py"), "w") as f:
            if i + 1 < n:
                f.write(f"from .m{i + 1} import f{i + 1}\n\ndef f{i}(x):\n    print(x)\n"
                        f"    return f{i + 1}(x)\n")
            else:
                f.write(f"def f{i}(x):\n    print(x)\n    return x\n")
    with open(os.path.join(package, "model.py"), "w") as f:
        f.write(HEADER + "from .m0 import f0\n\nclass Net(nn.Module):\n"
                "    def forward(self, x):\n        return f0(x)\n")


# name -> (generator of the text for size N, default size for bench/stress.sh). module_chain is
# separate: it writes a package and is linted with --entry.
FILE_SHAPES = {
    "class_chain": (class_chain, 3000),
    "self_call_chain": (self_call_chain, 3000),
    "helper_chain": (helper_chain, 20000),
    "wide_helper": (wide_helper, 5000),
    "long_function": (long_function, 50000),
    "big_literal": (big_literal, 1400000),
    "name_literal": (name_literal, 100000),
    "forward_literal": (forward_literal, 100000),
    "deep_sum": (deep_sum, 100000),
    "nested_calls": (nested_calls, 100000),
    "method_chain": (method_chain, 100000),
    "attribute_chain": (attribute_chain, 100000),
    "string_concat": (string_concat, 100000),
    "bool_chain": (bool_chain, 100000),
    "elif_chain": (elif_chain, 50000),
    "try_chain": (try_chain, 50000),
    "huge_class": (huge_class, 20000),
    "many_functions": (many_functions, 20000),
    "many_imports": (many_imports, 50000),
    "compiled_forward": (compiled_forward, 50000),
    "loop_breaks": (loop_breaks, 20000),
    "early_exits": (early_exits, 5000),
    "tested_defaults": (tested_defaults, 5000),
}
MODULE_CHAIN_DEFAULT = 2000
SHAPES = [*FILE_SHAPES, "module_chain"]


def write_shape(root, shape, n):
    """Writes one shape of size n under root; returns the arguments of `gbreak lint` (run in
    root) that check it."""
    os.makedirs(root, exist_ok=True)
    if shape == "module_chain":
        module_chain(root, n)
        return ["--entry", "chainpkg.model:Net"]
    generate, _ = FILE_SHAPES[shape]
    name = f"{shape}.py"
    with open(os.path.join(root, name), "w") as f:
        f.write(generate(n))
    return [name]


def main():
    if sys.argv[1:] == ["--list"]:
        for shape in FILE_SHAPES:
            generate, default = FILE_SHAPES[shape]
            print(f"{shape:18} {default:>9}  {generate.__doc__.splitlines()[0]}")
        print(f"{'module_chain':18} {MODULE_CHAIN_DEFAULT:>9}  "
              f"{module_chain.__doc__}")
    elif len(sys.argv) == 2:
        for shape in FILE_SHAPES:
            write_shape(sys.argv[1], shape, FILE_SHAPES[shape][1])
        module_chain(sys.argv[1], MODULE_CHAIN_DEFAULT)
    elif len(sys.argv) == 4 and sys.argv[2] in SHAPES:
        print(" ".join(write_shape(sys.argv[1], sys.argv[2], int(sys.argv[3]))))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
