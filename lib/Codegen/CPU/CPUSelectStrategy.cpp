//===- CPUSelectStrategy.cpp - pick the root and its strategy -------------===//
//
// --sluice-cpu-select-strategy (execution.md §5.1 step 4, §5.2).
//
//===----------------------------------------------------------------------===//

#include "CPUStrategy.h"
#include "sluice/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Interfaces/TilingInterface.h"

namespace sluice::cpu {
#define GEN_PASS_DEF_CPUSELECTSTRATEGYPASS
#include "sluice/Codegen/CPU/Passes.h.inc"
} // namespace sluice::cpu

using namespace mlir;
using namespace sluice;

namespace {

constexpr int64_t kDefaultNativeVectorSize = 32; // the sluice-native target
constexpr int64_t kElementwiseTarget = 4096;
constexpr int64_t kReductionInnerTarget = 64;
constexpr int64_t kMatmulTile = 64;
constexpr int64_t kConvTile = 64;
constexpr unsigned kMaxDistributedLoops = 3;

struct Strategy {
  StringRef kind;
  SmallVector<int64_t> workgroupTiles;
  SmallVector<int64_t> innerTiles;
};

/// `native_vector_size` of the enclosing variant's target, else 32.
int64_t nativeVectorSize(Operation *op) {
  if (auto variant = op->getParentOfType<hal::ExecutableVariantOp>())
    if (auto size = dyn_cast_or_null<IntegerAttr>(
            variant.getTarget().getConfigurationAttr("native_vector_size")))
      if (size.getInt() > 0)
        return size.getInt();
  return kDefaultNativeVectorSize;
}

/// Bytes of one element as stored (i1: one byte; index: eight).
int64_t elementBytes(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    type = shaped.getElementType();
  if (type.isIntOrFloat())
    return std::max<int64_t>(1,
                             llvm::divideCeil(type.getIntOrFloatBitWidth(), 8));
  return 8;
}

/// Static loop ranges of the root (ShapedType::kDynamic when unknown),
/// without creating IR.
SmallVector<int64_t> staticLoopRanges(TilingInterface root) {
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(root.getOperation()))
    return linalgOp.getStaticLoopRanges();
  size_t loops = root.getLoopIteratorTypes().size();
  // Ops like tensor.pad iterate over their result.
  if (root->getNumResults() == 1)
    if (auto type = dyn_cast<RankedTensorType>(root->getResult(0).getType()))
      if ((size_t)type.getRank() == loops)
        return llvm::to_vector(type.getShape());
  return SmallVector<int64_t>(loops, ShapedType::kDynamic);
}

/// The `elementwise` workgroup tiles of §5.2 with `innerTarget` as the
/// innermost target. A tile never exceeds a static range.
SmallVector<int64_t> elementwiseTiles(ArrayRef<utils::IteratorType> iterators,
                                      ArrayRef<int64_t> ranges,
                                      int64_t innerTarget, int64_t v) {
  SmallVector<int64_t> tiles(iterators.size(), 0);
  int64_t product = 1;
  unsigned assigned = 0;
  for (int64_t l = (int64_t)iterators.size() - 1;
       l >= 0 && assigned < kMaxDistributedLoops; --l) {
    if (iterators[l] != utils::IteratorType::parallel)
      continue;
    bool isStatic = !ShapedType::isDynamic(ranges[l]);
    int64_t tile;
    if (assigned == 0) {
      tile = isStatic ? std::min(ranges[l], innerTarget) : innerTarget;
      if (isStatic && ranges[l] >= 2 * v)
        tile -= tile % (2 * v);
    } else {
      tile = std::max<int64_t>(1, kElementwiseTarget / product);
      if (isStatic)
        tile = std::min(tile, ranges[l]);
    }
    tiles[l] = tile;
    product *= std::max<int64_t>(tile, 1);
    ++assigned;
  }
  return tiles;
}

/// Keeps at most three non-zero tiles (the innermost ones) and clamps every
/// tile to its static range.
void capAndClamp(SmallVector<int64_t> &tiles, ArrayRef<int64_t> ranges) {
  unsigned kept = 0;
  for (int64_t l = (int64_t)tiles.size() - 1; l >= 0; --l) {
    if (tiles[l] == 0)
      continue;
    if (kept == kMaxDistributedLoops) {
      tiles[l] = 0;
      continue;
    }
    ++kept;
    if (!ShapedType::isDynamic(ranges[l]))
      tiles[l] = std::min(tiles[l], ranges[l]);
  }
}

