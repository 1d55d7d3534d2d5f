//===- HostImportCalls.cpp - HAL ops that are one import call
//--------------===//
//
// Part of --sluice-convert-host-to-llvm (execution.md §2.8 step 2, §3.4,
// §3.5). Every HAL op that lowers to one call of a fallible import-table
// entry is a row of one table: the import, the op-specific arguments (after
// `ctx`) and, for ops with results, one out-pointer per result. The single
// builder `emitImportCall` makes the call, stores the status in the
// pending-status slot and loads the results.
//
//===----------------------------------------------------------------------===//

#include "AbiBuilder.h"
#include "HostToLLVMPatterns.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/Stream/IR/TransientsStorage.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include <functional>
#include <type_traits>

using namespace mlir;

namespace sluice::native {
namespace {

/// The arguments of one row (after ctx). `op` is the original op (for
/// attributes and stack slots), `a` its adaptor (converted operands).
template <typename Op>
using ImportArgsFn = std::function<SmallVector<Value>(
    Op op, typename Op::Adaptor a, AbiBuilder &abi, OpBuilder &b)>;

/// One row: `Op` → import `which`; its results come back through
/// out-pointers appended to the arguments.
template <typename Op> struct ImportCallLowering : OpConversionPattern<Op> {
  ImportCallLowering(const TypeConverter &converter, MLIRContext *context,
                     Import which, ImportArgsFn<Op> args)
      : OpConversionPattern<Op>(converter, context), which(which),
        args(std::move(args)) {}

  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    AbiBuilder abi(rewriter, op.getLoc());
    SmallVector<Value> operands = args(op, adaptor, abi, rewriter);
    SmallVector<Type> outTypes;
    for (Type type : op->getResultTypes())
      outTypes.push_back(this->getTypeConverter()->convertType(type));
    SmallVector<Value> results =
        emitImportCall(rewriter, op, which, operands, outTypes);
    if constexpr (std::is_same_v<Op, hal::BufferAssertOp>)
      if (auto alignment = op->template getAttrOfType<IntegerAttr>(
              stream::kStorageAlignmentAttr))
        emitStorageAlignmentCheck(rewriter, op, adaptor.getBuffer(),
                                  alignment.getInt(), op.getMessage());
    if (results.empty())
      rewriter.eraseOp(op);
    else
      rewriter.replaceOp(op, results);
    return success();
  }

  Import which;
  ImportArgsFn<Op> args;
};

/// Collects the rows.
struct ImportTable {
  const TypeConverter &converter;
  RewritePatternSet &patterns;
  template <typename Op> void add(Import which, ImportArgsFn<Op> args) {
    patterns.add<ImportCallLowering<Op>>(converter, patterns.getContext(),
                                         which, std::move(args));
  }
};

/// device, affinity, wait and signal of a queue op.
template <typename Adaptor> SmallVector<Value> queuePrefix(Adaptor a) {
  return {a.getDevice(), a.getQueueAffinity(), a.getWaitFence(),
          a.getSignalFence()};
}
template <typename Adaptor>
SmallVector<Value> queuePrefix(Adaptor a, ArrayRef<Value> rest) {
  SmallVector<Value> all = queuePrefix(a);
  all.append(rest.begin(), rest.end());
  return all;
}

/// The number of bytes of a buffer.load/store value type.
int64_t valueBytes(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getNumElements() *
           std::max<int64_t>(1, vector.getElementTypeBitWidth() / 8);
  if (type.isIndex())
    return 8;
  return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
}

} // namespace

Value toI64(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isInteger(64))
    return v;
  return LLVM::ZExtOp::create(b, loc, b.getI64Type(), v);
}

Value toI32(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isInteger(32))
    return v;
  if (v.getType().getIntOrFloatBitWidth() > 32)
    return LLVM::TruncOp::create(b, loc, b.getI32Type(), v);
  return LLVM::ZExtOp::create(b, loc, b.getI32Type(), v);
}

Value stackI64Array(AbiBuilder &abi, OpBuilder &b, Location loc, Operation *op,
                    ValueRange values) {
  if (values.empty())
    return abi.null();
  Value array = abi.stackBytes(op, 8 * (int64_t)values.size());
  for (auto [i, v] : llvm::enumerate(values))
    abi.storeField(toI64(b, loc, v), array, 8 * (int64_t)i);
  return array;
}

