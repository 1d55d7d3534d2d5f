//===- TransientsBounds.cpp - upper bounds of transient sizes -------------===//
//
// See TransientsBounds.h.
//
//===----------------------------------------------------------------------===//

#include "TransientsBounds.h"

#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/Analysis/GatedDeadCodeAnalysis.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace sluice::stream {
namespace {

/// IntegerRangeAnalysis that also knows the `sluice.abi.dim_bounds` of the
/// dimensions of the function's buffer view arguments.
class DimBoundRangeAnalysis : public dataflow::IntegerRangeAnalysis {
public:
  DimBoundRangeAnalysis(DataFlowSolver &solver, Block *entry,
                        const DimBoundMap &bounds)
      : IntegerRangeAnalysis(solver), entry(entry), bounds(bounds) {}

  LogicalResult visitOperation(
      Operation *op,
      ArrayRef<const dataflow::IntegerValueRangeLattice *> operands,
      ArrayRef<dataflow::IntegerValueRangeLattice *> results) override {
    // A dimension is bounded only by sluice.abi.dim_bounds: the op's own
    // range (what the index type can address) is no size a caller wants.
    if (auto dimOp = dyn_cast<hal::BufferViewDimOp>(op)) {
      auto arg = dyn_cast<BlockArgument>(dimOp.getBufferView());
      auto it = bounds.end();
      if (arg && arg.getOwner() == entry)
        it =
            bounds.find({arg.getArgNumber(),
                         static_cast<unsigned>(dimOp.getIndexAttr().getInt())});
      if (it == bounds.end()) {
        setAllToEntryStates(results);
        return success();
      }
      unsigned width = IndexType::kInternalStorageBitWidth;
      auto range = ConstantIntRanges::fromUnsigned(
          APInt(width, it->second.first), APInt(width, it->second.second));
      propagateIfChanged(results[0],
                         results[0]->join(IntegerValueRange(range)));
      return success();
    }
    return IntegerRangeAnalysis::visitOperation(op, operands, results);
  }

private:
  Block *entry;
  const DimBoundMap &bounds;
};

/// The dynamic dimensions of the tensor `arg` is imported as, if it is.
std::optional<SmallVector<unsigned>> getImportedDynamicDims(BlockArgument arg) {
  for (Operation *user : arg.getUsers()) {
    Type type;
    if (auto importOp = dyn_cast<hal::TensorImportOp>(user))
      type = importOp.getTargetEncoding();
    else if (auto importOp = dyn_cast<TensorImportOp>(user))
      type = importOp.getResultEncoding();
    auto tensorType = dyn_cast_or_null<RankedTensorType>(type);
    if (!tensorType)
      continue;
    SmallVector<unsigned> dims;
    for (auto [index, size] : llvm::enumerate(tensorType.getShape()))
      if (ShapedType::isDynamic(size))
        dims.push_back(index);
    return dims;
  }
  return std::nullopt;
}

} // namespace

FailureOr<DimBoundMap> collectDimBounds(FunctionOpInterface funcOp) {
  DimBoundMap result;
  if (funcOp.isExternal())
    return result;
  Block &entry = funcOp.getFunctionBody().front();
  for (unsigned i = 0, e = funcOp.getNumArguments(); i < e; ++i) {
    Attribute attr = funcOp.getArgAttr(i, kDimBoundsAttr);
    if (!attr)
      continue;
    auto fail = [&](const Twine &why) {
      return funcOp.emitError()
             << "'" << kDimBoundsAttr << "' on argument " << i << " " << why;
    };
    SmallVector<std::pair<uint64_t, uint64_t>> pairs;
    if (std::optional<std::string> why = util::parseDimBounds(attr, pairs))
      return fail(*why);
    std::optional<SmallVector<unsigned>> dims =
        getImportedDynamicDims(entry.getArgument(i));
    if (!dims)
      return fail("is only accepted on an argument imported as a tensor");
    if (dims->size() != pairs.size())
      return fail("has " + Twine(pairs.size()) +
                  " pairs but the imported tensor has " + Twine(dims->size()) +
                  " dynamic dimensions");
    for (auto [dim, pair] : llvm::zip_equal(*dims, pairs))
      result[{i, dim}] = pair;
  }
  return result;
}

TransientSizeBounds::TransientSizeBounds(FunctionOpInterface funcOp,
                                         DimBoundMap bounds)
    : funcOp(funcOp), bounds(std::move(bounds)) {}

TransientSizeBounds::~TransientSizeBounds() = default;

bool TransientSizeBounds::run() {
  solver = std::make_unique<DataFlowSolver>();
  solver->load<dataflow::SparseConstantPropagation>();
  solver->load<util::GatedDeadCodeAnalysis>();
  solver->load<DimBoundRangeAnalysis>(&funcOp.getFunctionBody().front(),
                                      bounds);
  return succeeded(solver->initializeAndRun(funcOp));
}

std::optional<uint64_t> TransientSizeBounds::getUpperBound(Value value) const {
  if (!solver)
    return std::nullopt;
  auto *lattice =
      solver->lookupState<dataflow::IntegerValueRangeLattice>(value);
  if (!lattice || lattice->getValue().isUninitialized())
    return std::nullopt;
  const ConstantIntRanges &range = lattice->getValue().getValue();
  // A bound the size query could use: non-negative as a signed index too.
  if (range.umax().getActiveBits() > 63 || range.smin().isNegative())
    return std::nullopt;
  return range.umax().getZExtValue();
}

} // namespace sluice::stream
