//===- DimBounds.cpp - the sluice.abi.dim_bounds argument attribute -------===//
//
// See DimBounds.h.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/IR/DimBounds.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/Twine.h"

using namespace mlir;

namespace sluice::util {

std::optional<std::string>
parseDimBounds(Attribute attr,
               llvm::SmallVectorImpl<std::pair<uint64_t, uint64_t>> &pairs) {
  pairs.clear();
  auto list = dyn_cast<ArrayAttr>(attr);
  if (!list)
    return std::string("must be a list of [lo, hi] pairs");
  for (Attribute element : list) {
    auto pair = dyn_cast<ArrayAttr>(element);
    IntegerAttr lo, hi;
    if (pair && pair.size() == 2) {
      lo = dyn_cast<IntegerAttr>(pair[0]);
      hi = dyn_cast<IntegerAttr>(pair[1]);
    }
    if (!lo || !hi)
      return std::string("must be a list of [lo, hi] pairs");
    if (lo.getInt() < 0 || hi.getInt() < lo.getInt())
      return ("has a pair [" + llvm::Twine(lo.getInt()) + ", " +
              llvm::Twine(hi.getInt()) + "]; bounds need 0 <= lo <= hi")
          .str();
    pairs.push_back({static_cast<uint64_t>(lo.getInt()),
                     static_cast<uint64_t>(hi.getInt())});
  }
  return std::nullopt;
}

} // namespace sluice::util
