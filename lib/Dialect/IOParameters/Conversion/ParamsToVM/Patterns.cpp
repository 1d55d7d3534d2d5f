//===- Patterns.cpp - ParamsToVM (io-parameters.md §11) -------------------===//
//
// Each io_parameters op becomes one call of the `io_parameters` runtime
// module. The rows travel in three buffers:
//  * key_table: {u32 offset, u32 length} per row into
//  * key_data:  the concatenated key bytes;
//  * spans:     {u64 parameter_offset, u64 buffer_offset, u64 length} per row.
// Constant keys and spans are rodata; dynamic ones are built at run time
// (§11.4.2, §11.5) with the [SLUICE] fixes of §13: span element index
// 3*row+field, an i64 clone offset, alignment 8, zero-extended narrow
// values; a key counts as constant whatever the conversion order.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/IOParameters/Conversion/ParamsToVM/Patterns.h"

#include "sluice/Dialect/IOParameters/IR/IOParametersDialect.h"
#include "sluice/Dialect/IOParameters/IR/IOParametersOps.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/VM/Conversion/ImportUtils.h"
#include "sluice/Dialect/VM/Conversion/VMConversionDialectInterface.h"
#include "sluice/Dialect/VM/IR/VMOps.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Matchers.h"

#include <tuple>
#include <type_traits>

using namespace mlir;

namespace sluice::io_parameters {

// §11.1. The runtime module is `io_parameters`, version 0.
static constexpr llvm::StringLiteral kImportModule = R"mlir(
vm.module @io_parameters attributes {version = 0 : i32} {
  vm.import private @load(%device : !vm.ref<!hal.device>, %queue_affinity : i64, %wait_fence : !vm.ref<!hal.fence>, %signal_fence : !vm.ref<!hal.fence>, %source_scope : !vm.buffer, %target_queue_affinity : i64, %target_memory_type : i32, %target_buffer_usage : i32, %key_table : !vm.buffer, %key_data : !vm.buffer, %spans : !vm.buffer) -> !vm.list<!vm.ref<!hal.buffer>>
  vm.import private @gather(%device : !vm.ref<!hal.device>, %queue_affinity : i64, %wait_fence : !vm.ref<!hal.fence>, %signal_fence : !vm.ref<!hal.fence>, %source_scope : !vm.buffer, %target_buffer : !vm.ref<!hal.buffer>, %key_table : !vm.buffer, %key_data : !vm.buffer, %spans : !vm.buffer)
  vm.import private @scatter(%device : !vm.ref<!hal.device>, %queue_affinity : i64, %wait_fence : !vm.ref<!hal.fence>, %signal_fence : !vm.ref<!hal.fence>, %source_buffer : !vm.ref<!hal.buffer>, %target_scope : !vm.buffer, %key_table : !vm.buffer, %key_data : !vm.buffer, %spans : !vm.buffer)
}
)mlir";

StringRef getParamsImportModuleText() { return kImportModule; }

namespace {

/// Looks through single-operand unrealized conversion casts.
Value stripCasts(Value value) {
  while (auto cast = value.getDefiningOp<UnrealizedConversionCastOp>()) {
    if (cast.getNumOperands() != 1)
      break;
    value = cast.getOperand(0);
  }
  return value;
}

/// The constant contents of a `!vm.buffer` key, whether it was converted
/// already (vm.rodata.inline) or not yet (util.buffer.constant): checks the
/// adaptor value and the op's original operand, through casts.
Attribute getConstantBufferValue(Value converted, Value original) {
  for (Value value : {converted, original}) {
    if (!value)
      continue;
    Operation *def = stripCasts(value).getDefiningOp();
    if (auto rodata = llvm::dyn_cast_if_present<vm::RodataInlineOp>(def))
      return rodata.getValue();
    if (auto constant = llvm::dyn_cast_if_present<util::BufferConstantOp>(def))
      return constant.getValue();
  }
  return {};
}

/// The bit pattern (as u64) of a constant integer, original value first (so
/// that an `index` keeps its 64-bit meaning under narrower index bits).
std::optional<uint64_t> getConstantBits(Value converted, Value original) {
  for (Value value : {original, converted}) {
    if (!value)
      continue;
    APInt bits;
    if (matchPattern(stripCasts(value), m_ConstantInt(&bits)))
      return bits.getZExtValue();
  }
  return std::nullopt;
}

/// Builds VM ops at one insertion point, memoizing i64 constants.
class Emitter {
public:
  Emitter(OpBuilder &builder, Location loc) : builder(builder), loc(loc) {}

