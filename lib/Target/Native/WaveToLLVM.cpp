//===- WaveToLLVM.cpp - sluice_rt.wave in command functions
//----------------===//
//
// Part of --sluice-convert-host-to-llvm (execution.md §4.4). Per wave:
//   1. dispatch workgroup counts are checked (x, y ≤ 2^32−1, z ≤ 65535);
//   2. every binding / fill / copy range gets its host pointer (a NULL
//      storage base is FAILED_PRECONDITION) and is checked against the
//      buffer's length (OUT_OF_RANGE);
//   3. fast paths: a wave of one dispatch with constant counts (1, 1, 1)
//      calls the workgroup function directly; a wave of one fill or copy of
//      at most 65536 constant bytes is done inline;
//   4. otherwise the items are built on the stack and `rt->wave` runs them.
// Failures return a status from the command function; messages with run-time
// numbers are formatted with libc's snprintf.
//
//===----------------------------------------------------------------------===//

#include "AbiBuilder.h"
#include "HostToLLVMPatterns.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "sluice/Dialect/SluiceRT/IR/SluiceRTOps.h"

using namespace mlir;

namespace sluice::native {
namespace {

constexpr int32_t kInvalidArgument = 3;
constexpr int32_t kFailedPrecondition = 9;
constexpr int32_t kOutOfRange = 11;
constexpr int32_t kInternal = 13;
/// Largest fill/copy done inline by a one-item wave (§4.4 step 3).
constexpr int64_t kInlineTransferBytes = 65536;

std::optional<int64_t> constantOf(Value v) {
  APInt value;
  if (v && matchPattern(v, m_ConstantInt(&value)))
    return value.getSExtValue();
  return std::nullopt;
}

/// `text` usable inside a printf format.
std::string escapeFormat(StringRef text) {
  std::string out;
  for (char c : text) {
    out.push_back(c);
    if (c == '%')
      out.push_back('%');
  }
  return out;
}

/// Emits the code of one wave at the rewriter's insertion point.
class WaveEmitter {
public:
  WaveEmitter(ConversionPatternRewriter &rewriter, Operation *wave)
      : rewriter(rewriter), loc(wave->getLoc()), wave(wave),
        module(wave->getParentOfType<ModuleOp>()), ctx(hostContext(wave)) {}

  Value remapped(Value v) { return rewriter.getRemappedValue(v); }

  /// if (cond) return status_make(code, message); `format` is a printf
  /// format whose arguments are `args` (i64 values printed with %llu, or i32
  /// with %d); without arguments the message is a constant.
  void failIf(Value cond, int32_t code, StringRef format, ValueRange args) {
    Block *before = rewriter.getInsertionBlock();
    Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
    Block *fail = rewriter.createBlock(after);
    rewriter.setInsertionPointToEnd(before);
    LLVM::CondBrOp::create(rewriter, loc, cond, fail, after);
    rewriter.setInsertionPointToEnd(fail);
    AbiBuilder abi(rewriter, loc);
    Value message, length;
    if (args.empty()) {
      std::string text;
      for (size_t i = 0; i < format.size(); ++i) {
        text.push_back(format[i]);
        if (format[i] == '%' && i + 1 < format.size() && format[i + 1] == '%')
          ++i;
      }
      std::tie(message, length) = abi.string(module, text);
    } else {
      constexpr int64_t kBytes = 256;
      message = abi.stackBytes(wave, kBytes);
      auto [fmt, fmtLength] = abi.string(module, format);
      SmallVector<Value> operands = {message, abi.i64(kBytes), fmt};
      operands.append(args.begin(), args.end());
      Value written =
          LLVM::CallOp::create(rewriter, loc, snprintf(), operands).getResult();
      Value clamped =
          LLVM::UMinOp::create(rewriter, loc, written, abi.i32(kBytes - 1));
      length =
          LLVM::ZExtOp::create(rewriter, loc, rewriter.getI64Type(), clamped);
    }
    Value status = abi.callImport(ctx, Import::StatusMake, abi.ptrType(),
                                  {abi.i32(code), message, length});
    LLVM::ReturnOp::create(rewriter, loc, status);
    rewriter.setInsertionPointToStart(after);
  }

