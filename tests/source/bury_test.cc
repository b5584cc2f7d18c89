// BuryUntilExit keeps what it is given and never destroys it (the memory goes with the process).

#include "source/bury.h"

#include <gtest/gtest.h>

#include <memory>

namespace gbreak {
namespace {

struct Tracked {
  explicit Tracked(bool* destroyed) : destroyed(destroyed) {}
  ~Tracked() { *destroyed = true; }
  bool* destroyed;
};

TEST(BuryTest, ABuriedObjectIsNeverDestroyed) {
  bool destroyed = false;
  {
    auto object = std::make_unique<Tracked>(&destroyed);
    BuryUntilExit(std::move(object));
    EXPECT_EQ(object, nullptr);
  }
  EXPECT_FALSE(destroyed);
  BuryUntilExit(std::unique_ptr<Tracked>());  // nothing to keep: fine
}

}  // namespace
}  // namespace gbreak