bool isMatmulLike(linalg::LinalgOp op) {
  if (!linalg::isaContractionOpInterface(op))
    return false;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1 || dims->batch.size() > 1)
    return false;
  for (OpOperand &operand : op->getOpOperands())
    if (!getElementTypeOrSelf(operand.get().getType()).isF32())
      return false;
  return true;
}

Strategy selectStrategy(TilingInterface root, bool forceLoops) {
  SmallVector<utils::IteratorType> iterators = root.getLoopIteratorTypes();
  SmallVector<int64_t> ranges = staticLoopRanges(root);
  size_t n = iterators.size();
  Type elementType =
      root->getNumResults()
          ? root->getResult(0).getType()
          : (root->getNumOperands() ? root->getOperand(0).getType() : Type());
  int64_t v =
      std::max<int64_t>(1, nativeVectorSize(root) /
                               (elementType ? elementBytes(elementType) : 4));
  auto ones = [&] { return SmallVector<int64_t>(n, 1); };
  auto innermost = [&](utils::IteratorType kind) -> int64_t {
    for (int64_t l = (int64_t)n - 1; l >= 0; --l)
      if (iterators[l] == kind)
        return l;
    return -1;
  };

  Strategy loops{"loops",
                 elementwiseTiles(iterators, ranges, kElementwiseTarget, v),
                 SmallVector<int64_t>(n, 0)};
  auto linalgOp = dyn_cast<linalg::LinalgOp>(root.getOperation());
  if (forceLoops || !linalgOp)
    return loops;

  bool allParallel = llvm::all_of(iterators, [](utils::IteratorType t) {
    return t == utils::IteratorType::parallel;
  });
  if (allParallel) {
    Strategy s{"elementwise",
               elementwiseTiles(iterators, ranges, kElementwiseTarget, v),
               ones()};
    s.innerTiles[innermost(utils::IteratorType::parallel)] = 2 * v;
    return s;
  }
  if (isMatmulLike(linalgOp)) {
    linalg::ContractionDimensions dims =
        *linalg::inferContractionDims(linalgOp);
    Strategy s{"matmul", SmallVector<int64_t>(n, 0), ones()};
    for (unsigned b : dims.batch)
      s.workgroupTiles[b] = 1;
    s.workgroupTiles[dims.m[0]] = kMatmulTile;
    s.workgroupTiles[dims.n[0]] = kMatmulTile;
    s.innerTiles[dims.m[0]] = 8;
    s.innerTiles[dims.n[0]] = 32;
    capAndClamp(s.workgroupTiles, ranges);
    return s;
  }
  if (linalg::isaConvolutionOpInterface(linalgOp)) {
    FailureOr<linalg::ConvolutionDimensions> dims =
        linalg::inferConvolutionDims(linalgOp);
    if (succeeded(dims) && !dims->outputImage.empty()) {
      Strategy s{"conv", SmallVector<int64_t>(n, 0), ones()};
      for (unsigned b : dims->batch)
        s.workgroupTiles[b] = 1;
      for (unsigned d : dims->outputImage)
        s.workgroupTiles[d] = 1;
      s.workgroupTiles[dims->outputImage.back()] = kConvTile;
      s.innerTiles[dims->outputImage.back()] = 8;
      for (unsigned d : dims->outputChannel)
        s.workgroupTiles[d] = 1;
      if (!dims->outputChannel.empty()) {
        s.workgroupTiles[dims->outputChannel.back()] = kConvTile;
        s.innerTiles[dims->outputChannel.back()] = 2 * v;
      }
      capAndClamp(s.workgroupTiles, ranges);
      return s;
    }
    return loops;
  }
  // linalg.reduce is a generic with reduction iterators in all but name.
  if (isa<linalg::GenericOp, linalg::ReduceOp>(root.getOperation()) &&
      !linalg::isaContractionOpInterface(linalgOp)) {
    Strategy s{"reduction",
               elementwiseTiles(iterators, ranges, kReductionInnerTarget, v),
               ones()};
    s.innerTiles[innermost(utils::IteratorType::reduction)] = 2 * v;
    return s;
  }
  return loops;
}