SmallVector<Value> emitImportCall(ConversionPatternRewriter &rewriter,
                                  Operation *op, Import which, ValueRange args,
                                  ArrayRef<Type> outTypes) {
  Location loc = op->getLoc();
  AbiBuilder abi(rewriter, loc);
  SmallVector<Value> operands = {hostContext(op)};
  operands.append(args.begin(), args.end());
  SmallVector<Value> outs;
  for (Type type : outTypes) {
    int64_t bytes = isa<LLVM::LLVMPointerType>(type)
                        ? 8
                        : std::max<int64_t>(8, valueBytes(type));
    outs.push_back(abi.stackBytes(op, bytes));
    operands.push_back(outs.back());
  }
  hostCallStatus(rewriter, op, which, operands);
  SmallVector<Value> results;
  for (auto [out, type] : llvm::zip(outs, outTypes)) {
    // i1 results are written as one byte or an int32 (little-endian): the
    // low byte holds 0/1.
    if (type.isInteger(1)) {
      Value byte =
          LLVM::LoadOp::create(rewriter, loc, rewriter.getI8Type(), out);
      results.push_back(LLVM::TruncOp::create(rewriter, loc, type, byte));
      continue;
    }
    results.push_back(LLVM::LoadOp::create(rewriter, loc, type, out));
  }
  return results;
}

