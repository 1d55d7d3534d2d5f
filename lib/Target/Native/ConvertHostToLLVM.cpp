//===- ConvertHostToLLVM.cpp - --sluice-convert-host-to-llvm --------------===//
//
// execution.md §2.8 step 2. Functions are rebuilt first (a prologue block
// with the ABI signature and the pending-status slot, branching to the old
// entry block); then a dialect conversion lowers the ops inside them.
//
//===----------------------------------------------------------------------===//

#include "AbiBuilder.h"
#include "HostToLLVMPatterns.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"
#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/IOParameters/IR/IOParametersDialect.h"
#include "sluice/Dialect/IOParameters/IR/IOParametersOps.h"
#include "sluice/Dialect/SluiceRT/IR/SluiceRTDialect.h"
#include "sluice/Dialect/SluiceRT/IR/SluiceRTOps.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/IR/UtilTypes.h"
#include "sluice/Target/Native/Passes.h"

namespace sluice::native {
#define GEN_PASS_DEF_CONVERTHOSTTOLLVMPASS
#include "sluice/Target/Native/Passes.h.inc"
} // namespace sluice::native

using namespace mlir;

namespace sluice::native {
namespace {

constexpr int32_t kInternal = 13;
constexpr llvm::StringLiteral kKindAttr = "sluice.kind";
constexpr llvm::StringLiteral kUnconvertedAttr = "sluice.unconverted";

bool isRefType(Type type) {
  return isa<hal::BufferType, hal::BufferViewType, hal::FenceType,
             hal::FileType, hal::SemaphoreType>(type);
}

/// The cconv letter of a type (0 when the ABI cannot pass it).
char cconvLetter(Type type) {
  if (isRefType(type))
    return 'r';
  if (type.isIndex() || type.isInteger(64))
    return 'I';
  if (type.isInteger(1) || type.isInteger(8) || type.isInteger(16) ||
      type.isInteger(32))
    return 'i';
  if (type.isF32())
    return 'f';
  if (type.isF64())
    return 'F';
  return 0;
}

LLVM::LLVMFuncOp parentFunc(Operation *op) {
  return op->getParentOfType<LLVM::LLVMFuncOp>();
}
Value contextOf(Operation *op) {
  return parentFunc(op).getBody().front().getArgument(0);
}
/// The pending-status slot: the prologue's last alloca carrying the
/// attribute. Stack allocations of the lowerings are inserted at the start
/// of the prologue, so the walk from its end only passes the prologue's own
/// ops (the closure loads), not one alloca per lowered op.
Value statusSlotOf(Operation *op) {
  for (Operation &candidate : llvm::reverse(parentFunc(op).getBody().front()))
    if (candidate.hasAttr(kStatusSlotAttr))
      return candidate.getResult(0);
  return {};
}

/// Frees the slot's previous status and stores `status` (§3.5).
void storeStatus(AbiBuilder &abi, OpBuilder &b, Location loc, Operation *op,
                 Value status) {
  Value slot = statusSlotOf(op);
  Value old = LLVM::LoadOp::create(b, loc, abi.ptrType(), slot);
  abi.callImport(contextOf(op), Import::StatusFree, nullptr, {old});
  LLVM::StoreOp::create(b, loc, status, slot);
}

/// An i32 constant from an op that folds to an integer attribute
/// (hal.element_type, hal.encoding_type, hal.memory_type, hal.buffer_usage).
struct FoldToConstantPattern : ConversionPattern {
  FoldToConstantPattern(const TypeConverter &converter, MLIRContext *context,
                        StringRef name)
      : ConversionPattern(converter, name, 1, context) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<OpFoldResult> folded;
    if (failed(op->fold(folded)) || folded.size() != 1)
      return rewriter.notifyMatchFailure(op, "does not fold");
    auto attr = dyn_cast_if_present<IntegerAttr>(
        dyn_cast_if_present<Attribute>(folded[0]));
    if (!attr)
      return rewriter.notifyMatchFailure(op, "no integer value");
    rewriter.replaceOpWithNewOp<LLVM::ConstantOp>(
        op, rewriter.getI32Type(),
        rewriter.getI32IntegerAttr((int32_t)attr.getInt()));
    return success();
  }
};

template <typename Op> struct AbiPattern : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  using OpAdaptor = typename Op::Adaptor;
};

/// A lowering that always applies: the op is replaced by what
/// `Replace(op, adaptor, rewriter, abi)` returns (the shape of most one-op
/// lowerings).
template <typename Op, auto Replace> struct ReplaceLowering : AbiPattern<Op> {
  using AbiPattern<Op>::AbiPattern;
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    AbiBuilder abi(rewriter, op.getLoc());
    rewriter.replaceOp(op, Replace(op, adaptor, rewriter, abi));
    return success();
  }
};

