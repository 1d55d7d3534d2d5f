//===- StreamDialect.cpp - stream dialect ---------------------------------===//

#include "sluice/Dialect/Stream/IR/StreamDialect.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FoldInterfaces.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/InlinerInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"

using namespace mlir;
using namespace sluice::stream;

#include "sluice/Dialect/Stream/IR/StreamDialect.cpp.inc"

namespace {

/// Constants are never materialized into stream regions.
struct StreamFolderInterface : public DialectFoldInterface {
  using DialectFoldInterface::DialectFoldInterface;
  bool shouldMaterializeInto(Region *) const final { return false; }
};

/// Strips `unrealized_conversion_cast(resource, size)` to a resource: size
/// queries take the size operand, every other use the resource.
struct StripResourceConversionCast
    : public OpRewritePattern<UnrealizedConversionCastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(UnrealizedConversionCastOp op,
                                PatternRewriter &rewriter) const override {
    if (op->getNumResults() < 1 ||
        !isa<ResourceType>(op.getResult(0).getType()))
      return failure();
    if (op.getNumOperands() != 2)
      return failure();
    Value resource = op.getOperand(0);
    Value size = op.getOperand(1);
    for (OpOperand &use :
         llvm::make_early_inc_range(op.getResult(0).getUses())) {
      if (auto sizeOp = dyn_cast<ResourceSizeOp>(use.getOwner()))
        rewriter.replaceOp(sizeOp, size);
      else
        rewriter.modifyOpInPlace(use.getOwner(), [&] { use.set(resource); });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// Bytecode encodings of the two config attributes whose textual printers do
/// not round-trip (stream-ir.md §4.4/§4.5 keep the reference's printers): with
/// the default textual fallback a module holding them could be written as
/// bytecode but not read back. Every other stream attribute and type uses the
/// textual fallback.
struct StreamBytecodeInterface : public BytecodeDialectInterface {
  enum AttributeCode : uint64_t {
    kPartitioningConfig = 0,
    kResourceConfig = 1,
  };

  explicit StreamBytecodeInterface(Dialect *dialect)
      : BytecodeDialectInterface(dialect) {}

  Attribute readAttribute(DialectBytecodeReader &reader) const override {
    uint64_t code;
    if (failed(reader.readVarInt(code)))
      return {};
    MLIRContext *context = getContext();
    switch (code) {
    case kPartitioningConfig: {
      uint64_t value;
      if (failed(reader.readVarInt(value)))
        return {};
      std::optional<Favor> favor = symbolizeFavor(static_cast<uint32_t>(value));
      if (!favor) {
        reader.emitError() << "invalid stream partitioning favor " << value;
        return {};
      }
      return PartitioningConfigAttr::get(context, *favor);
    }
    case kResourceConfig: {
      int64_t fields[5];
      for (int64_t &field : fields)
        if (failed(reader.readSignedVarInt(field)))
          return {};
      uint64_t alias, model;
      if (failed(reader.readVarInt(alias)) || failed(reader.readVarInt(model)))
        return {};
      std::optional<MemoryModel> memoryModel =
          symbolizeMemoryModel(static_cast<uint32_t>(model));
      if (!memoryModel) {
        reader.emitError() << "invalid stream memory model " << model;
        return {};
      }
      return ResourceConfigAttr::get(context, fields[0], fields[1], fields[2],
                                     fields[3], fields[4], alias != 0,
                                     *memoryModel);
    }
    default:
      reader.emitError() << "unknown stream attribute code " << code;
      return {};
    }
  }

  LogicalResult writeAttribute(Attribute attr,
                               DialectBytecodeWriter &writer) const override {
    if (auto config = dyn_cast<PartitioningConfigAttr>(attr)) {
      writer.writeVarInt(kPartitioningConfig);
      writer.writeVarInt(static_cast<uint64_t>(config.getFavor()));
      return success();
    }
    if (auto config = dyn_cast<ResourceConfigAttr>(attr)) {
      writer.writeVarInt(kResourceConfig);
      writer.writeSignedVarInt(config.getMaxAllocationSize());
      writer.writeSignedVarInt(config.getMinBufferOffsetAlignment());
      writer.writeSignedVarInt(config.getMaxBufferRange());
      writer.writeSignedVarInt(config.getMinBufferRangeAlignment());
      writer.writeSignedVarInt(config.getIndexBits());
      writer.writeVarInt(config.getAliasMutableBindings() ? 1 : 0);
      writer.writeVarInt(static_cast<uint64_t>(config.getMemoryModel()));
      return success();
    }
    return failure(); // textual fallback
  }
};

} // namespace

void StreamDialect::initialize() {
  registerAttributes();
  registerTypes();
  registerOps();
  addInterfaces<sluice::util::AlwaysLegalInlinerInterface,
                StreamFolderInterface, StreamBytecodeInterface>();
  getContext()->getOrLoadDialect<sluice::util::UtilDialect>();
  getContext()->getOrLoadDialect<complex::ComplexDialect>();
}

void StreamDialect::getCanonicalizationPatterns(
    RewritePatternSet &results) const {
  results.add<StripResourceConversionCast>(getContext());
}

Operation *StreamDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  if (func::ConstantOp::isBuildableWith(value, type))
    return func::ConstantOp::create(builder, loc, type,
                                    cast<FlatSymbolRefAttr>(value));
  if (arith::ConstantOp::isBuildableWith(value, type))
    return arith::ConstantOp::create(builder, loc, type,
                                     cast<TypedAttr>(value));
  if (isa<TimepointAttr>(value))
    return TimepointImmediateOp::create(builder, loc,
                                        builder.getType<TimepointType>());
  return nullptr;
}
