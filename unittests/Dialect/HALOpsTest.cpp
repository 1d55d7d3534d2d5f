//===- HALOpsTest.cpp - HAL op and type interface contracts ---------------===//
//
// Contracts lit cannot reach: the util TiedOp/ShapeAware interfaces on the
// tensor ABI ops, InferTypeSize on !hal.buffer/!hal.buffer_view, and the
// util attribute interfaces on the affinity attributes.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "sluice/Dialect/HAL/IR/HALAttrs.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice;
using namespace sluice::hal;

namespace {

class HALOpsTest : public sluice::testing::DialectTest {
protected:
  OwningOpRef<ModuleOp> parse(StringRef source) {
    OwningOpRef<ModuleOp> module = DialectTest::parse(source);
    EXPECT_TRUE(module);
    return module;
  }
};

constexpr StringLiteral kTensorOps = R"mlir(
util.func public @f(%view: !hal.buffer_view, %buf: !hal.buffer, %fence: !hal.fence,
                    %t: tensor<?x4xf32>, %d: index, %s: tensor<3xi32>) {
  %i = hal.tensor.import wait(%fence) => %view : !hal.buffer_view -> tensor<?x4xf32>{%d}
  %e = hal.tensor.export %t : tensor<?x4xf32>{%d} -> !hal.buffer
  %a = hal.tensor.alias wait(%fence) => %t : tensor<?x4xf32>{%d} to %buf : !hal.buffer
  %r = hal.tensor.transients %t : tensor<?x4xf32>{%d} from %buf : !hal.buffer
  %b:2 = hal.tensor.barrier join(%s, %t : tensor<3xi32>, tensor<?x4xf32>) => %fence : !hal.fence
  util.return
}
)mlir";

TEST_F(HALOpsTest, AliasAndTransientsTieResultToSource) {
  OwningOpRef<ModuleOp> module = parse(kTensorOps);
  ASSERT_TRUE(module);
  auto alias = collect<TensorAliasOp>(*module).front();
  auto tied = cast<util::TiedOpInterface>(alias.getOperation());
  EXPECT_EQ(tied.getTiedResultOperandIndex(0), 0u);
  EXPECT_EQ(tied.getTiedResultOperand(alias.getResult()), alias.getSource());
  EXPECT_EQ(tied.getTiedResultOperandIndices(), SmallVector<int64_t>({0}));
  EXPECT_TRUE(tied.isOperandTied(0));
  EXPECT_FALSE(tied.isOperandTied(2)); // storage
  EXPECT_FALSE(alias->hasAttr("tied_operands"));

  auto transients = collect<TensorTransientsOp>(*module).front();
  auto tiedT = cast<util::TiedOpInterface>(transients.getOperation());
  EXPECT_EQ(tiedT.getTiedResultOperand(transients.getResult()),
            transients.getSource());
  // findTiedBaseValue walks through the tie.
  EXPECT_EQ(util::TiedOpInterface::findTiedBaseValue(transients.getResult()),
            transients.getSource());
}

TEST_F(HALOpsTest, BarrierTiesEachResultToItsSource) {
  OwningOpRef<ModuleOp> module = parse(kTensorOps);
  ASSERT_TRUE(module);
  auto barrier = collect<TensorBarrierOp>(*module).front();
  auto tied = cast<util::TiedOpInterface>(barrier.getOperation());
  EXPECT_EQ(tied.getTiedResultOperandIndices(), SmallVector<int64_t>({0, 1}));
  EXPECT_EQ(tied.getTiedResultOperand(barrier.getResult(1)),
            barrier.getSources()[1]);
  EXPECT_FALSE(tied.isOperandTied(2)); // the signal fence
  // The barrier is not pure.
  EXPECT_FALSE(isPure(barrier));
}

