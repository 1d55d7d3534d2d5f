//===- UtilInterfacesTest.cpp - util interface contracts ------------------===//

#include "DialectTestFixture.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice::util;

namespace {

using UtilInterfacesTest = sluice::testing::DialectTest;

TEST_F(UtilInterfacesTest, TiedOperandsOfCalls) {
  auto module = parse(R"mlir(
    util.func private @h(%x: i32, %t: tensor<4xf32>) -> (i32, %t as tensor<2x2xf32>)
    util.func public @f(%x: i32, %t: tensor<4xf32>) -> tensor<2x2xf32> {
      %0:2 = util.call @h(%x, %t) : (i32, tensor<4xf32>) -> (i32, %t as tensor<2x2xf32>)
      util.return %0#1 : tensor<2x2xf32>
    }
  )mlir");
  ASSERT_TRUE(module);
  auto call = findOp<CallOp>(*module);
  auto tied = cast<TiedOpInterface>(call.getOperation());
  EXPECT_EQ(tied.getTiedResultOperandIndex(0), std::nullopt);
  EXPECT_EQ(tied.getTiedResultOperandIndex(1), 1u);
  EXPECT_EQ(tied.getTiedResultOperandIndices(), (SmallVector<int64_t>{-1, 1}));
  EXPECT_TRUE(tied.isOperandTied(1));
  EXPECT_FALSE(tied.isOperandTied(0));
  EXPECT_EQ(tied.getTiedResultOperand(call.getResult(1)), call.getOperand(1));
  EXPECT_EQ(tied.getOperandTiedResults(1).size(), 1u);
  EXPECT_EQ(TiedOpInterface::findTiedBaseValue(call.getResult(1)),
            call.getOperand(1));
  EXPECT_TRUE(TiedOpInterface::hasAnyTiedUses(call.getOperand(1)));
  EXPECT_FALSE(TiedOpInterface::hasAnyTiedUses(call.getOperand(0)));

  // Retie result 0 to operand 0 and untie result 1.
  tied.setTiedResultOperandIndex(0, 0u);
  tied.setTiedResultOperandIndex(1, std::nullopt);
  EXPECT_EQ(tied.getTiedResultOperandIndices(), (SmallVector<int64_t>{0, -1}));
}

TEST_F(UtilInterfacesTest, ExcludeTiedOperandAndResultIndices) {
  SmallVector<int64_t> ties = {2, -1, 0, 3};
  // Drop operand 0 and result 1: the tie to 0 becomes -1, later operands
  // shift down by one.
  excludeTiedOperandAndResultIndices({0}, {1}, ties);
  EXPECT_EQ(ties, (SmallVector<int64_t>{1, -1, 2}));
}

TEST_F(UtilInterfacesTest, FindSizeValueUpwardThroughTies) {
  auto module = parse(R"mlir(
    util.func public @f(%b: !util.buffer, %n: index, %o: index, %l: index) -> !util.buffer {
      %0 = util.buffer.subspan %b[%o] : !util.buffer{%n} -> !util.buffer{%l}
      util.return %0 : !util.buffer
    }
  )mlir");
  ASSERT_TRUE(module);
  auto subspan = findOp<BufferSubspanOp>(*module);
  Block *block = subspan->getBlock();
  // Upward: the producer reports the result size.
  EXPECT_EQ(SizeAwareTypeInterface::findSizeValue(subspan.getResult(), block,
                                                  block->end()),
            subspan.getResultSize());
  // Downward: the source's size comes from the subspan using it.
  EXPECT_EQ(SizeAwareTypeInterface::findSizeValue(subspan.getSource(), block,
                                                  block->end()),
            subspan.getSourceSize());
}

TEST_F(UtilInterfacesTest, QueryValueSizeBuildsBufferSize) {
  auto module = parse(R"mlir(
    util.func public @f(%b: !util.buffer) -> !util.buffer {
      util.return %b : !util.buffer
    }
  )mlir");
  ASSERT_TRUE(module);
  auto func = findOp<FuncOp>(*module);
  OpBuilder builder(&func.getBody().front().front());
  Value size = SizeAwareTypeInterface::queryValueSize(
      func.getLoc(), func.getArgument(0), builder);
  ASSERT_TRUE(size);
  EXPECT_TRUE(isa<BufferSizeOp>(size.getDefiningOp()));
  // Not size-aware: nothing.
  Value none = SizeAwareTypeInterface::queryValueSize(
      func.getLoc(), arith::ConstantIndexOp::create(builder, func.getLoc(), 1),
      builder);
  EXPECT_FALSE(none);
}

TEST_F(UtilInterfacesTest, DynamicDimsInLists) {
  auto module = parse(R"mlir(
    util.func public @f(%t: tensor<?x4x?xf32>, %b: !util.buffer, %i: i32, %d0: index, %d1: index, %s: index) {
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  auto func = findOp<FuncOp>(*module);
  ValueRange args = func.getArguments();
  ValueRange values = args.take_front(3);
  ValueRange dims = args.drop_front(3);
  EXPECT_EQ(findDynamicDimsInList(0, values, dims).size(), 2u);
  EXPECT_EQ(findValueSizeInList(1, values, dims), args[5]);
  EXPECT_TRUE(findDynamicDimsInList(2, values, dims).empty());
  EXPECT_FALSE(findValueSizeInList(0, values, dims));
}

TEST_F(UtilInterfacesTest, ExpandSignatureRemapsTiesAndAttributes) {
  auto module = parse(R"mlir(
    util.func private @f(%a: i32 {a.note}, %b: tensor<4xf32>) -> (%b {r.note}, i32)
  )mlir");
  ASSERT_TRUE(module);
  auto func = findOp<FuncOp>(*module);
  Type index = IndexType::get(&context);
  // Argument 0 expands to two values; result 1 disappears.
  func.expandSignature(
      [&](unsigned i, Type type, SmallVectorImpl<Type> &out) {
        out.push_back(type);
        if (i == 0)
          out.push_back(index);
      },
      [&](unsigned i, Type type, SmallVectorImpl<Type> &out) {
        if (i == 0)
          out.push_back(type);
      });
  EXPECT_EQ(func.getArgumentTypes().size(), 3u);
  EXPECT_EQ(func.getResultTypes().size(), 1u);
  // Result 0 was tied to argument 1, now at position 2.
  EXPECT_EQ(func.getTiedResultArgumentIndex(0), 2u);
  EXPECT_TRUE(func.getArgAttrDict(0).get("a.note"));
  EXPECT_TRUE(func.getArgAttrDict(1).empty());
  EXPECT_TRUE(func.getResultAttrDict(0).get("r.note"));
}

TEST_F(UtilInterfacesTest, GlobalInterface) {
  auto module = parse(R"mlir(
    util.global private mutable @g = 1 : i32
  )mlir");
  ASSERT_TRUE(module);
  auto global =
      cast<GlobalOpInterface>(findOp<GlobalOp>(*module).getOperation());
  EXPECT_EQ(global.getGlobalName().getValue(), "g");
  EXPECT_TRUE(global.isGlobalPrivate());
  EXPECT_TRUE(global.isGlobalMutable());
  global.setGlobalMutable(false);
  EXPECT_FALSE(global.isGlobalMutable());
  global.setGlobalInitialValue({});
  EXPECT_FALSE(global.getGlobalInitialValue());
  OpBuilder builder(&context);
  builder.setInsertionPointToEnd(module->getBody());
  auto load = global.createLoadOp(global.getLoc(), builder);
  EXPECT_EQ(load.getGlobalName(), "g");
  EXPECT_FALSE(load.isGlobalImmutable());
}

TEST_F(UtilInterfacesTest, UnreachableOpsAreUnreachableLike) {
  auto module = parse(R"mlir(
    util.func public @f(%c: i1) {
      scf.if %c {
        util.scf.unreachable "inner"
      }
      util.unreachable "outer"
    }
  )mlir");
  ASSERT_TRUE(module);
  auto unreachable = findOp<UnreachableOp>(*module);
  auto scfUnreachable = findOp<SCFUnreachableOp>(*module);
  ASSERT_TRUE(unreachable && scfUnreachable);
  // util.unreachable: terminator, ReturnLike, no memory effects.
  EXPECT_TRUE(unreachable->hasTrait<sluice::util::OpTrait::UnreachableLike>());
  EXPECT_TRUE(unreachable->hasTrait<mlir::OpTrait::IsTerminator>());
  EXPECT_TRUE(unreachable->hasTrait<mlir::OpTrait::ReturnLike>());
  EXPECT_TRUE(isMemoryEffectFree(unreachable));
  // util.scf.unreachable: the same marker as a non-terminator.
  EXPECT_TRUE(
      scfUnreachable->hasTrait<sluice::util::OpTrait::UnreachableLike>());
  EXPECT_FALSE(scfUnreachable->hasTrait<mlir::OpTrait::IsTerminator>());
  EXPECT_EQ(scfUnreachable.getMessage(), std::optional<StringRef>("inner"));
  // Other util terminators do not carry the trait.
  auto func = findOp<FuncOp>(*module);
  EXPECT_FALSE(func->hasTrait<sluice::util::OpTrait::UnreachableLike>());
}

TEST_F(UtilInterfacesTest, ListImplicitCasts) {
  Type i32 = IntegerType::get(&context, 32);
  Type f32 = Float32Type::get(&context);
  Type variant = VariantType::get(&context);
  Type object = ObjectType::get(&context);
  Type buffer = BufferType::get(&context);
  EXPECT_TRUE(ListType::canImplicitlyCast(variant, i32));
  EXPECT_TRUE(ListType::canImplicitlyCast(object, buffer));
  EXPECT_FALSE(ListType::canImplicitlyCast(object, i32));
  EXPECT_TRUE(ListType::canImplicitlyCast(RankedTensorType::get({4}, f32),
                                          UnrankedTensorType::get(i32)));
  EXPECT_FALSE(ListType::canImplicitlyCast(i32, f32));
}

} // namespace
