//===- FlowTest.cpp - flow and iree_tensor_ext contracts ------------------===//
//
// What lit cannot observe: storage sizes of #flow.parameter.named, the
// collective element-type mapping, tied/shape-aware ranges of dispatch and
// call ops, and the dispatch tensor type's shape queries.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "sluice/Dialect/Flow/IR/FlowOps.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtOps.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice;

namespace {

class FlowTest : public sluice::testing::DialectTest {
protected:
  Type i(unsigned width) { return IntegerType::get(&context, width); }

  flow::NamedParameterAttr param(Type type, DictionaryAttr config = {}) {
    Builder b(&context);
    return flow::NamedParameterAttr::get(&context, type, b.getStringAttr("s"),
                                         b.getStringAttr("k"), config);
  }
};

TEST_F(FlowTest, NamedParameterStorageSize) {
  Builder b(&context);
  auto sized = [](Attribute attr) {
    return cast<util::SizedStorageAttr>(attr).getStorageSize();
  };
  // Explicit length wins.
  EXPECT_EQ(sized(param(RankedTensorType::get({10}, b.getF32Type()),
                        b.getDictionaryAttr(
                            b.getNamedAttr("length", b.getI64IntegerAttr(8))))),
            8);
  // Shaped types: rounded physical storage size in bytes.
  EXPECT_EQ(sized(param(RankedTensorType::get({10}, b.getF32Type()))), 40);
  EXPECT_EQ(sized(param(RankedTensorType::get({3}, i(4)))), 2);
  EXPECT_EQ(sized(param(RankedTensorType::get({5}, i(1)))), 5);
  EXPECT_EQ(sized(param(RankedTensorType::get({4}, i(33)))), 32);
  // Non-shaped: physical storage bits / 8 (the reference returns bits).
  EXPECT_EQ(sized(param(i(32))), 8);
  EXPECT_EQ(sized(param(i(8))), 2);
  // Dynamically shaped parameters have no static size.
  EXPECT_EQ(sized(param(
                RankedTensorType::get({ShapedType::kDynamic}, b.getF32Type()))),
            0);
  // A missing scope and an empty scope are different attributes.
  auto noScope = flow::NamedParameterAttr::get(
      &context, i(8), StringAttr(), b.getStringAttr("k"), DictionaryAttr());
  auto emptyScope =
      flow::NamedParameterAttr::get(&context, i(8), b.getStringAttr(""),
                                    b.getStringAttr("k"), DictionaryAttr());
  EXPECT_NE(noScope, emptyScope);
}

TEST_F(FlowTest, CollectiveElementTypes) {
  Builder b(&context);
  using ET = flow::CollectiveElementType;
  EXPECT_EQ(flow::getCollectiveElementTypeFor(b.getF16Type()), ET::Float16);
  EXPECT_EQ(flow::getCollectiveElementTypeFor(b.getBF16Type()), ET::BFloat16);
  EXPECT_EQ(flow::getCollectiveElementTypeFor(b.getF32Type()), ET::Float32);
  EXPECT_EQ(flow::getCollectiveElementTypeFor(b.getF64Type()), ET::Float64);
  EXPECT_EQ(flow::getCollectiveElementTypeFor(
                IntegerType::get(&context, 8, IntegerType::Signed)),
            ET::Sint8);
  EXPECT_EQ(flow::getCollectiveElementTypeFor(i(8)), ET::Uint8);
  EXPECT_EQ(flow::getCollectiveElementTypeFor(
                IntegerType::get(&context, 32, IntegerType::Unsigned)),
            ET::Uint32);
  EXPECT_EQ(flow::getCollectiveElementTypeFor(
                IntegerType::get(&context, 64, IntegerType::Signed)),
            ET::Sint64);
  EXPECT_EQ(flow::getCollectiveElementTypeFor(i(1)), std::nullopt);
  EXPECT_EQ(flow::getCollectiveElementTypeFor(b.getIndexType()), std::nullopt);
  auto attr = flow::getCollectiveElementTypeAttr(
      RankedTensorType::get({4}, b.getF32Type()));
  ASSERT_TRUE(attr);
  EXPECT_EQ(attr.getInt(), 9);
}

TEST_F(FlowTest, DispatchTiedAndShapeRanges) {
  auto module = parse(R"mlir(
    util.func public @f(%a: tensor<?xf32>, %b: tensor<4xf32>, %d: index) {
      %c1 = arith.constant 1 : index
      %0:2 = flow.dispatch @ex::@entry[%c1, %d](%a, %b) : (tensor<?xf32>{%d}, tensor<4xf32>) -> (tensor<?xf32>{%d}, %b)
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  auto op = findOp<flow::DispatchOp>(*module);
  ASSERT_TRUE(op);
  auto tiedOp = cast<util::TiedOpInterface>(op.getOperation());
  // The tieable range is the `arguments` segment, after the workload.
  EXPECT_EQ(tiedOp.getTiedOperandsIndexAndLength(),
            (std::pair<unsigned, unsigned>(2, 2)));
  EXPECT_EQ(tiedOp.getTiedResultOperandIndex(0), std::nullopt);
  EXPECT_EQ(tiedOp.getTiedResultOperandIndex(1), 3u);
  EXPECT_EQ(tiedOp.getTiedResultOperand(op.getResult(1)), op.getArguments()[1]);
  EXPECT_TRUE(tiedOp.isOperandTied(3));
  EXPECT_FALSE(tiedOp.isOperandTied(1));
  SmallVector<int64_t> indices = tiedOp.getTiedResultOperandIndices();
  EXPECT_EQ(indices, (SmallVector<int64_t>{-1, 3}));

  auto shapeOp = cast<util::ShapeAwareOpInterface>(op.getOperation());
  EXPECT_TRUE(shapeOp.getOperandDynamicDims(0).empty()); // workload
  ASSERT_EQ(shapeOp.getOperandDynamicDims(2).size(), 1u);
  EXPECT_EQ(shapeOp.getOperandDynamicDims(2)[0], op.getArgumentDims()[0]);
  EXPECT_TRUE(shapeOp.getOperandDynamicDims(3).empty());
  ASSERT_EQ(shapeOp.getResultDynamicDims(0).size(), 1u);
  EXPECT_TRUE(shapeOp.getResultDynamicDims(1).empty());
}

TEST_F(FlowTest, StaticTiesAndDims) {
  auto module = parse(R"mlir(
    util.func public @f(%x: tensor<4x?xf32>, %d: index, %big: tensor<4x4xf32>, %p: tensor<1x2xf32>) {
      %c0 = arith.constant 0 : index
      %r = flow.tensor.reshape %x : tensor<4x?xf32>{%d} -> tensor<?x4xf32>{%d}
      %u = flow.tensor.update %p, %big[%c0, %c0] : tensor<1x2xf32> -> %big as tensor<4x4xf32>
      %t = flow.tensor.transfer %x : tensor<4x?xf32>{%d} to "x"
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  auto reshape = findOp<flow::TensorReshapeOp>(*module);
  auto update = findOp<flow::TensorUpdateOp>(*module);
  auto transfer = findOp<flow::TensorTransferOp>(*module);
  EXPECT_EQ(util::TiedOpInterface::findTiedBaseValue(reshape.getResult()),
            reshape.getSource());
  EXPECT_EQ(util::TiedOpInterface::findTiedBaseValue(update.getResult()),
            update.getTarget());
  EXPECT_FALSE(isa<util::TiedOpInterface>(transfer.getOperation()));
  // The update operand's dims are found at its absolute operand index.
  auto shapeOp = cast<util::ShapeAwareOpInterface>(update.getOperation());
  unsigned updateIndex = update.getUpdateMutable().getOperandNumber();
  EXPECT_TRUE(shapeOp.getOperandDynamicDims(updateIndex).empty());
  // findDynamicDims walks through the reshape's result dims.
  std::optional<ValueRange> dims = util::findDynamicDims(reshape.getResult());
  ASSERT_TRUE(dims);
  ASSERT_EQ(dims->size(), 1u);
  EXPECT_EQ((*dims)[0], reshape.getResultDims()[0]);
}

TEST_F(FlowTest, DispatchTensorType) {
  Builder b(&context);
  using iree_tensor_ext::DispatchTensorType;
  using iree_tensor_ext::TensorAccess;
  auto tensorType =
      RankedTensorType::get({4, ShapedType::kDynamic, 8}, b.getF32Type());
  auto type =
      DispatchTensorType::get(&context, TensorAccess::ReadOnly, tensorType);
  EXPECT_EQ(type.getRank(), 3);
  EXPECT_EQ(type.getNumDynamicDims(), 1);
  EXPECT_TRUE(type.isDynamicDim(1));
  EXPECT_EQ(type.getDynamicDimIndex(2), 1u);
  EXPECT_FALSE(type.hasStaticShape());
  EXPECT_EQ(type.getBoundElementType(), b.getF32Type());
  EXPECT_EQ(type.asRankedTensorType(), tensorType);

  auto scalar =
      DispatchTensorType::get(&context, TensorAccess::WriteOnly, i(32));
  EXPECT_EQ(scalar.getRank(), 0);
  EXPECT_TRUE(scalar.hasStaticShape());
  EXPECT_EQ(scalar.asRankedTensorType(), RankedTensorType::get({}, i(32)));
  EXPECT_EQ(iree_tensor_ext::getDynamicDimCount(type), 1u);

  auto encoded =
      cast<DispatchTensorType>(type.updateEncoding(b.getStringAttr("enc")));
  EXPECT_EQ(encoded.getAccess(), TensorAccess::ReadOnly);
  EXPECT_EQ(cast<RankedTensorType>(encoded.getBoundType()).getEncoding(),
            b.getStringAttr("enc"));

  // doesSliceSpanWholeTensor: zero offsets, unit strides, full sizes.
  auto module = parse(R"mlir(
    util.func public @f(%d: index, %e: index) -> (index, index) {
      util.return %d, %e : index, index
    }
  )mlir");
  ASSERT_TRUE(module);
  auto func = findOp<util::FuncOp>(*module);
  Value d = func.getArgument(0);
  Value e = func.getArgument(1);
  SmallVector<OpFoldResult> zeros(3, b.getIndexAttr(0));
  SmallVector<OpFoldResult> ones(3, b.getIndexAttr(1));
  SmallVector<OpFoldResult> full = {b.getIndexAttr(4), d, b.getIndexAttr(8)};
  SmallVector<OpFoldResult> other = {b.getIndexAttr(4), e, b.getIndexAttr(8)};
  EXPECT_TRUE(type.doesSliceSpanWholeTensor(ValueRange{d}, zeros, full, ones));
  EXPECT_FALSE(
      type.doesSliceSpanWholeTensor(ValueRange{d}, zeros, other, ones));
  EXPECT_FALSE(type.doesSliceSpanWholeTensor(ValueRange{d}, ones, full, ones));
}

TEST_F(FlowTest, ConstantMaterialization) {
  Builder b(&context);
  OpBuilder builder(&context);
  auto module = ModuleOp::create(UnknownLoc::get(&context));
  builder.setInsertionPointToEnd(module.getBody());
  auto *dialect = context.getLoadedDialect<flow::FlowDialect>();
  auto tensorType = RankedTensorType::get({2}, b.getI32Type());
  auto dense = DenseElementsAttr::get(tensorType, ArrayRef<int32_t>{1, 2});
  Operation *op = dialect->materializeConstant(builder, dense, tensorType,
                                               builder.getUnknownLoc());
  ASSERT_TRUE(op);
  EXPECT_TRUE(isa<arith::ConstantOp>(op));
  auto parameter = param(tensorType);
  op = dialect->materializeConstant(builder, parameter, tensorType,
                                    builder.getUnknownLoc());
  ASSERT_TRUE(op);
  EXPECT_TRUE(isa<flow::TensorConstantOp>(op));
  module->erase();
}

} // namespace
