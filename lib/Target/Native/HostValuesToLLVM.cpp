//===- HostValuesToLLVM.cpp - globals, comparisons and device queries
//------===//
//
// Part of --sluice-convert-host-to-llvm (execution.md §2.8 step 2, §3.2):
// non-device `util.global`s live in slots of ctx->globals; `util.cmp.eq/ne`
// compare values (references by pointer); `util.buffer.size` reads the
// length field; `hal.device.query` calls import 7.
//
//===----------------------------------------------------------------------===//

#include "AbiBuilder.h"
#include "HostToLLVMPatterns.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/SluiceRT/IR/SluiceRTOps.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/IR/UtilTypes.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace sluice::native {
namespace {

constexpr llvm::StringLiteral kGlobalOffsetAttr = "sluice.global_offset";

/// Byte size (= alignment) of a global slot of `type`; 0 when the runtime
/// cannot hold it.
int64_t slotBytes(Type type) {
  if (isa<hal::HALDialect>(type.getDialect()) || isa<util::BufferType>(type))
    return 8;
  if (type.isIndex())
    return 8;
  if (isa<IntegerType, FloatType>(type)) {
    unsigned bits = type.getIntOrFloatBitWidth();
    if (bits > 64)
      return 0;
    return (int64_t)llvm::PowerOf2Ceil(std::max(1u, (bits + 7) / 8));
  }
  return 0;
}

/// The little-endian bytes of a scalar initial value, or failure.
FailureOr<APInt> initialBits(Attribute value) {
  if (auto i = dyn_cast<IntegerAttr>(value))
    return i.getValue();
  if (auto f = dyn_cast<FloatAttr>(value))
    return f.getValue().bitcastToAPInt();
  return failure();
}

/// The address of the slot of the global `load`/`store` names.
FailureOr<std::pair<Value, util::GlobalOp>>
slotAddress(ConversionPatternRewriter &rewriter, Operation *op,
            FlatSymbolRefAttr name) {
  auto global =
      SymbolTable::lookupNearestSymbolFrom<util::GlobalOp>(op, name.getAttr());
  if (!global)
    return failure();
  auto offset = global->getAttrOfType<IntegerAttr>(kGlobalOffsetAttr);
  if (!offset)
    return failure();
  AbiBuilder abi(rewriter, op->getLoc());
  Value globals = abi.loadField(abi.ptrType(), hostContext(op), 16);
  return std::make_pair(abi.bytePtr(globals, offset.getInt()), global);
}

struct GlobalLoadLowering : OpConversionPattern<util::GlobalLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(util::GlobalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<hal::DeviceType>(op.getType()))
      return failure();
    auto slot = slotAddress(rewriter, op, op.getGlobalAttr());
    if (failed(slot))
      return rewriter.notifyMatchFailure(op, "no slot");
    Location loc = op.getLoc();
    Type type = getTypeConverter()->convertType(op.getType());
    if (type.isInteger(1)) {
      Value byte = LLVM::LoadOp::create(rewriter, loc, rewriter.getI8Type(),
                                        slot->first);
      rewriter.replaceOpWithNewOp<LLVM::TruncOp>(op, type, byte);
      return success();
    }
    rewriter.replaceOpWithNewOp<LLVM::LoadOp>(op, type, slot->first);
    return success();
  }
};

struct GlobalStoreLowering : OpConversionPattern<util::GlobalStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(util::GlobalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type original = op.getValue().getType();
    if (isa<hal::DeviceType>(original))
      return failure();
    auto slot = slotAddress(rewriter, op, op.getGlobalAttr());
    if (failed(slot))
      return rewriter.notifyMatchFailure(op, "no slot");
    Location loc = op.getLoc();
    Value address = slot->first;
    Value value = adaptor.getValue();
    if (sluice_rt::isCountedRefType(original)) {
      // old = slot; retain(v); slot = v; release(old) (§3.2).
      AbiBuilder abi(rewriter, loc);
      Value old = LLVM::LoadOp::create(rewriter, loc, abi.ptrType(), address);
      Value ctx = hostContext(op);
      emitRetain(rewriter, loc, value);
      LLVM::StoreOp::create(rewriter, loc, value, address);
      emitRelease(rewriter, loc, ctx, old);
      rewriter.eraseOp(op);
      return success();
    }
    if (value.getType().isInteger(1))
      value = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI8Type(), value);
    LLVM::StoreOp::create(rewriter, loc, value, address);
    rewriter.eraseOp(op);
    return success();
  }
};

/// util.cmp.eq / util.cmp.ne: integer or pointer comparison.
template <typename Op, LLVM::ICmpPredicate Predicate>
struct CompareLowering : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = adaptor.getLhs().getType();
    if (isa<FloatType>(type)) {
      auto predicate = Predicate == LLVM::ICmpPredicate::eq
                           ? LLVM::FCmpPredicate::oeq
                           : LLVM::FCmpPredicate::une;
      rewriter.replaceOpWithNewOp<LLVM::FCmpOp>(op, predicate, adaptor.getLhs(),
                                                adaptor.getRhs());
      return success();
    }
    if (!isa<IntegerType, LLVM::LLVMPointerType>(type))
      return rewriter.notifyMatchFailure(op, "not comparable");
    rewriter.replaceOpWithNewOp<LLVM::ICmpOp>(op, Predicate, adaptor.getLhs(),
                                              adaptor.getRhs());
    return success();
  }
};