/// hal.element_type<T> and hal.encoding_type<E>: i32 constants (§3.2).
struct ElementTypeLowering : AbiPattern<hal::ElementTypeOp> {
  using AbiPattern::AbiPattern;
  LogicalResult
  matchAndRewrite(hal::ElementTypeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<int32_t> value =
        hal::ElementTypeOp::getTypeValue(op.getType());
    if (!value)
      return op.emitOpError("has no ABI encoding for its element type");
    AbiBuilder abi(rewriter, op.getLoc());
    rewriter.replaceOp(op, abi.i32(*value));
    return success();
  }
};
struct EncodingTypeLowering : AbiPattern<hal::EncodingTypeOp> {
  using AbiPattern::AbiPattern;
  LogicalResult
  matchAndRewrite(hal::EncodingTypeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<int32_t> value =
        hal::EncodingTypeOp::getEncodingValue(op.getEncodingAttr());
    if (!value)
      return op.emitOpError("has no ABI encoding");
    AbiBuilder abi(rewriter, op.getLoc());
    rewriter.replaceOp(op, abi.i32(*value));
    return success();
  }
};

//===--- Inline field loads (§3.2) ----------------------------------------===//

using BufferViewDimLowering =
    ReplaceLowering<hal::BufferViewDimOp,
                    [](auto op, auto adaptor, auto &rewriter,
                       AbiBuilder &abi) -> Value {
                      int64_t index = op.getIndex().getSExtValue();
                      return abi.loadField(rewriter.getI64Type(),
                                           adaptor.getBufferView(),
                                           32 + 8 * index);
                    }>;
/// Every !hal.device and !hal.allocator value is ctx->device.
Value contextDevice(AbiBuilder &abi, Operation *op) {
  return abi.loadField(abi.ptrType(), contextOf(op), 8);
}

/// A !hal.allocator is its device.
using DeviceAllocatorLowering =
    ReplaceLowering<hal::DeviceAllocatorOp,
                    [](auto, auto adaptor, auto &, AbiBuilder &) -> Value {
                      return adaptor.getDevice();
                    }>;
struct DevicesGetLowering : AbiPattern<hal::DevicesGetOp> {
  using AbiPattern::AbiPattern;
  LogicalResult
  matchAndRewrite(hal::DevicesGetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    AbiBuilder abi(rewriter, op.getLoc());
    APInt index;
    if (matchPattern(op.getIndex(), m_ConstantInt(&index)) && index == 0) {
      rewriter.replaceOp(op, contextDevice(abi, op));
      return success();
    }
    Value out = abi.stackBytes(op, 8);
    Value status =
        abi.callImport(contextOf(op), Import::DevicesGet, abi.ptrType(),
                       {contextOf(op), adaptor.getIndex(), out});
    storeStatus(abi, rewriter, op.getLoc(), op, status);
    rewriter.replaceOp(
        op, LLVM::LoadOp::create(rewriter, op.getLoc(), abi.ptrType(), out));
    return success();
  }
};

using DevicesCountLowering =
    ReplaceLowering<hal::DevicesCountOp,
                    [](auto, auto, auto &, AbiBuilder &abi) -> Value {
                      return abi.i64(1);
                    }>;
/// `!hal.device` globals have no slot (§3.2): loads are ctx->device, stores
/// (of the one device) are dropped.
struct DeviceGlobalLoadLowering : AbiPattern<util::GlobalLoadOp> {
  using AbiPattern::AbiPattern;
  LogicalResult
  matchAndRewrite(util::GlobalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<hal::DeviceType>(op.getType()))
      return failure();
    AbiBuilder abi(rewriter, op.getLoc());
    rewriter.replaceOp(op, contextDevice(abi, op));
    return success();
  }
};
struct DeviceGlobalStoreLowering : AbiPattern<util::GlobalStoreOp> {
  using AbiPattern::AbiPattern;
  LogicalResult
  matchAndRewrite(util::GlobalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<hal::DeviceType>(op.getValue().getType()))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

using NullLowering =
    ReplaceLowering<util::NullOp,
                    [](auto, auto, auto &, AbiBuilder &abi) -> Value {
                      return abi.null();
                    }>;
/// `util.assume.int` only informs analyses: its results are its operands.
using AssumeIntLowering =
    ReplaceLowering<util::AssumeIntOp,
                    [](auto, auto adaptor, auto &, AbiBuilder &) -> ValueRange {
                      return adaptor.getOperands();
                    }>;
/// `util.align %v, %a` (a power of two): `(v + a - 1) & ~(a - 1)`. Host
/// code computes transient sizes with it (layout of a dynamic
/// external-transients pack).
using AlignLowering = ReplaceLowering<
    util::AlignOp,
    [](auto op, auto adaptor, auto &rewriter, AbiBuilder &) -> Value {
      Location loc = op.getLoc();
      Value value = adaptor.getValue();
      Type type = value.getType();
      Value one = LLVM::ConstantOp::create(rewriter, loc, type,
                                           rewriter.getIntegerAttr(type, 1));
      Value allOnes = LLVM::ConstantOp::create(
          rewriter, loc, type, rewriter.getIntegerAttr(type, -1));
      Value mask =
          LLVM::SubOp::create(rewriter, loc, adaptor.getAlignment(), one);
      Value bumped = LLVM::AddOp::create(rewriter, loc, value, mask);
      Value inverted = LLVM::XOrOp::create(rewriter, loc, mask, allOnes);
      return LLVM::AndOp::create(rewriter, loc, bumped, inverted);
    }>;
//===--- Reference counting (§3.2) ----------------------------------------===//

/// Splits the block at `op` and emits `if (v) { body }`; the rewriter ends
/// at the start of the continuation.
template <typename Body>
void ifNonNull(ConversionPatternRewriter &rewriter, Location loc, Value v,
               Body body) {
  Block *before = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  Block *then = rewriter.createBlock(after);
  rewriter.setInsertionPointToEnd(before);
  AbiBuilder abi(rewriter, loc);
  Value isNull = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, v,
                                      abi.null());
  LLVM::CondBrOp::create(rewriter, loc, isNull, after, then);
  rewriter.setInsertionPointToEnd(then);
  body(after);
  rewriter.setInsertionPointToStart(after);
}

