//===- MutableRegionBranchTest.cpp - 1:N expansion models on scf ops ------===//
//
// MutableRegionBranchOpInterface (support-dialects.md §1.4.12) and its scf
// models (§6.5.2): every query method per op, and rebuildWithExpandedTypes
// expanding a carried `!stream.resource` into (resource, index size) the way
// the propagation passes do, checked on the printed and verified IR.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"
#include "sluice/Dialect/Util/IR/UtilMutableRegionBranch.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include <gtest/gtest.h>

using namespace mlir;
using sluice::util::MutableRegionBranchOpInterface;

namespace {

class MutableRegionBranchTest : public sluice::testing::DialectTest {
protected:
  /// resource -> (resource, index); anything else is not expanded.
  static SmallVector<Type> expandType(Type type) {
    if (isa<sluice::stream::ResourceType>(type))
      return {type, IndexType::get(type.getContext())};
    return {type};
  }

  /// resource -> (resource, stream.resource.size of it) built at the
  /// builder's insertion point.
  static SmallVector<Value> expandOperand(Value value, OpBuilder &builder) {
    if (!isa<sluice::stream::ResourceType>(value.getType()))
      return {value};
    Value size = sluice::stream::ResourceSizeOp::create(
        builder, value.getLoc(), builder.getIndexType(), value,
        sluice::stream::AffinityAttr());
    return {value, size};
  }

  /// Rebuilds `op` before itself, replaces each old result by the first new
  /// result of its group, erases it and returns the new op (null if the
  /// interface declined, with the old op left in place).
  Operation *
  rebuild(Operation *op, sluice::util::WrapExpandedBlockArgFn wrap,
          sluice::util::ExpandRegionFn expandRegion,
          sluice::util::ExpandOperandFn expandOperandFn = expandOperand) {
    auto iface = dyn_cast<MutableRegionBranchOpInterface>(op);
    EXPECT_TRUE(iface) << op->getName().getStringRef().str();
    if (!iface)
      return nullptr;
    OpBuilder builder(op);
    Operation *newOp = iface.rebuildWithExpandedTypes(
        expandType, expandOperandFn, wrap, expandRegion, builder);
    if (!newOp)
      return nullptr;
    unsigned next = 0;
    for (Value result : op->getResults()) {
      result.replaceAllUsesWith(newOp->getResult(next));
      next += expandType(result.getType()).size();
    }
    EXPECT_EQ(next, newOp->getNumResults());
    op->erase();
    return newOp;
  }

  static std::string print(Operation *op) {
    std::string text;
    llvm::raw_string_ostream os(text);
    op->print(os);
    return text;
  }

  /// Values of a range as a vector, for comparisons.
  template <typename RangeT> static SmallVector<Value> values(RangeT range) {
    return SmallVector<Value>(range.begin(), range.end());
  }
};

//===----------------------------------------------------------------------===//
// Attachment
//===----------------------------------------------------------------------===//

TEST_F(MutableRegionBranchTest, AttachedToExactlyTheFourScfOps) {
  auto module = parse(R"mlir(
    util.func public @f(%c: i1, %i: index, %n: index) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      scf.for %iv = %c0 to %n step %c1 {
      }
      scf.if %c {
      }
      scf.while : () -> () {
        scf.condition(%c)
      } do {
        scf.yield
      }
      scf.index_switch %i
      default {
      }
      scf.execute_region {
        scf.yield
      }
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  for (StringRef name : {"scf.for", "scf.if", "scf.while", "scf.index_switch"})
    EXPECT_TRUE(isa<MutableRegionBranchOpInterface>(find(*module, name)))
        << name.str();
  EXPECT_FALSE(
      isa<MutableRegionBranchOpInterface>(find(*module, "scf.execute_region")));
  EXPECT_FALSE(isa<MutableRegionBranchOpInterface>(find(*module, "util.func")));
}

//===----------------------------------------------------------------------===//
// scf.for
//===----------------------------------------------------------------------===//

constexpr StringLiteral kForSource = R"mlir(
  util.func public @f(%r: !stream.resource<*>, %n: index) -> (!stream.resource<*>, index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %res:2 = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %r, %k = %c0) -> (!stream.resource<*>, index) {
      %b = util.optimization_barrier %acc : !stream.resource<*>
      %k1 = arith.addi %k, %iv : index
      scf.yield %b, %k1 : !stream.resource<*>, index
    }
    util.return %res#0, %res#1 : !stream.resource<*>, index
  }
)mlir";

