//===- ConvertParametersToLLVM.cpp - io_parameters and util.buffer.constant
//===//
//
// Part of --sluice-convert-host-to-llvm: `io_parameters.load/gather/scatter`
// call imports 34-36 with the key table / key data / spans byte buffers of
// io-parameters.md §11.4-§11.5 (execution.md §3.4 E), and
// `util.buffer.constant` becomes a private sluice_util_buffer_t (§3.2).
//
//===----------------------------------------------------------------------===//

#include "AbiBuilder.h"
#include "HostToLLVMPatterns.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "sluice/Dialect/IOParameters/IR/IOParametersOps.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace sluice::native {
namespace {

/// The bytes of a constant !util.buffer value, when it is one.
std::optional<std::string> constantBytes(Value buffer) {
  if (!buffer)
    return std::nullopt;
  auto constant = buffer.getDefiningOp<util::BufferConstantOp>();
  if (!constant)
    return std::nullopt;
  if (auto s = dyn_cast<StringAttr>(constant.getValue()))
    return s.getValue().str();
  if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
    if (dense.isSplat() == false || dense.getNumElements() == 1) {
      ArrayRef<char> raw = dense.getRawData();
      return std::string(raw.begin(), raw.end());
    }
  return std::nullopt;
}

/// A private constant byte array; returns its address.
Value byteGlobal(OpBuilder &b, Location loc, ModuleOp module, StringRef bytes,
                 StringRef prefix, int64_t alignment) {
  std::string name = (prefix + "_" + llvm::utohexstr(llvm::hash_value(bytes)) +
                      "_" + std::to_string(bytes.size()))
                         .str();
  if (!hasSymbol(module, name)) {
    noteSymbol(module, name);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(),
                                         std::max<size_t>(bytes.size(), 1));
    std::string value = bytes.empty() ? std::string(1, '\0') : bytes.str();
    auto global =
        LLVM::GlobalOp::create(b, loc, type, true, LLVM::Linkage::Private, name,
                               b.getStringAttr(value));
    global.setAlignment(alignment);
  }
  return LLVM::AddressOfOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), name);
}

/// Scope (pointer, length): a literal or constant buffer becomes a private
/// constant; a dynamic `!util.buffer` is read through its {data, length}
/// fields; (NULL, 0) when there is no scope.
std::pair<Value, Value> scopeOf(OpBuilder &b, Location loc, Operation *op,
                                Value scope, Value convertedScope,
                                std::optional<StringRef> literal) {
  AbiBuilder abi(b, loc);
  ModuleOp module = op->getParentOfType<ModuleOp>();
  std::optional<std::string> text;
  if (literal)
    text = literal->str();
  else if (scope)
    text = constantBytes(scope);
  if (!scope && !literal)
    return std::make_pair(abi.null(), abi.i64(0));
  if (!text)
    return {abi.loadField(abi.ptrType(), convertedScope, 0),
            abi.loadField(b.getI64Type(), convertedScope, 8)};
  return std::make_pair(byteGlobal(b, loc, module, *text, "__sluice_scope", 1),
                        abi.i64((int64_t)text->size()));
}

/// The scope and key buffers of one parameter op. `stackToken` is set when
/// the dynamic key path put the key data on the stack: restore it after the
/// call.
struct ParameterNames {
  std::pair<Value, Value> scope;
  std::array<Value, 4> keys; // table, table length, data, data length
  Value stackToken;
};