struct RetainLowering : AbiPattern<sluice_rt::RetainOp> {
  using AbiPattern::AbiPattern;
  LogicalResult
  matchAndRewrite(sluice_rt::RetainOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitRetain(rewriter, op.getLoc(), adaptor.getValue());
    rewriter.replaceOp(op, adaptor.getValue());
    return success();
  }
};

struct ReleaseLowering : AbiPattern<sluice_rt::ReleaseOp> {
  using AbiPattern::AbiPattern;
  LogicalResult
  matchAndRewrite(sluice_rt::ReleaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitRelease(rewriter, op.getLoc(), contextOf(op), adaptor.getValue());
    rewriter.eraseOp(op);
    return success();
  }
};

//===--- Error edges (§3.5) -----------------------------------------------===//

struct CheckStatusLowering : AbiPattern<sluice_rt::CheckStatusOp> {
  using AbiPattern::AbiPattern;
  LogicalResult
  matchAndRewrite(sluice_rt::CheckStatusOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    AbiBuilder abi(rewriter, op.getLoc());
    Value status = LLVM::LoadOp::create(rewriter, op.getLoc(), abi.ptrType(),
                                        statusSlotOf(op));
    Value failed = LLVM::ICmpOp::create(
        rewriter, op.getLoc(), LLVM::ICmpPredicate::ne, status, abi.null());
    rewriter.replaceOpWithNewOp<LLVM::CondBrOp>(op, failed, op.getError(),
                                                op.getOk());
    return success();
  }
};

struct CheckCodeLowering : AbiPattern<sluice_rt::CheckCodeOp> {
  using AbiPattern::AbiPattern;
  LogicalResult
  matchAndRewrite(sluice_rt::CheckCodeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value ctx = contextOf(op);
    Value slot = statusSlotOf(op);
    ModuleOp module = op->getParentOfType<ModuleOp>();
    Block *block = op->getBlock();
    Block *annotate = rewriter.createBlock(block->getParent(),
                                           std::next(block->getIterator()));
    Block *make = rewriter.createBlock(annotate);
    Block *apply = rewriter.createBlock(
        make, {LLVM::LLVMPointerType::get(getContext())}, {loc});
    rewriter.setInsertionPoint(op);
    AbiBuilder abi(rewriter, loc);
    Value code = adaptor.getCode();
    Value ok = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                    code, abi.i32(0));
    Block *okBlock = op.getOk();
    Block *errorBlock = op.getError();
    rewriter.replaceOpWithNewOp<LLVM::CondBrOp>(op, ok, okBlock, annotate);
    // ^annotate: the pending status, or a new one with the code.
    rewriter.setInsertionPointToEnd(annotate);
    Value pending = LLVM::LoadOp::create(rewriter, loc, abi.ptrType(), slot);
    Value isNull = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                        pending, abi.null());
    LLVM::CondBrOp::create(rewriter, loc, isNull, make, ValueRange{}, apply,
                           ValueRange{pending});
    rewriter.setInsertionPointToEnd(make);
    auto [empty, zero] = abi.string(module, "");
    Value made = abi.callImport(ctx, Import::StatusMake, abi.ptrType(),
                                {code, empty, zero});
    LLVM::BrOp::create(rewriter, loc, ValueRange{made}, apply);
    rewriter.setInsertionPointToEnd(apply);
    auto [msg, length] = abi.string(module, op.getMessage());
    Value annotated = abi.callImport(ctx, Import::StatusAnnotate, abi.ptrType(),
                                     {apply->getArgument(0), msg, length});
    LLVM::StoreOp::create(rewriter, loc, annotated, slot);
    LLVM::BrOp::create(rewriter, loc, ValueRange{}, errorBlock);
    return success();
  }
};

struct FailLowering : AbiPattern<sluice_rt::FailOp> {
  using AbiPattern::AbiPattern;
  LogicalResult
  matchAndRewrite(sluice_rt::FailOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value ctx = contextOf(op);
    Value slot = statusSlotOf(op);
    ModuleOp module = op->getParentOfType<ModuleOp>();
    AbiBuilder abi(rewriter, loc);
    Value pending = LLVM::LoadOp::create(rewriter, loc, abi.ptrType(), slot);
    Value isNull = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                        pending, abi.null());
    Block *block = op->getBlock();
    Block *make = rewriter.createBlock(block->getParent(),
                                       std::next(block->getIterator()));
    Block *ret = rewriter.createBlock(make);
    rewriter.setInsertionPoint(op);
    LLVM::CondBrOp::create(rewriter, loc, isNull, make, ret);
    rewriter.setInsertionPointToEnd(ret);
    LLVM::ReturnOp::create(rewriter, loc, pending);
    rewriter.setInsertionPointToEnd(make);
    std::string text = "unreachable: " + op.getMessage().value_or("").str();
    auto [msg, length] = abi.string(module, text);
    Value made = abi.callImport(ctx, Import::StatusMake, abi.ptrType(),
                                {abi.i32(kInternal), msg, length});
    LLVM::ReturnOp::create(rewriter, loc, made);
    rewriter.eraseOp(op);
    return success();
  }
};

