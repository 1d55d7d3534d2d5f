//===- CPULowerInterface.cpp - the workgroup function ABI -----------------===//
//
// --sluice-cpu-lower-interface (execution.md §5.1 step 13, §4.5, §5.4).
//
//===----------------------------------------------------------------------===//

#include "CPUStrategy.h"
#include "sluice/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "sluice/Dialect/SluiceRT/IR/SluiceRTDialect.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtOps.h"

namespace sluice::cpu {
#define GEN_PASS_DEF_CPULOWERINTERFACEPASS
#include "sluice/Codegen/CPU/Passes.h.inc"
} // namespace sluice::cpu

using namespace mlir;
using namespace sluice;

namespace {

// Byte offsets of the §4.5 structs.
constexpr int64_t kDispatchSizeOffsets[3] = {0, 4, 8};
constexpr int64_t kDispatchCountOffsets[3] = {12, 16, 20};
constexpr int64_t kDispatchConstantsOffset = 24;
constexpr int64_t kDispatchBindingPtrsOffset = 32;
constexpr int64_t kWorkgroupIdOffsets[3] = {0, 4, 8};
constexpr unsigned kMaxAbiEntries = 64;

class InterfaceLowering {
public:
  InterfaceLowering(func::FuncOp func, hal::ExecutableExportOp exportOp)
      : func(func), exportOp(exportOp), ctx(func.getContext()),
        ptrType(LLVM::LLVMPointerType::get(ctx)) {}

  LogicalResult run();

private:
  /// Loads a field of type `type` at `offset` bytes from `base`.
  Value loadField(OpBuilder &b, Location loc, Value base, int64_t offset,
                  Type type) {
    Value address = LLVM::GEPOp::create(b, loc, ptrType, b.getI8Type(), base,
                                        ArrayRef<LLVM::GEPArg>{offset});
    return LLVM::LoadOp::create(b, loc, type, address);
  }
  /// A u32/u16 field as an index (zero-extended).
  Value loadIndexField(OpBuilder &b, Location loc, Value base, int64_t offset,
                       unsigned dimension) {
    Type type = dimension == 2 ? b.getI16Type() : b.getI32Type();
    Value v = loadField(b, loc, base, offset, type);
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), v);
  }
  Value lowerSubspan(OpBuilder &b, hal::InterfaceBindingSubspanOp op,
                     MemRefType type);

  func::FuncOp func;
  hal::ExecutableExportOp exportOp;
  MLIRContext *ctx;
  Type ptrType;
  Value env, dispatch, workgroup;
};

Value InterfaceLowering::lowerSubspan(OpBuilder &b,
                                      hal::InterfaceBindingSubspanOp op,
                                      MemRefType type) {
  Location loc = op.getLoc();
  Type i64 = b.getI64Type();
  Value bindingPtrs =
      loadField(b, loc, dispatch, kDispatchBindingPtrsOffset, ptrType);
  Value slot = LLVM::GEPOp::create(b, loc, ptrType, ptrType, bindingPtrs,
                                   ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(
                                       op.getBinding().getZExtValue())});
  Value base = LLVM::LoadOp::create(b, loc, ptrType, slot);
  if (Value offset = op.getByteOffset()) {
    Value offset64 = arith::IndexCastOp::create(b, loc, i64, offset);
    base = LLVM::GEPOp::create(b, loc, ptrType, b.getI8Type(), base,
                               ArrayRef<LLVM::GEPArg>{offset64});
  }
  int64_t rank = type.getRank();
  SmallVector<Type> fields = {ptrType, ptrType, i64};
  if (rank > 0) {
    fields.push_back(LLVM::LLVMArrayType::get(i64, rank));
    fields.push_back(LLVM::LLVMArrayType::get(i64, rank));
  }
  auto structType = LLVM::LLVMStructType::getLiteral(ctx, fields);
  Value desc = LLVM::PoisonOp::create(b, loc, structType);
  desc = LLVM::InsertValueOp::create(b, loc, desc, base, ArrayRef<int64_t>{0});
  desc = LLVM::InsertValueOp::create(b, loc, desc, base, ArrayRef<int64_t>{1});
  Value zero = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(0));
  desc = LLVM::InsertValueOp::create(b, loc, desc, zero, ArrayRef<int64_t>{2});
  SmallVector<Value> sizes;
  unsigned nextDynamic = 0;
  for (int64_t d = 0; d < rank; ++d) {
    if (type.isDynamicDim(d)) {
      sizes.push_back(arith::IndexCastOp::create(
          b, loc, i64, op.getDynamicDims()[nextDynamic++]));
    } else {
      sizes.push_back(LLVM::ConstantOp::create(
          b, loc, i64, b.getI64IntegerAttr(type.getDimSize(d))));
    }
  }
  Value stride = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(1));
  for (int64_t d = rank - 1; d >= 0; --d) {
    desc = LLVM::InsertValueOp::create(b, loc, desc, sizes[d],
                                       ArrayRef<int64_t>{3, d});
    desc = LLVM::InsertValueOp::create(b, loc, desc, stride,
                                       ArrayRef<int64_t>{4, d});
    if (d > 0)
      stride = LLVM::MulOp::create(b, loc, stride, sizes[d]);
  }
  Value memref =
      UnrealizedConversionCastOp::create(b, loc, type, desc).getResult(0);
  // §4.5: `alignment(a)` becomes memref.assume_alignment.
  if (std::optional<APInt> alignment = op.getAlignment())
    if (alignment->getZExtValue() > 0)
      memref = memref::AssumeAlignmentOp::create(
          b, loc, memref,
          b.getI32IntegerAttr(static_cast<int32_t>(alignment->getZExtValue())));
  return memref;
}

