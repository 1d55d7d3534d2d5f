//===- ExternalModelsTest.cpp - cross-dialect interface models ------------===//

#include "DialectTestFixture.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice::stream;

namespace {

using ExternalModelsTest = sluice::testing::DialectTest;

TEST_F(ExternalModelsTest, AffinityKindsFollowTheSpec) {
  auto module = parseSourceString<ModuleOp>(R"mlir(
    util.global private @t : tensor<4xf32>
    util.global private @s : i32
    util.func public @f(%v: f32, %view: !hal.buffer_view) -> tensor<4xf32>
        attributes {stream.affinity = #hal.device.affinity<@dev>} {
      %c = arith.constant 1 : i32
      %ct = arith.constant dense<1.0> : tensor<4xf32>
      %s = flow.tensor.splat %v : tensor<4xf32>
      %i = hal.tensor.import on(#hal.device.affinity<@other>) %view "in" : !hal.buffer_view -> tensor<4xf32>
      %r = flow.tensor.reshape %s : tensor<4xf32> -> tensor<2x2xf32>
      util.return %s : tensor<4xf32>
    }
  )mlir",
                                            &context);
  ASSERT_TRUE(module);
  auto requires_ = [&](StringRef name, unsigned index = 0) {
    Operation *op = find(*module, name);
    unsigned seen = 0;
    module->walk([&](Operation *candidate) {
      if (candidate->getName().getStringRef() == name && seen++ == index)
        op = candidate;
    });
    auto affinityOp = dyn_cast_or_null<AffinityOpInterface>(op);
    EXPECT_TRUE(affinityOp) << name.str();
    return affinityOp && affinityOp.requiresAffinity();
  };
  EXPECT_FALSE(requires_("arith.constant", 0)); // scalar
  EXPECT_TRUE(requires_("arith.constant", 1));  // tensor
  EXPECT_TRUE(requires_("flow.tensor.splat"));
  EXPECT_FALSE(requires_("util.func"));
  EXPECT_TRUE(requires_("util.global", 0));
  EXPECT_FALSE(requires_("util.global", 1));
  EXPECT_FALSE(requires_("hal.tensor.import"));

  // No affinity model on util.return or flow.tensor.reshape.
  EXPECT_FALSE(isa<AffinityOpInterface>(find(*module, "util.return")));
  EXPECT_FALSE(isa<AffinityOpInterface>(find(*module, "flow.tensor.reshape")));

  // The import's own affinity wins and pins; the splat inherits the
  // function's stream.affinity through lookup.
  auto import = cast<AffinityOpInterface>(find(*module, "hal.tensor.import"));
  EXPECT_TRUE(import.pinsValueAffinity());
  EXPECT_EQ(AffinityAttr::lookup(import), import.getAffinityAttr());
  Operation *splat = find(*module, "flow.tensor.splat");
  AffinityAttr inherited = AffinityAttr::lookup(splat);
  ASSERT_TRUE(inherited);
  EXPECT_EQ(inherited, AffinityAttr::lookup(find(*module, "util.func")));

  // Streamable models: splat and reshape prefer cloning to consumers.
  auto streamable = dyn_cast<StreamableOpInterface>(splat);
  ASSERT_TRUE(streamable);
  EXPECT_TRUE(streamable.preferCloneToConsumers());
  EXPECT_TRUE(isa<StreamableOpInterface>(find(*module, "flow.tensor.reshape")));
}

TEST_F(ExternalModelsTest, HALAffinitiesAreStreamAffinities) {
  auto module = parseSourceString<ModuleOp>(R"mlir(
    util.global private @a {test.a = #hal.device.affinity<@dev, [0]>, test.b = #hal.device.affinity<@dev, [1]>, test.o = #hal.device.optimal<[#hal.device.affinity<@x>, #hal.device.affinity<@y>]>} : i32
  )mlir",
                                            &context);
  ASSERT_TRUE(module);
  Operation *global = find(*module, "util.global");
  auto a = dyn_cast<AffinityAttr>(global->getAttr("test.a"));
  auto b = dyn_cast<AffinityAttr>(global->getAttr("test.b"));
  auto o = dyn_cast<AffinityAttr>(global->getAttr("test.o"));
  ASSERT_TRUE(a && b && o);
  EXPECT_FALSE(a.isExecutableWith(b));
  AffinityAttr joined = a.joinOR(b);
  ASSERT_TRUE(joined);
  EXPECT_TRUE(a.isExecutableWith(joined));
  EXPECT_TRUE(b.isExecutableWith(joined));
  EXPECT_FALSE(a.joinAND(b)); // queue 0 is not within queue 1
  EXPECT_TRUE(AffinityAttr::canExecuteTogether(a, {}));
  EXPECT_EQ(AffinityAttr::joinOR({a, b}), joined);
}

TEST_F(ExternalModelsTest, CallTimelineAwareness) {
  auto module = parseSourceString<ModuleOp>(R"mlir(
    util.func private @wait_signal(i32, !hal.fence, !hal.fence) -> i32
    util.func private @wait_only(!hal.fence)
    util.func private @no_fences(i32) -> i32
    util.func private @signal_result(!hal.fence) -> (i32, !hal.fence, !hal.fence)
    util.func private @results_only() -> (!hal.fence, !hal.fence)
    util.func public @caller(%x: i32, %w: !hal.fence, %s: !hal.fence, %cond: i1) -> i32 {
      %tp_w = stream.timepoint.import %w : (!hal.fence) => !stream.timepoint
      %r0 = util.call @wait_signal(%x, %w, %s) {hal.abi.convention = #hal.abi.convention<coarse_fences>} : (i32, !hal.fence, !hal.fence) -> i32
      %tp_s = stream.timepoint.import %s : (!hal.fence) => !stream.timepoint
      %r1 = util.call @wait_signal(%x, %w, %s) : (i32, !hal.fence, !hal.fence) -> i32
      %r2 = util.call @wait_signal(%x, %w, %s) {hal.abi.convention = #hal.abi.convention<synchronous>} : (i32, !hal.fence, !hal.fence) -> i32
      %r3 = util.call @no_fences(%x) {hal.abi.convention = #hal.abi.convention<coarse_fences>} : (i32) -> i32
      %r4:3 = util.call @signal_result(%w) {hal.abi.convention = #hal.abi.convention<coarse_fences>} : (!hal.fence) -> (i32, !hal.fence, !hal.fence)
      %r5:2 = util.call @results_only() {hal.abi.convention = #hal.abi.convention<coarse_fences>} : () -> (!hal.fence, !hal.fence)
      %tp_r5 = stream.timepoint.import %r5#0 : (!hal.fence) => !stream.timepoint
      scf.if %cond {
        util.call @wait_only(%w) {hal.abi.convention = #hal.abi.convention<coarse_fences>} : (!hal.fence) -> ()
        scf.yield
      }
      util.return %r0 : i32
    }
  )mlir",
                                            &context);
  ASSERT_TRUE(module);
  SmallVector<Operation *> calls;
  SmallVector<TimepointImportOp> imports;
  module->walk([&](Operation *op) {
    if (op->getName().getStringRef() == "util.call")
      calls.push_back(op);
    if (auto importOp = dyn_cast<TimepointImportOp>(op))
      imports.push_back(importOp);
  });
  ASSERT_EQ(calls.size(), 7u);
  ASSERT_EQ(imports.size(), 3u);
  Value tpW = imports[0].getResultTimepoint();
  Value tpS = imports[1].getResultTimepoint();
  Value tpR5 = imports[2].getResultTimepoint();
  auto func = cast<FunctionOpInterface>(calls[0]->getParentOp());
  Value w = func.getArgument(1);
  Value s = func.getArgument(2);

  // No model on other util ops.
  EXPECT_FALSE(isa<TimelineAwareOpInterface>(find(*module, "util.return")));

  auto countImports = [&]() {
    unsigned count = 0;
    module->walk([&](TimepointImportOp) { ++count; });
    return count;
  };
  // A fresh `stream.timepoint.import %fence` other than the existing ones.
  auto isNewImportOf = [&](Value timepoint, Value fence) {
    auto importOp = timepoint.getDefiningOp<TimepointImportOp>();
    return importOp && !llvm::is_contained(imports, importOp) &&
           importOp.getOperands().size() == 1 &&
           importOp.getOperands()[0] == fence &&
           isa<TimepointType>(timepoint.getType());
  };

  // Coarse fences with wait and signal operands: the last fence operand
  // signals, the others are awaited.
  {
    auto call = dyn_cast<TimelineAwareOpInterface>(calls[0]);
    ASSERT_TRUE(call);
    EXPECT_TRUE(call.participatesInTimeline());
    EXPECT_EQ(call.getSignalFence(), s);
    EXPECT_EQ(call.getAwaitFences(), SmallVector<Value>({w}));
    // Every fence operand gets a timepoint: %w reuses the import before the
    // call, %s's import comes after the call so a new one is built.
    OpBuilder builder(calls[0]);
    SmallVector<Value> awaits = call.buildAwaitTimepoints(builder);
    ASSERT_EQ(awaits.size(), 2u);
    EXPECT_EQ(awaits[0], tpW);
    EXPECT_TRUE(isNewImportOf(awaits[1], s));
    EXPECT_TRUE(awaits[1].getDefiningOp()->isBeforeInBlock(calls[0]));
    EXPECT_EQ(countImports(), 4u);
    awaits[1].getDefiningOp()->erase();
    // The result timepoint reuses the import of %s placed after the call.
    builder.setInsertionPointAfter(calls[0]);
    EXPECT_EQ(call.buildResultTimepoint(builder), tpS);
    EXPECT_EQ(countImports(), 3u);
  }

  // Without the attribute (synchronous) or with an explicit synchronous
  // convention the call does not take part; the fences are still reported.
  for (Operation *op : {calls[1], calls[2]}) {
    auto call = dyn_cast<TimelineAwareOpInterface>(op);
    ASSERT_TRUE(call);
    EXPECT_FALSE(call.participatesInTimeline());
    EXPECT_EQ(call.getSignalFence(), s);
    EXPECT_EQ(call.getAwaitFences(), SmallVector<Value>({w}));
  }

  // Coarse fences but no fence at all: nothing to do.
  {
    auto call = dyn_cast<TimelineAwareOpInterface>(calls[3]);
    ASSERT_TRUE(call);
    EXPECT_FALSE(call.participatesInTimeline());
    EXPECT_FALSE(call.getSignalFence());
    EXPECT_TRUE(call.getAwaitFences().empty());
    OpBuilder builder(calls[3]);
    EXPECT_TRUE(call.buildAwaitTimepoints(builder).empty());
    EXPECT_FALSE(call.buildResultTimepoint(builder));
    EXPECT_EQ(countImports(), 3u);
  }

  // A fence operand and fence results: getSignalFence prefers the first fence
  // result, buildResultTimepoint the last fence operand.
  {
    auto call = dyn_cast<TimelineAwareOpInterface>(calls[4]);
    ASSERT_TRUE(call);
    EXPECT_TRUE(call.participatesInTimeline());
    EXPECT_EQ(call.getSignalFence(), calls[4]->getResult(1));
    EXPECT_EQ(call.getAwaitFences(), SmallVector<Value>({w}));
    OpBuilder builder(calls[4]);
    EXPECT_EQ(call.buildAwaitTimepoints(builder), SmallVector<Value>({tpW}));
    EXPECT_EQ(countImports(), 3u);
    builder.setInsertionPointAfter(calls[4]);
    Value result = call.buildResultTimepoint(builder);
    // The only import of %w is before the call: a new one is built after it.
    EXPECT_TRUE(isNewImportOf(result, w));
    EXPECT_TRUE(calls[4]->isBeforeInBlock(result.getDefiningOp()));
    result.getDefiningOp()->erase();
  }

  // Fence results only: the first one signals; its import after the call is
  // reused.
  {
    auto call = dyn_cast<TimelineAwareOpInterface>(calls[5]);
    ASSERT_TRUE(call);
    EXPECT_TRUE(call.participatesInTimeline());
    EXPECT_EQ(call.getSignalFence(), calls[5]->getResult(0));
    EXPECT_TRUE(call.getAwaitFences().empty());
    OpBuilder builder(calls[5]);
    EXPECT_TRUE(call.buildAwaitTimepoints(builder).empty());
    builder.setInsertionPointAfter(calls[5]);
    EXPECT_EQ(call.buildResultTimepoint(builder), tpR5);
    EXPECT_EQ(countImports(), 3u);
  }

  // A lone fence operand signals and nothing is awaited; the import of %w in
  // the parent block is not reused from inside the scf.if.
  {
    auto call = dyn_cast<TimelineAwareOpInterface>(calls[6]);
    ASSERT_TRUE(call);
    EXPECT_TRUE(call.participatesInTimeline());
    EXPECT_EQ(call.getSignalFence(), w);
    EXPECT_TRUE(call.getAwaitFences().empty());
    OpBuilder builder(calls[6]);
    SmallVector<Value> awaits = call.buildAwaitTimepoints(builder);
    ASSERT_EQ(awaits.size(), 1u);
    EXPECT_TRUE(isNewImportOf(awaits[0], w));
    EXPECT_EQ(awaits[0].getDefiningOp()->getBlock(), calls[6]->getBlock());
    // The new import precedes the call, but the result timepoint needs one
    // after it.
    builder.setInsertionPointAfter(calls[6]);
    Value result = call.buildResultTimepoint(builder);
    EXPECT_TRUE(isNewImportOf(result, w));
    EXPECT_NE(result, awaits[0]);
    EXPECT_TRUE(calls[6]->isBeforeInBlock(result.getDefiningOp()));
  }
  EXPECT_TRUE(succeeded(verify(*module)));
}

} // namespace

namespace {

// support-dialects.md §6.5.5: scf.for/if/while are hoistable iff every nested
// op is hoistable by its own interface, or memory-effect free without one;
// they are always atomically hoistable.
TEST_F(ExternalModelsTest, SCFHoistabilityFollowsNestedOps) {
  auto module = parseSourceString<ModuleOp>(R"mlir(
    util.global private mutable @g : i32
    util.func public @f(%r: !stream.resource<*>, %n: index, %b: i1) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c7 = arith.constant 7 : i32
      %pure = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
        %s = arith.addi %a, %i : index
        scf.yield %s : index
      }
      %fill = scf.if %b -> (!stream.resource<*>) {
        %f = stream.async.fill %c7, %r[%c0 to %c1 for %c1] : i32 -> %r as !stream.resource<*>{%n}
        scf.yield %f : !stream.resource<*>
      } else {
        scf.yield %r : !stream.resource<*>
      }
      %w = scf.while (%x = %c7) : (i32) -> i32 {
        %v = util.global.load @g : i32
        %cond = arith.cmpi eq, %x, %v : i32
        scf.condition(%cond) %x : i32
      } do {
      ^bb0(%y: i32):
        scf.yield %y : i32
      }
      util.return
    }
  )mlir",
                                            &context);
  ASSERT_TRUE(module);
  auto hoistable = [&](StringRef name) {
    auto op = dyn_cast_or_null<sluice::util::HoistableOpInterface>(
        find(*module, name));
    EXPECT_TRUE(op) << name.str();
    if (op)
      EXPECT_TRUE(op.isAtomicallyHoistableOp()) << name.str();
    return op && op.isHoistableOp();
  };
  EXPECT_TRUE(hoistable("scf.for"));    // pure arith
  EXPECT_TRUE(hoistable("scf.if"));     // stream.async.fill is hoistable
  EXPECT_FALSE(hoistable("scf.while")); // reads a mutable global
}

} // namespace