/// hal.device.query: import 7 writes (ok, i64 value); the result is the
/// value converted to T, or the default when the key is unknown.
struct DeviceQueryLowering : OpConversionPattern<hal::DeviceQueryOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hal::DeviceQueryOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = getTypeConverter()->convertType(op.getValue().getType());
    if (!type || !type.isInteger())
      return rewriter.notifyMatchFailure(op, "not an integer query");
    AbiBuilder abi(rewriter, loc);
    ModuleOp module = op->getParentOfType<ModuleOp>();
    auto [category, categoryLength] = abi.string(module, op.getCategory());
    auto [key, keyLength] = abi.string(module, op.getKey());
    Value okSlot = abi.stackBytes(op, 8);
    Value valueSlot = abi.stackBytes(op, 8);
    abi.callImport(hostContext(op), Import::DeviceQueryI64, nullptr,
                   {hostContext(op), adaptor.getDevice(), category,
                    categoryLength, key, keyLength, okSlot, valueSlot});
    Value ok32 =
        LLVM::LoadOp::create(rewriter, loc, rewriter.getI32Type(), okSlot);
    Value ok = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                    ok32, abi.i32(0));
    Value value =
        LLVM::LoadOp::create(rewriter, loc, rewriter.getI64Type(), valueSlot);
    if (type.getIntOrFloatBitWidth() < 64)
      value = LLVM::TruncOp::create(rewriter, loc, type, value);
    if (auto fallback =
            dyn_cast_if_present<IntegerAttr>(op.getDefaultValueAttr())) {
      Value constant = LLVM::ConstantOp::create(
          rewriter, loc, type,
          rewriter.getIntegerAttr(type, fallback.getValue().sextOrTrunc(
                                            type.getIntOrFloatBitWidth())));
      value = LLVM::SelectOp::create(rewriter, loc, ok, value, constant);
    }
    rewriter.replaceOp(op, {ok, value});
    return success();
  }
};

} // namespace

LogicalResult verifyHostValueOp(Operation *op) {
  auto scalarOrRef = [](Type type) {
    return type.isIntOrIndexOrFloat() ||
           isa<hal::HALDialect>(type.getDialect()) ||
           isa<util::BufferType>(type);
  };
  if (auto query = dyn_cast<hal::DeviceQueryOp>(op)) {
    Type type = query.getValue().getType();
    if (!type.isIntOrIndex())
      return op->emitOpError("queries a value of type ")
             << type << "; the Sluice CPU runtime answers integer queries only";
  }
  if (isa<util::CmpEQOp, util::CmpNEOp>(op)) {
    Type type = op->getOperand(0).getType();
    if (!scalarOrRef(type))
      return op->emitOpError("compares values of type ")
             << type << ", which the Sluice CPU runtime cannot compare";
  }
  return success();
}

LogicalResult assignGlobalSlots(ModuleOp module) {
  Builder b(module.getContext());
  int64_t size = 0;
  std::string image;
  SmallVector<int32_t> refOffsets;
  bool nonZero = false;
  for (auto global : module.getOps<util::GlobalOp>()) {
    Type type = global.getType();
    if (isa<hal::DeviceType>(type))
      continue;
    int64_t bytes = slotBytes(type);
    if (!bytes)
      return global.emitOpError("of type ")
             << type << " is not supported by the Sluice CPU runtime";
    size = llvm::alignTo(size, bytes);
    global->setAttr(kGlobalOffsetAttr, b.getI64IntegerAttr(size));
    image.resize(size + bytes, '\0');
    if (sluice_rt::isCountedRefType(type))
      refOffsets.push_back((int32_t)size);
    if (Attribute initial = global.getInitialValueAttr()) {
      if (isa<util::UninitializedAttr>(initial)) {
        // Zero, like every slot.
      } else if (auto bits = initialBits(initial);
                 succeeded(bits) && bytes < 8 + 1 &&
                 !isa<hal::HALDialect>(type.getDialect())) {
        APInt value = bits->zextOrTrunc(8 * bytes);
        for (int64_t i = 0; i < bytes; ++i) {
          char byte = (char)value.extractBitsAsZExtValue(8, 8 * i);
          image[size + i] = byte;
          nonZero |= byte != 0;
        }
      } else {
        return global.emitOpError("has an initial value ")
               << initial << " that the Sluice CPU runtime cannot hold";
      }
    }
    size += bytes;
  }
  if (size == 0)
    return success();
  module->setAttr(kGlobalStorageSizeAttr, b.getI64IntegerAttr(size));
  if (nonZero)
    module->setAttr(kGlobalImageAttr, b.getStringAttr(image));
  if (!refOffsets.empty())
    module->setAttr(kRefGlobalOffsetsAttr, b.getDenseI32ArrayAttr(refOffsets));
  return success();
}

void populateGlobalLoweringPatterns(const TypeConverter &converter,
                                    RewritePatternSet &patterns) {
  patterns.add<GlobalLoadLowering, GlobalStoreLowering>(converter,
                                                        patterns.getContext());
}

void populateHostValuePatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns) {
  patterns.add<CompareLowering<util::CmpEQOp, LLVM::ICmpPredicate::eq>,
               CompareLowering<util::CmpNEOp, LLVM::ICmpPredicate::ne>,
               FieldLoadLowering<util::BufferSizeOp, 8, FieldType::I64>,
               DeviceQueryLowering>(converter, patterns.getContext());
}

} // namespace sluice::native