//===--- Functions and calls ----------------------------------------------===//

struct ReturnLowering : AbiPattern<util::ReturnOp> {
  using AbiPattern::AbiPattern;
  LogicalResult
  matchAndRewrite(util::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVM::LLVMFuncOp func = parentFunc(op);
    AbiBuilder abi(rewriter, loc);
    size_t results = adaptor.getOperands().size();
    size_t firstOut = func.getNumArguments() - results;
    for (auto [i, v] : llvm::enumerate(adaptor.getOperands()))
      LLVM::StoreOp::create(rewriter, loc, v, func.getArgument(firstOut + i));
    // A normal return frees a pending status (fence waits may leave one).
    Value pending =
        LLVM::LoadOp::create(rewriter, loc, abi.ptrType(), statusSlotOf(op));
    abi.callImport(contextOf(op), Import::StatusFree, nullptr, {pending});
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, abi.null());
    return success();
  }
};

struct CallLowering : AbiPattern<util::CallOp> {
  using AbiPattern::AbiPattern;
  LogicalResult
  matchAndRewrite(util::CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    AbiBuilder abi(rewriter, loc);
    SmallVector<Value> args = {contextOf(op)};
    args.append(adaptor.getArguments().begin(), adaptor.getArguments().end());
    SmallVector<Value> outs;
    SmallVector<Type> resultTypes;
    for (Type type : op.getResultTypes()) {
      resultTypes.push_back(getTypeConverter()->convertType(type));
      outs.push_back(abi.stackBytes(op, 8));
      args.push_back(outs.back());
    }
    SmallVector<Type> argTypes;
    for (Value v : args)
      argTypes.push_back(v.getType());
    auto type = LLVM::LLVMFunctionType::get(abi.ptrType(), argTypes);
    auto call =
        LLVM::CallOp::create(rewriter, loc, type, op.getCalleeAttr(), args);
    storeStatus(abi, rewriter, loc, op, call.getResult());
    SmallVector<Value> results;
    for (auto [out, type] : llvm::zip(outs, resultTypes))
      results.push_back(LLVM::LoadOp::create(rewriter, loc, type, out));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// Converts the block signatures of a rebuilt function.
struct FuncBodyLowering : AbiPattern<LLVM::LLVMFuncOp> {
  using AbiPattern::AbiPattern;
  LogicalResult
  matchAndRewrite(LLVM::LLVMFuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasAttr(kUnconvertedAttr))
      return failure();
    if (failed(rewriter.convertRegionTypes(&op.getBody(), *getTypeConverter())))
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op->removeAttr(kUnconvertedAttr); });
    return success();
  }
};

//===--- Fallible runtime calls -------------------------------------------===//

void callStatus(ConversionPatternRewriter &rewriter, Operation *op,
                Import which, ValueRange args) {
  AbiBuilder abi(rewriter, op->getLoc());
  Value status = abi.callImport(contextOf(op), which, abi.ptrType(), args);
  storeStatus(abi, rewriter, op->getLoc(), op, status);
}

/// Not fallible: the status goes to the slot, its code is the result.
struct FenceAwaitLowering : AbiPattern<hal::FenceAwaitOp> {
  using AbiPattern::AbiPattern;
  LogicalResult
  matchAndRewrite(hal::FenceAwaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    AbiBuilder abi(rewriter, loc);
    Value fences =
        abi.stackBytes(op, 8 * (int64_t)adaptor.getFences().size() + 8);
    for (auto [i, f] : llvm::enumerate(adaptor.getFences()))
      abi.storeField(f, fences, 8 * (int64_t)i);
    Value status =
        abi.callImport(contextOf(op), Import::FenceAwait, abi.ptrType(),
                       {contextOf(op), adaptor.getTimeoutMillis(),
                        abi.i32((int64_t)adaptor.getFences().size()), fences});
    storeStatus(abi, rewriter, loc, op, status);
    Value code = abi.callImport(contextOf(op), Import::StatusCode,
                                rewriter.getI32Type(), {status});
    rewriter.replaceOp(op, code);
    return success();
  }
};

//===--- Command functions (§4.4) -----------------------------------------===//

