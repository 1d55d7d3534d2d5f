//===- StreamInterfaces.cpp - stream interfaces and helpers ---------------===//

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"

using namespace mlir;

namespace sluice::stream {

#include "sluice/Dialect/Stream/IR/StreamAttrInterfaces.cpp.inc"
#include "sluice/Dialect/Stream/IR/StreamOpInterfaces.cpp.inc"
#include "sluice/Dialect/Stream/IR/StreamTypeInterfaces.cpp.inc"

//===----------------------------------------------------------------------===//
// AffinityAttr
//===----------------------------------------------------------------------===//

AffinityAttr AffinityAttr::lookup(Operation *op) {
  for (; op; op = op->getParentOp()) {
    if (auto affinityOp = dyn_cast<AffinityOpInterface>(op))
      if (AffinityAttr affinity = affinityOp.getAffinityAttr())
        return affinity;
    if (auto affinity = dyn_cast_or_null<AffinityAttr>(
            op->getDiscardableAttr("stream.affinity")))
      return affinity;
  }
  return {};
}

AffinityAttr AffinityAttr::lookupOrDefault(Operation *op) {
  if (AffinityAttr affinity = lookup(op))
    return affinity;
  for (; op; op = op->getParentOp())
    if (auto affinity = dyn_cast_or_null<AffinityAttr>(
            op->getDiscardableAttr("stream.affinity.default")))
      return affinity;
  return {};
}

bool AffinityAttr::areCompatible(AffinityAttr a, AffinityAttr b) {
  return a == b || !a || !b;
}

bool AffinityAttr::canExecuteTogether(AffinityAttr a, AffinityAttr b) {
  if (areCompatible(a, b))
    return true;
  return a.isExecutableWith(b);
}

AffinityAttr AffinityAttr::joinOR(ArrayRef<AffinityAttr> list) {
  if (list.empty())
    return {};
  AffinityAttr result = list.front();
  for (AffinityAttr next : list.drop_front())
    result = result ? result.joinOR(next) : next;
  return result;
}

//===----------------------------------------------------------------------===//
// AsyncAccessRange
//===----------------------------------------------------------------------===//

void AsyncAccessRange::print(llvm::raw_ostream &os, AsmState &asmState) const {
  os << stringifyResourceAccessBitfield(access) << ' ';
  resource.printAsOperand(os, asmState);
  os << '[';
  start.printAsOperand(os, asmState);
  os << " to ";
  end.printAsOperand(os, asmState);
  os << " for ";
  length.printAsOperand(os, asmState);
  os << ']';
}

bool AsyncAccessRange::mayOverlap(const AsyncAccessRange &a,
                                  const AsyncAccessRange &b) {
  if (a.resource != b.resource)
    return false;
  if (a.end == b.start || a.start == b.end)
    return false;
  return true;
}

//===----------------------------------------------------------------------===//
// Timepoints
//===----------------------------------------------------------------------===//

Value joinTimepoints(Location loc, ValueRange timepoints, OpBuilder &builder) {
  if (timepoints.empty())
    return {};
  if (timepoints.size() == 1)
    return timepoints.front();
  return TimepointJoinOp::create(builder, loc, builder.getType<TimepointType>(),
                                 timepoints);
}

} // namespace sluice::stream
