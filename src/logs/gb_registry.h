#ifndef GBREAK_LOGS_GB_REGISTRY_H_
#define GBREAK_LOGS_GB_REGISTRY_H_

#include <string>
#include <string_view>

namespace gbreak {

// Dynamo's graph-break registry id ("GB0124") for a break reason: the exact Gb_type first, then
// the handful of short reasons older torch printed ("Tensor.item", "generic_jump …"). "" when
// unknown. The table is derived from Dynamo's registry (src/logs/gen_registry_table.py).
std::string RegistryIdForReason(std::string_view reason);

}  // namespace gbreak

#endif  // GBREAK_LOGS_GB_REGISTRY_H_