struct QueueExecuteLowering : AbiPattern<sluice_rt::QueueExecuteOp> {
  using AbiPattern::AbiPattern;
  LogicalResult
  matchAndRewrite(sluice_rt::QueueExecuteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    AbiBuilder abi(rewriter, loc);
    // Closure: reference captures first, then scalars; 8 bytes each.
    SmallVector<Value> refs, scalars;
    for (auto [original, converted] :
         llvm::zip(op.getArguments(), adaptor.getArguments()))
      (isRefType(original.getType()) ? refs : scalars).push_back(converted);
    int64_t slots = (int64_t)(refs.size() + scalars.size());
    Value closure = slots ? abi.stackBytes(op, 8 * slots) : abi.null();
    int64_t offset = 0;
    for (Value ref : refs) {
      abi.storeField(ref, closure, offset);
      offset += 8;
    }
    for (Value scalar : scalars) {
      Value slot = scalar;
      if (scalar.getType().isF32())
        slot = LLVM::ZExtOp::create(
            rewriter, loc, rewriter.getI64Type(),
            LLVM::BitcastOp::create(rewriter, loc, rewriter.getI32Type(),
                                    scalar));
      else if (scalar.getType().isF64())
        slot = LLVM::BitcastOp::create(rewriter, loc, rewriter.getI64Type(),
                                       scalar);
      else
        slot = toI64(rewriter, loc, scalar);
      abi.storeField(slot, closure, offset);
      offset += 8;
    }
    Value fn =
        LLVM::AddressOfOp::create(rewriter, loc, abi.ptrType(), op.getCallee());
    uint64_t cost = op.getCost() ? *op.getCost() : UINT32_MAX;
    callStatus(rewriter, op, Import::QueueExecute,
               {contextOf(op), adaptor.getDevice(), adaptor.getQueueAffinity(),
                adaptor.getWaitFence(), adaptor.getSignalFence(), fn, closure,
                abi.i32(slots), abi.i32((int64_t)refs.size()),
                abi.i32((int64_t)std::min<uint64_t>(cost, UINT32_MAX))});
    rewriter.eraseOp(op);
    return success();
  }
};

//===--- The pass ---------------------------------------------------------===//

bool isSupported(Operation *op) {
  // util.global/load/store: device globals have no slot; the others live in
  // ctx->globals (assignGlobalSlots checks their types).
  if (isa<util::GlobalOp, util::GlobalLoadOp, util::GlobalStoreOp>(op))
    return true;
  if (isa<util::FuncOp, util::InitializerOp, util::ReturnOp, util::CallOp,
          util::NullOp, util::CmpEQOp, util::CmpNEOp, util::BufferSizeOp,
          util::AssumeIntOp, util::AlignOp>(op))
    return true;
  if (isa<hal::BufferViewBufferOp, hal::BufferViewDimOp, hal::BufferViewRankOp,
          hal::BufferViewElementTypeOp, hal::BufferViewEncodingTypeOp,
          hal::BufferLengthOp, hal::ElementTypeOp, hal::EncodingTypeOp,
          hal::MemoryTypeOp, hal::BufferUsageOp, hal::DeviceAllocatorOp,
          hal::DevicesGetOp, hal::DevicesCountOp, hal::DeviceQueryOp,
          hal::BufferViewAssertOp, hal::BufferViewCreateOp, hal::BufferAssertOp,
          hal::BufferSubspanOp, hal::BufferLoadOp, hal::BufferStoreOp,
          hal::AllocatorAllocateOp, hal::AllocatorImportOp,
          hal::ExFileFromMemoryOp, hal::DeviceQueueAllocaOp,
          hal::DeviceQueueDeallocaOp, hal::DeviceQueueBarrierOp,
          hal::DeviceQueueCopyOp, hal::DeviceQueueFillOp,
          hal::DeviceQueueReadOp, hal::DeviceQueueWriteOp, hal::FenceCreateOp,
          hal::FenceJoinOp, hal::FenceSignalOp, hal::FenceAwaitOp>(op))
    return true;
  if (isa<sluice_rt::SluiceRTDialect>(op->getDialect()))
    return true;
  if (isa<io_parameters::LoadOp, io_parameters::GatherOp,
          io_parameters::ScatterOp, util::BufferConstantOp>(op))
    return true;
  return isa<arith::ArithDialect, cf::ControlFlowDialect, math::MathDialect,
             index::IndexDialect, LLVM::LLVMDialect, BuiltinDialect>(
      op->getDialect());
}

