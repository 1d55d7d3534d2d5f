//===- SymbolRefs.cpp - symbol references of operations, without copies --===//
//
// See SymbolRefs.h.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/Analysis/SymbolRefs.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Region.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace sluice::util {
namespace {

/// Attributes and types that never nest a symbol reference: skipped
/// without a memo lookup.
bool isLeaf(Attribute attr) {
  return isa<IntegerAttr, FloatAttr, StringAttr, UnitAttr, BoolAttr,
             DenseArrayAttr>(attr);
}

bool isLeaf(Type type) {
  return isa<IntegerType, IndexType, FloatType, NoneType>(type);
}

} // namespace

SymbolRefScanner::Range SymbolRefScanner::memoized(
    const void *key,
    function_ref<void(SmallVectorImpl<SymbolRefAttr> &)> fill) {
  if (auto it = memo.find(key); it != memo.end())
    return it->second;
  SmallVector<SymbolRefAttr> pending;
  fill(pending);
  Range range{static_cast<uint32_t>(refs.size()),
              static_cast<uint32_t>(refs.size() + pending.size())};
  refs.append(pending.begin(), pending.end());
  memo[key] = range;
  return range;
}

SymbolRefScanner::Range SymbolRefScanner::scan(Attribute attr) {
  if (!attr || isLeaf(attr))
    return {0, 0};
  return memoized(attr.getAsOpaquePointer(), [&](auto &pending) {
    if (auto ref = dyn_cast<SymbolRefAttr>(attr))
      pending.push_back(ref); // Its nested references are part of it.
    else
      walkSubElements(attr, pending);
  });
}

SymbolRefScanner::Range SymbolRefScanner::scan(Type type) {
  if (!type || isLeaf(type))
    return {0, 0};
  return memoized(type.getAsOpaquePointer(),
                  [&](auto &pending) { walkSubElements(type, pending); });
}

template <typename AttrOrType>
void SymbolRefScanner::walkSubElements(
    AttrOrType element, SmallVectorImpl<SymbolRefAttr> &pending) {
  auto append = [&](Range range) {
    pending.append(refs.begin() + range.first, refs.begin() + range.second);
  };
  element.walkImmediateSubElements([&](Attribute sub) { append(scan(sub)); },
                                   [&](Type sub) { append(scan(sub)); });
}

void SymbolRefScanner::forEachSymbolRef(Operation *op,
                                        function_ref<void(SymbolRefAttr)> fn) {
  // Each distinct reference once, as the attribute walker behind
  // SymbolTable::getSymbolUses visits each uniqued attribute once per op.
  SmallVector<SymbolRefAttr, 4> found;
  auto add = [&](Attribute attr) {
    Range range = scan(attr);
    for (uint32_t i = range.first; i < range.second; ++i)
      if (!llvm::is_contained(found, refs[i]))
        found.push_back(refs[i]);
  };
  // The stored dictionary: every attribute without properties, the
  // discardable ones with (one memoized attribute either way).
  add(op->getRawDictionaryAttrs());
  // The inherent attributes, read from the properties by name (building a
  // NamedAttrList with populateInherentAttrs would unique a StringAttr per
  // attribute). Segment sizes are integer arrays: skipped, not built.
  if (op->getPropertiesStorageSize()) {
    if (std::optional<RegisteredOperationName> info = op->getRegisteredInfo()) {
      for (StringAttr name : info->getAttributeNames()) {
        StringRef key = name.getValue();
        if (key == "operandSegmentSizes" || key == "resultSegmentSizes")
          continue;
        if (std::optional<Attribute> attr = op->getInherentAttr(key))
          add(*attr);
      }
    } else {
      NamedAttrList inherent;
      op->getName().populateInherentAttrs(op, inherent);
      for (const NamedAttribute &attr : inherent)
        add(attr.getValue());
    }
  }
  for (SymbolRefAttr ref : found)
    fn(ref);
}

void SymbolRefScanner::forEachSymbolUse(
    MutableArrayRef<Region> regions,
    function_ref<void(Operation *, SymbolRefAttr)> fn) {
  SmallVector<Region *, 1> worklist(llvm::make_pointer_range(regions));
  auto visit = [&](Operation *op) {
    forEachSymbolRef(op, [&](SymbolRefAttr ref) { fn(op, ref); });
    if (op->hasTrait<OpTrait::SymbolTable>())
      return;
    for (Region &region : op->getRegions())
      worklist.push_back(&region);
  };
  // Ops are visited in order, a batch at a time: the scan of an op reads its
  // properties and (through Operation::getContext in the generic
  // getInherentAttr) its location's storage, which on a large module are
  // cache misses one after the other; prefetching a batch's overlaps them.
  constexpr unsigned kBatch = 16;
  Operation *batch[kBatch];
  while (!worklist.empty()) {
    Region *region = worklist.pop_back_val();
    unsigned count = 0;
    for (Operation &op : region->getOps()) {
      __builtin_prefetch(op.getLoc().getAsOpaquePointer());
      if (op.getPropertiesStorageSize())
        __builtin_prefetch(op.getPropertiesStorage().as<void *>());
      batch[count++] = &op;
      if (count == kBatch) {
        for (Operation *queued : batch)
          visit(queued);
        count = 0;
      }
    }
    for (unsigned i = 0; i < count; ++i)
      visit(batch[i]);
  }
}

} // namespace sluice::util
