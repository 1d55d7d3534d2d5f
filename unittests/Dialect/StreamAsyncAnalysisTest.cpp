//===- StreamAsyncAnalysisTest.cpp - elision and usage analyses -----------===//
//
// The lattices and queries of the async-phase analyses (stream-passes-1.md
// §10.2, §11): the resource usage state (initial states per lifetime,
// validity, meets, known bits), usage -> lifetime, last users, and the
// elision/usage analyses on small programs, all with hand-checked answers.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "sluice/Dialect/Stream/Analysis/ElisionAnalysis.h"
#include "sluice/Dialect/Stream/Analysis/ResourceUsage.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;
using Usage = ResourceUsageBitfield;

namespace {

//===----------------------------------------------------------------------===//
// ResourceUsageState
//===----------------------------------------------------------------------===//

TEST(ResourceUsageStateTest, BestStateUsesNothing) {
  ResourceUsageState state;
  EXPECT_EQ(state.getAssumed(), 8191);
  EXPECT_EQ(state.getKnown(), 0);
  EXPECT_EQ(state.getAssumedUsage(), Usage::None);
  EXPECT_TRUE(state.isValidState());
  EXPECT_FALSE(state.isAtFixpoint());
}

TEST(ResourceUsageStateTest, InitialStatePerLifetime) {
  // `*`: nothing known, nothing used.
  ResourceUsageState unknown;
  unknown.initializeForLifetime(Lifetime::Unknown);
  EXPECT_EQ(unknown.getAssumedUsage(), Usage::None);
  EXPECT_EQ(unknown.getKnown(), 0);

  // external: used externally; can never become constant or staging.
  ResourceUsageState external;
  external.initializeForLifetime(Lifetime::External);
  EXPECT_EQ(external.getAssumedUsage(), Usage::External);
  EXPECT_EQ(external.getKnown(),
            ResourceUsageState::notBits(Usage::Constant | Usage::StagingRead |
                                        Usage::StagingWrite));

  // staging: can never be external, constant, dispatched or a global.
  ResourceUsageState staging;
  staging.initializeForLifetime(Lifetime::Staging);
  EXPECT_EQ(staging.getAssumedUsage(), Usage::None);
  EXPECT_EQ(staging.getKnown(),
            ResourceUsageState::notBits(
                Usage::External | Usage::Constant | Usage::DispatchRead |
                Usage::DispatchWrite | Usage::GlobalRead | Usage::GlobalWrite));

  // transient and variable: never external, constant or staging.
  for (Lifetime lifetime : {Lifetime::Transient, Lifetime::Variable}) {
    ResourceUsageState state;
    state.initializeForLifetime(lifetime);
    EXPECT_EQ(state.getAssumedUsage(), Usage::None);
    EXPECT_EQ(state.getKnown(), ResourceUsageState::notBits(
                                    Usage::External | Usage::Constant |
                                    Usage::StagingRead | Usage::StagingWrite));
  }

  // constant: never mutated, external or staging, and (as in the reference)
  // it does not start with the Constant usage.
  ResourceUsageState constant;
  constant.initializeForLifetime(Lifetime::Constant);
  EXPECT_EQ(constant.getAssumedUsage(), Usage::None);
  EXPECT_EQ(constant.getKnown(), ResourceUsageState::notBits(
                                     Usage::Mutated | Usage::External |
                                     Usage::StagingRead | Usage::StagingWrite));
}

TEST(ResourceUsageStateTest, KnownBitsBlockUsages) {
  ResourceUsageState constant;
  constant.initializeForLifetime(Lifetime::Constant);
  // A constant can never record a mutation or an external use...
  constant.addUsage(Usage::Mutated | Usage::External | Usage::DispatchRead);
  EXPECT_EQ(constant.getAssumedUsage(), Usage::DispatchRead);
  // ...so it stays valid even when a mutation is attempted.
  EXPECT_TRUE(constant.isValidState());
}

TEST(ResourceUsageStateTest, Validity) {
  ResourceUsageState state;
  state.addUsage(Usage::StagingRead);
  EXPECT_TRUE(state.isValidState());
  EXPECT_TRUE(state.isStaging());
  // Staging and dispatch together are contradictory.
  state.addUsage(Usage::DispatchWrite);
  EXPECT_FALSE(state.isValidState());

  ResourceUsageState constantMutated;
  constantMutated.addUsage(Usage::Constant);
  EXPECT_TRUE(constantMutated.isValidState());
  constantMutated.addUsage(Usage::Mutated);
  EXPECT_FALSE(constantMutated.isValidState());

  // Every usage at once (assumed == worst) is invalid.
  ResourceUsageState everything;
  everything.addUsage(Usage::Unknown);
  EXPECT_EQ(everything.getAssumed(), 0);
  EXPECT_FALSE(everything.isValidState());
}

TEST(ResourceUsageStateTest, MeetUnionsUsagesAndKeepsKnownBits) {
  ResourceUsageState a;
  a.initializeForLifetime(Lifetime::Transient);
  a.addUsage(Usage::DispatchRead);
  ResourceUsageState b;
  b.addUsage(Usage::External | Usage::TransferWrite);
  a ^= b;
  // External is known-not for a transient: it does not carry over.
  EXPECT_EQ(a.getAssumedUsage(), Usage::DispatchRead | Usage::TransferWrite);
  // Meeting the same facts again changes nothing.
  EXPECT_EQ(util::dfx::clampStateAndIndicateChange(a, b),
            util::dfx::ChangeStatus::UNCHANGED);
  ResourceUsageState c;
  c.addUsage(Usage::Mutated);
  EXPECT_EQ(util::dfx::clampStateAndIndicateChange(a, c),
            util::dfx::ChangeStatus::CHANGED);
  EXPECT_TRUE(a.isUsed(Usage::Mutated));
}

TEST(ResourceUsageStateTest, Stringify) {
  EXPECT_EQ(stringifyResourceUsage(Usage::None), "None");
  EXPECT_EQ(stringifyResourceUsage(Usage::External | Usage::DispatchRead),
            "External|DispatchRead");
  EXPECT_EQ(stringifyResourceUsage(Usage::GlobalStorage), "GlobalStorage");
}

//===----------------------------------------------------------------------===//
// Usage -> lifetime (§11.4)
//===----------------------------------------------------------------------===//

TEST(ResourceUsageLifetimeTest, FirstMatchWins) {
  // 1. global storage holding constant data.
  EXPECT_EQ(getLifetimeForUsage(Usage::GlobalStorage | Usage::Constant |
                                Usage::External),
            Lifetime::Constant);
  // 2. indirect or external.
  EXPECT_EQ(getLifetimeForUsage(Usage::Indirect), Lifetime::External);
  EXPECT_EQ(getLifetimeForUsage(Usage::External | Usage::Constant),
            Lifetime::External);
  EXPECT_EQ(getLifetimeForUsage(Usage::External | Usage::StagingRead),
            Lifetime::External);
  // 3. host access.
  EXPECT_EQ(getLifetimeForUsage(Usage::StagingWrite | Usage::Constant),
            Lifetime::Staging);
  // 4. constant data.
  EXPECT_EQ(getLifetimeForUsage(Usage::Constant | Usage::GlobalRead),
            Lifetime::Constant);
  // 5. globals: variable when written in any way, else constant.
  EXPECT_EQ(getLifetimeForUsage(Usage::GlobalRead | Usage::DispatchRead),
            Lifetime::Constant);
  EXPECT_EQ(getLifetimeForUsage(Usage::GlobalRead | Usage::TransferWrite),
            Lifetime::Variable);
  EXPECT_EQ(getLifetimeForUsage(Usage::GlobalWrite), Lifetime::Variable);
  // 6. everything else.
  EXPECT_EQ(getLifetimeForUsage(Usage::None), Lifetime::Transient);
  EXPECT_EQ(getLifetimeForUsage(Usage::Mutated | Usage::DispatchWrite),
            Lifetime::Transient);
  // Unknown matches rule 1 ([REF]; Sluice does not map missing elements to
  // it, see ResourceUsageAnalysis::lookupResourceLifetime).
  EXPECT_EQ(getLifetimeForUsage(Usage::Unknown), Lifetime::Constant);
}

//===----------------------------------------------------------------------===//
// Last users
//===----------------------------------------------------------------------===//

class StreamAsyncAnalysisTest : public sluice::testing::DialectTest {
protected:
  /// The result of the op carrying the unit attribute `name`.
  Value tagged(ModuleOp module, StringRef name) {
    Value found;
    module.walk([&](Operation *op) {
      if (op->hasAttr(name))
        found = op->getResult(0);
    });
    return found;
  }
  Operation *taggedOp(ModuleOp module, StringRef name) {
    Operation *found = nullptr;
    module.walk([&](Operation *op) {
      if (op->hasAttr(name))
        found = op;
    });
    return found;
  }
};

TEST_F(StreamAsyncAnalysisTest, LastUserOfStraightLineCode) {
  auto module = parse(R"mlir(
    util.func private @f(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
      %c0 = arith.constant 0 : index
      %c1_i32 = arith.constant 1 : i32
      %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size} attributes {splat}
      %a = stream.async.dispatch @ex::@a(%splat[%c0 to %size for %size]) {first} : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
      %b = stream.async.dispatch @ex::@b(%splat[%c0 to %size for %size], %splat[%c0 to %size for %size]) {second} : (!stream.resource<*>{%size}, !stream.resource<*>{%size}) -> !stream.resource<*>{%size}
      util.return %a, %b : !stream.resource<*>, !stream.resource<*>
    }
  )mlir");
  ASSERT_TRUE(module);
  // The later user (using the value twice) is the only last user.
  SmallVector<Operation *> lastUsers = findLastUsers(tagged(*module, "splat"));
  ASSERT_EQ(lastUsers.size(), 1u);
  EXPECT_EQ(lastUsers[0], taggedOp(*module, "second"));
}