  Type i32() { return builder.getI32Type(); }
  Type i64() { return builder.getI64Type(); }
  Type bufferType() { return vm::getBufferRefType(builder.getContext()); }

  Value constI64(int64_t value) {
    Value &slot = i64Constants[value];
    if (!slot)
      slot = value == 0 ? Value(vm::ConstI64ZeroOp::create(builder, loc))
                        : Value(vm::ConstI64Op::create(
                              builder, loc, builder.getI64IntegerAttr(value)));
    return slot;
  }
  Value constI32(int32_t value) {
    return vm::ConstI32Op::create(builder, loc,
                                  builder.getI32IntegerAttr(value));
  }

  /// The scope operand: the converted scope, a rodata of the literal, or a
  /// null buffer (§11.3).
  Value scope(Value converted, StringAttr literal) {
    if (converted)
      return converted;
    if (literal)
      return rodata(literal);
    return vm::ConstRefZeroOp::create(builder, loc, bufferType());
  }

  Value rodata(Attribute value) {
    return vm::RodataInlineOp::create(builder, loc, bufferType(),
                                      /*name=*/nullptr, value,
                                      /*alignment=*/nullptr,
                                      /*mime_type=*/nullptr);
  }

  /// key_table and key_data (§11.4).
  std::pair<Value, Value> keyTable(ValueRange converted, ValueRange original,
                                   ArrayAttr literals) {
    SmallVector<Attribute> constants;
    if (literals) {
      constants.append(literals.begin(), literals.end());
    } else {
      for (auto [key, originalKey] : llvm::zip_equal(converted, original)) {
        Attribute value = getConstantBufferValue(key, originalKey);
        if (!value)
          break;
        constants.push_back(value);
      }
    }
    if (literals || constants.size() == converted.size()) {
      auto table = vm::RodataTableInlineOp::create(
          builder, loc, bufferType(), bufferType(), /*table_name=*/nullptr,
          /*data_name=*/nullptr, TypeAttr::get(i32()),
          builder.getArrayAttr(constants), /*alignment=*/nullptr,
          /*data_alignment=*/nullptr, /*mime_type=*/nullptr);
      return {table.getTableResult(), table.getDataResult()};
    }
    return dynamicKeyTable(converted);
  }

  /// §11.4.2: every key, constant or not, is measured and copied.
  std::pair<Value, Value> dynamicKeyTable(ValueRange keys) {
    SmallVector<Value> lengths;
    Value total;
    for (Value key : keys) {
      Value length = vm::BufferLengthOp::create(builder, loc, i64(), key);
      lengths.push_back(length);
      total = total ? Value(vm::AddI64Op::create(builder, loc, total, length))
                    : length;
    }
    Value alignment = constI32(4);
    Value data =
        vm::BufferAllocOp::create(builder, loc, bufferType(), total, alignment);
    Value tableSize = constI64(8 * static_cast<int64_t>(keys.size()));
    Value table = vm::BufferAllocOp::create(builder, loc, bufferType(),
                                            tableSize, alignment);
    Value offset = constI64(0);
    for (auto [i, pair] : llvm::enumerate(llvm::zip_equal(keys, lengths))) {
      auto [key, length] = pair;
      vm::BufferCopyOp::create(builder, loc, key, constI64(0), data, offset,
                               length);
      Value offset32 =
          builder.createOrFold<vm::TruncI64I32Op>(loc, i32(), offset);
      vm::BufferStoreI32Op::create(builder, loc, offset32, table,
                                   constI64(2 * i));
      Value length32 = vm::TruncI64I32Op::create(builder, loc, i32(), length);
      vm::BufferStoreI32Op::create(builder, loc, length32, table,
                                   constI64(2 * i + 1));
      if (i + 1 != keys.size())
        offset = builder.createOrFold<vm::AddI64Op>(loc, offset, length);
    }
    return {table, data};
  }

  /// One span field: the converted value and the op's original operand, or
  /// a known constant.
  struct Field {
    Value converted, original;
    std::optional<uint64_t> constant;
  };
  static Field field(Value converted, Value original) {
    return {converted, original, std::nullopt};
  }
  static Field constant(uint64_t value) { return {{}, {}, value}; }