LogicalResult InterfaceLowering::run() {
  StringRef name = func.getSymName();
  if (exportOp) {
    hal::PipelineLayoutAttr layout = exportOp.getLayout();
    if (layout.getBindings().size() > kMaxAbiEntries)
      return exportOp.emitOpError()
             << "export '" << name << "' uses " << layout.getBindings().size()
             << " bindings; the CPU ABI allows " << kMaxAbiEntries;
    if (layout.getConstants() > kMaxAbiEntries)
      return exportOp.emitOpError()
             << "export '" << name << "' uses " << layout.getConstants()
             << " constants; the CPU ABI allows " << kMaxAbiEntries;
  }
  if (func.isExternal() || func.getNumArguments() != 0 ||
      func.getNumResults() != 0)
    return func.emitOpError("is not a dispatch function: expected a body "
                            "without arguments or results");

  Block &entry = func.getBody().front();
  Location loc = func.getLoc();
  env = entry.addArgument(ptrType, loc);
  dispatch = entry.addArgument(ptrType, loc);
  workgroup = entry.addArgument(ptrType, loc);
  func.setFunctionType(FunctionType::get(ctx, {ptrType, ptrType, ptrType},
                                         {IntegerType::get(ctx, 32)}));

  // Estimated cost (§5.4) before the interface ops disappear: every dispatch
  // is one workgroup here, whose tile is the whole of each binding.
  uint64_t bytes = 0, points = 1, arithOps = 0;

  SmallVector<Operation *> interfaceOps;
  func.walk([&](Operation *op) {
    if (isa<hal::InterfaceWorkgroupIDOp, hal::InterfaceWorkgroupCountOp,
            hal::InterfaceWorkgroupSizeOp, hal::InterfaceConstantLoadOp,
            hal::InterfaceBindingSubspanOp, func::ReturnOp,
            iree_tensor_ext::DispatchWorkloadOrdinalOp>(op))
      interfaceOps.push_back(op);
    StringRef dialect = op->getName().getDialectNamespace();
    if (dialect == "arith" || dialect == "math")
      ++arithOps;
  });
  for (Operation *op : interfaceOps) {
    OpBuilder b(op);
    Location opLoc = op->getLoc();
    Value replacement;
    if (auto ordinal =
            dyn_cast<iree_tensor_ext::DispatchWorkloadOrdinalOp>(op)) {
      // Workload annotations have served the count region (step 6).
      replacement = ordinal.getOperand();
    } else if (auto id = dyn_cast<hal::InterfaceWorkgroupIDOp>(op)) {
      unsigned d = id.getDimension().getZExtValue();
      replacement =
          loadIndexField(b, opLoc, workgroup, kWorkgroupIdOffsets[d], d);
    } else if (auto count = dyn_cast<hal::InterfaceWorkgroupCountOp>(op)) {
      unsigned d = count.getDimension().getZExtValue();
      replacement =
          loadIndexField(b, opLoc, dispatch, kDispatchCountOffsets[d], d);
    } else if (auto size = dyn_cast<hal::InterfaceWorkgroupSizeOp>(op)) {
      unsigned d = size.getDimension().getZExtValue();
      std::optional<ArrayAttr> constant =
          exportOp ? exportOp.getWorkgroupSize() : std::nullopt;
      if (constant && d < constant->size())
        replacement = arith::ConstantIndexOp::create(
            b, opLoc, cast<IntegerAttr>((*constant)[d]).getInt());
      else
        replacement =
            loadIndexField(b, opLoc, dispatch, kDispatchSizeOffsets[d], d);
    } else if (auto load = dyn_cast<hal::InterfaceConstantLoadOp>(op)) {
      Type type = load.getResult().getType();
      unsigned ordinal = load.getOrdinal().getZExtValue();
      if (ordinal >= kMaxAbiEntries)
        return load.emitOpError() << "reads constant " << ordinal
                                  << "; the CPU ABI allows " << kMaxAbiEntries;
      Value constants =
          loadField(b, opLoc, dispatch, kDispatchConstantsOffset, ptrType);
      Value address = LLVM::GEPOp::create(
          b, opLoc, ptrType, b.getI32Type(), constants,
          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(ordinal)});
      Value word = LLVM::LoadOp::create(b, opLoc, b.getI32Type(), address);
      if (type.isIndex())
        replacement = arith::IndexCastUIOp::create(b, opLoc, type, word);
      else if (type.isInteger(32))
        replacement = word;
      else if (type.isIntOrFloat() && type.getIntOrFloatBitWidth() == 32)
        replacement = arith::BitcastOp::create(b, opLoc, type, word);
      else
        return load.emitOpError()
               << "of type " << type
               << " cannot be read from the CPU ABI (32-bit values or index "
                  "only)";
    } else if (auto subspan = dyn_cast<hal::InterfaceBindingSubspanOp>(op)) {
      auto type = dyn_cast<MemRefType>(subspan.getResult().getType());
      if (!type || !type.getLayout().isIdentity())
        return subspan.emitOpError()
               << "must be a row-major memref before the interface is "
                  "lowered (run --sluice-cpu-lower-dispatch-tensors and "
                  "bufferization first)";
      if (type.hasStaticShape()) {
        uint64_t elements = type.getNumElements();
        bytes += elements * llvm::divideCeil(type.getElementTypeBitWidth(), 8);
        points = std::max(points, elements);
      }
      replacement = lowerSubspan(b, subspan, type);
    } else {
      auto ret = cast<func::ReturnOp>(op);
      Value zero = arith::ConstantIntOp::create(b, opLoc, 0, 32);
      func::ReturnOp::create(b, opLoc, zero);
      ret.erase();
      continue;
    }
    op->getResult(0).replaceAllUsesWith(replacement);
    op->erase();
  }

  // A distributed dispatch carries the cost of one workgroup tile
  // (select-strategy); otherwise the tile is the whole of each binding.
  auto tileCost = dyn_cast_or_null<IntegerAttr>(
      func->removeAttr(cpu::kWorkgroupCostAttrName));
  if (exportOp) {
    constexpr uint64_t kVectorLanes = 8; // f32 on AVX2 (§5.1 V)
    uint64_t cost = llvm::divideCeil(bytes, 16) +
                    llvm::divideCeil(points * arithOps, 4 * kVectorLanes);
    if (tileCost)
      cost = tileCost.getInt();
    exportOp->setAttr(sluice_rt::SluiceRTDialect::kWorkgroupCostAttrName,
                      IntegerAttr::get(IntegerType::get(ctx, 64),
                                       std::max<uint64_t>(cost, 1)));
  }
  return success();
}

struct CPULowerInterfacePass
    : public cpu::impl::CPULowerInterfacePassBase<CPULowerInterfacePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto variant =
        dyn_cast_or_null<hal::ExecutableVariantOp>(module->getParentOp());
    SmallVector<std::pair<func::FuncOp, hal::ExecutableExportOp>> work;
    if (variant) {
      // One symbol table for every export (a lookup per export scans the
      // module: quadratic in the exports of a variant).
      SymbolTable symbols(module);
      for (auto exportOp :
           variant.getBody().front().getOps<hal::ExecutableExportOp>()) {
        auto func = symbols.lookup<func::FuncOp>(exportOp.getSymName());
        if (!func) {
          exportOp.emitOpError() << "has no function '" << exportOp.getSymName()
                                 << "' in the variant's module";
          return signalPassFailure();
        }
        work.push_back({func, exportOp});
      }
    } else {
      // A bare module (tests): every public function is a dispatch function.
      for (auto func : module.getOps<func::FuncOp>())
        if (func.isPublic())
          work.push_back({func, hal::ExecutableExportOp()});
    }
    for (auto [func, exportOp] : work)
      if (failed(InterfaceLowering(func, exportOp).run()))
        return signalPassFailure();
  }
};

} // namespace