  /// The host pointer of `buffer` + `offset` for `length` bytes. A NULL
  /// buffer is accepted for an empty range only (external-transients.md
  /// §9.10: the storage of a size that is 0 at run time may be null) and
  /// gives a NULL pointer; with a non-empty range it is INVALID_ARGUMENT
  /// «<what> is a null buffer». A NULL storage base is FAILED_PRECONDITION
  /// «<what> has no committed storage»; a range past the buffer's length is
  /// OUT_OF_RANGE «<what> range [<o>, <o+l>) is outside buffer length <L>».
  Value hostRange(Value buffer, Value offset, Value length, StringRef what) {
    AbiBuilder pre(rewriter, loc);
    Value nullBuffer = LLVM::ICmpOp::create(
        rewriter, loc, LLVM::ICmpPredicate::eq, buffer, pre.null());
    Value nonEmpty = LLVM::ICmpOp::create(
        rewriter, loc, LLVM::ICmpPredicate::ne, length, pre.i64(0));
    failIf(LLVM::AndOp::create(rewriter, loc, nullBuffer, nonEmpty),
           kInvalidArgument, escapeFormat(what) + " is a null buffer", {});
    // null -> ^join(NULL); else ^nonNull: the checks, ^join(pointer).
    Block *before = rewriter.getInsertionBlock();
    Block *rest = rewriter.splitBlock(before, rewriter.getInsertionPoint());
    Type ptrType = pre.ptrType();
    Block *join = rewriter.createBlock(rest, TypeRange{ptrType}, {loc});
    LLVM::BrOp::create(rewriter, loc, ValueRange{}, rest);
    Block *nonNull = rewriter.createBlock(join);
    rewriter.setInsertionPointToEnd(before);
    AbiBuilder atBefore(rewriter, loc);
    LLVM::CondBrOp::create(rewriter, loc, nullBuffer, join,
                           ValueRange{atBefore.null()}, nonNull, ValueRange{});
    rewriter.setInsertionPointToEnd(nonNull);
    Value pointer = committedRange(buffer, offset, length, what);
    LLVM::BrOp::create(rewriter, loc, ValueRange{pointer}, join);
    rewriter.setInsertionPointToStart(rest);
    return join->getArgument(0);
  }

  /// hostRange of a non-null buffer.
  Value committedRange(Value buffer, Value offset, Value length,
                       StringRef what) {
    AbiBuilder abi(rewriter, loc);
    Value slot = abi.loadField(abi.ptrType(), buffer, 8);
    auto base = LLVM::LoadOp::create(rewriter, loc, abi.ptrType(), slot,
                                     /*alignment=*/8);
    base.setOrdering(LLVM::AtomicOrdering::acquire);
    Value isNull = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                        base, abi.null());
    failIf(isNull, kFailedPrecondition,
           escapeFormat(what) + " has no committed storage", {});
    AbiBuilder at(rewriter, loc);
    Value bufferLength = at.loadField(rewriter.getI64Type(), buffer, 24);
    Value room = LLVM::SubOp::create(rewriter, loc, bufferLength, offset);
    Value pastEnd = LLVM::ICmpOp::create(
        rewriter, loc, LLVM::ICmpPredicate::ugt, offset, bufferLength);
    Value tooLong = LLVM::ICmpOp::create(
        rewriter, loc, LLVM::ICmpPredicate::ugt, length, room);
    Value outside = LLVM::OrOp::create(rewriter, loc, pastEnd, tooLong);
    Value end = LLVM::AddOp::create(rewriter, loc, offset, length);
    failIf(outside, kOutOfRange,
           escapeFormat(what) +
               " range [%llu, %llu) is outside buffer length %llu",
           {offset, end, bufferLength});
    AbiBuilder after(rewriter, loc);
    Value byteOffset = after.loadField(rewriter.getI64Type(), buffer, 16);
    Value total = LLVM::AddOp::create(rewriter, loc, byteOffset, offset);
    return after.bytePtr(base, total);
  }

