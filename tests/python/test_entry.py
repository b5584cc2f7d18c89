"""Entry runs from the command line: --python, --site-packages, --entry and the `entry` config key.

The library is the small one of tests/e2e/cases/entry-site-packages (a lazy __init__, a model
class, a helper with `.item()`), installed into a directory named site-packages, the way an
interpreter's sys.path shows it.
"""
import json
import os
import shutil
import stat
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
LIBRARY = os.path.join(HERE, "..", "e2e", "cases", "entry-site-packages", "tree", "site", "lib")


@pytest.fixture
def site(tmp_path):
    packages = tmp_path / "venv" / "lib" / "python3.11" / "site-packages"
    shutil.copytree(LIBRARY, packages / "lib")
    return packages


def fake_python(tmp_path, site_packages, torch="2.13.0+cpu"):
    """An executable that answers gbreak's question the way a real interpreter would."""
    script = tmp_path / "python"
    script.write_text("#!/bin/sh\n"
                      f"echo 'torch {torch}'\n"
                      "echo 'path /nonexistent/lib/python3.11'\n"
                      f"echo 'path {site_packages}'\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


def findings(result):
    assert result.returncode in (0, 1), result.stderr
    return [(os.path.basename(f["file"]), f["start"]["line"], f["code"], f.get("origin"))
            for f in json.loads(result.stdout)["findings"]]


def test_python_interpreter_gives_the_site_packages(run_gbreak, tmp_path, site):
    python = fake_python(tmp_path, site)
    r = run_gbreak("lint", "--python", python, "--entry", "lib:Net", "--output-format", "json",
                   cwd=tmp_path)
    assert findings(r) == [("utils.py", 2, "CV001", "lib")]


def test_site_packages_directory(run_gbreak, tmp_path, site):
    r = run_gbreak("lint", "--site-packages", str(site), "--entry", "lib.models.net:Net",
                   "--output-format", "json", cwd=tmp_path)
    assert findings(r) == [("utils.py", 2, "CV001", "lib")]


def test_entry_from_configuration(run_gbreak, tmp_path, site):
    (tmp_path / "gbreak.toml").write_text('entry = ["lib:Net"]\n')
    r = run_gbreak("lint", "--site-packages", str(site), "--output-format", "json", cwd=tmp_path)
    assert findings(r) == [("utils.py", 2, "CV001", "lib")]


def test_real_interpreter_is_asked_once(run_gbreak, tmp_path, site):
    # The test interpreter has no `lib`: its site-packages are searched, then --site-packages.
    r = run_gbreak("lint", "--python", sys.executable, "--site-packages", str(site),
                   "--entry", "lib:Net", "--output-format", "json", cwd=tmp_path)
    assert findings(r) == [("utils.py", 2, "CV001", "lib")]


def test_not_an_interpreter_is_a_usage_error(run_gbreak, tmp_path):
    r = run_gbreak("lint", "--python", str(tmp_path / "nope"), "--entry", "lib:Net", cwd=tmp_path)
    assert r.returncode == 2
    assert "--python" in r.stderr and "sys.path" in r.stderr


def test_unresolvable_entry_names_the_search_path(run_gbreak, tmp_path, site):
    r = run_gbreak("lint", "--site-packages", str(site), "--entry", "transformers:GPT2Model",
                   cwd=tmp_path)
    assert r.returncode == 2
    assert "module `transformers` is not on the search path" in r.stderr
    assert str(site) in r.stderr


def test_sarif_places_library_findings_at_the_scripts_compile_call(run_gbreak, tmp_path, site):
    # Code scanning shows only repository files: a break inside site-packages is reported at the
    # script's torch.compile call, with the library line as a related location and the chain as a
    # code flow.
    (tmp_path / "train.py").write_text("import torch\n"
                                       "from lib import Net\n"
                                       "\n"
                                       "model = Net(hidden=8)\n"
                                       "compiled = torch.compile(model)\n")
    r = run_gbreak("lint", "--site-packages", str(site), "--entry", "train.py",
                   "--output-format", "sarif", cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    (result,) = json.loads(r.stdout)["runs"][0]["results"]
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "train.py"
    assert location["region"]["startLine"] == 5
    related = result["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert related.endswith("site-packages/lib/utils.py")
    steps = result["codeFlows"][0]["threadFlows"][0]["locations"]
    assert len(steps) >= 3  # the compile call, Net.forward, scale_of (and the break)


def test_sarif_places_a_configured_module_entrys_findings_at_its_configuration_line(
        run_gbreak, tmp_path, site):
    # A module entry (`lib:Net`) reaches only library code: the configuration line that names it
    # is the repository line code scanning can show.
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n\n'
                                             '[tool.gbreak]\n'
                                             'entry = [\n'
                                             '  "lib:Net",\n'
                                             ']\n')
    r = run_gbreak("lint", "--site-packages", str(site), "--output-format", "sarif", cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    (result,) = json.loads(r.stdout)["runs"][0]["results"]
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "pyproject.toml"
    assert location["region"]["startLine"] == 6
    related = result["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert related.endswith("site-packages/lib/utils.py")
    # On the command line there is no such line: the library location is kept as it is.
    r = run_gbreak("lint", "--site-packages", str(site), "--entry", "lib:Net",
                   "--output-format", "sarif", cwd=tmp_path)
    (result,) = json.loads(r.stdout)["runs"][0]["results"]
    uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri.endswith("site-packages/lib/utils.py")


# A multimodal model whose image path breaks: the verdict and each finding's condition depend on
# what the call passes (--inputs, or the entry's own list).
MULTIMODAL = (
    "class Net:\n"
    "    def forward(self, input_ids=None, pixel_values=None):\n"
    "        x = input_ids\n"
    "        if pixel_values is not None:\n"
    "            x = x + self.encode(pixel_values)\n"
    "        return x\n"
    "    def encode(self, pixels):\n"
    "        return pixels.sum().item()\n")


def run_multimodal(run_gbreak, tmp_path, *args, output="json"):
    (tmp_path / "mm").mkdir(exist_ok=True)
    (tmp_path / "mm" / "__init__.py").write_text("")
    (tmp_path / "mm" / "model.py").write_text(MULTIMODAL)
    return run_gbreak("lint", "--entry", *args, "--output-format", output, ".", cwd=tmp_path)


def test_unknown_inputs_make_optional_input_breaks_conditional(run_gbreak, tmp_path):
    r = run_multimodal(run_gbreak, tmp_path, "mm.model:Net")
    doc = json.loads(r.stdout)
    assert [f["conditions"] for f in doc["findings"]] == [["`pixel_values` is given"]]
    assert doc["summary"]["verdict"] == "breaks only when `pixel_values` is given"
    text = run_multimodal(run_gbreak, tmp_path, "mm.model:Net", output="text").stdout
    assert "[only when `pixel_values` is given]" in text
    assert text.rstrip().endswith("Verdict: breaks only when `pixel_values` is given.")
    sarif = json.loads(run_multimodal(run_gbreak, tmp_path, "mm.model:Net", output="sarif").stdout)
    result = sarif["runs"][0]["results"][0]
    assert result["properties"]["conditions"] == ["`pixel_values` is given"]


def test_inputs_the_call_passes_decide_the_verdict(run_gbreak, tmp_path):
    text_only = json.loads(run_multimodal(run_gbreak, tmp_path, "mm.model:Net",
                                          "--inputs", "input_ids").stdout)
    assert text_only["findings"] == []
    assert text_only["summary"]["verdict"] == "compiles whole"
    with_image = json.loads(run_multimodal(run_gbreak, tmp_path,
                                           "mm.model:Net(input_ids, pixel_values)").stdout)
    assert [("conditions" in f, f["code"]) for f in with_image["findings"]] == [(False, "CV001")]
    assert with_image["summary"]["verdict"] == "breaks"


# An optional input the call leaves out, cast under its own None test (`if guidance is not None:
# guidance = guidance.to(...)`): it holds None wherever it is read, so `if guidance:` decides
# nothing from tensor data (Bria's guidance embedding); given, it is a tensor and breaks.
GUIDED = (
    "import torch\n"
    "class Net(torch.nn.Module):\n"
    "    def forward(self, x, guidance: torch.Tensor = None):\n"
    "        if guidance is not None:\n"
    "            guidance = guidance.to(x.dtype)\n"
    "        else:\n"
    "            guidance = None\n"
    "        if guidance:\n"
    "            x = x + guidance\n"
    "        return x\n")


def test_an_input_the_call_leaves_out_holds_its_default_after_its_none_test(run_gbreak, tmp_path):
    (tmp_path / "guided.py").write_text(GUIDED)
    findings = lambda *inputs: [  # noqa: E731
        (f["code"], f["start"]["line"]) for f in json.loads(run_gbreak(
            "lint", "--entry", "guided:Net", *inputs, "--output-format", "json", ".",
            cwd=tmp_path).stdout)["findings"]]
    assert findings("--inputs", "x") == []
    assert findings("--inputs", "x,guidance") == [("CF001", 8)]


# A model built from a configuration class in another module: conditions on its fields fold to
# the class's defaults, or to the configuration the user gives (--config).
CONFIGURED = {
    "cfg/__init__.py": "",
    "cfg/configuration.py": ("class NetConfig:\n"
                             "    layerdrop: float = 0.0\n"
                             "    impl: str = 'sdpa'\n"),
    "cfg/model.py": ("from .configuration import NetConfig\n"
                     "class Net:\n"
                     "    def __init__(self, config: NetConfig):\n"
                     "        self.config = config\n"
                     "        self.layerdrop = config.layerdrop\n"
                     "    def forward(self, x):\n"
                     "        if self.layerdrop > 0.0:\n"
                     "            print('layer drop')\n"
                     "        if self.config.impl == 'eager':\n"
                     "            x = x.item()\n"
                     "        return x\n"),
}


def run_configured(run_gbreak, tmp_path, *config):
    for rel, text in CONFIGURED.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    args = [a for c in config for a in ("--config", c)]
    return run_gbreak("lint", "--entry", "cfg.model:Net", *args, "--output-format", "json", ".",
                      cwd=tmp_path)


def test_configuration_defaults_fold_and_config_overrides_them(run_gbreak, tmp_path):
    assert json.loads(run_configured(run_gbreak, tmp_path).stdout)["findings"] == []
    given = json.loads(run_configured(run_gbreak, tmp_path, "layerdrop=0.1").stdout)
    assert [f["start"]["line"] for f in given["findings"]] == [8]
    (tmp_path / "config.json").write_text('{"impl": "eager", "text_config": {"impl": "x"}}')
    from_file = json.loads(run_configured(run_gbreak, tmp_path, "config.json").stdout)
    assert [f["start"]["line"] for f in from_file["findings"]] == [10]


# A per-layer field (`layer_types`, one entry per layer): each layer reads its own entry, so a
# test on it folds when every entry agrees, and runs in both arms, unconditionally, when they
# differ. Given in a config.json or as `KEY=[...]`.
PER_LAYER = {
    "layered/__init__.py": "",
    "layered/model.py": ("class Config:\n"
                         "    layer_types: list = None\n"
                         "class Layer:\n"
                         "    def __init__(self, config: Config, layer_idx):\n"
                         "        self.kind = config.layer_types[layer_idx]\n"
                         "    def forward(self, x):\n"
                         "        if self.kind == 'sliding':\n"
                         "            print('sliding')\n"
                         "        else:\n"
                         "            x = x.item()\n"
                         "        return x\n"
                         "class Net:\n"
                         "    def __init__(self, config: Config):\n"
                         "        self.layers = [Layer(config, i) for i in range(2)]\n"
                         "    def forward(self, x):\n"
                         "        for layer in self.layers:\n"
                         "            x = layer(x)\n"
                         "        return x\n"),
}


def test_per_layer_configuration_lists(run_gbreak, tmp_path):
    for rel, text in PER_LAYER.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)

    def findings(*config):
        args = [a for c in config for a in ("--config", c)]
        out = run_gbreak("lint", "--entry", "layered.model:Layer", *args, "--inputs", "x",
                         "--output-format", "json", ".", cwd=tmp_path)
        return [(f["start"]["line"], f.get("conditions")) for f in
                json.loads(out.stdout)["findings"]]

    # No list given (the class says None): each arm runs only when its test says so.
    assert findings() == [(8, ["`self.kind == 'sliding'`"]),
                          (10, ["not `self.kind == 'sliding'`"])]
    # Both kinds of layer: both arms run, in some layer.
    (tmp_path / "config.json").write_text('{"layer_types": ["sliding", "full"]}')
    assert findings("config.json") == [(8, None), (10, None)]
    assert findings("layer_types=['sliding', \"full\"]") == [(8, None), (10, None)]
    # Every layer the same: the test folds.
    assert findings("layer_types=[sliding, sliding]") == [(8, None)]
    assert findings("layer_types=['full']") == [(10, None)]


# A composite model whose language model is built from a sub-configuration (`text_config`): a
# config.json's nested object gives that class's fields, found by the `model_type` it carries.
COMPOSITE = {
    "lib/__init__.py": "",
    "lib/text.py": ("class TextConfig:\n"
                    "    model_type = 'text'\n"
                    "    def __init__(self, flag=False):\n"
                    "        self.flag = flag\n"
                    "class TextModel:\n"
                    "    config_class = TextConfig\n"
                    "    def __init__(self, config):\n"
                    "        self.config = config\n"
                    "    def forward(self, input_ids):\n"
                    "        if self.config.flag:\n"
                    "            print('flagged')\n"
                    "        return input_ids\n"),
    "lib/pair.py": ("from .text import TextModel\n"
                    "class PairConfig:\n"
                    "    model_type = 'pair'\n"
                    "class PairModel:\n"
                    "    config_class = PairConfig\n"
                    "    def __init__(self, config):\n"
                    "        self.language_model = TextModel(config.text_config)\n"
                    "    def forward(self, input_ids):\n"
                    "        return self.language_model(input_ids)\n"),
}


@pytest.mark.parametrize("config, lines", [
    ([], []),
    (['{"text_config": {"model_type": "text", "flag": true}}'], [11]),
    (['{"text_config": {"model_type": "text", "flag": false}}', "flag=True"], []),
    (['{"text_config": {"model_type": "other", "flag": true}}'], []),
])
def test_sub_configuration_of_a_config_json_reaches_its_class(run_gbreak, tmp_path, config, lines):
    for rel, text in COMPOSITE.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    args = []
    for i, c in enumerate(config):
        if c.startswith("{"):
            (tmp_path / f"config{i}.json").write_text(c)
            c = f"config{i}.json"
        args += ["--config", c]
    r = run_gbreak("lint", "--entry", "lib.pair:PairModel", *args, "--output-format", "json", ".",
                   cwd=tmp_path)
    assert r.returncode in (0, 1), r.stderr
    assert [f["start"]["line"] for f in json.loads(r.stdout)["findings"]] == lines


@pytest.mark.parametrize("toml, args, lines, code", [
    # a table of fields, sub-configurations as tables
    ('config = { text_config = { model_type = "text", flag = true } }\n', [], ["text.py:11"], 1),
    # the path of a config.json, relative to the configuration file
    ('config = "cfg/c.json"\n', [], ["text.py:11"], 1),
    # --config wins over the file's
    ('config = { text_config = { model_type = "text", flag = true } }\n',
     ["--config", "text_config.flag=False"], [], 0),
    # a finding under an undecided condition does not fail the run when the file says so, unless
    # the command line says otherwise
    ('fail-on-conditional = false\n', ["--no-inputs-given"], ["pair.py:10"], 0),
    ('fail-on-conditional = false\n', ["--no-inputs-given", "--fail-on-conditional"],
     ["pair.py:10"], 1),
])
def test_config_and_fail_on_conditional_keys(run_gbreak, tmp_path, toml, args, lines, code):
    tree = dict(COMPOSITE)
    tree["lib/pair.py"] = tree["lib/pair.py"].replace(
        "    def forward(self, input_ids):\n",
        "    def forward(self, input_ids, pixels=None):\n"
        "        if pixels is not None:\n"
        "            print('pixels')\n")
    tree["cfg/c.json"] = '{"text_config": {"model_type": "text", "flag": true}}'
    for rel, text in tree.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    (tmp_path / "gbreak.toml").write_text(toml)
    inputs = [] if "--no-inputs-given" in args else ["--inputs", "input_ids"]
    args = [a for a in args if a != "--no-inputs-given"]
    r = run_gbreak("lint", "--entry", "lib.pair:PairModel", *inputs, *args, "--output-format",
                   "json", ".", cwd=tmp_path)
    assert r.returncode == code, r.stderr
    got = [f"{os.path.basename(f['file'])}:{f['start']['line']}"
           for f in json.loads(r.stdout)["findings"]]
    assert sorted(got) == lines


def test_unreadable_config_is_a_usage_error(run_gbreak, tmp_path):
    r = run_configured(run_gbreak, tmp_path, "missing.json")
    assert r.returncode == 2
    assert "--config: missing.json" in r.stderr
    (tmp_path / "list.json").write_text("[1, 2]")
    r = run_configured(run_gbreak, tmp_path, "list.json")
    assert r.returncode == 2 and "not a JSON object" in r.stderr


# A decorator's wrapper that fills its **kwargs before calling the function it wraps
# (transformers' merge_with_config_defaults sets `use_cache` from the configuration) passes
# what no call site names: `use_cache` does not hold its None default, so the cache is built.
# The cache's own file calls it without `config`; the model's call passes it, so its
# `if config is not None:` is not folded away by the calls of its own file. The `other` it adds
# lands in Block's **kwargs and reaches Head, which names it; `labels` is never in there. A
# wrapper that only forwards adds nothing: `flag` keeps its default there.
WRAPPED = {
    "wr/__init__.py": "",
    "wr/deco.py": ("from functools import wraps\n"
                   "def merge(func):\n"
                   "    @wraps(func)\n"
                   "    def wrapper(self, *args, **kwargs):\n"
                   "        for name in ['use_cache', 'other']:\n"
                   "            if kwargs.get(name) is None:\n"
                   "                kwargs[name] = getattr(self.config, name, None)\n"
                   "        return func(self, *args, **kwargs)\n"
                   "    return wrapper\n"
                   "def forward_only(func):\n"
                   "    @wraps(func)\n"
                   "    def wrapper(*args, **kwargs):\n"
                   "        return func(*args, **kwargs)\n"
                   "    return wrapper\n"),
    "wr/cache.py": ("import torch\n"
                    "class Cache:\n"
                    "    def __init__(self, data=None, config=None):\n"
                    "        if config is not None:\n"
                    "            torch._dynamo.graph_break()\n"
                    "class Pair:\n"
                    "    def __init__(self, *caches):\n"
                    "        self.first = Cache(caches[0]) if len(caches) == 1 else caches[0]\n"),
    "wr/model.py": ("import torch\n"
                    "from .cache import Cache\n"
                    "from .deco import merge, forward_only\n"
                    "class Head(torch.nn.Module):\n"
                    "    def forward(self, x, labels=None, other=None):\n"
                    "        if labels is not None:\n"
                    "            torch._dynamo.graph_break()\n"
                    "        if other is not None:\n"
                    "            x = x.item()\n"
                    "        return x\n"
                    "class Block(torch.nn.Module):\n"
                    "    def __init__(self):\n"
                    "        super().__init__()\n"
                    "        self.head = Head()\n"
                    "    @merge\n"
                    "    def forward(self, x, use_cache=None, **kwargs):\n"
                    "        if use_cache:\n"
                    "            cache = Cache(config=self.config)\n"
                    "        return self.head(x, **kwargs)\n"
                    "class Other(torch.nn.Module):\n"
                    "    @forward_only\n"
                    "    def forward(self, x, flag=None):\n"
                    "        if flag:\n"
                    "            torch._dynamo.graph_break()\n"
                    "        return x\n"
                    "class Net(torch.nn.Module):\n"
                    "    def __init__(self):\n"
                    "        super().__init__()\n"
                    "        self.block = Block()\n"
                    "        self.other = Other()\n"
                    "    def forward(self, x):\n"
                    "        return self.other(self.block(x))\n"),
}


def test_a_wrapper_that_fills_its_kwargs_passes_them_and_other_modules_calls_count(
        run_gbreak, tmp_path):
    for rel, text in WRAPPED.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    r = run_gbreak("lint", "--entry", "wr.model:Net", "--inputs", "x", "--output-format", "json",
                   ".", cwd=tmp_path)
    assert [(f[0], f[1], f[2]) for f in findings(r)] == [("cache.py", 5, "EB001"),
                                                         ("model.py", 9, "CV001")]


def make_library(tmp_path, package, files):
    """A site-packages directory under tmp_path holding `package` with `files` (name -> text)
    beside an empty __init__.py; returns the directory."""
    site = tmp_path / "site"
    (site / package).mkdir(parents=True)
    (site / package / "__init__.py").write_text("")
    for name, text in files.items():
        (site / package / name).write_text(text)
    return site


CACHE_LIB = '''import warnings


class PairCache:
    def __init__(self, *parts):
        if len(parts) == 1:
            print("one legacy tuple")
        elif len(parts) == 2:
            warnings.warn("two parts", FutureWarning)
'''


@pytest.mark.parametrize("arguments, expected", [
    # every reached call puts two arguments in *parts: the one-argument branch is dead
    ("x, x", [("cache.py", 9, "SE003")]),
    ("x", [("cache.py", 7, "SE001")]),
    # calls that disagree decide nothing: both branches stay
    ("x, x)\n        PairCache(x", [("cache.py", 7, "SE001"), ("cache.py", 9, "SE003")]),
])
def test_a_branch_on_how_many_arguments_a_star_parameter_got_folds(run_gbreak, tmp_path,
                                                                     arguments, expected):
    # (transformers' EncoderDecoderCache(*caches), called from the model files with two caches)
    site = make_library(tmp_path, "vc", {
        "cache.py": CACHE_LIB,
        "model.py": ("import torch.nn as nn\n"
                     "from .cache import PairCache\n\n\n"
                     "class Net(nn.Module):\n"
                     "    def forward(self, x):\n"
                     f"        PairCache({arguments})\n"
                     "        return x\n")})
    r = run_gbreak("lint", "--site-packages", str(site), "--entry", "vc.model:Net",
                   "--output-format", "json", cwd=tmp_path)
    assert [f[:3] for f in findings(r)] == expected


def test_a_call_an_argument_count_keeps_from_running_passes_nothing(run_gbreak, tmp_path):
    # EncoderDecoderCache(*caches) builds DynamicCache(data) only in its one-argument branch:
    # called with two caches, DynamicCache's `ddp_cache_data` stays None and its branch is dead
    site = make_library(tmp_path, "vd", {
        "cache.py": ("class Inner:\n"
                     "    def __init__(self, data=None, config=None):\n"
                     "        if data is not None:\n"
                     "            print('from data')\n\n\n"
                     "class Pair:\n"
                     "    def __init__(self, *parts):\n"
                     "        if len(parts) == 1:\n"
                     "            self.first = Inner(parts[0])\n"
                     "        else:\n"
                     "            self.first, self.second = parts\n"),
        "model.py": ("import torch.nn as nn\n"
                     "from .cache import Inner, Pair\n\n\n"
                     "class Net(nn.Module):\n"
                     "    def forward(self, x):\n"
                     "        Pair(Inner(config=1), Inner(config=2))\n"
                     "        return x\n")})
    r = run_gbreak("lint", "--site-packages", str(site), "--entry", "vd.model:Net",
                   "--output-format", "json", cwd=tmp_path)
    assert findings(r) == []


@pytest.mark.parametrize("passed, expected", [
    ("return_dict=False)[0]", []),  # every call passes False: `if not return_dict:` returns early
    ('return_dict=True)["sample"]', [("blocks.py", 7, "SE003")]),
    ("False)[0]", []),  # by position
])
def test_a_literal_every_call_passes_folds_the_callees_tests(run_gbreak, tmp_path, passed,
                                                              expected):
    # (diffusers' UNet3D blocks call each Transformer2DModel with return_dict=False: the
    # deprecated output class it would build is never built)
    site = make_library(tmp_path, "lit", {
        "blocks.py": ("import warnings\nimport torch.nn as nn\n\n\n"
                      "class Output(dict):\n"
                      "    def __init__(self, **kwargs):\n"
                      "        warnings.warn('deprecated output', FutureWarning)\n"
                      "        super().__init__(**kwargs)\n\n\n"
                      "class Block(nn.Module):\n"
                      "    def forward(self, x, return_dict: bool = True):\n"
                      "        if not return_dict:\n"
                      "            return (x,)\n"
                      "        return Output(sample=x)\n"),
        "model.py": ("import torch.nn as nn\nfrom .blocks import Block\n\n\n"
                     "class Net(nn.Module):\n"
                     "    def __init__(self):\n"
                     "        super().__init__()\n"
                     "        self.blocks = nn.ModuleList([Block(), Block()])\n\n"
                     "    def forward(self, x):\n"
                     "        for block in self.blocks:\n"
                     f"            x = block(x, {passed}\n"
                     "        return x\n")})
    r = run_gbreak("lint", "--site-packages", str(site), "--entry", "lit.model:Net",
                   "--output-format", "json", cwd=tmp_path)
    assert [f[:3] for f in findings(r)] == expected


SCHEDULER_LIB = """class Base:
    @property
    def init_sigma(self):
        print("init sigma")
        return 1.0


class Scheduler(Base):
    scale = 2.0

    def first_step(self):
        print("first step")
        return 0
"""


@pytest.mark.parametrize("read, expected", [
    # a property the class inherits from a base of its module: reading it runs the getter
    ("self.scheduler.init_sigma", [("scheduler.py", 4, "SE001")]),
    # a method read, not called (a bound method handed on), and a class attribute run nothing
    ("self.scheduler.first_step", []),
    ("self.scheduler.scale", []),
])
def test_reading_a_property_of_another_modules_object_runs_its_getter(run_gbreak, tmp_path,
                                                                      read, expected):
    # (diffusers' ConsistencyDecoderVAE reads its scheduler's `init_noise_sigma`)
    site = make_library(tmp_path, "pr", {
        "scheduler.py": SCHEDULER_LIB,
        "model.py": ("import torch.nn as nn\nfrom .scheduler import Scheduler\n\n\n"
                     "class Net(nn.Module):\n"
                     "    def __init__(self):\n"
                     "        super().__init__()\n"
                     "        self.scheduler = Scheduler()\n\n"
                     "    def forward(self, x):\n"
                     f"        return x, {read}\n")})
    r = run_gbreak("lint", "--site-packages", str(site), "--entry", "pr.model:Net",
                   "--output-format", "json", cwd=tmp_path)
    assert [f[:3] for f in findings(r)] == expected


@pytest.mark.parametrize("comprehension, inputs, expected", [
    # the entry's **kwargs is empty (the call passes x alone): so is what a comprehension keeps
    ('{k: v for k, v in kwargs.items() if not k.startswith("dec_")}', "x", []),
    # given in the call, `mask` is in **kwargs and kept
    ('{k: v for k, v in kwargs.items() if not k.startswith("dec_")}', "x,mask",
     [("model.py", 7, "SE001")]),
    # a renamed key is another keyword: the splat may pass anything
    ('{k[4:]: v for k, v in kwargs.items() if k.startswith("enc_")}', "x",
     [("model.py", 7, "SE001")]),
])
def test_a_comprehension_over_the_callers_kwargs_hands_on_part_of_them(
        run_gbreak, tmp_path, comprehension, inputs, expected):
    # (SpeechEncoderDecoderModel passes its encoder `**kwargs_encoder`, filtered from **kwargs)
    site = make_library(tmp_path, "kc", {
        "model.py": ("import torch.nn as nn\n\n\n"
                     "class Encoder(nn.Module):\n"
                     "    def forward(self, x, mask=None):\n"
                     "        if mask is not None:\n"
                     "            print('masked')\n"
                     "        return x\n\n\n"
                     "class Net(nn.Module):\n"
                     "    def __init__(self):\n"
                     "        super().__init__()\n"
                     "        self.encoder = Encoder()\n\n"
                     "    def forward(self, x, **kwargs):\n"
                     f"        encoder_kwargs = {comprehension}\n"
                     "        return self.encoder(x, **encoder_kwargs)\n")})
    r = run_gbreak("lint", "--site-packages", str(site), "--entry", "kc.model:Net",
                   "--inputs", inputs, "--output-format", "json", cwd=tmp_path)
    assert [f[:3] for f in findings(r)] == expected


def test_module_level_aliases_are_the_object_they_name(run_gbreak, tmp_path):
    # `Net = Block` makes mod.Net the class Block (an entry naming it resolves), and a function
    # imported from another module under an alias (`helper = _log_shape`) is that function.
    site = make_library(tmp_path, "al", {
        "util.py": ("def _log_shape(x):\n"
                    "    print(x.shape)\n\n\n"
                    "helper = _log_shape\n"),
        "model.py": ("import torch.nn as nn\n"
                     "from .util import helper\n\n\n"
                     "class Block(nn.Module):\n"
                     "    def forward(self, x):\n"
                     "        helper(x)\n"
                     "        return x\n\n\n"
                     "Net = Block\n"
                     "Layer = nn.Linear\n")})
    r = run_gbreak("lint", "--site-packages", str(site), "--entry", "al.model:Net",
                   "--output-format", "json", cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    assert [f[:3] for f in findings(r)] == [("util.py", 2, "SE001")]
    # A name bound twice at top level is no alias: gbreak says it cannot find it.
    (site / "al" / "model.py").write_text(
        (site / "al" / "model.py").read_text() + "Net = nn.Linear\n")
    r = run_gbreak("lint", "--site-packages", str(site), "--entry", "al.model:Net", cwd=tmp_path)
    assert r.returncode == 2 and "`Net` is not a class or function" in r.stderr, r.stderr
