#ifndef GBREAK_TESTS_TEST_UTIL_H_
#define GBREAK_TESTS_TEST_UTIL_H_

// Helpers shared by the unit tests: a temporary directory that cleans up after itself, and
// file writers.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace gbreak::testing {

class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "gbreak-test-XXXXXX").string();
    path_ = mkdtemp(pattern.data());
  }
  ~TempDir() {
    std::error_code ignored;
    // Restore permissions a test may have removed, so removal cannot fail.
    for (auto it = std::filesystem::recursive_directory_iterator(
             path_, std::filesystem::directory_options::skip_permission_denied, ignored);
         it != std::filesystem::recursive_directory_iterator(); it.increment(ignored)) {
      std::filesystem::permissions(it->path(), std::filesystem::perms::owner_all,
                                   std::filesystem::perm_options::add, ignored);
    }
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  std::string Join(std::string_view relative) const { return path_ + "/" + std::string(relative); }

  // Writes `contents` to path()/relative, creating directories.
  std::string Write(std::string_view relative, std::string_view contents) const {
    std::string full = Join(relative);
    std::filesystem::create_directories(std::filesystem::path(full).parent_path());
    std::ofstream out(full, std::ios::binary);
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    return full;
  }

 private:
  std::string path_;
};

}  // namespace gbreak::testing

#endif  // GBREAK_TESTS_TEST_UTIL_H_