  /// The checked host ranges (source, target) of `copy`, `length` bytes
  /// each (the copy's remapped length).
  std::pair<Value, Value> copyRanges(sluice_rt::CopyOp copy, Value length) {
    Value source =
        hostRange(remapped(copy.getSource()), remapped(copy.getSourceOffset()),
                  length, "copy source");
    Value target =
        hostRange(remapped(copy.getTarget()), remapped(copy.getTargetOffset()),
                  length, "copy target");
    return {source, target};
  }

  /// OUT_OF_RANGE when a workgroup count exceeds (2^32−1, 2^32−1, 65535);
  /// nothing is emitted when every count is a constant in range.
  void checkWorkgroupCounts(sluice_rt::DispatchOp dispatch, StringRef name) {
    Value counts[3] = {dispatch.getWorkgroupX(), dispatch.getWorkgroupY(),
                       dispatch.getWorkgroupZ()};
    const uint64_t limits[3] = {UINT32_MAX, UINT32_MAX, 65535};
    bool needed = false;
    for (int d = 0; d < 3; ++d) {
      std::optional<int64_t> c = constantOf(counts[d]);
      needed |= !c || (uint64_t)*c > limits[d];
    }
    if (!needed)
      return;
    AbiBuilder abi(rewriter, loc);
    Value exceeds;
    SmallVector<Value> values;
    for (int d = 0; d < 3; ++d) {
      Value v = toI64(rewriter, loc, remapped(counts[d]));
      values.push_back(v);
      Value over = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ugt,
                                        v, abi.i64((int64_t)limits[d]));
      exceeds =
          exceeds ? LLVM::OrOp::create(rewriter, loc, exceeds, over).getResult()
                  : over;
    }
    failIf(exceeds, kOutOfRange,
           escapeFormat(name) + " workgroup count (%llu, %llu, %llu) exceeds "
                                "(4294967295, 4294967295, 65535)",
           values);
  }

  /// The dispatch state (§4.5) of `dispatch`, on the stack.
  Value dispatchState(sluice_rt::DispatchOp dispatch,
                      sluice_rt::ExecutableInfoOp info, StringRef name,
                      int64_t maxConcurrency) {
    size_t bindings = dispatch.getBindingBuffers().size();
    size_t constants = dispatch.getConstants().size();
    AbiBuilder abi(rewriter, loc);
    Value ptrs = abi.stackBytes(wave, 8 * (int64_t)bindings + 8);
    Value lengths = abi.stackBytes(wave, 8 * (int64_t)bindings + 8);
    for (size_t b = 0; b < bindings; ++b) {
      Value length = remapped(dispatch.getBindingLengths()[b]);
      Value host = hostRange(remapped(dispatch.getBindingBuffers()[b]),
                             remapped(dispatch.getBindingOffsets()[b]), length,
                             (name + " binding " + std::to_string(b)).str());
      AbiBuilder inner(rewriter, loc);
      inner.storeField(host, ptrs, 8 * (int64_t)b);
      inner.storeField(length, lengths, 8 * (int64_t)b);
    }
    AbiBuilder at(rewriter, loc);
    Value constantArray = at.stackBytes(wave, 4 * (int64_t)constants + 4);
    for (size_t c = 0; c < constants; ++c)
      at.storeField(remapped(dispatch.getConstants()[c]), constantArray,
                    4 * (int64_t)c);
    Value state = at.stackBytes(wave, 48);
    std::optional<ArrayRef<int64_t>> size = info.getWorkgroupSize();
    auto wgSize = [&](unsigned d) -> int64_t {
      return size && size->size() == 3 ? (*size)[d] : 1;
    };
    at.storeField(at.i32(wgSize(0)), state, 0);
    at.storeField(at.i32(wgSize(1)), state, 4);
    at.storeField(int16(wgSize(2)), state, 8);
    at.storeField(int16((int64_t)constants), state, 10);
    at.storeField(toI32(rewriter, loc, remapped(dispatch.getWorkgroupX())),
                  state, 12);
    at.storeField(toI32(rewriter, loc, remapped(dispatch.getWorkgroupY())),
                  state, 16);
    at.storeField(LLVM::TruncOp::create(rewriter, loc, rewriter.getI16Type(),
                                        remapped(dispatch.getWorkgroupZ())),
                  state, 20);
    at.storeField(int8(maxConcurrency), state, 22);
    at.storeField(int8((int64_t)bindings), state, 23);
    at.storeField(constantArray, state, 24);
    at.storeField(ptrs, state, 32);
    at.storeField(lengths, state, 40);
    return state;
  }

