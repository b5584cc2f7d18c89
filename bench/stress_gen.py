#!/usr/bin/env python3
"""Writes generated Python files shaped to find the superlinear paths of an analyzer (one file per
shape, plus one package), for bench/stress.sh. Each is valid Python a model file could, at a much
smaller size, contain.

    bench/stress_gen.py DIR
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


def wide_helper(parameters, calls):
    """One helper with thousands of parameters, called with as many arguments."""
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


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    os.makedirs(root, exist_ok=True)
    files = {
        "class_chain.py": class_chain(3000),
        "self_call_chain.py": self_call_chain(3000),
        "helper_chain.py": helper_chain(20000),
        "wide_helper.py": wide_helper(5000, 50),
        "long_function.py": long_function(50000),
        "big_literal.py": big_literal(1400000),
    }
    for name, text in files.items():
        with open(os.path.join(root, name), "w") as f:
            f.write(text)
    module_chain(root, 2000)


if __name__ == "__main__":
    main()
