#include "program/lazy_exports.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "analysis/analysis_test_util.h"

namespace gbreak {
namespace {

using ::gbreak::testing::ParsedSnippet;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::Pair;

TEST(LazyExportsTest, ReadsTheDictionaryTheLazyModuleIsBuiltFrom) {
  ParsedSnippet s(R"(import sys
from typing import TYPE_CHECKING
_import_structure = {"models": [], "utils": ["logging"], "dummy": [n for n in dir(x)]}
try:
    if not is_torch_available():
        raise OptionalDependencyNotAvailable()
except OptionalDependencyNotAvailable:
    _import_structure["dummy_pt"] = [name for name in names]
else:
    _import_structure["models"].extend(["UNet2DModel", "StableCascadeUNet"])
    _import_structure["models.unet"] = ["UNet1DModel"]
_import_structure["utils"].append("get_logger")
def later():
    _import_structure["models"].append("NotAtModuleLevel")
if TYPE_CHECKING:
    from .models import UNet2DModel
else:
    sys.modules[__name__] = _LazyModule(__name__, globals()["__file__"], _import_structure)
)");
  EXPECT_THAT(LazyExports(s.root(), s.text()),
              ElementsAre(Pair("UNet2DModel", ".models.UNet2DModel"),
                          Pair("StableCascadeUNet", ".models.StableCascadeUNet"),
                          Pair("UNet1DModel", ".models.unet.UNet1DModel"),
                          Pair("logging", ".utils.logging"),
                          Pair("get_logger", ".utils.get_logger")));
}

TEST(LazyExportsTest, ADictionaryNoLazyModuleIsBuiltFromExportsNothing) {
  ParsedSnippet s(R"(import sys
_import_structure = {"models": ["A"]}
table = {"models": ["B"]}
sys.modules[__name__] = Other(__name__, table_of_something_else)
)");
  EXPECT_THAT(LazyExports(s.root(), s.text()), IsEmpty());
}

TEST(ReplacesOwnModuleTest, AnObjectOfAnotherClassInItsPlace) {
  ParsedSnippet lazy(R"(import sys
if TYPE_CHECKING:
    from .models import A
else:
    sys.modules[__name__] = _LazyModule(__name__, globals()["__file__"], _import_structure)
)");
  EXPECT_TRUE(ReplacesOwnModule(lazy.root(), lazy.text()));
  ParsedSnippet by_name(R"(import sys
_module = _LazyModule(__name__)
sys.modules[__name__] = _module
)");
  EXPECT_TRUE(ReplacesOwnModule(by_name.root(), by_name.text()));
  ParsedSnippet reclassed(R"(import sys
sys.modules[__name__].__class__ = _DeprecatedAttributes
)");
  EXPECT_TRUE(ReplacesOwnModule(reclassed.root(), reclassed.text()));
}

TEST(ReplacesOwnModuleTest, APlainModuleOrAnotherSlotIsNot) {
  ParsedSnippet plain(R"(import sys
import types
sys.modules[__name__] = types.ModuleType(__name__)
sys.modules["other"] = _LazyModule("other")
value = sys.modules[__name__]
plain = types.ModuleType(__name__)
sys.modules[__name__] = plain
def later():
    sys.modules[__name__] = _LazyModule(__name__)
)");
  EXPECT_FALSE(ReplacesOwnModule(plain.root(), plain.text()));
}

}  // namespace
}  // namespace gbreak
