#ifndef GBREAK_ANALYSIS_VALUE_H_
#define GBREAK_ANALYSIS_VALUE_H_

#include <cstdint>

namespace gbreak {

// What an expression may evaluate to, as far as graph breaks are concerned. A set of kinds (the
// join of every way the value can arise), so `x = None` on one path and `x = t > 0` on another
// gives {None, Tensor}.
struct Value {
  enum Kind : uint8_t {
    kTensor = 1 << 0,      // a torch.Tensor (or an ndarray Dynamo traces as one)
    kShape = 1 << 1,       // derived from sizes: x.shape, x.size(1), len(x), x.numel(), x.dim()
    kConstant = 1 << 2,    // a Python constant, config value, string, bool, self.training
    kNone = 1 << 3,
    kModule = 1 << 4,      // an nn.Module (or another object that is not data)
    kDataScalar = 1 << 5,  // a Python value read out of tensor data: x.item(), torch.equal(a, b)
    kUnknown = 1 << 6,
  };

  uint8_t kinds = 0;     // 0: nothing known yet (bottom)
  bool assumed = false;  // tensor-ness rests on an assumption (an unannotated parameter)
  bool boolean = false;  // a boolean tensor: a comparison, a logical op, .bool(), isnan(), ...
  // A numpy scalar on some path (`np.log2(4)`, `i < np.log2(r)`: np.float64, np.bool_). A
  // constant where it is made, outside compiled code; but a module attribute holding one is read
  // by Dynamo as a 0-d ndarray, i.e. as tensor data (branching on it breaks the graph).
  bool numpy = false;
  // A tuple or list with tensor data among its elements (`(0, extra_padding)`, a tensor pad):
  // used as sizes (F.pad's pad, a view's shape) it is read as Python ints.
  bool holds_data = false;
  // A list, tuple or set (a display or comprehension) whose every element is a tensor
  // (`pad_nums = [limit - v for v in counts]` with a tensor `limit`): iterating, unpacking or
  // indexing it yields tensors. `elements_assumed`: some element only assumed to be one.
  bool tensor_elements = false;
  bool elements_assumed = false;

  static Value Of(Kind kind, bool assumed = false) {
    Value v;
    v.kinds = kind;
    v.assumed = assumed;
    return v;
  }
  static Value Tensor(bool assumed = false) { return Of(kTensor, assumed); }
  static Value BoolTensor(bool assumed = false) {
    Value v = Of(kTensor, assumed);
    v.boolean = true;
    return v;
  }
  static Value Unknown() { return Of(kUnknown); }
  static Value NumpyScalar() {
    Value v = Of(kConstant);
    v.numpy = true;
    return v;
  }

  Value Join(const Value& other) const {
    if (kinds == 0) return other;
    if (other.kinds == 0) return *this;
    Value v;
    v.kinds = kinds | other.kinds;
    v.assumed = (assumed && (kinds & kTensor)) || (other.assumed && (other.kinds & kTensor));
    v.boolean = (boolean || !(kinds & kTensor)) && (other.boolean || !(other.kinds & kTensor)) &&
                (v.kinds & kTensor);
    v.numpy = numpy || other.numpy;
    v.holds_data = holds_data || other.holds_data;
    v.tensor_elements = tensor_elements && other.tensor_elements;
    v.elements_assumed = v.tensor_elements && (elements_assumed || other.elements_assumed);
    return v;
  }
  bool operator==(const Value& other) const {
    return kinds == other.kinds && assumed == other.assumed && boolean == other.boolean &&
           numpy == other.numpy && holds_data == other.holds_data &&
           tensor_elements == other.tensor_elements && elements_assumed == other.elements_assumed;
  }
  // What one element of a container of tensors is.
  Value Element() const { return Tensor(elements_assumed); }

  bool Has(Kind kind) const { return (kinds & kind) != 0; }
  // Only tensors (possibly None on some paths): using it as a Python bool or number reads data.
  bool IsTensor() const { return Has(kTensor) && (kinds & ~(kTensor | kNone)) == 0; }
  bool IsBoolTensor() const { return IsTensor() && boolean; }
  // Could be a tensor: a tensor on some path, or unknown.
  bool MaybeTensor() const { return Has(kTensor) || Has(kUnknown) || kinds == 0; }
  // Known not to depend on tensor data: sizes, constants, None, modules.
  bool IsStatic() const {
    return kinds != 0 && (kinds & ~(kShape | kConstant | kNone | kModule)) == 0;
  }
  bool IsShape() const { return Has(kShape) && IsStatic(); }
  // Tensor data on some path, and nothing unknown on the others: `skip = False`, then
  // `skip = p < drop` in a branch, makes `if not skip:` read tensor data whenever that branch ran.
  bool IsDataDependent() const {
    return (Has(kTensor) || Has(kDataScalar)) &&
           (kinds & ~(kTensor | kDataScalar | kNone | kConstant | kShape)) == 0;
  }
};

}  // namespace gbreak

#endif  // GBREAK_ANALYSIS_VALUE_H_