TEST_F(HALOpsTest, ShapeAwareDims) {
  OwningOpRef<ModuleOp> module = parse(kTensorOps);
  ASSERT_TRUE(module);
  auto import = collect<TensorImportOp>(*module).front();
  auto importShape = cast<util::ShapeAwareOpInterface>(import.getOperation());
  EXPECT_TRUE(importShape.getOperandDynamicDims(0).empty());
  ASSERT_EQ(importShape.getResultDynamicDims(0).size(), 1u);
  EXPECT_EQ(importShape.getResultDynamicDims(0)[0], import.getTargetDims()[0]);
  EXPECT_TRUE(isPure(import));

  auto exportOp = collect<TensorExportOp>(*module).front();
  auto exportShape = cast<util::ShapeAwareOpInterface>(exportOp.getOperation());
  EXPECT_EQ(exportShape.getOperandDynamicDims(0).size(), 1u);
  EXPECT_TRUE(exportShape.getResultDynamicDims(0).empty());

  auto alias = collect<TensorAliasOp>(*module).front();
  auto aliasShape = cast<util::ShapeAwareOpInterface>(alias.getOperation());
  EXPECT_EQ(aliasShape.getOperandDynamicDims(0).size(), 1u);
  EXPECT_TRUE(aliasShape.getOperandDynamicDims(2).empty()); // storage
  EXPECT_EQ(aliasShape.getResultDynamicDimsFromValue(alias.getResult()).size(),
            1u);

  // buildResultShape materializes the static dim.
  OpBuilder builder(alias);
  SmallVector<Value> shape = aliasShape.buildResultShape(0, builder);
  ASSERT_EQ(shape.size(), 2u);
  EXPECT_EQ(shape[0], alias.getSourceDims()[0]);
  EXPECT_TRUE(shape[1].getDefiningOp());
}

TEST_F(HALOpsTest, InferTypeSizeBuildsBufferLength) {
  OwningOpRef<ModuleOp> module = parse(kTensorOps);
  ASSERT_TRUE(module);
  auto func = collect<util::FuncOp>(*module).front();
  Block &entry = func.getBody().front();
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  Location loc = builder.getUnknownLoc();

  Value view = entry.getArgument(0);
  auto viewType = cast<util::InferTypeSizeInterface>(view.getType());
  Value viewSize = viewType.inferSizeFromValue(loc, view, builder);
  auto length = viewSize.getDefiningOp<BufferLengthOp>();
  ASSERT_TRUE(length);
  auto buffer = length.getBuffer().getDefiningOp<BufferViewBufferOp>();
  ASSERT_TRUE(buffer);
  EXPECT_EQ(buffer.getBufferView(), view);

  Value buf = entry.getArgument(1);
  Value bufSize = cast<util::InferTypeSizeInterface>(buf.getType())
                      .inferSizeFromValue(loc, buf, builder);
  auto bufLength = bufSize.getDefiningOp<BufferLengthOp>();
  ASSERT_TRUE(bufLength);
  EXPECT_EQ(bufLength.getBuffer(), buf);
  EXPECT_TRUE(bufSize.getType().isIndex());

  // Reference types; not size-aware.
  EXPECT_TRUE(isa<util::ReferenceTypeInterface>(view.getType()));
  EXPECT_TRUE(isa<util::ReferenceTypeInterface>(DeviceType::get(&context)));
  EXPECT_FALSE(isa<util::SizeAwareTypeInterface>(buf.getType()));
  EXPECT_FALSE(isa<util::ReferenceTypeInterface>(FenceType::get(&context)));
}

TEST_F(HALOpsTest, AffinityAttrsImplementUtilAttrInterfaces) {
  auto device = FlatSymbolRefAttr::get(&context, "d");
  Attribute affinity = DeviceAffinityAttr::get(&context, device, -1);
  Attribute promise =
      DevicePromiseAttr::get(&context, StringAttr::get(&context, "d"), -1);
  Attribute optimal = DeviceOptimalAttr::get(&context, {affinity, promise});
  for (Attribute attr : {affinity, promise, optimal})
    EXPECT_TRUE(isa<util::InliningPolicyAttrInterface>(attr));
  EXPECT_TRUE(isa<util::HoistableAttrInterface>(affinity));
  EXPECT_TRUE(isa<util::HoistableAttrInterface>(optimal));
  EXPECT_FALSE(isa<util::HoistableAttrInterface>(promise));
  EXPECT_TRUE(
      cast<util::HoistableAttrInterface>(affinity).shouldAttachToHoistedOps());

  // Inlining through the interface: the callee's policy is compared with the
  // call site's affinity.
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    module attributes {stream.affinity = #hal.device.affinity<@d>} {
      util.func private @callee() {
        util.return
      }
    }
  )mlir");
  ASSERT_TRUE(module);
  Operation *site = collect<util::FuncOp>(*module).front();
  EXPECT_TRUE(cast<util::InliningPolicyAttrInterface>(affinity).isLegalToInline(
      site, site));
  EXPECT_FALSE(cast<util::InliningPolicyAttrInterface>(promise).isLegalToInline(
      site, site));
  EXPECT_FALSE(cast<util::InliningPolicyAttrInterface>(optimal).isLegalToInline(
      site, site));
}

