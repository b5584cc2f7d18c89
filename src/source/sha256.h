#ifndef GBREAK_SOURCE_SHA256_H_
#define GBREAK_SOURCE_SHA256_H_

#include <string>
#include <string_view>

namespace gbreak {

// SHA-256 through OpenSSL's libcrypto, as lowercase hex: the patch files' source checks
// (report/patch_script.h) and the result cache's keys (cache/result_cache.h).
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  void Update(std::string_view bytes);
  std::string Hex();  // ends the hash

 private:
  struct Context;
  Context* context_;
};

std::string Sha256Hex(std::string_view bytes);

}  // namespace gbreak

#endif  // GBREAK_SOURCE_SHA256_H_