/// §5.4 for one full workgroup tile of a linalg root: ⌈(bytes read + bytes
/// written) / 16⌉ + ⌈(iteration points × arith/math ops of the body) /
/// (4·V)⌉, at least 1; none when an undistributed loop has a dynamic range.
std::optional<int64_t> workgroupCost(TilingInterface root,
                                     ArrayRef<int64_t> tiles) {
  auto op = dyn_cast<linalg::LinalgOp>(root.getOperation());
  if (!op)
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<int64_t> extent(ranges.size());
  for (auto [l, range] : llvm::enumerate(ranges)) {
    extent[l] = tiles[l] ? tiles[l] : range;
    if (ShapedType::isDynamic(extent[l]))
      return std::nullopt;
  }
  uint64_t points = 1;
  for (int64_t e : extent)
    points *= std::max<int64_t>(e, 1);
  uint64_t bytes = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<ShapedType>(operand.get().getType()))
      continue;
    uint64_t elements = 1;
    for (AffineExpr expr : op.getMatchingIndexingMap(&operand).getResults()) {
      // A window (d1 + d4) spans the sum of its dimensions' extents.
      uint64_t span = 0;
      expr.walk([&](AffineExpr sub) {
        if (auto dim = dyn_cast<AffineDimExpr>(sub))
          span += extent[dim.getPosition()];
      });
      elements *= std::max<uint64_t>(span, 1);
    }
    uint64_t size = elements * elementBytes(operand.get().getType());
    bool isInit = op.isDpsInit(&operand);
    bytes += size;
    if (isInit && op.payloadUsesValueFromOperand(&operand))
      bytes += size; // read and written
  }
  uint64_t arithOps = 0;
  op->walk([&](Operation *inner) {
    StringRef dialect = inner->getName().getDialectNamespace();
    if (inner != op && (dialect == "arith" || dialect == "math"))
      ++arithOps;
  });
  int64_t v = std::max<int64_t>(
      1, nativeVectorSize(op) / elementBytes(op->getResult(0).getType()));
  uint64_t cost = llvm::divideCeil(bytes, 16) +
                  llvm::divideCeil(points * arithOps, 4 * (uint64_t)v);
  return std::max<int64_t>(1, (int64_t)cost);
}

ArrayAttr tilesAttr(Builder &b, ArrayRef<int64_t> tiles) {
  return b.getArrayAttr(llvm::map_to_vector(
      tiles, [&](int64_t t) -> Attribute { return b.getI64IntegerAttr(t); }));
}

struct CPUSelectStrategyPass
    : public cpu::impl::CPUSelectStrategyPassBase<CPUSelectStrategyPass> {
  using CPUSelectStrategyPassBase::CPUSelectStrategyPassBase;

  LogicalResult initialize(MLIRContext *ctx) override {
    if (strategy != "auto" && strategy != "loops")
      return emitError(UnknownLoc::get(ctx))
             << "invalid --sluice-cpu-strategy value '" << strategy
             << "' (expected auto or loops)";
    return success();
  }

  void runOnOperation() override {
    Builder b(&getContext());
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      SmallVector<Operation *> producers = cpu::getStoredValueProducers(func);
      if (producers.empty())
        continue;
      // The last stored op in program order (walk order is program order
      // for ops of one region tree).
      Operation *root = nullptr;
      llvm::SmallPtrSet<Operation *, 4> stored(producers.begin(),
                                               producers.end());
      func.walk([&](Operation *op) {
        if (stored.contains(op))
          root = op;
      });
      auto tileable = dyn_cast<TilingInterface>(root);
      Strategy s;
      if (tileable) {
        s = selectStrategy(tileable, strategy == "loops");
      } else {
        s.kind = "loops"; // nothing to tile: one workgroup
      }
      NamedAttribute entries[] = {
          b.getNamedAttr("kind", b.getStringAttr(s.kind)),
          b.getNamedAttr("workgroup_tiles", tilesAttr(b, s.workgroupTiles)),
          b.getNamedAttr("inner_tiles", tilesAttr(b, s.innerTiles))};
      root->setAttr(cpu::kStrategyAttrName, b.getDictionaryAttr(entries));
      // The cost of one workgroup (§5.4) while the root's tiles are known;
      // tile-and-distribute drops it when it does not distribute.
      if (tileable && root->getNumResults() > 0)
        if (std::optional<int64_t> cost =
                workgroupCost(tileable, s.workgroupTiles))
          func->setAttr(cpu::kWorkgroupCostAttrName,
                        b.getI64IntegerAttr(*cost));
    }
  }
};

} // namespace