TEST_F(StreamAsyncAnalysisTest, LastUsersInExclusiveBranches) {
  auto module = parse(R"mlir(
    util.func private @f(%cond: i1, %size: index) -> !stream.resource<*> {
      %c0 = arith.constant 0 : index
      %c1_i32 = arith.constant 1 : i32
      %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size} attributes {splat}
      %r = scf.if %cond -> !stream.resource<*> {
        %a = stream.async.dispatch @ex::@a(%splat[%c0 to %size for %size]) {then} : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
        scf.yield %a : !stream.resource<*>
      } else {
        %b = stream.async.dispatch @ex::@b(%splat[%c0 to %size for %size]) {else} : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
        scf.yield %b : !stream.resource<*>
      }
      util.return %r : !stream.resource<*>
    }
  )mlir");
  ASSERT_TRUE(module);
  // Then and else never both run: each is a last user.
  SmallVector<Operation *> lastUsers = findLastUsers(tagged(*module, "splat"));
  EXPECT_EQ(lastUsers.size(), 2u);
  EXPECT_TRUE(llvm::is_contained(lastUsers, taggedOp(*module, "then")));
  EXPECT_TRUE(llvm::is_contained(lastUsers, taggedOp(*module, "else")));
}

TEST_F(StreamAsyncAnalysisTest, NoLastUserInLoopsOrAcrossBlocks) {
  auto module = parse(R"mlir(
    util.func private @loop(%size: index) -> !stream.resource<*> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c1_i32 = arith.constant 1 : i32
      %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size} attributes {looped}
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %splat) -> !stream.resource<*> {
        %a = stream.async.dispatch @ex::@a(%splat[%c0 to %size for %size], %acc[%c0 to %size for %size]) : (!stream.resource<*>{%size}, !stream.resource<*>{%size}) -> !stream.resource<*>{%size}
        scf.yield %a : !stream.resource<*>
      }
      util.return %r : !stream.resource<*>
    }
    util.func private @blocks(%cond: i1, %size: index) -> !stream.resource<*> {
      %c0 = arith.constant 0 : index
      %c1_i32 = arith.constant 1 : i32
      %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size} attributes {branched}
      cf.cond_br %cond, ^bb1, ^bb2
    ^bb1:
      %a = stream.async.dispatch @ex::@a(%splat[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
      util.return %a : !stream.resource<*>
    ^bb2:
      util.return %splat : !stream.resource<*>
    }
  )mlir");
  ASSERT_TRUE(module);
  // The loop uses the value as its init and again in every iteration.
  EXPECT_TRUE(findLastUsers(tagged(*module, "looped")).empty());
  // Users in different blocks may each run after the other.
  EXPECT_TRUE(findLastUsers(tagged(*module, "branched")).empty());
}