void populateImportCallPatterns(const TypeConverter &converter,
                                RewritePatternSet &patterns) {
  ImportTable table{converter, patterns};
  using Args = SmallVector<Value>;
  auto module = [](Operation *op) { return op->getParentOfType<ModuleOp>(); };

  // B. Devices and allocation.
  table.add<hal::AllocatorAllocateOp>(
      Import::AllocatorAllocate,
      [](auto op, auto a, AbiBuilder &, OpBuilder &) -> Args {
        return {a.getAllocator(), a.getQueueAffinity(), a.getMemoryTypes(),
                a.getBufferUsage(), a.getResultSize()};
      });
  table.add<hal::AllocatorImportOp>(
      Import::AllocatorImport,
      [](auto op, auto a, AbiBuilder &, OpBuilder &) -> Args {
        return {a.getAllocator(),   a.getQueueAffinity(), a.getMemoryTypes(),
                a.getBufferUsage(), a.getSource(),        a.getOffset(),
                a.getLength()};
      });
  table.add<hal::DeviceQueueAllocaOp>(
      Import::QueueAlloca, [](auto op, auto a, AbiBuilder &abi, OpBuilder &) {
        return queuePrefix(a, {a.getPool(), a.getMemoryTypes(),
                               a.getBufferUsage(), a.getResultSize(),
                               abi.i64((int64_t)op.getFlags())});
      });
  table.add<hal::DeviceQueueDeallocaOp>(
      Import::QueueDealloca, [](auto op, auto a, AbiBuilder &abi, OpBuilder &) {
        return queuePrefix(a, {a.getBuffer(), abi.i64((int64_t)op.getFlags())});
      });

  // C. Buffers, views, files.
  table.add<hal::BufferSubspanOp>(
      Import::BufferSubspan,
      [](auto op, auto a, AbiBuilder &, OpBuilder &) -> Args {
        return {a.getSourceBuffer(), a.getSourceOffset(), a.getLength()};
      });
  table.add<hal::BufferAssertOp>(
      Import::BufferAssert,
      [module](auto op, auto a, AbiBuilder &abi, OpBuilder &) -> Args {
        auto [msg, length] = abi.string(module(op), op.getMessage());
        return {a.getBuffer(),
                msg,
                length,
                a.getAllocator(),
                a.getMinimumLength(),
                abi.i32(op.getMemoryTypes()),
                abi.i32(op.getBufferUsage())};
      });
  table.add<hal::BufferLoadOp>(
      Import::BufferLoad,
      [](auto op, auto a, AbiBuilder &abi, OpBuilder &) -> Args {
        return {a.getSourceBuffer(), a.getSourceOffset(),
                abi.i32(valueBytes(op.getType()))};
      });
  table.add<hal::BufferStoreOp>(
      Import::BufferStore,
      [](auto op, auto a, AbiBuilder &abi, OpBuilder &b) -> Args {
        Type type = op.getValue().getType();
        Value value = a.getValue();
        Value slot = abi.stackBytes(op, std::max<int64_t>(8, valueBytes(type)));
        // An i1 is stored as one byte holding 0/1.
        if (type.isInteger(1))
          value = LLVM::ZExtOp::create(b, op.getLoc(), b.getI8Type(), value);
        abi.storeField(value, slot, 0);
        return {a.getTargetBuffer(), a.getTargetOffset(),
                abi.i32(valueBytes(type)), slot};
      });
  table.add<hal::BufferViewCreateOp>(
      Import::BufferViewCreate,
      [](auto op, auto a, AbiBuilder &abi, OpBuilder &b) -> Args {
        Value shape = stackI64Array(abi, b, op.getLoc(), op, a.getShape());
        return {a.getSourceBuffer(),
                a.getSourceOffset(),
                a.getSourceLength(),
                a.getElementType(),
                a.getEncodingType(),
                abi.i32((int64_t)a.getShape().size()),
                shape};
      });
  table.add<hal::BufferViewAssertOp>(
      Import::BufferViewAssert,
      [module](auto op, auto a, AbiBuilder &abi, OpBuilder &b) -> Args {
        auto [msg, length] = abi.string(module(op), op.getMessage());
        Value shape = stackI64Array(abi, b, op.getLoc(), op, a.getShape());
        return {a.getBufferView(),
                msg,
                length,
                a.getElementType(),
                a.getEncodingType(),
                abi.i32((int64_t)a.getShape().size()),
                shape};
      });
  table.add<hal::ExFileFromMemoryOp>(
      Import::FileFromMemory,
      [](auto op, auto a, AbiBuilder &abi, OpBuilder &) -> Args {
        return {a.getDevice(),
                a.getQueueAffinity(),
                abi.i32((int64_t)op.getAccess()),
                a.getBuffer(),
                a.getOffset(),
                a.getLength(),
                a.getFlags()};
      });
  table.add<hal::DeviceQueueFillOp>(
      Import::QueueFill,
      [](auto op, auto a, AbiBuilder &abi, OpBuilder &b) -> Args {
        Location loc = op.getLoc();
        unsigned bits = op.getPattern().getType().getIntOrFloatBitWidth();
        Value pattern = a.getPattern();
        if (!pattern.getType().isInteger())
          pattern =
              LLVM::BitcastOp::create(b, loc, b.getIntegerType(bits), pattern);
        return queuePrefix(a, {a.getTargetBuffer(), a.getTargetOffset(),
                               a.getLength(), toI64(b, loc, pattern),
                               abi.i32(bits / 8),
                               abi.i64((int64_t)op.getFlags())});
      });
  table.add<hal::DeviceQueueCopyOp>(
      Import::QueueCopy, [](auto op, auto a, AbiBuilder &abi, OpBuilder &) {
        return queuePrefix(a, {a.getSourceBuffer(), a.getSourceOffset(),
                               a.getTargetBuffer(), a.getTargetOffset(),
                               a.getLength(), abi.i64((int64_t)op.getFlags())});
      });
  table.add<hal::DeviceQueueReadOp>(
      Import::QueueRead, [](auto op, auto a, AbiBuilder &abi, OpBuilder &) {
        return queuePrefix(a, {a.getSourceFile(), a.getSourceOffset(),
                               a.getTargetBuffer(), a.getTargetOffset(),
                               a.getLength(), abi.i64((int64_t)op.getFlags())});
      });
  table.add<hal::DeviceQueueWriteOp>(
      Import::QueueWrite, [](auto op, auto a, AbiBuilder &abi, OpBuilder &) {
        return queuePrefix(a, {a.getSourceBuffer(), a.getSourceOffset(),
                               a.getTargetFile(), a.getTargetOffset(),
                               a.getLength(), abi.i64((int64_t)op.getFlags())});
      });
  table.add<hal::DeviceQueueBarrierOp>(
      Import::QueueBarrier, [](auto op, auto a, AbiBuilder &abi, OpBuilder &) {
        return queuePrefix(a, {abi.i64((int64_t)op.getFlags())});
      });

  // D. Fences.
  table.add<hal::FenceCreateOp>(
      Import::FenceCreate,
      [](auto op, auto a, AbiBuilder &, OpBuilder &) -> Args {
        return {a.getDevice()};
      });
  table.add<hal::FenceJoinOp>(
      Import::FenceJoin,
      [](auto op, auto a, AbiBuilder &abi, OpBuilder &) -> Args {
        Value fences =
            abi.stackBytes(op, 8 * (int64_t)a.getFences().size() + 8);
        for (auto [i, f] : llvm::enumerate(a.getFences()))
          abi.storeField(f, fences, 8 * (int64_t)i);
        return {abi.i32((int64_t)a.getFences().size()), fences};
      });
  table.add<hal::FenceSignalOp>(
      Import::FenceSignal,
      [](auto op, auto a, AbiBuilder &, OpBuilder &) -> Args {
        return {a.getFence()};
      });
}

} // namespace sluice::native