  /// The spans of a gather or scatter: per row the parameter offset, then
  /// the buffer offset and length (the verifier makes the ranges equal).
  Value rowSpans(ValueRange parameterOffsets,
                 ValueRange originalParameterOffsets, ValueRange bufferOffsets,
                 ValueRange originalBufferOffsets, ValueRange bufferLengths,
                 ValueRange originalBufferLengths) {
    SmallVector<std::array<Field, 3>> rows;
    for (unsigned i = 0, n = parameterOffsets.size(); i < n; ++i)
      rows.push_back({field(parameterOffsets[i], originalParameterOffsets[i]),
                      field(bufferOffsets[i], originalBufferOffsets[i]),
                      field(bufferLengths[i], originalBufferLengths[i])});
    return spans(rows);
  }

  /// spans (§11.5): rows of three fields.
  Value spans(ArrayRef<std::array<Field, 3>> rows) {
    SmallVector<int64_t> values;
    SmallVector<std::pair<int64_t, Value>> dynamic;
    for (const std::array<Field, 3> &row : rows) {
      for (const Field &f : row) {
        std::optional<uint64_t> bits =
            f.constant ? f.constant : getConstantBits(f.converted, f.original);
        if (!bits)
          dynamic.emplace_back(static_cast<int64_t>(values.size()),
                               f.converted);
        values.push_back(bits ? static_cast<int64_t>(*bits) : 0);
      }
    }
    Attribute dense;
    if (values.empty())
      dense = DenseIntElementsAttr::get(RankedTensorType::get({0}, i64()),
                                        ArrayRef<int64_t>{});
    else
      dense = DenseIntElementsAttr::get(
          VectorType::get({static_cast<int64_t>(values.size())}, i64()),
          ArrayRef<int64_t>(values));
    Value spans = rodata(dense);
    if (dynamic.empty())
      return spans;
    Value length = constI64(8 * static_cast<int64_t>(values.size()));
    spans = vm::BufferCloneOp::create(builder, loc, bufferType(), spans,
                                      constI64(0), length, constI32(8));
    for (auto [index, value] : dynamic) {
      if (value.getType().isInteger(32))
        value = vm::ExtI32I64UOp::create(builder, loc, i64(), value);
      vm::BufferStoreI64Op::create(builder, loc, value, spans, constI64(index));
    }
    return spans;
  }

  /// Memory types and usage are passed as i32.
  Value asI32(Value value) {
    if (value.getType().isInteger(64))
      return vm::TruncI64I32Op::create(builder, loc, i32(), value);
    return value;
  }

private:
  OpBuilder &builder;
  Location loc;
  llvm::DenseMap<int64_t, Value> i64Constants;
};

/// Shared lookup of the io_parameters imports.
template <typename OpT> class ParamsPattern : public OpConversionPattern<OpT> {
public:
  ParamsPattern(MLIRContext *context, SymbolTable &importSymbols,
                const TypeConverter &typeConverter, StringRef importName)
      : OpConversionPattern<OpT>(typeConverter, context),
        importSymbols(importSymbols), importName(importName) {}

protected:
  FailureOr<vm::ImportOp>
  lookupImport(OpT op, ConversionPatternRewriter &rewriter) const {
    auto importOp = importSymbols.lookup<vm::ImportOp>(importName);
    if (!importOp)
      return rewriter.notifyMatchFailure(op, "missing import");
    return importOp;
  }

private:
  SymbolTable &importSymbols;
  std::string importName;
};

struct LoadOpPattern : ParamsPattern<LoadOp> {
  LoadOpPattern(MLIRContext *context, SymbolTable &importSymbols,
                const TypeConverter &typeConverter)
      : ParamsPattern(context, importSymbols, typeConverter,
                      "io_parameters.load") {}

  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<vm::ImportOp> importOp = lookupImport(op, rewriter);
    if (failed(importOp))
      return failure();
    Emitter e(rewriter, op.getLoc());
    Value scope =
        e.scope(adaptor.getSourceScope(), op.getSourceScopeLiteralAttr());
    auto [table, data] = e.keyTable(adaptor.getSourceKeys(), op.getSourceKeys(),
                                    op.getSourceKeyLiteralsAttr());
    SmallVector<std::array<Emitter::Field, 3>> rows;
    for (unsigned i = 0, e = op.getRowCount(); i < e; ++i)
      rows.push_back(
          {Emitter::field(adaptor.getSourceOffsets()[i],
                          op.getSourceOffsets()[i]),
           Emitter::constant(0),
           Emitter::field(adaptor.getLengths()[i], op.getLengths()[i])});
    Value spans = e.spans(rows);
    Value affinity = adaptor.getQueueAffinity();
    auto call = vm::createImportCall(
        rewriter, op.getLoc(), *importOp,
        {adaptor.getDevice(), affinity, adaptor.getWaitFence(),
         adaptor.getSignalFence(), scope, affinity,
         e.asI32(adaptor.getMemoryTypes()), e.asI32(adaptor.getBufferUsage()),
         table, data, spans});
    Value list = call.getResult(0);
    SmallVector<Value> buffers;
    for (auto [i, result] : llvm::enumerate(op.getResults())) {
      Type type = getTypeConverter()->convertType(result.getType());
      buffers.push_back(
          vm::ListGetRefOp::create(rewriter, op.getLoc(), type, list,
                                   e.constI32(static_cast<int32_t>(i))));
    }
    rewriter.replaceOp(op, buffers);
    return success();
  }
};

