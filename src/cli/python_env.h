#ifndef GBREAK_CLI_PYTHON_ENV_H_
#define GBREAK_CLI_PYTHON_ENV_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace gbreak {

// What gbreak needs to know of the interpreter a model runs under (`--python PATH`).
struct PythonEnvironment {
  // The site-packages / dist-packages directories on its sys.path, in sys.path order: where the
  // libraries a model imports (transformers, diffusers) are installed.
  std::vector<std::string> site_packages;
  std::string torch_version;  // "2.13.0" (the local tag such as +cpu dropped); "" without torch
};

// Runs the interpreter once to read its sys.path and torch version (without importing torch:
// importlib.metadata reads the installed distribution's metadata).
absl::StatusOr<PythonEnvironment> QueryPython(const std::string& interpreter);

}  // namespace gbreak

#endif  // GBREAK_CLI_PYTHON_ENV_H_