/// A type as MLIR prints it, without the quotes diagnostics add.
std::string typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// Rebuilds `op` (a util.func or util.initializer) as an llvm.func with a
/// prologue block, leaving the body's ops for the conversion.
LogicalResult rebuildFunction(Operation *op, FunctionType type, StringRef name,
                              int initializerIndex) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  AbiBuilder abi(b, loc);
  Type ptr = abi.ptrType();
  bool isCommand = op->hasAttr("sluice_rt.command_function");
  bool isPublic = isa<util::FuncOp>(op) && cast<util::FuncOp>(op).isPublic();
  LLVMTypeConverter converter(op->getContext());
  auto convert = [&](Type t) -> Type {
    if (isa<hal::HALDialect>(t.getDialect()) || isa<util::BufferType>(t))
      return ptr;
    if (t.isIndex())
      return b.getI64Type();
    return t;
  };
  SmallVector<Type> argTypes = {ptr};
  if (isCommand) {
    argTypes.append({ptr, ptr});
  } else {
    for (Type t : type.getInputs())
      argTypes.push_back(convert(t));
    argTypes.append(type.getNumResults(), ptr);
  }
  std::string cconv = "0";
  if (isPublic) {
    for (auto [i, t] : llvm::enumerate(type.getInputs())) {
      char letter = cconvLetter(t);
      if (!letter)
        return op->emitError("exported function '@")
               << name << "' has argument " << i << " of type " << typeString(t)
               << ", which the Sluice module ABI cannot pass";
      cconv += letter;
    }
    if (type.getNumInputs() == 0)
      cconv += 'v';
    cconv += '_';
    for (auto [i, t] : llvm::enumerate(type.getResults())) {
      char letter = cconvLetter(t);
      if (!letter)
        return op->emitError("exported function '@")
               << name << "' has result " << i << " of type " << typeString(t)
               << ", which the Sluice module ABI cannot pass";
      cconv += letter;
    }
    if (type.getNumResults() == 0)
      cconv += 'v';
  }
  auto func = LLVM::LLVMFuncOp::create(
      b, loc, name, LLVM::LLVMFunctionType::get(ptr, argTypes),
      LLVM::Linkage::Internal);
  func->setAttr(kUnconvertedAttr, b.getUnitAttr());
  if (isPublic) {
    func->setAttr(kExportAttr, b.getStringAttr(name));
    func->setAttr(kCconvAttr, b.getStringAttr(cconv));
    SmallVector<Attribute> results;
    for (Type t : type.getResults())
      results.push_back(TypeAttr::get(convert(t)));
    func->setAttr(kResultTypesAttr, b.getArrayAttr(results));
    if (auto reflection = op->getAttrOfType<DictionaryAttr>("iree.reflection"))
      func->setAttr(kReflectionAttr, reflection);
  }
  if (initializerIndex >= 0)
    func->setAttr(kInitializerAttr, b.getI32IntegerAttr(initializerIndex));
  func->setAttr(kKindAttr, b.getStringAttr(isCommand ? "command" : "host"));

  Region &body = op->getRegion(0);
  Block *oldEntry = &body.front();
  func.getBody().takeBody(body);
  Block *prologue =
      b.createBlock(&func.getBody(), func.getBody().begin(), argTypes,
                    SmallVector<Location>(argTypes.size(), loc));
  b.setInsertionPointToStart(prologue);
  auto slot = LLVM::AllocaOp::create(b, loc, ptr, ptr, abi.i64(1), 8);
  slot->setAttr(kStatusSlotAttr, b.getUnitAttr());
  LLVM::StoreOp::create(b, loc, abi.null(), slot);
  SmallVector<Value> entryValues;
  if (isCommand) {
    // Closure: reference captures first, then scalars (§4.4).
    Value closure = prologue->getArgument(2);
    int64_t refs = llvm::count_if(type.getInputs(), isRefType);
    int64_t refIndex = 0, scalarIndex = refs;
    for (Type t : type.getInputs()) {
      int64_t index = isRefType(t) ? refIndex++ : scalarIndex++;
      Type llvmType = convert(t);
      Value v;
      if (llvmType.isInteger() && llvmType.getIntOrFloatBitWidth() < 64)
        v = LLVM::TruncOp::create(
            b, loc, llvmType,
            abi.loadField(b.getI64Type(), closure, 8 * index));
      else
        v = abi.loadField(llvmType, closure, 8 * index);
      entryValues.push_back(v);
    }
  } else {
    for (size_t i = 0; i < type.getNumInputs(); ++i)
      entryValues.push_back(prologue->getArgument(1 + i));
  }
  // The old entry block keeps its original argument types until the
  // conversion; cast to them.
  SmallVector<Value> casted;
  for (auto [v, arg] : llvm::zip(entryValues, oldEntry->getArguments()))
    casted.push_back(
        v.getType() == arg.getType()
            ? v
            : UnrealizedConversionCastOp::create(b, loc, arg.getType(), v)
                  .getResult(0));
  // cf.br (legal with the original types; the conversion lowers it).
  cf::BranchOp::create(b, loc, oldEntry, casted);
  op->erase();
  return success();
}