/// Key table and key data (io-parameters.md §11.4): private constants when
/// every key is constant; otherwise (any key dynamic) both built at run
/// time for all keys — the table (u32 offset, u32 length per key) in a
/// stack slot, the data concatenated without padding in a dynamic stack
/// allocation between llvm.intr.stacksave/stackrestore.
void keysOf(OpBuilder &b, Location loc, Operation *op, ValueRange keys,
            ValueRange convertedKeys, std::optional<ArrayAttr> literals,
            ParameterNames &names) {
  AbiBuilder abi(b, loc);
  ModuleOp module = op->getParentOfType<ModuleOp>();
  SmallVector<std::string> texts;
  bool dynamic = false;
  if (literals) {
    for (Attribute a : *literals)
      texts.push_back(cast<StringAttr>(a).getValue().str());
  } else {
    for (Value key : keys) {
      std::optional<std::string> text = constantBytes(key);
      if (!text) {
        dynamic = true;
        break;
      }
      texts.push_back(*text);
    }
  }
  if (dynamic) {
    int64_t count = (int64_t)convertedKeys.size();
    Value table = abi.stackBytes(op, 8 * count + 8);
    SmallVector<Value> data, lengths;
    Value total = abi.i64(0);
    for (Value key : convertedKeys) {
      data.push_back(abi.loadField(abi.ptrType(), key, 0));
      lengths.push_back(abi.loadField(b.getI64Type(), key, 8));
      total = LLVM::AddOp::create(b, loc, total, lengths.back());
    }
    names.stackToken = LLVM::StackSaveOp::create(b, loc, abi.ptrType());
    Value bytes = LLVM::AllocaOp::create(b, loc, abi.ptrType(), b.getI8Type(),
                                         total, /*alignment=*/4);
    Value offset = abi.i64(0);
    for (int64_t i = 0; i < count; ++i) {
      LLVM::MemcpyOp::create(b, loc, abi.bytePtr(bytes, offset), data[i],
                             lengths[i], /*isVolatile=*/false);
      abi.storeField(LLVM::TruncOp::create(b, loc, b.getI32Type(), offset),
                     table, 8 * i);
      abi.storeField(LLVM::TruncOp::create(b, loc, b.getI32Type(), lengths[i]),
                     table, 8 * i + 4);
      offset = LLVM::AddOp::create(b, loc, offset, lengths[i]);
    }
    names.keys = {table, abi.i64(8 * count), bytes, total};
    return;
  }
  std::string tableBytes, dataBytes;
  auto put32 = [&](uint32_t v) {
    for (int i = 0; i < 4; ++i)
      tableBytes.push_back((char)((v >> (8 * i)) & 0xFF));
  };
  for (const std::string &t : texts) {
    put32((uint32_t)dataBytes.size());
    put32((uint32_t)t.size());
    dataBytes += t;
  }
  names.keys = {byteGlobal(b, loc, module, tableBytes, "__sluice_key_table", 4),
                abi.i64((int64_t)tableBytes.size()),
                byteGlobal(b, loc, module, dataBytes, "__sluice_key_data", 1),
                abi.i64((int64_t)dataBytes.size())};
}

/// Spans on the stack, one {parameter_offset, buffer_offset, length} row per
/// key (io-parameters.md §11.5); a null `bufferOffsets` writes 0 (load).
std::pair<Value, Value> spansOf(OpBuilder &b, Location loc, Operation *op,
                                ValueRange parameterOffsets,
                                ValueRange bufferOffsets, ValueRange lengths) {
  AbiBuilder abi(b, loc);
  int64_t count = (int64_t)parameterOffsets.size();
  Value spans = abi.stackBytes(op, 24 * count + 8);
  for (int64_t i = 0; i < count; ++i) {
    Value row[3] = {parameterOffsets[i],
                    bufferOffsets.empty() ? abi.i64(0) : bufferOffsets[i],
                    lengths[i]};
    for (int k = 0; k < 3; ++k)
      abi.storeField(toI64(b, loc, row[k]), spans, 24 * i + 8 * k);
  }
  return {spans, abi.i64(24 * count)};
}

ParameterNames namesOf(OpBuilder &b, Location loc, Operation *op, Value scope,
                       Value convertedScope,
                       std::optional<StringRef> scopeLiteral, ValueRange keys,
                       ValueRange convertedKeys,
                       std::optional<ArrayAttr> keyLiterals) {
  ParameterNames names;
  names.scope = scopeOf(b, loc, op, scope, convertedScope, scopeLiteral);
  keysOf(b, loc, op, keys, convertedKeys, keyLiterals, names);
  return names;
}

/// Calls a parameter import with (device, aff, wait, signal, <before>,
/// scope, <middle>, key table/data, spans, <after>) and restores the stack
/// when the keys were dynamic.
template <typename Adaptor>
void callParameterImport(ConversionPatternRewriter &rewriter, Operation *op,
                         Import which, Adaptor a, const ParameterNames &names,
                         std::pair<Value, Value> spans, ValueRange before,
                         ValueRange middle, ValueRange after) {
  SmallVector<Value> args = {hostContext(op), a.getDevice(),
                             a.getQueueAffinity(), a.getWaitFence(),
                             a.getSignalFence()};
  args.append(before.begin(), before.end());
  args.append({names.scope.first, names.scope.second});
  args.append(middle.begin(), middle.end());
  args.append(names.keys.begin(), names.keys.end());
  args.append({spans.first, spans.second});
  args.append(after.begin(), after.end());
  hostCallStatus(rewriter, op, which, args);
  if (names.stackToken)
    LLVM::StackRestoreOp::create(rewriter, op->getLoc(), names.stackToken);
}