  /// Calls the workgroup function for workgroup (0, 0, 0) on this thread.
  void directCall(StringRef function, Value state, StringRef name, Value exec) {
    AbiBuilder abi(rewriter, loc);
    Value workgroup = abi.stackBytes(wave, 32);
    for (int64_t offset = 0; offset < 32; offset += 8)
      abi.storeField(abi.i64(0), workgroup, offset);
    Value environment = abi.loadField(abi.ptrType(), exec, 0);
    auto type = LLVM::LLVMFunctionType::get(
        rewriter.getI32Type(), {abi.ptrType(), abi.ptrType(), abi.ptrType()});
    Value code = LLVM::CallOp::create(
                     rewriter, loc, type,
                     FlatSymbolRefAttr::get(rewriter.getContext(), function),
                     ValueRange{environment, state, workgroup})
                     .getResult();
    Value failed = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                        code, abi.i32(0));
    failIf(failed, kInternal,
           escapeFormat(name) + " workgroup (0, 0, 0) failed with code %d",
           {code});
  }

  /// An inline fill of `bytes` (constant) bytes at `target`.
  void inlineFill(Value target, int64_t bytes, Value pattern,
                  int64_t patternBytes) {
    AbiBuilder abi(rewriter, loc);
    if (patternBytes == 1) {
      LLVM::MemsetOp::create(rewriter, loc, target, pattern, abi.i64(bytes),
                             /*isVolatile=*/false);
      return;
    }
    // A loop of pattern-wide stores, then the tail bytes (the pattern is
    // repeated byte-wise like the runtime's fill).
    int64_t whole = bytes / patternBytes;
    if (whole > 0) {
      Block *before = rewriter.getInsertionBlock();
      Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
      Block *body = rewriter.createBlock(after, {rewriter.getI64Type()}, {loc});
      rewriter.setInsertionPointToEnd(before);
      LLVM::BrOp::create(rewriter, loc, ValueRange{abi.i64(0)}, body);
      rewriter.setInsertionPointToEnd(body);
      AbiBuilder in(rewriter, loc);
      Value i = body->getArgument(0);
      Value offset =
          LLVM::MulOp::create(rewriter, loc, i, in.i64(patternBytes));
      auto store = LLVM::StoreOp::create(rewriter, loc, pattern,
                                         in.bytePtr(target, offset));
      store.setAlignment(1);
      Value next = LLVM::AddOp::create(rewriter, loc, i, in.i64(1));
      Value more = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult,
                                        next, in.i64(whole));
      LLVM::CondBrOp::create(rewriter, loc, more, body, ValueRange{next}, after,
                             ValueRange{});
      rewriter.setInsertionPointToStart(after);
    }
    AbiBuilder tail(rewriter, loc);
    for (int64_t k = whole * patternBytes; k < bytes; ++k) {
      int64_t shift = 8 * ((k % patternBytes));
      Value shifted = LLVM::LShrOp::create(
          rewriter, loc, pattern,
          LLVM::ConstantOp::create(
              rewriter, loc, pattern.getType(),
              rewriter.getIntegerAttr(pattern.getType(), shift)));
      Value byte =
          LLVM::TruncOp::create(rewriter, loc, rewriter.getI8Type(), shifted);
      tail.storeField(byte, target, k);
    }
  }

  Value int16(int64_t v) {
    return LLVM::ConstantOp::create(rewriter, loc, rewriter.getI16Type(),
                                    rewriter.getI16IntegerAttr(v));
  }
  Value int8(int64_t v) {
    return LLVM::ConstantOp::create(rewriter, loc, rewriter.getI8Type(),
                                    rewriter.getI8IntegerAttr(v));
  }

  /// `int snprintf(char *, size_t, const char *, ...)`, declared once.
  LLVM::LLVMFuncOp snprintf() {
    if (!snprintfDecl)
      snprintfDecl = AbiBuilder(rewriter, loc).snprintf(module);
    return snprintfDecl;
  }

  ConversionPatternRewriter &rewriter;
  Location loc;
  Operation *wave;
  ModuleOp module;
  Value ctx;
  LLVM::LLVMFuncOp snprintfDecl;
};