struct ConvertHostToLLVMPass
    : impl::ConvertHostToLLVMPassBase<ConvertHostToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    ModuleSymbolCache symbols(module);
    // Unsupported ops: one clear error each (§1.4).
    bool unsupported = false;
    module.walk([&](Operation *op) {
      if (op == module.getOperation() ||
          isa<LLVM::LLVMDialect>(op->getDialect()))
        return;
      if (!isSupported(op)) {
        op->emitOpError("is not supported by the Sluice CPU runtime");
        unsupported = true;
      } else if (failed(verifyHostValueOp(op))) {
        unsupported = true;
      }
    });
    if (unsupported)
      return signalPassFailure();

    // Non-device globals get slots in ctx->globals; device globals have
    // none. The util.globals stay until the conversion has lowered their
    // loads and stores.
    if (failed(assignGlobalSlots(module)))
      return signalPassFailure();

    // Functions and initializers first.
    int initializerIndex = 0;
    for (Operation &op : llvm::make_early_inc_range(module.getOps())) {
      if (auto func = dyn_cast<util::FuncOp>(op)) {
        if (func.isExternal()) {
          func.emitError("external function '@")
              << func.getName()
              << "' is not supported; Sluice modules cannot import functions";
          return signalPassFailure();
        }
        std::string name = func.getName().str();
        if (failed(rebuildFunction(func, func.getFunctionType(), name, -1)))
          return signalPassFailure();
      } else if (auto init = dyn_cast<util::InitializerOp>(op)) {
        // An initializer without a body does nothing.
        if (init.getBody().empty()) {
          init.erase();
          continue;
        }
        int index = initializerIndex++;
        if (failed(rebuildFunction(init, FunctionType::get(context, {}, {}),
                                   "__sluice_init_" + std::to_string(index),
                                   index)))
          return signalPassFailure();
      }
    }

    LowerToLLVMOptions options(context);
    options.overrideIndexBitwidth(64);
    LLVMTypeConverter converter(context, options);
    converter.addConversion([&](Type type) -> std::optional<Type> {
      if (isa<hal::HALDialect>(type.getDialect()) ||
          isa<util::BufferType>(type))
        return LLVM::LLVMPointerType::get(context);
      return std::nullopt;
    });
    RewritePatternSet patterns(context);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    patterns.add<
        FieldLoadLowering<hal::BufferViewBufferOp, 8, FieldType::Ptr>,
        BufferViewDimLowering,
        FieldLoadLowering<hal::BufferViewElementTypeOp, 16, FieldType::I32>,
        FieldLoadLowering<hal::BufferViewEncodingTypeOp, 20, FieldType::I32>,
        FieldLoadLowering<hal::BufferViewRankOp, 24, FieldType::I32>,
        FieldLoadLowering<hal::BufferLengthOp, 24, FieldType::I64>,
        DeviceAllocatorLowering, DevicesGetLowering, DevicesCountLowering,
        NullLowering, AssumeIntLowering, AlignLowering,
        DeviceGlobalLoadLowering, DeviceGlobalStoreLowering, RetainLowering,
        ReleaseLowering, CheckStatusLowering, CheckCodeLowering, FailLowering,
        ReturnLowering, CallLowering, FuncBodyLowering, FenceAwaitLowering,
        QueueExecuteLowering>(converter, context);
    populateImportCallPatterns(converter, patterns);
    populateWaveLoweringPatterns(converter, patterns,
                                 collectWaveExports(module));
    populateGlobalLoweringPatterns(converter, patterns);
    populateHostValuePatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    index::populateIndexToLLVMConversionPatterns(converter, patterns);
    patterns.add<ElementTypeLowering, EncodingTypeLowering>(converter, context);
    populateParameterLoweringPatterns(converter, patterns);
    for (StringRef name : {"hal.memory_type", "hal.buffer_usage"})
      patterns.add<FoldToConstantPattern>(converter, context, name);

    ConversionTarget target(*context);
    target.addLegalDialect<LLVM::LLVMDialect>();
    target.addDynamicallyLegalOp<LLVM::LLVMFuncOp>(
        [](LLVM::LLVMFuncOp op) { return !op->hasAttr(kUnconvertedAttr); });
    target.addLegalOp<ModuleOp, UnrealizedConversionCastOp>();
    target.addIllegalDialect<io_parameters::IOParametersDialect>();
    target.addIllegalDialect<util::UtilDialect, hal::HALDialect,
                             sluice_rt::SluiceRTDialect, arith::ArithDialect,
                             cf::ControlFlowDialect, math::MathDialect,
                             index::IndexDialect>();
    target.addLegalOp<sluice_rt::ExecutableInfoOp, util::GlobalOp>();
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    for (auto global :
         llvm::make_early_inc_range(module.getOps<util::GlobalOp>()))
      global.erase();
    // The kind attribute was only needed during the conversion.
    for (auto func : module.getOps<LLVM::LLVMFuncOp>())
      func->removeAttr(kKindAttr);
  }
};

} // namespace

Value hostContext(Operation *op) { return contextOf(op); }

void emitRetain(ConversionPatternRewriter &rewriter, Location loc, Value v) {
  ifNonNull(rewriter, loc, v, [&](Block *after) {
    AbiBuilder abi(rewriter, loc);
    LLVM::AtomicRMWOp::create(rewriter, loc, LLVM::AtomicBinOp::add, v,
                              abi.i32(1), LLVM::AtomicOrdering::monotonic);
    LLVM::BrOp::create(rewriter, loc, after);
  });
}