TEST_F(MutableRegionBranchTest, ForQueries) {
  auto module = parse(kForSource);
  ASSERT_TRUE(module);
  auto forOp = findOp<scf::ForOp>(*module);
  auto iface = cast<MutableRegionBranchOpInterface>(forOp.getOperation());

  llvm::BitVector preserved = iface.getPreservedBlockArguments(0);
  ASSERT_EQ(preserved.size(), 3u); // iv, acc, k
  EXPECT_TRUE(preserved.test(0));
  EXPECT_FALSE(preserved.test(1));
  EXPECT_FALSE(preserved.test(2));

  EXPECT_EQ(values(iface.getRegionEntryOperands(0)),
            values(forOp.getInitArgs()));
  EXPECT_EQ(values(iface.getRegionExitResults(0)), values(forOp->getResults()));
  Operation *yield = forOp.getBody()->getTerminator();
  EXPECT_EQ(values(iface.getExpandableTerminatorOperands(yield, 0)),
            values(yield->getOperands()));
  EXPECT_EQ(iface.getExpandableTerminatorOperands(yield, 0).size(), 2u);
}

TEST_F(MutableRegionBranchTest, ForRebuildExpandsIterArgsWithWrapper) {
  auto module = parse(kForSource);
  ASSERT_TRUE(module);
  auto forOp = findOp<scf::ForOp>(*module);

  unsigned wrapCalls = 0;
  auto wrap = [&](Location loc, Value arg, ValueRange group,
                  OpBuilder &builder) -> Value {
    ++wrapCalls;
    EXPECT_EQ(group.size(), 2u);
    EXPECT_EQ(group.front(), arg);
    return UnrealizedConversionCastOp::create(builder, loc, arg.getType(),
                                              group)
        .getResult(0);
  };
  SmallVector<std::pair<Region *, bool>> expanded;
  auto expandRegion = [&](Region &region, bool canModifyEntryBlock) {
    expanded.push_back({&region, canModifyEntryBlock});
    // Block arguments are expanded before, the yield after the region.
    EXPECT_EQ(region.front().getNumArguments(), 4u);
    EXPECT_EQ(region.front().getTerminator()->getNumOperands(), 2u);
  };

  Operation *newOp = rebuild(forOp, wrap, expandRegion);
  ASSERT_TRUE(newOp);
  EXPECT_EQ(wrapCalls, 1u);
  ASSERT_EQ(expanded.size(), 1u);
  EXPECT_EQ(expanded[0].first, &newOp->getRegion(0));
  EXPECT_FALSE(expanded[0].second);
  EXPECT_TRUE(succeeded(verify(*module)));

  EXPECT_EQ(print(newOp->getParentOp()),
            "util.func public @f(%arg0: !stream.resource<*>, %arg1: index) -> "
            "(!stream.resource<*>, index) {\n"
            "  %c0 = arith.constant 0 : index\n"
            "  %c1 = arith.constant 1 : index\n"
            "  %0 = stream.resource.size %arg0 : !stream.resource<*>\n"
            "  %1:3 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = "
            "%arg0, %arg4 = %0, %arg5 = %c0) -> (!stream.resource<*>, index, "
            "index) {\n"
            "    %2 = builtin.unrealized_conversion_cast %arg3, %arg4 : "
            "!stream.resource<*>, index to !stream.resource<*>\n"
            "    %3 = util.optimization_barrier %2 : !stream.resource<*>\n"
            "    %4 = arith.addi %arg5, %arg2 : index\n"
            "    %5 = stream.resource.size %3 : !stream.resource<*>\n"
            "    scf.yield %3, %5, %4 : !stream.resource<*>, index, index\n"
            "  }\n"
            "  util.return %1#0, %1#2 : !stream.resource<*>, index\n"
            "}");
}

