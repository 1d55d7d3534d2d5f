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
  if (!module.lookupSymbol(name)) {
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

/// Scope (pointer, length) from the literal or a constant buffer; (NULL, 0)
/// when there is no scope.
FailureOr<std::pair<Value, Value>> scopeOf(OpBuilder &b, Location loc,
                                           Operation *op, Value scope,
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
    return op->emitOpError("has a dynamic parameter scope, which the Sluice "
                           "CPU runtime does not support yet");
  return std::make_pair(byteGlobal(b, loc, module, *text, "__sluice_scope", 1),
                        abi.i64((int64_t)text->size()));
}

/// Key table and key data globals (§11.4 constant path).
FailureOr<std::array<Value, 4>> keysOf(OpBuilder &b, Location loc,
                                       Operation *op, ValueRange keys,
                                       std::optional<ArrayAttr> literals) {
  SmallVector<std::string> texts;
  if (literals) {
    for (Attribute a : *literals)
      texts.push_back(cast<StringAttr>(a).getValue().str());
  } else {
    for (Value key : keys) {
      std::optional<std::string> text = constantBytes(key);
      if (!text)
        return op->emitOpError("has a dynamic parameter key, which the "
                               "Sluice CPU runtime does not support yet");
      texts.push_back(*text);
    }
  }
  std::string table, data;
  auto put32 = [&](uint32_t v) {
    for (int i = 0; i < 4; ++i)
      table.push_back((char)((v >> (8 * i)) & 0xFF));
  };
  for (const std::string &t : texts) {
    put32((uint32_t)data.size());
    put32((uint32_t)t.size());
    data += t;
  }
  ModuleOp module = op->getParentOfType<ModuleOp>();
  AbiBuilder abi(b, loc);
  return std::array<Value, 4>{
      byteGlobal(b, loc, module, table, "__sluice_key_table", 4),
      abi.i64((int64_t)table.size()),
      byteGlobal(b, loc, module, data, "__sluice_key_data", 1),
      abi.i64((int64_t)data.size())};
}

/// Spans on the stack: {parameter_offset, buffer_offset, length} per row.
std::pair<Value, Value> spansOf(OpBuilder &b, Location loc, Operation *op,
                                ArrayRef<std::array<Value, 3>> rows) {
  AbiBuilder abi(b, loc);
  Value spans = abi.stackBytes(op, 24 * (int64_t)rows.size() + 8);
  for (auto [i, row] : llvm::enumerate(rows))
    for (int k = 0; k < 3; ++k) {
      Value v = row[k];
      if (!v.getType().isInteger(64))
        v = LLVM::ZExtOp::create(b, loc, b.getI64Type(), v);
      abi.storeField(v, spans, 24 * (int64_t)i + 8 * k);
    }
  return {spans, abi.i64(24 * (int64_t)rows.size())};
}

/// The scope and key buffers of one parameter op.
struct ParameterNames {
  std::pair<Value, Value> scope;
  std::array<Value, 4> keys; // table, table length, data, data length
};
FailureOr<ParameterNames> namesOf(OpBuilder &b, Location loc, Operation *op,
                                  Value scope,
                                  std::optional<StringRef> scopeLiteral,
                                  ValueRange keys,
                                  std::optional<ArrayAttr> keyLiterals) {
  auto s = scopeOf(b, loc, op, scope, scopeLiteral);
  if (failed(s))
    return failure();
  auto k = keysOf(b, loc, op, keys, keyLiterals);
  if (failed(k))
    return failure();
  return ParameterNames{*s, *k};
}

struct GatherLowering : OpConversionPattern<io_parameters::GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(io_parameters::GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto names = namesOf(rewriter, loc, op, op.getSourceScope(),
                         op.getSourceScopeLiteral(), op.getSourceKeys(),
                         op.getSourceKeyLiterals());
    if (failed(names))
      return failure();
    auto scope = &names->scope;
    auto keys = &names->keys;
    SmallVector<std::array<Value, 3>> rows;
    for (size_t i = 0;
         i < op.getSourceKeys().size() ||
         (op.getSourceKeyLiterals() && i < op.getSourceKeyLiterals()->size());
         ++i)
      rows.push_back({adaptor.getSourceOffsets()[i],
                      adaptor.getTargetOffsets()[i],
                      adaptor.getTargetLengths()[i]});
    auto [spans, spansLength] = spansOf(rewriter, loc, op, rows);
    hostCallStatus(rewriter, op, Import::ParametersGather,
                   {hostContext(op), adaptor.getDevice(),
                    adaptor.getQueueAffinity(), adaptor.getWaitFence(),
                    adaptor.getSignalFence(), scope->first, scope->second,
                    adaptor.getTargetBuffer(), (*keys)[0], (*keys)[1],
                    (*keys)[2], (*keys)[3], spans, spansLength});
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
    auto names = namesOf(rewriter, loc, op, op.getSourceScope(),
                         op.getSourceScopeLiteral(), op.getSourceKeys(),
                         op.getSourceKeyLiterals());
    if (failed(names))
      return failure();
    auto scope = &names->scope;
    auto keys = &names->keys;
    size_t count = op.getResults().size();
    SmallVector<std::array<Value, 3>> rows;
    for (size_t i = 0; i < count; ++i)
      rows.push_back(
          {adaptor.getSourceOffsets()[i], abi.i64(0), adaptor.getLengths()[i]});
    auto [spans, spansLength] = spansOf(rewriter, loc, op, rows);
    Value out = abi.stackBytes(op, 8 * (int64_t)count + 8);
    hostCallStatus(
        rewriter, op, Import::ParametersLoad,
        {hostContext(op), adaptor.getDevice(), adaptor.getQueueAffinity(),
         adaptor.getWaitFence(), adaptor.getSignalFence(), scope->first,
         scope->second, adaptor.getQueueAffinity(), adaptor.getMemoryTypes(),
         adaptor.getBufferUsage(), (*keys)[0], (*keys)[1], (*keys)[2],
         (*keys)[3], spans, spansLength, abi.i32((int64_t)count), out});
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
    auto names = namesOf(rewriter, loc, op, op.getTargetScope(),
                         op.getTargetScopeLiteral(), op.getTargetKeys(),
                         op.getTargetKeyLiterals());
    if (failed(names))
      return failure();
    auto scope = &names->scope;
    auto keys = &names->keys;
    SmallVector<std::array<Value, 3>> rows;
    for (size_t i = 0; i < adaptor.getSourceOffsets().size(); ++i)
      rows.push_back({adaptor.getTargetOffsets()[i],
                      adaptor.getSourceOffsets()[i],
                      adaptor.getSourceLengths()[i]});
    auto [spans, spansLength] = spansOf(rewriter, loc, op, rows);
    hostCallStatus(rewriter, op, Import::ParametersScatter,
                   {hostContext(op), adaptor.getDevice(),
                    adaptor.getQueueAffinity(), adaptor.getWaitFence(),
                    adaptor.getSignalFence(), adaptor.getSourceBuffer(),
                    scope->first, scope->second, (*keys)[0], (*keys)[1],
                    (*keys)[2], (*keys)[3], spans, spansLength});
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
    if (!module.lookupSymbol(name)) {
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