//===----------------------------------------------------------------------===//
// ElisionAnalysis
//===----------------------------------------------------------------------===//

TEST_F(StreamAsyncAnalysisTest, ElisionQueries) {
  auto module = parse(R"mlir(
    util.func private @callee(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c1_i32 = arith.constant 1 : i32
      %fill = stream.async.fill %c1_i32, %arg[%c0 to %c4 for %c4] : i32 -> %arg as !stream.resource<*>{%size}
      util.return %fill : !stream.resource<*>
    }
    util.func public @caller(%view: !hal.buffer_view, %size: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<external>) {
      %c0 = arith.constant 0 : index
      %c1_i32 = arith.constant 1 : i32
      %moved = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size} attributes {moved}
      %r = util.call @callee(%moved, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
      %read = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size} attributes {readonly}
      %d = stream.async.dispatch @ex::@read(%read[%c0 to %size for %size]) {reader} : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
      %import = stream.tensor.import %view : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size} attributes {borrowed}
      util.return %r, %d, %import : !stream.resource<*>, !stream.resource<*>, !stream.resource<external>
    }
  )mlir");
  ASSERT_TRUE(module);
  ElisionAnalysis analysis(*module);
  ASSERT_TRUE(succeeded(analysis.run()));

  auto callee = cast<util::FuncOp>(module->lookupSymbol("callee"));
  BlockArgument arg = callee.getFunctionBody().getArgument(0);
  // The only call passes its last use of the splat: by value.
  EXPECT_TRUE(analysis.isArgMoved(arg));
  // ...and the callee fills it in place.
  EXPECT_FALSE(analysis.isNeverMutated(arg));
  EXPECT_FALSE(analysis.isNeverMutated(tagged(*module, "moved")));
  // A value only read by a dispatch is never mutated.
  EXPECT_TRUE(analysis.isNeverMutated(tagged(*module, "readonly")));
  EXPECT_TRUE(analysis.isLastUser(tagged(*module, "readonly"),
                                  taggedOp(*module, "reader")));
  // A non-consuming import is borrowed storage; a splat is not.
  EXPECT_TRUE(analysis.containsBorrowedStorage(tagged(*module, "borrowed")));
  EXPECT_FALSE(analysis.containsBorrowedStorage(tagged(*module, "readonly")));
  // Non-resource block arguments have no semantics element.
  auto caller = cast<util::FuncOp>(module->lookupSymbol("caller"));
  EXPECT_FALSE(analysis.isArgMoved(caller.getFunctionBody().getArgument(1)));
}