//===----------------------------------------------------------------------===//
// scf.if
//===----------------------------------------------------------------------===//

constexpr StringLiteral kIfSource = R"mlir(
  util.func public @f(%c: i1, %r: !stream.resource<*>, %x: i32) -> (!stream.resource<*>, i32) {
    %res:2 = scf.if %c -> (!stream.resource<*>, i32) {
      %a = util.optimization_barrier %r : !stream.resource<*>
      scf.yield %a, %x : !stream.resource<*>, i32
    } else {
      scf.yield %r, %x : !stream.resource<*>, i32
    }
    scf.if %c {
      %b = util.optimization_barrier %r : !stream.resource<*>
    }
    util.return %res#0, %res#1 : !stream.resource<*>, i32
  }
)mlir";

TEST_F(MutableRegionBranchTest, IfQueries) {
  auto module = parse(kIfSource);
  ASSERT_TRUE(module);
  auto ifOp = findOp<scf::IfOp>(*module);
  auto iface = cast<MutableRegionBranchOpInterface>(ifOp.getOperation());
  for (unsigned region = 0; region < 2; ++region) {
    EXPECT_TRUE(iface.getPreservedBlockArguments(region).empty());
    EXPECT_TRUE(iface.getRegionEntryOperands(region).empty());
    EXPECT_EQ(values(iface.getRegionExitResults(region)),
              values(ifOp->getResults()));
    Operation *yield = ifOp->getRegion(region).front().getTerminator();
    EXPECT_EQ(values(iface.getExpandableTerminatorOperands(yield, region)),
              values(yield->getOperands()));
  }
}

TEST_F(MutableRegionBranchTest, IfRebuildExpandsResultsAndYields) {
  auto module = parse(kIfSource);
  ASSERT_TRUE(module);
  auto ifOps = collect<scf::IfOp>(*module);
  ASSERT_EQ(ifOps.size(), 2u);

  unsigned wrapCalls = 0;
  auto wrap = [&](Location, Value arg, ValueRange, OpBuilder &) -> Value {
    ++wrapCalls;
    return arg;
  };
  SmallVector<Region *> expanded;
  auto expandRegion = [&](Region &region, bool canModifyEntryBlock) {
    EXPECT_FALSE(canModifyEntryBlock);
    expanded.push_back(&region);
  };

  Operation *newIf = rebuild(ifOps[0], wrap, expandRegion);
  ASSERT_TRUE(newIf);
  ASSERT_EQ(expanded.size(), 2u);
  EXPECT_EQ(expanded[0], &newIf->getRegion(0));
  EXPECT_EQ(expanded[1], &newIf->getRegion(1));

  // Without an else region the rebuilt op has none either, and only the then
  // region is expanded.
  expanded.clear();
  Operation *newIfNoElse = rebuild(ifOps[1], wrap, expandRegion);
  ASSERT_TRUE(newIfNoElse);
  EXPECT_TRUE(newIfNoElse->getRegion(1).empty());
  ASSERT_EQ(expanded.size(), 1u);
  EXPECT_EQ(expanded[0], &newIfNoElse->getRegion(0));

  EXPECT_EQ(wrapCalls, 0u); // no block arguments
  EXPECT_TRUE(succeeded(verify(*module)));
  EXPECT_EQ(print(newIf->getParentOp()),
            "util.func public @f(%arg0: i1, %arg1: !stream.resource<*>, %arg2: "
            "i32) -> (!stream.resource<*>, i32) {\n"
            "  %0:3 = scf.if %arg0 -> (!stream.resource<*>, index, i32) {\n"
            "    %1 = util.optimization_barrier %arg1 : !stream.resource<*>\n"
            "    %2 = stream.resource.size %1 : !stream.resource<*>\n"
            "    scf.yield %1, %2, %arg2 : !stream.resource<*>, index, i32\n"
            "  } else {\n"
            "    %1 = stream.resource.size %arg1 : !stream.resource<*>\n"
            "    scf.yield %arg1, %1, %arg2 : !stream.resource<*>, index, i32\n"
            "  }\n"
            "  scf.if %arg0 {\n"
            "    %1 = util.optimization_barrier %arg1 : !stream.resource<*>\n"
            "  }\n"
            "  util.return %0#0, %0#2 : !stream.resource<*>, i32\n"
            "}");
}