/// io_parameters.gather and io_parameters.scatter: one pattern, the two
/// differing only in which side is the parameter (the scope, keys and
/// parameter offsets of a span row) and which is the buffer, and in the order
/// of the scope and buffer operands of the import call.
template <typename OpT> struct TransferOpPattern : ParamsPattern<OpT> {
  static constexpr bool kGather = std::is_same_v<OpT, GatherOp>;
  using OpAdaptor = typename ParamsPattern<OpT>::OpAdaptor;

  TransferOpPattern(MLIRContext *context, SymbolTable &importSymbols,
                    const TypeConverter &typeConverter)
      : ParamsPattern<OpT>(context, importSymbols, typeConverter,
                           kGather ? "io_parameters.gather"
                                   : "io_parameters.scatter") {}

  LogicalResult
  matchAndRewrite(OpT op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<vm::ImportOp> importOp = this->lookupImport(op, rewriter);
    if (failed(importOp))
      return failure();
    Emitter e(rewriter, op.getLoc());
    Value scope, table, data, spans, buffer;
    if constexpr (kGather) {
      scope = e.scope(adaptor.getSourceScope(), op.getSourceScopeLiteralAttr());
      std::tie(table, data) =
          e.keyTable(adaptor.getSourceKeys(), op.getSourceKeys(),
                     op.getSourceKeyLiteralsAttr());
      spans = e.rowSpans(adaptor.getSourceOffsets(), op.getSourceOffsets(),
                         adaptor.getTargetOffsets(), op.getTargetOffsets(),
                         adaptor.getTargetLengths(), op.getTargetLengths());
      buffer = adaptor.getTargetBuffer();
    } else {
      scope = e.scope(adaptor.getTargetScope(), op.getTargetScopeLiteralAttr());
      std::tie(table, data) =
          e.keyTable(adaptor.getTargetKeys(), op.getTargetKeys(),
                     op.getTargetKeyLiteralsAttr());
      spans = e.rowSpans(adaptor.getTargetOffsets(), op.getTargetOffsets(),
                         adaptor.getSourceOffsets(), op.getSourceOffsets(),
                         adaptor.getSourceLengths(), op.getSourceLengths());
      buffer = adaptor.getSourceBuffer();
    }
    // gather(..., scope, target buffer, ...); scatter(..., source buffer,
    // scope, ...).
    Value first = kGather ? scope : buffer;
    Value second = kGather ? buffer : scope;
    vm::createImportCall(rewriter, op.getLoc(), *importOp,
                         {adaptor.getDevice(), adaptor.getQueueAffinity(),
                          adaptor.getWaitFence(), adaptor.getSignalFence(),
                          first, second, table, data, spans});
    rewriter.eraseOp(op);
    return success();
  }
};

class IOParametersVMConversionInterface
    : public vm::VMConversionDialectInterface {
public:
  using VMConversionDialectInterface::VMConversionDialectInterface;

  void populateVMConversionPatterns(
      SymbolTable &importSymbols, RewritePatternSet &patterns,
      ConversionTarget &target, TypeConverter &typeConverter) const override {
    populateParamsToVMPatterns(getContext(), importSymbols, target,
                               typeConverter, patterns);
  }

protected:
  StringRef getImportModuleText() const override {
    return getParamsImportModuleText();
  }
};

} // namespace

void populateParamsToVMPatterns(MLIRContext *context,
                                SymbolTable &importSymbols,
                                ConversionTarget &target,
                                TypeConverter &typeConverter,
                                RewritePatternSet &patterns) {
  target.addIllegalDialect<IOParametersDialect>();
  patterns.add<LoadOpPattern, TransferOpPattern<GatherOp>,
               TransferOpPattern<ScatterOp>>(context, importSymbols,
                                             typeConverter);
}

void registerParamsToVMConversionInterface(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, IOParametersDialect *dialect) {
    dialect->addInterfaces<IOParametersVMConversionInterface>();
  });
}

} // namespace sluice::io_parameters