void emitRelease(ConversionPatternRewriter &rewriter, Location loc, Value ctx,
                 Value v) {
  ifNonNull(rewriter, loc, v, [&](Block *after) {
    AbiBuilder abi(rewriter, loc);
    Value old =
        LLVM::AtomicRMWOp::create(rewriter, loc, LLVM::AtomicBinOp::sub, v,
                                  abi.i32(1), LLVM::AtomicOrdering::acq_rel);
    Value last = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                      old, abi.i32(1));
    Block *destroy = rewriter.createBlock(after);
    rewriter.setInsertionPointAfterValue(last);
    LLVM::CondBrOp::create(rewriter, loc, last, destroy, after);
    rewriter.setInsertionPointToEnd(destroy);
    AbiBuilder(rewriter, loc).callImport(ctx, Import::RefDestroy, nullptr, {v});
    LLVM::BrOp::create(rewriter, loc, after);
  });
}
void emitStorageAlignmentCheck(ConversionPatternRewriter &rewriter,
                               Operation *op, Value buffer, int64_t alignment,
                               StringRef message) {
  if (alignment <= 1)
    return;
  Location loc = op->getLoc();
  Value ctx = contextOf(op);
  Value slot = statusSlotOf(op);
  auto module = parentFunc(op)->getParentOfType<ModuleOp>();
  AbiBuilder abi(rewriter, loc);
  Type ptrType = abi.ptrType();
  Type i64Type = rewriter.getI64Type();
  Value text = abi.stackBytes(op, 256);
  // ^before: failed or NULL -> ^rest
  // ^check: offset aligned -> ^base | ^offsetFail
  // ^base: storage not committed yet -> ^rest
  // ^address: base + offset aligned -> ^rest | ^addressFail
  Value pending = LLVM::LoadOp::create(rewriter, loc, ptrType, slot);
  Value passed = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                      pending, abi.null());
  Value present = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                       buffer, abi.null());
  Value checked = LLVM::AndOp::create(rewriter, loc, passed, present);
  Block *before = rewriter.getInsertionBlock();
  Block *rest = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  Block *addressFail = rewriter.createBlock(rest);
  Block *offsetFail = rewriter.createBlock(addressFail);
  Block *address = rewriter.createBlock(offsetFail);
  Block *base = rewriter.createBlock(address);
  Block *check = rewriter.createBlock(base);
  rewriter.setInsertionPointToEnd(before);
  LLVM::CondBrOp::create(rewriter, loc, checked, check, rest);

  auto isMisaligned = [&](Value value) {
    AbiBuilder at(rewriter, loc);
    Value remainder =
        LLVM::URemOp::create(rewriter, loc, value, at.i64(alignment));
    return LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                remainder, at.i64(0));
  };
  rewriter.setInsertionPointToEnd(check);
  Value offset = AbiBuilder(rewriter, loc).loadField(i64Type, buffer, 16);
  LLVM::CondBrOp::create(rewriter, loc, isMisaligned(offset), offsetFail, base);
  // The device address the pack offsets are relative to: the storage's base
  // pointer (+8 holds its address; NULL until the storage is committed,
  // read with acquire as the waves do) plus the byte offset. A storage that
  // is not committed yet (a queue-ordered allocation still waiting) gets its
  // base from the runtime allocator later: 64-byte aligned, see
  // docs/external-transients.md.
  rewriter.setInsertionPointToEnd(base);
  Value dataSlot = AbiBuilder(rewriter, loc).loadField(ptrType, buffer, 8);
  auto basePointer = LLVM::LoadOp::create(rewriter, loc, ptrType, dataSlot,
                                          /*alignment=*/8);
  basePointer.setOrdering(LLVM::AtomicOrdering::acquire);
  Value committed =
      LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne, basePointer,
                           AbiBuilder(rewriter, loc).null());
  LLVM::CondBrOp::create(rewriter, loc, committed, address, rest);
  rewriter.setInsertionPointToEnd(address);
  Value baseAddress =
      LLVM::PtrToIntOp::create(rewriter, loc, i64Type, basePointer);
  Value deviceAddress = LLVM::AddOp::create(rewriter, loc, baseAddress, offset);
  LLVM::CondBrOp::create(rewriter, loc, isMisaligned(deviceAddress),
                         addressFail, rest);

  std::string escaped;
  for (char c : message) {
    escaped.push_back(c);
    if (c == '%')
      escaped.push_back('%');
  }
  std::string suffix = " is not a multiple of the required alignment " +
                       std::to_string(alignment);
  auto fail = [&](Block *block, const std::string &format,
                  SmallVector<Value> values) {
    rewriter.setInsertionPointToEnd(block);
    AbiBuilder atFail(rewriter, loc);
    Value fmt = atFail.string(module, format).first;
    SmallVector<Value> args{text, atFail.i64(256), fmt};
    args.append(values.begin(), values.end());
    Value written =
        LLVM::CallOp::create(rewriter, loc, atFail.snprintf(module), args)
            .getResult();
    Value clamped =
        LLVM::UMinOp::create(rewriter, loc, written, atFail.i32(255));
    Value length = LLVM::ZExtOp::create(rewriter, loc, i64Type, clamped);
    Value status = atFail.callImport(ctx, Import::StatusMake, ptrType,
                                     {atFail.i32(3), text, length});
    LLVM::StoreOp::create(rewriter, loc, status, slot);
    LLVM::BrOp::create(rewriter, loc, ValueRange{}, rest);
  };
  fail(offsetFail, escaped + " buffer byte offset %llu" + suffix, {offset});
  fail(addressFail,
       escaped +
           " buffer device address 0x%llx (storage base + byte offset "
           "%llu)" +
           suffix,
       {deviceAddress, offset});
  rewriter.setInsertionPointToStart(rest);
}

void hostCallStatus(ConversionPatternRewriter &rewriter, Operation *op,
                    Import which, ValueRange args) {
  callStatus(rewriter, op, which, args);
}

Value loadObjectField(OpBuilder &b, Location loc, Value object, int64_t offset,
                      FieldType field, Type resultType) {
  AbiBuilder abi(b, loc);
  Type type = field == FieldType::Ptr   ? abi.ptrType()
              : field == FieldType::I32 ? b.getI32Type()
                                        : b.getI64Type();
  Value v = abi.loadField(type, object, offset);
  if (resultType && resultType != type && isa<IntegerType>(resultType))
    v = LLVM::ZExtOp::create(b, loc, resultType, v);
  return v;
}

} // namespace sluice::native