//===----------------------------------------------------------------------===//
// scf.while
//===----------------------------------------------------------------------===//

constexpr StringLiteral kWhileSource = R"mlir(
  util.func public @f(%c: i1, %r: !stream.resource<*>, %x: i32) -> !stream.resource<*> {
    %res:2 = scf.while (%w = %r, %v = %x) : (!stream.resource<*>, i32) -> (!stream.resource<*>, i32) {
      %a = util.optimization_barrier %w : !stream.resource<*>
      scf.condition(%c) %a, %v : !stream.resource<*>, i32
    } do {
    ^bb0(%d: !stream.resource<*>, %e: i32):
      %b = util.optimization_barrier %d : !stream.resource<*>
      scf.yield %b, %e : !stream.resource<*>, i32
    }
    util.return %res#0 : !stream.resource<*>
  }
)mlir";

TEST_F(MutableRegionBranchTest, WhileQueries) {
  auto module = parse(kWhileSource);
  ASSERT_TRUE(module);
  auto whileOp = findOp<scf::WhileOp>(*module);
  auto iface = cast<MutableRegionBranchOpInterface>(whileOp.getOperation());

  for (unsigned region = 0; region < 2; ++region) {
    llvm::BitVector preserved = iface.getPreservedBlockArguments(region);
    EXPECT_EQ(preserved.size(), 2u);
    EXPECT_TRUE(preserved.none());
  }
  EXPECT_EQ(values(iface.getRegionEntryOperands(0)),
            values(whileOp.getInits()));
  EXPECT_EQ(iface.getRegionEntryOperands(0).size(), 2u);
  EXPECT_TRUE(iface.getRegionEntryOperands(1).empty());
  // Reference choice: the before region exits to nothing, the after region
  // to all results.
  EXPECT_TRUE(iface.getRegionExitResults(0).empty());
  EXPECT_EQ(values(iface.getRegionExitResults(1)),
            values(whileOp->getResults()));

  scf::ConditionOp condition = whileOp.getConditionOp();
  SmallVector<Value> forwarded =
      values(iface.getExpandableTerminatorOperands(condition, 0));
  ASSERT_EQ(forwarded.size(), 2u);
  EXPECT_EQ(forwarded, values(condition.getArgs()));
  EXPECT_NE(forwarded.front(), condition.getCondition());
  scf::YieldOp yield = whileOp.getYieldOp();
  EXPECT_EQ(values(iface.getExpandableTerminatorOperands(yield, 1)),
            values(yield->getOperands()));
}