TEST_F(StreamAsyncAnalysisTest, ElisionInfersAffinities) {
  auto module = parse(R"mlir(
    util.func private @f(%cond: i1, %size: index, %arg: !stream.resource<*>) -> (!stream.resource<*>, !stream.resource<*>) {
      %c1_i32 = arith.constant 1 : i32
      %r = scf.if %cond -> !stream.resource<*> {
        %a = stream.async.splat on(#hal.device.affinity<@dev_a>) %c1_i32 : i32 -> !stream.resource<*>{%size}
        scf.yield %a : !stream.resource<*>
      } else {
        %b = stream.async.splat on(#hal.device.affinity<@dev_a>) %c1_i32 : i32 -> !stream.resource<*>{%size}
        scf.yield %b : !stream.resource<*>
      } {produced}
      util.return %r, %arg : !stream.resource<*>, !stream.resource<*>
    }
  )mlir");
  ASSERT_TRUE(module);
  ElisionAnalysis analysis(*module);
  ASSERT_TRUE(succeeded(analysis.run()));
  AffinityAttr affinity =
      analysis.tryInferValueAffinity(tagged(*module, "produced"));
  ASSERT_TRUE(affinity);
  auto funcOp = cast<util::FuncOp>(module->lookupSymbol("f"));
  EXPECT_FALSE(
      analysis.tryInferValueAffinity(funcOp.getFunctionBody().getArgument(2)));
}

//===----------------------------------------------------------------------===//
// ResourceUsageAnalysis
//===----------------------------------------------------------------------===//

TEST_F(StreamAsyncAnalysisTest, UsageOfASmallProgram) {
  auto module = parse(R"mlir(
    util.func private @f(%size: index) -> !stream.resource<*> {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c1_i32 = arith.constant 1 : i32
      %splat = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%size} attributes {splat}
      %fill = stream.async.fill %c1_i32, %splat[%c0 to %c4 for %c4] : i32 -> %splat as !stream.resource<*>{%size} attributes {fill}
      %d = stream.async.dispatch @ex::@read(%fill[%c0 to %size for %size]) {dispatch} : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
      %staging = stream.async.transfer %d : !stream.resource<*>{%size} -> !stream.resource<staging>{%size} attributes {staging}
      %v = stream.async.load %staging[%c0] : !stream.resource<staging>{%size} -> i32
      util.return %fill : !stream.resource<*>
    }
  )mlir");
  ASSERT_TRUE(module);
  ResourceUsageAnalysis analysis(*module);
  ASSERT_TRUE(succeeded(analysis.run()));

  // The splat and the fill tied to it share their usage: written by a
  // transfer-like op, mutated in place, read by a dispatch.
  Usage expected = Usage::Mutated | Usage::TransferWrite | Usage::DispatchRead;
  EXPECT_EQ(analysis.lookupResourceUsage(tagged(*module, "splat")), expected);
  EXPECT_EQ(analysis.lookupResourceUsage(tagged(*module, "fill")), expected);
  EXPECT_EQ(analysis.lookupResourceLifetime(tagged(*module, "fill")),
            Lifetime::Transient);
  // The dispatch result is written by the dispatch and read by a transfer;
  // the staging side does not merge into it.
  EXPECT_EQ(analysis.lookupResourceUsage(tagged(*module, "dispatch")),
            Usage::DispatchWrite | Usage::TransferRead);
  // The staging value: written by the transfer, read on the host. Its
  // producer rule runs before its uses are seen, while it does not look
  // staging yet, so it also takes the source's TransferRead (the source's
  // DispatchWrite is known-impossible for a staging value and is dropped).
  EXPECT_EQ(analysis.lookupResourceUsage(tagged(*module, "staging")),
            Usage::TransferRead | Usage::TransferWrite | Usage::StagingRead);
  EXPECT_EQ(analysis.lookupResourceLifetime(tagged(*module, "staging")),
            Lifetime::Staging);
}

TEST_F(StreamAsyncAnalysisTest, UsageOfPublicAndInvalidValues) {
  auto module = parse(R"mlir(
    util.func public @f(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c1_i32 = arith.constant 1 : i32
      %cst = stream.async.constant : !stream.resource<*>{%size} = dense<1> : tensor<4xi32> attributes {cst}
      %fill = stream.async.fill %c1_i32, %cst[%c0 to %c4 for %c4] : i32 -> %cst as !stream.resource<*>{%size}
      util.return %arg : !stream.resource<*>
    }
  )mlir");
  ASSERT_TRUE(module);
  ResourceUsageAnalysis analysis(*module);
  ASSERT_TRUE(succeeded(analysis.run()));
  auto funcOp = cast<util::FuncOp>(module->lookupSymbol("f"));
  // A public function argument that is returned crosses the ABI.
  Value arg = funcOp.getFunctionBody().getArgument(0);
  EXPECT_TRUE(hasAnyUsage(analysis.lookupResourceUsage(arg), Usage::External));
  EXPECT_EQ(analysis.lookupResourceLifetime(arg), Lifetime::External);
  // Constant data mutated in place is contradictory: no valid usage, and
  // [SLUICE] the conservative external lifetime.
  Value cst = tagged(*module, "cst");
  EXPECT_FALSE(analysis.tryLookupResourceUsage(cst).has_value());
  EXPECT_EQ(analysis.lookupResourceUsage(cst), Usage::Unknown);
  EXPECT_EQ(analysis.lookupResourceLifetime(cst), Lifetime::External);
}

} // namespace
