#include "cli/python_env.h"

#include <sys/wait.h>

#include <cstdio>
#include <memory>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "source/paths.h"

namespace gbreak {
namespace {

// Printed one fact a line, so no JSON parser is needed on either side.
constexpr char kScript[] =
    "import sys\n"
    "try:\n"
    "    import importlib.metadata as m\n"
    "    v = m.version('torch')\n"
    "except Exception:\n"
    "    v = ''\n"
    "print('torch ' + v)\n"
    "for p in sys.path:\n"
    "    print('path ' + p)\n";

// A single-quoted shell word.
std::string ShellQuote(const std::string& word) {
  std::string out = "'";
  for (char c : word) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

bool IsPackagesDirectory(const std::string& path) {
  return path.ends_with("site-packages") || path.ends_with("dist-packages");
}

}  // namespace

absl::StatusOr<PythonEnvironment> QueryPython(const std::string& interpreter) {
  std::string command =
      absl::StrCat(ShellQuote(interpreter), " -c ", ShellQuote(kScript), " 2>/dev/null");
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (pipe == nullptr) {
    return absl::UnavailableError(absl::StrCat("--python ", interpreter, ": could not start it"));
  }
  PythonEnvironment environment;
  std::string output;
  char buffer[4096];
  while (size_t n = fread(buffer, 1, sizeof buffer, pipe.get())) output.append(buffer, n);
  int status = pclose(pipe.release());
  if (status != 0 || !output.starts_with("torch ")) {
    return absl::UnavailableError(absl::StrCat(
        "--python ", interpreter,
        ": could not ask it for sys.path (is it a Python interpreter?); or give --site-packages DIR"));
  }
  size_t start = 0;
  while (start < output.size()) {
    size_t end = output.find('\n', start);
    if (end == std::string::npos) end = output.size();
    std::string line = output.substr(start, end - start);
    start = end + 1;
    if (line.starts_with("torch ")) {
      environment.torch_version = line.substr(6);
      environment.torch_version = environment.torch_version.substr(
          0, environment.torch_version.find('+'));
    } else if (line.starts_with("path ")) {
      std::string path = line.substr(5);
      if (IsPackagesDirectory(path) && IsDirectory(path)) {
        environment.site_packages.push_back(path);
      }
    }
  }
  return environment;
}

}  // namespace gbreak