TEST_F(MutableRegionBranchTest, WhileRebuildExpandsBothBlocks) {
  auto module = parse(kWhileSource);
  ASSERT_TRUE(module);
  auto whileOp = findOp<scf::WhileOp>(*module);

  // Timepoint-style wrapper: records the extra argument and returns the
  // original one unchanged.
  SmallVector<std::pair<Value, Value>> wrapped;
  auto wrap = [&](Location, Value arg, ValueRange group, OpBuilder &) -> Value {
    EXPECT_EQ(group.size(), 2u);
    wrapped.push_back({arg, group[1]});
    return arg;
  };
  unsigned regions = 0;
  auto expandRegion = [&](Region &, bool canModifyEntryBlock) {
    EXPECT_FALSE(canModifyEntryBlock);
    ++regions;
  };

  // The scf.condition's condition operand is never handed to expandOperand.
  SmallVector<Value> expandedOperands;
  auto recordingExpandOperand = [&](Value value, OpBuilder &builder) {
    expandedOperands.push_back(value);
    return expandOperand(value, builder);
  };

  Operation *newOp =
      rebuild(whileOp, wrap, expandRegion, recordingExpandOperand);
  ASSERT_TRUE(newOp);
  EXPECT_EQ(regions, 2u);
  // inits (2), condition args (2), yield operands (2).
  EXPECT_EQ(expandedOperands.size(), 6u);
  for (Value value : expandedOperands)
    EXPECT_FALSE(value.getType().isInteger(1));
  ASSERT_EQ(wrapped.size(), 2u);
  Block &before = newOp->getRegion(0).front();
  Block &after = newOp->getRegion(1).front();
  EXPECT_EQ(wrapped[0].first, before.getArgument(0));
  EXPECT_EQ(wrapped[0].second, before.getArgument(1));
  EXPECT_EQ(wrapped[1].first, after.getArgument(0));
  EXPECT_EQ(wrapped[1].second, after.getArgument(1));
  EXPECT_TRUE(succeeded(verify(*module)));
  EXPECT_EQ(print(newOp->getParentOp()),
            "util.func public @f(%arg0: i1, %arg1: !stream.resource<*>, %arg2: "
            "i32) -> !stream.resource<*> {\n"
            "  %0 = stream.resource.size %arg1 : !stream.resource<*>\n"
            "  %1:3 = scf.while (%arg3 = %arg1, %arg4 = %0, %arg5 = %arg2) : "
            "(!stream.resource<*>, index, i32) -> (!stream.resource<*>, index, "
            "i32) {\n"
            "    %2 = util.optimization_barrier %arg3 : !stream.resource<*>\n"
            "    %3 = stream.resource.size %2 : !stream.resource<*>\n"
            "    scf.condition(%arg0) %2, %3, %arg5 : !stream.resource<*>, "
            "index, i32\n"
            "  } do {\n"
            "  ^bb0(%arg3: !stream.resource<*>, %arg4: index, %arg5: i32):\n"
            "    %2 = util.optimization_barrier %arg3 : !stream.resource<*>\n"
            "    %3 = stream.resource.size %2 : !stream.resource<*>\n"
            "    scf.yield %2, %3, %arg5 : !stream.resource<*>, index, i32\n"
            "  }\n"
            "  util.return %1#0 : !stream.resource<*>\n"
            "}");
}

//===----------------------------------------------------------------------===//
// scf.index_switch
//===----------------------------------------------------------------------===//

constexpr StringLiteral kSwitchSource = R"mlir(
  util.func public @f(%i: index, %r: !stream.resource<*>) -> !stream.resource<*> {
    %res = scf.index_switch %i -> !stream.resource<*>
    case 2 {
      %a = util.optimization_barrier %r : !stream.resource<*>
      scf.yield %a : !stream.resource<*>
    }
    case 5 {
      scf.yield %r : !stream.resource<*>
    }
    default {
      %b = util.optimization_barrier %r : !stream.resource<*>
      scf.yield %b : !stream.resource<*>
    }
    util.return %res : !stream.resource<*>
  }
)mlir";

TEST_F(MutableRegionBranchTest, IndexSwitchQueries) {
  auto module = parse(kSwitchSource);
  ASSERT_TRUE(module);
  auto switchOp = findOp<scf::IndexSwitchOp>(*module);
  auto iface = cast<MutableRegionBranchOpInterface>(switchOp.getOperation());
  ASSERT_EQ(switchOp->getNumRegions(), 3u);
  for (unsigned region = 0; region < 3; ++region) {
    EXPECT_TRUE(iface.getPreservedBlockArguments(region).empty());
    EXPECT_TRUE(iface.getRegionEntryOperands(region).empty());
    EXPECT_EQ(values(iface.getRegionExitResults(region)),
              values(switchOp->getResults()));
    Operation *yield = switchOp->getRegion(region).front().getTerminator();
    EXPECT_EQ(values(iface.getExpandableTerminatorOperands(yield, region)),
              values(yield->getOperands()));
  }
}