TEST_F(HALOpsTest, FenceCreateAllocatesAndIsNotTriviallyDead) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    util.func public @f(%device: !hal.device) {
      %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  auto fence = collect<FenceCreateOp>(*module).front();
  auto effects = cast<MemoryEffectOpInterface>(fence.getOperation());
  EXPECT_TRUE(effects.hasEffect<MemoryEffects::Allocate>());
  EXPECT_FALSE(effects.hasEffect<MemoryEffects::Write>());
  EXPECT_FALSE(isOpTriviallyDead(fence));
  EXPECT_EQ(fence.getFlags(), 0u);
}

TEST_F(HALOpsTest, UtilTraits) {
  EXPECT_TRUE(DeviceType::get(&context)
                  .hasTrait<util::TypeTrait::ImplicitlyCaptured>());
  EXPECT_FALSE(BufferType::get(&context)
                   .hasTrait<util::TypeTrait::ImplicitlyCaptured>());
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    hal.executable private @ex {
    }
    hal.executable.source private @src {
    }
  )mlir");
  ASSERT_TRUE(module);
  auto executable = collect<ExecutableOp>(*module).front();
  auto source = collect<ExecutableSourceOp>(*module).front();
  EXPECT_TRUE(executable->hasTrait<util::OpTrait::ObjectLike>());
  EXPECT_TRUE(source->hasTrait<util::OpTrait::ObjectLike>());
}

TEST_F(HALOpsTest, BufferViewDimRange) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    util.func public @f(%view: !hal.buffer_view) -> index {
      %d = hal.buffer_view.dim<%view : !hal.buffer_view>[1] : index
      util.return %d : index
    }
  )mlir");
  ASSERT_TRUE(module);
  auto dim = collect<BufferViewDimOp>(*module).front();
  std::optional<ConstantIntRanges> range;
  dim.inferResultRanges({ConstantIntRanges::maxRange(64)},
                        [&](Value value, const ConstantIntRanges &r) {
                          EXPECT_EQ(value, dim.getResult());
                          range = r;
                        });
  ASSERT_TRUE(range);
  EXPECT_EQ(range->umin().getZExtValue(), 0u);
  EXPECT_EQ(range->umax().getZExtValue(), (uint64_t(1) << 53) - 1);
  EXPECT_EQ(range->smin().getSExtValue(), 0);
  EXPECT_EQ(range->smax().getSExtValue(), (int64_t(1) << 53) - 1);
}

TEST_F(HALOpsTest, ElementTypeEncoding) {
  Builder b(&context);
  EXPECT_EQ(ElementTypeOp::getTypeValue(b.getF32Type()), 0x21000020);
  EXPECT_EQ(ElementTypeOp::getTypeValue(b.getI1Type()), 0x13000008);
  EXPECT_EQ(ElementTypeOp::getTypeValue(b.getIntegerType(8, /*isSigned=*/true)),
            0x11000008);
  EXPECT_EQ(ElementTypeOp::getTypeValue(b.getIntegerType(16, false)),
            0x12000010);
  EXPECT_EQ(ElementTypeOp::getTypeValue(b.getI64Type()), 0x10000040);
  EXPECT_EQ(ElementTypeOp::getTypeValue(b.getBF16Type()), 0x22000010);
  EXPECT_EQ(ElementTypeOp::getTypeValue(ComplexType::get(b.getF32Type())),
            0x23000040);
  EXPECT_EQ(ElementTypeOp::getTypeValue(b.getType<Float8E5M2Type>()),
            0x24000008);
  EXPECT_EQ(ElementTypeOp::getTypeValue(b.getType<Float8E8M0FNUType>()),
            0x28000008);
  EXPECT_EQ(ElementTypeOp::getTypeValue(b.getIndexType()), std::nullopt);
  EXPECT_EQ(EncodingTypeOp::getEncodingValue(nullptr), 1);
  EXPECT_EQ(EncodingTypeOp::getEncodingValue(b.getUnitAttr()), std::nullopt);
}

} // namespace