struct WaveLowering : OpConversionPattern<sluice_rt::WaveOp> {
  WaveLowering(const TypeConverter &converter, MLIRContext *context,
               std::shared_ptr<const WaveExportTable> exports)
      : OpConversionPattern(converter, context), exports(std::move(exports)) {}

  LogicalResult
  matchAndRewrite(sluice_rt::WaveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
    Value exec = func.getArgument(1);
    SmallVector<Operation *> items;
    for (Operation &item : op.getBody().front().without_terminator())
      items.push_back(&item);
    if (items.empty()) {
      rewriter.eraseOp(op);
      return success();
    }
    // Resolve every dispatch's export first (a clear error, no partial IR).
    SmallVector<WaveExport> infos(items.size());
    for (auto [k, item] : llvm::enumerate(items)) {
      auto dispatch = dyn_cast<sluice_rt::DispatchOp>(item);
      if (!dispatch)
        continue;
      auto flat = dyn_cast<FlatSymbolRefAttr>(dispatch.getEntryPoint());
      auto it = flat ? exports->find(flat.getValue()) : exports->end();
      if (it == exports->end())
        return dispatch.emitOpError(
            "entry point must be a linked workgroup function with a "
            "sluice_rt.executable_info (run --sluice-link-executables)");
      infos[k] = it->second;
    }
    WaveEmitter emit(rewriter, op);
    auto nameOf = [](WaveExport info) {
      return ("dispatch '" + info.op.getExecutable() +
              "::" + info.op.getExportName() + "'")
          .str();
    };

    // Fast paths (§4.4 step 3).
    if (items.size() == 1) {
      if (auto dispatch = dyn_cast<sluice_rt::DispatchOp>(items[0])) {
        if (constantOf(dispatch.getWorkgroupX()) == 1 &&
            constantOf(dispatch.getWorkgroupY()) == 1 &&
            constantOf(dispatch.getWorkgroupZ()) == 1) {
          std::string name = nameOf(infos[0]);
          Value state = emit.dispatchState(dispatch, infos[0].op, name, 1);
          emit.directCall(infos[0].op.getFunction(), state, name, exec);
          rewriter.eraseOp(op);
          return success();
        }
      }
      if (auto fill = dyn_cast<sluice_rt::FillOp>(items[0])) {
        std::optional<int64_t> bytes = constantOf(fill.getLength());
        if (bytes && *bytes >= 0 && *bytes <= kInlineTransferBytes) {
          Value target =
              emit.hostRange(emit.remapped(fill.getTarget()),
                             emit.remapped(fill.getTargetOffset()),
                             emit.remapped(fill.getLength()), "fill");
          emit.inlineFill(target, *bytes, emit.remapped(fill.getPattern()),
                          fill.getPattern().getType().getIntOrFloatBitWidth() /
                              8);
          rewriter.eraseOp(op);
          return success();
        }
      }
      if (auto copy = dyn_cast<sluice_rt::CopyOp>(items[0])) {
        std::optional<int64_t> bytes = constantOf(copy.getLength());
        if (bytes && *bytes >= 0 && *bytes <= kInlineTransferBytes) {
          Value length = emit.remapped(copy.getLength());
          auto [source, target] = emit.copyRanges(copy, length);
          LLVM::MemcpyOp::create(rewriter, loc, target, source, length,
                                 /*isVolatile=*/false);
          rewriter.eraseOp(op);
          return success();
        }
      }
    }

    // General path: items on the stack, then rt->wave.
    AbiBuilder abi(rewriter, loc);
    Value itemArray = abi.stackBytes(op, 32 * (int64_t)items.size());
    for (auto [k, item] : llvm::enumerate(items)) {
      int64_t base = 32 * (int64_t)k;
      if (auto dispatch = dyn_cast<sluice_rt::DispatchOp>(item)) {
        std::string name = nameOf(infos[k]);
        emit.checkWorkgroupCounts(dispatch, name);
        Value state = emit.dispatchState(dispatch, infos[k].op, name, 0);
        AbiBuilder at(rewriter, loc);
        Value fn = LLVM::AddressOfOp::create(rewriter, loc, at.ptrType(),
                                             infos[k].op.getFunction());
        at.storeField(at.i32(0), itemArray, base);
        at.storeField(at.i32(infos[k].index), itemArray, base + 4);
        at.storeField(fn, itemArray, base + 8);
        at.storeField(state, itemArray, base + 16);
        at.storeField(at.i64(infos[k].op.getCost()), itemArray, base + 24);
        continue;
      }
      if (auto fill = dyn_cast<sluice_rt::FillOp>(item)) {
        Value length = emit.remapped(fill.getLength());
        Value target = emit.hostRange(emit.remapped(fill.getTarget()),
                                      emit.remapped(fill.getTargetOffset()),
                                      length, "fill");
        AbiBuilder at(rewriter, loc);
        Type patternType = fill.getPattern().getType();
        at.storeField(at.i32(1), itemArray, base);
        at.storeField(at.i32(0), itemArray, base + 4);
        at.storeField(target, itemArray, base + 8);
        at.storeField(length, itemArray, base + 16);
        at.storeField(toI32(rewriter, loc, emit.remapped(fill.getPattern())),
                      itemArray, base + 24);
        at.storeField(at.i32(patternType.getIntOrFloatBitWidth() / 8),
                      itemArray, base + 28);
        continue;
      }
      auto copy = cast<sluice_rt::CopyOp>(item);
      Value length = emit.remapped(copy.getLength());
      auto [source, target] = emit.copyRanges(copy, length);
      AbiBuilder at(rewriter, loc);
      at.storeField(at.i32(2), itemArray, base);
      at.storeField(at.i32(0), itemArray, base + 4);
      at.storeField(source, itemArray, base + 8);
      at.storeField(target, itemArray, base + 16);
      at.storeField(length, itemArray, base + 24);
    }
    AbiBuilder at(rewriter, loc);
    Value status =
        at.callImport(hostContext(op), Import::Wave, at.ptrType(),
                      {exec, at.i32((int64_t)items.size()), itemArray});
    Value failed = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                        status, at.null());
    Block *before = rewriter.getInsertionBlock();
    Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
    Block *ret = rewriter.createBlock(after);
    rewriter.setInsertionPointToEnd(before);
    LLVM::CondBrOp::create(rewriter, loc, failed, ret, after);
    rewriter.setInsertionPointToEnd(ret);
    LLVM::ReturnOp::create(rewriter, loc, status);
    rewriter.eraseOp(op);
    return success();
  }

  std::shared_ptr<const WaveExportTable> exports;
};

} // namespace

std::shared_ptr<const WaveExportTable> collectWaveExports(ModuleOp module) {
  auto table = std::make_shared<WaveExportTable>();
  int64_t index = 0;
  for (auto info : module.getOps<sluice_rt::ExecutableInfoOp>())
    table->try_emplace(info.getFunction(), WaveExport{index++, info});
  return table;
}

void populateWaveLoweringPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    std::shared_ptr<const WaveExportTable> exports) {
  patterns.add<WaveLowering>(converter, patterns.getContext(),
                             std::move(exports));
}

} // namespace sluice::native