TEST_F(MutableRegionBranchTest, IndexSwitchRebuildClonesCaseBodies) {
  auto module = parse(kSwitchSource);
  ASSERT_TRUE(module);
  auto switchOp = findOp<scf::IndexSwitchOp>(*module);
  Block *oldDefault = &switchOp.getDefaultBlock();

  SmallVector<Region *> expanded;
  auto expandRegion = [&](Region &region, bool canModifyEntryBlock) {
    EXPECT_FALSE(canModifyEntryBlock);
    // Yields are rebuilt before the regions are expanded.
    EXPECT_EQ(region.front().getTerminator()->getNumOperands(), 2u);
    expanded.push_back(&region);
  };

  OpBuilder builder(switchOp);
  auto iface = cast<MutableRegionBranchOpInterface>(switchOp.getOperation());
  Operation *newOp = iface.rebuildWithExpandedTypes(
      expandType, expandOperand, /*wrapExpandedBlockArg=*/nullptr, expandRegion,
      builder);
  ASSERT_TRUE(newOp);
  // The old op keeps its regions (they were cloned, not moved).
  EXPECT_EQ(&switchOp.getDefaultBlock(), oldDefault);
  EXPECT_EQ(oldDefault->getTerminator()->getNumOperands(), 1u);
  ASSERT_EQ(expanded.size(), 3u);
  for (unsigned region = 0; region < 3; ++region)
    EXPECT_EQ(expanded[region], &newOp->getRegion(region));
  EXPECT_EQ(cast<scf::IndexSwitchOp>(newOp).getCases(),
            ArrayRef<int64_t>({2, 5}));

  switchOp->getResult(0).replaceAllUsesWith(newOp->getResult(0));
  switchOp->erase();
  EXPECT_TRUE(succeeded(verify(*module)));
  EXPECT_EQ(print(newOp->getParentOp()),
            "util.func public @f(%arg0: index, %arg1: !stream.resource<*>) -> "
            "!stream.resource<*> {\n"
            "  %0:2 = scf.index_switch %arg0 -> !stream.resource<*>, index \n"
            "  case 2 {\n"
            "    %1 = util.optimization_barrier %arg1 : !stream.resource<*>\n"
            "    %2 = stream.resource.size %1 : !stream.resource<*>\n"
            "    scf.yield %1, %2 : !stream.resource<*>, index\n"
            "  }\n"
            "  case 5 {\n"
            "    %1 = stream.resource.size %arg1 : !stream.resource<*>\n"
            "    scf.yield %arg1, %1 : !stream.resource<*>, index\n"
            "  }\n"
            "  default {\n"
            "    %1 = util.optimization_barrier %arg1 : !stream.resource<*>\n"
            "    %2 = stream.resource.size %1 : !stream.resource<*>\n"
            "    scf.yield %1, %2 : !stream.resource<*>, index\n"
            "  }\n"
            "  util.return %0#0 : !stream.resource<*>\n"
            "}");
}

//===----------------------------------------------------------------------===//
// Declining
//===----------------------------------------------------------------------===//

TEST_F(MutableRegionBranchTest, DeclinesWhenCallbacksBreakTheirContract) {
  auto module = parse(kForSource);
  ASSERT_TRUE(module);
  auto forOp = findOp<scf::ForOp>(*module);
  auto iface = cast<MutableRegionBranchOpInterface>(forOp.getOperation());
  std::string before = print(*module);
  auto expandRegion = [&](Region &, bool) {
    ADD_FAILURE() << "no region may be expanded when declining";
  };

  // A type expansion that drops the original type.
  auto badType = [](Type type) -> SmallVector<Type> {
    if (isa<sluice::stream::ResourceType>(type))
      return {};
    return {type};
  };
  OpBuilder builder(forOp);
  EXPECT_EQ(iface.rebuildWithExpandedTypes(badType, expandOperand, nullptr,
                                           expandRegion, builder),
            nullptr);
  EXPECT_EQ(print(*module), before);

  // An operand expansion with fewer values than the type expansion.
  auto shortOperand = [](Value value, OpBuilder &) -> SmallVector<Value> {
    return {value};
  };
  EXPECT_EQ(iface.rebuildWithExpandedTypes(expandType, shortOperand, nullptr,
                                           expandRegion, builder),
            nullptr);
  EXPECT_EQ(print(*module), before);
  EXPECT_TRUE(succeeded(verify(*module)));
}

} // namespace