struct GatherLowering : OpConversionPattern<io_parameters::GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(io_parameters::GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ParameterNames names = namesOf(
        rewriter, loc, op, op.getSourceScope(), adaptor.getSourceScope(),
        op.getSourceScopeLiteral(), op.getSourceKeys(), adaptor.getSourceKeys(),
        op.getSourceKeyLiterals());
    auto spans =
        spansOf(rewriter, loc, op, adaptor.getSourceOffsets(),
                adaptor.getTargetOffsets(), adaptor.getTargetLengths());
    callParameterImport(rewriter, op, Import::ParametersGather, adaptor, names,
                        spans, {}, {adaptor.getTargetBuffer()}, {});
    rewriter.eraseOp(op);
    return success();
  }
};

struct LoadLowering : OpConversionPattern<io_parameters::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(io_parameters::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    AbiBuilder abi(rewriter, loc);
    ParameterNames names = namesOf(
        rewriter, loc, op, op.getSourceScope(), adaptor.getSourceScope(),
        op.getSourceScopeLiteral(), op.getSourceKeys(), adaptor.getSourceKeys(),
        op.getSourceKeyLiterals());
    size_t count = op.getResults().size();
    auto spans = spansOf(rewriter, loc, op, adaptor.getSourceOffsets(), {},
                         adaptor.getLengths());
    Value out = abi.stackBytes(op, 8 * (int64_t)count + 8);
    callParameterImport(rewriter, op, Import::ParametersLoad, adaptor, names,
                        spans, {},
                        {adaptor.getQueueAffinity(), adaptor.getMemoryTypes(),
                         adaptor.getBufferUsage()},
                        {abi.i32((int64_t)count), out});
    SmallVector<Value> results;
    for (size_t i = 0; i < count; ++i)
      results.push_back(abi.loadField(abi.ptrType(), out, 8 * (int64_t)i));
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct ScatterLowering : OpConversionPattern<io_parameters::ScatterOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(io_parameters::ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ParameterNames names = namesOf(
        rewriter, loc, op, op.getTargetScope(), adaptor.getTargetScope(),
        op.getTargetScopeLiteral(), op.getTargetKeys(), adaptor.getTargetKeys(),
        op.getTargetKeyLiterals());
    auto spans =
        spansOf(rewriter, loc, op, adaptor.getTargetOffsets(),
                adaptor.getSourceOffsets(), adaptor.getSourceLengths());
    callParameterImport(rewriter, op, Import::ParametersScatter, adaptor, names,
                        spans, {adaptor.getSourceBuffer()}, {}, {});
    rewriter.eraseOp(op);
    return success();
  }
};

/// A private constant sluice_util_buffer_t {data, length} over the bytes.
struct BufferConstantLowering : OpConversionPattern<util::BufferConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(util::BufferConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::optional<std::string> bytes = constantBytes(op.getResult());
    if (!bytes)
      return op.emitOpError("has a value the Sluice module cannot serialize");
    ModuleOp module = op->getParentOfType<ModuleOp>();
    int64_t alignment =
        op.getAlignment() ? (int64_t)op.getAlignment()->getZExtValue() : 16;
    Value data =
        byteGlobal(rewriter, loc, module, *bytes, "__sluice_rodata", alignment);
    auto dataName =
        cast<LLVM::AddressOfOp>(data.getDefiningOp()).getGlobalName();
    std::string name = (dataName + "_buffer").str();
    Type ptr = LLVM::LLVMPointerType::get(getContext());
    if (!hasSymbol(module, name)) {
      noteSymbol(module, name);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      auto type = LLVM::LLVMStructType::getLiteral(
          getContext(), {ptr, rewriter.getI64Type()});
      auto global = LLVM::GlobalOp::create(
          rewriter, loc, type, true, LLVM::Linkage::Private, name, Attribute());
      Block *block = rewriter.createBlock(&global.getInitializerRegion());
      rewriter.setInsertionPointToStart(block);
      Value v = LLVM::UndefOp::create(rewriter, loc, type);
      Value address = LLVM::AddressOfOp::create(rewriter, loc, ptr, dataName);
      v = LLVM::InsertValueOp::create(rewriter, loc, v, address,
                                      ArrayRef<int64_t>{0});
      Value length = LLVM::ConstantOp::create(
          rewriter, loc, rewriter.getI64Type(),
          rewriter.getI64IntegerAttr((int64_t)bytes->size()));
      v = LLVM::InsertValueOp::create(rewriter, loc, v, length,
                                      ArrayRef<int64_t>{1});
      LLVM::ReturnOp::create(rewriter, loc, v);
    }
    rewriter.replaceOpWithNewOp<LLVM::AddressOfOp>(op, ptr, name);
    return success();
  }
};

} // namespace

void populateParameterLoweringPatterns(const TypeConverter &converter,
                                       RewritePatternSet &patterns) {
  patterns.add<GatherLowering, LoadLowering, ScatterLowering,
               BufferConstantLowering>(converter, patterns.getContext());
}

} // namespace sluice::native
