//===- StreamTimepointsTest.cpp - timepoint immediacy and coverage --------===//
//
// stream-passes-2.md §6.1–§6.3: the immediacy (greatest fixpoint) and
// coverage (least fixpoint) equations on hand-written programs, the known
// sets (EL8), and the EL1–EL3 fixes next to the reference behaviour they
// replace (TimepointAnalysis::Options).
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "sluice/Dialect/Stream/Analysis/Timepoints.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/Analysis/Explorer.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;

namespace {

class TimepointsTest : public sluice::testing::DialectTest {
protected:
  /// Parses `source` and runs the analysis with `options`.
  void
  analyze(StringRef source,
          TimepointAnalysis::Options options = TimepointAnalysis::Options()) {
    module = parse(source);
    ASSERT_TRUE(module);
    explorer = std::make_unique<util::Explorer>(*module,
                                                util::TraversalAction::RECURSE);
    explorer->setOpAction<ExecutableOp>(util::TraversalAction::IGNORE);
    explorer->setOpAction<AsyncExecuteOp>(util::TraversalAction::SHALLOW);
    explorer->setOpAction<CmdExecuteOp>(util::TraversalAction::SHALLOW);
    explorer->initialize();
    analysis = std::make_unique<TimepointAnalysis>(*module, *explorer, options);
    analysis->run();
  }

  /// The first result of the `index`-th op named `name` (walk order).
  Value result(StringRef name, unsigned index = 0) {
    unsigned seen = 0;
    Value found;
    module->walk([&](Operation *op) {
      if (op->getName().getStringRef() == name && seen++ == index)
        found = op->getResult(0);
    });
    EXPECT_TRUE(found) << name.str() << " #" << index;
    return found;
  }

  /// Argument `index` of block `blockIndex` of function `func`.
  Value arg(StringRef func, unsigned index, unsigned blockIndex = 0) {
    auto funcOp = module->lookupSymbol<util::FuncOp>(func);
    EXPECT_TRUE(funcOp);
    auto it = funcOp.getBody().begin();
    std::advance(it, blockIndex);
    return it->getArgument(index);
  }

  OwningOpRef<ModuleOp> module;
  std::unique_ptr<util::Explorer> explorer;
  std::unique_ptr<TimepointAnalysis> analysis;
};

//===----------------------------------------------------------------------===//
// Immediacy
//===----------------------------------------------------------------------===//

TEST_F(TimepointsTest, JoinsAndSelectsOfImmediates) {
  analyze(R"mlir(
    util.func private @f(%cond: i1, %t: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint, !stream.timepoint) {
      %i0 = stream.timepoint.immediate => !stream.timepoint
      %i1 = stream.timepoint.immediate => !stream.timepoint
      %j = stream.timepoint.join max(%i0, %i1) => !stream.timepoint
      %s = arith.select %cond, %j, %i0 : !stream.timepoint
      %n = stream.timepoint.join max(%s, %t) => !stream.timepoint
      util.return %j, %s, %n : !stream.timepoint, !stream.timepoint, !stream.timepoint
    }
  )mlir");
  EXPECT_TRUE(analysis->isImmediate(result("stream.timepoint.join", 0)));
  EXPECT_TRUE(analysis->isImmediate(result("arith.select")));
  // %t is an argument of a private function without callers: its incoming
  // edges are complete and empty, so it is vacuously immediate; the join
  // with it is immediate too.
  EXPECT_TRUE(analysis->isImmediate(arg("f", 1)));
  EXPECT_TRUE(analysis->isImmediate(result("stream.timepoint.join", 1)));
}

TEST_F(TimepointsTest, PublicArgumentsAndTimelineResultsAreNotImmediate) {
  analyze(R"mlir(
    util.func public @f(%t: !stream.timepoint) -> !stream.timepoint {
      %e = stream.cmd.execute with() {} => !stream.timepoint
      %j = stream.timepoint.join max(%t, %e) => !stream.timepoint
      util.return %j : !stream.timepoint
    }
  )mlir");
  EXPECT_FALSE(analysis->isImmediate(arg("f", 0)));
  EXPECT_FALSE(analysis->isImmediate(result("stream.cmd.execute")));
  EXPECT_FALSE(analysis->isImmediate(result("stream.timepoint.join")));
}

TEST_F(TimepointsTest, LoopArgumentIsGreatestFixpoint) {
  // The loop argument receives an immediate and a join of itself with an
  // immediate: immediate. A second loop whose back edge carries an execute
  // result is not.
  analyze(R"mlir(
    util.func private @f(%cond: i1) -> (!stream.timepoint, !stream.timepoint) {
      %i = stream.timepoint.immediate => !stream.timepoint
      cf.br ^bb1(%i, %i : !stream.timepoint, !stream.timepoint)
    ^bb1(%a: !stream.timepoint, %b: !stream.timepoint):
      %i2 = stream.timepoint.immediate => !stream.timepoint
      %j = stream.timepoint.join max(%a, %i2) => !stream.timepoint
      %e = stream.cmd.execute await(%b) => with() {} => !stream.timepoint
      cf.cond_br %cond, ^bb1(%j, %e : !stream.timepoint, !stream.timepoint), ^bb2
    ^bb2:
      util.return %a, %b : !stream.timepoint, !stream.timepoint
    }
  )mlir");
  EXPECT_TRUE(analysis->isImmediate(arg("f", 0, 1)));
  EXPECT_FALSE(analysis->isImmediate(arg("f", 1, 1)));
}

TEST_F(TimepointsTest, GlobalsCallsAndRegions) {
  analyze(R"mlir(
    util.global private mutable @uniform = #stream.timepoint<immediate> : !stream.timepoint
    util.global private mutable @mixed = #stream.timepoint<immediate> : !stream.timepoint
    util.func private @callee(%t: !stream.timepoint) -> !stream.timepoint {
      util.return %t : !stream.timepoint
    }
    util.func private @ext() -> !stream.timepoint
    util.func public @f(%cond: i1, %t: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint) {
      %i = stream.timepoint.immediate => !stream.timepoint
      util.global.store %i, @uniform : !stream.timepoint
      util.global.store %t, @mixed : !stream.timepoint
      %u = util.global.load @uniform : !stream.timepoint
      %m = util.global.load @mixed : !stream.timepoint
      %c = util.call @callee(%i) : (!stream.timepoint) -> !stream.timepoint
      %x = util.call @ext() : () -> !stream.timepoint
      %if = scf.if %cond -> !stream.timepoint {
        scf.yield %i : !stream.timepoint
      } else {
        scf.yield %c : !stream.timepoint
      }
      %w = scf.while (%a = %i) : (!stream.timepoint) -> (!stream.timepoint) {
        scf.condition(%cond) %a : !stream.timepoint
      } do {
      ^bb0(%a: !stream.timepoint):
        scf.yield %a : !stream.timepoint
      }
      util.return %u, %m, %c, %x, %if, %w : !stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint, !stream.timepoint
    }
  )mlir");
  EXPECT_TRUE(analysis->isImmediate(result("util.global.load", 0)));
  EXPECT_FALSE(analysis->isImmediate(result("util.global.load", 1)));
  EXPECT_TRUE(analysis->isImmediate(result("util.call", 0)));
  EXPECT_FALSE(analysis->isImmediate(result("util.call", 1)));
  EXPECT_TRUE(analysis->isImmediate(result("scf.if")));
  EXPECT_FALSE(analysis->isImmediate(result("scf.while"))); // EL6
}

TEST_F(TimepointsTest, UnseededValuesArePessimistic) {
  // EL8: the producer's result only flows into another call: no element is
  // created for it, so the query is pessimistic although it is immediate.
  analyze(R"mlir(
    util.func private @producer() -> !stream.timepoint {
      %i = stream.timepoint.immediate => !stream.timepoint
      util.return %i : !stream.timepoint
    }
    util.func private @consumer(%t: !stream.timepoint) {
      util.return
    }
    util.func public @f() {
      %p = util.call @producer() : () -> !stream.timepoint
      util.call @consumer(%p) : (!stream.timepoint) -> ()
      util.return
    }
  )mlir");
  EXPECT_FALSE(analysis->isImmediate(result("util.call", 0)));
  // The consumer's argument is seeded (a block argument): immediate.
  EXPECT_TRUE(analysis->isImmediate(arg("consumer", 0)));
  // A value created after solving is outside the known sets.
  OpBuilder builder(&context);
  builder.setInsertionPointToStart(module->getBody());
  auto join = TimepointJoinOp::create(
      builder, builder.getUnknownLoc(), TimepointType::get(&context),
      ValueRange{result("stream.timepoint.immediate")});
  EXPECT_FALSE(analysis->isImmediate(join.getResult()));
  EXPECT_FALSE(analysis->covers(join.getResult(),
                                {result("stream.timepoint.immediate")}));
  join.erase();
}

//===----------------------------------------------------------------------===//
// Coverage
//===----------------------------------------------------------------------===//

constexpr const char *kChain = R"mlir(
  util.func public @f(%cond: i1) -> !stream.timepoint {
    %t0 = stream.cmd.execute with() {} => !stream.timepoint
    %t1 = stream.cmd.execute await(%t0) => with() {} => !stream.timepoint
    %t2 = stream.cmd.execute await(%t1) => with() {} => !stream.timepoint
    %u = stream.cmd.execute with() {} => !stream.timepoint
    %j = stream.timepoint.join max(%t2, %u) => !stream.timepoint
    %s = arith.select %cond, %t2, %u : !stream.timepoint
    %k = stream.timepoint.join max(%j, %s, %t0) => !stream.timepoint
    util.return %k : !stream.timepoint
  }
)mlir";

TEST_F(TimepointsTest, TimelineChainsCoverTransitively) {
  analyze(kChain);
  Value t0 = result("stream.cmd.execute", 0),
        t1 = result("stream.cmd.execute", 1),
        t2 = result("stream.cmd.execute", 2),
        u = result("stream.cmd.execute", 3);
  Value j = result("stream.timepoint.join", 0);
  EXPECT_TRUE(analysis->covers(t2, {t0, t1, t2}));
  EXPECT_FALSE(analysis->covers(t1, {t2}));
  EXPECT_FALSE(analysis->covers(t2, {u}));
  EXPECT_TRUE(analysis->covers(j, {t0, t1, t2, u, j}));
  EXPECT_FALSE(analysis->covers(t2, {}));
}

TEST_F(TimepointsTest, SelectCoverageIsIntersection) {
  // EL2: with the fix the select covers only what both sides cover (neither
  // side covers the other's timepoints); the reference unions them.
  analyze(kChain);
  Value t0 = result("stream.cmd.execute", 0),
        u = result("stream.cmd.execute", 3);
  Value s = result("arith.select");
  EXPECT_FALSE(analysis->covers(s, {t0}));
  EXPECT_FALSE(analysis->covers(s, {u}));

  TimepointAnalysis::Options reference;
  reference.intersectSelects = false;
  analyze(kChain, reference);
  t0 = result("stream.cmd.execute", 0);
  u = result("stream.cmd.execute", 3);
  s = result("arith.select");
  EXPECT_TRUE(analysis->covers(s, {t0}));
  EXPECT_TRUE(analysis->covers(s, {u}));
}

TEST_F(TimepointsTest, RequiredAwaitsDropCoveredOnes) {
  analyze(kChain);
  Value t0 = result("stream.cmd.execute", 0),
        t2 = result("stream.cmd.execute", 2),
        u = result("stream.cmd.execute", 3);
  // t0 is covered by t2; u by nothing.
  EXPECT_EQ(analysis->computeRequired({t0, t2, u}),
            (SmallVector<bool>{false, true, true}));
  // Duplicates get the same answer and do not cover each other.
  EXPECT_EQ(analysis->computeRequired({u, u}), (SmallVector<bool>{true, true}));
}

TEST_F(TimepointsTest, BlockArgumentsIntersectEdgesAndLoopsAreLeast) {
  analyze(R"mlir(
    util.func public @f(%cond: i1) -> !stream.timepoint {
      %t0 = stream.cmd.execute with() {} => !stream.timepoint
      %a = stream.cmd.execute await(%t0) => with() {} => !stream.timepoint
      %b = stream.cmd.execute await(%t0) => with() {} => !stream.timepoint
      %c = stream.cmd.execute with() {} => !stream.timepoint
      cf.cond_br %cond, ^bb1(%a, %a : !stream.timepoint, !stream.timepoint), ^bb1(%b, %c : !stream.timepoint, !stream.timepoint)
    ^bb1(%x: !stream.timepoint, %y: !stream.timepoint):
      %k = stream.timepoint.join max(%y) => !stream.timepoint
      cf.br ^bb2(%x : !stream.timepoint)
    ^bb2(%l: !stream.timepoint):
      %n = stream.cmd.execute await(%l) => with() {} => !stream.timepoint
      cf.cond_br %cond, ^bb2(%n : !stream.timepoint), ^bb3
    ^bb3:
      util.return %l : !stream.timepoint
    }
  )mlir");
  Value t0 = result("stream.cmd.execute", 0),
        a = result("stream.cmd.execute", 1);
  Value x = arg("f", 0, 1), y = arg("f", 1, 1), l = arg("f", 0, 2);
  EXPECT_TRUE(analysis->covers(x, {x, t0})); // both edges cover t0
  EXPECT_FALSE(analysis->covers(x, {a}));    // only one edge is %a
  EXPECT_FALSE(analysis->covers(y, {t0}));   // %c does not cover t0
  EXPECT_TRUE(analysis->covers(y, {y}));
  // %x is only consulted as an edge value of %l: it is known; an unused
  // block argument would not be (EL8).
  // The loop argument: the back edge's coverage does not contain what the
  // entry edge covers (least fixpoint), so only itself.
  EXPECT_TRUE(analysis->covers(l, {l}));
  EXPECT_FALSE(analysis->covers(l, {t0}));
  EXPECT_FALSE(analysis->covers(l, {x}));
}

TEST_F(TimepointsTest, IncompleteArgumentsCoverOnlyThemselves) {
  // EL3: a public function's argument has unknown callers.
  constexpr const char *source = R"mlir(
    util.func public @callee(%t: !stream.timepoint) -> !stream.timepoint {
      util.return %t : !stream.timepoint
    }
    util.func public @caller() -> !stream.timepoint {
      %t0 = stream.cmd.execute with() {} => !stream.timepoint
      %t1 = stream.cmd.execute await(%t0) => with() {} => !stream.timepoint
      %r = util.call @callee(%t1) : (!stream.timepoint) -> !stream.timepoint
      %j = stream.timepoint.join max(%r, %t0) => !stream.timepoint
      util.return %j : !stream.timepoint
    }
  )mlir";
  analyze(source);
  EXPECT_FALSE(
      analysis->covers(result("util.call"), {result("stream.cmd.execute", 0)}));
  EXPECT_TRUE(analysis->covers(arg("callee", 0), {arg("callee", 0)}));

  TimepointAnalysis::Options reference;
  reference.incompleteArgCoversSelf = false;
  analyze(source, reference);
  EXPECT_TRUE(
      analysis->covers(result("util.call"), {result("stream.cmd.execute", 0)}));
}

TEST_F(TimepointsTest, MutualCoverageKeepsOneMember) {
  // EL1: %a and %b only receive each other's successors (an unreachable
  // loop): each covers the other. The reference would drop both; the fix
  // keeps the first.
  analyze(R"mlir(
    util.func public @f() {
      util.return
    ^bb1(%a: !stream.timepoint, %b: !stream.timepoint):
      %ta = stream.cmd.execute await(%a) => with() {} => !stream.timepoint
      %tb = stream.cmd.execute await(%b) => with() {} => !stream.timepoint
      %j = stream.timepoint.join max(%a, %b) => !stream.timepoint
      %z = stream.cmd.execute await(%j) => with() {} => !stream.timepoint
      util.optimization_barrier %z : !stream.timepoint
      cf.br ^bb1(%tb, %ta : !stream.timepoint, !stream.timepoint)
    }
  )mlir");
  Value a = arg("f", 0, 1), b = arg("f", 1, 1);
  EXPECT_TRUE(analysis->covers(a, {b}));
  EXPECT_TRUE(analysis->covers(b, {a}));
  EXPECT_EQ(analysis->computeRequired({a, b}),
            (SmallVector<bool>{true, false}));
  EXPECT_EQ(analysis->computeRequired({b, a}),
            (SmallVector<bool>{true, false}));
  // %ta is in the same class (in this loop every timepoint covers every
  // other): the first member is kept.
  Value ta = result("stream.cmd.execute", 0);
  EXPECT_TRUE(analysis->covers(ta, {a, b}));
  EXPECT_TRUE(analysis->covers(a, {ta}));
  EXPECT_EQ(analysis->computeRequired({a, b, ta}),
            (SmallVector<bool>{true, false, false}));
  // %z (after the join) covers the class and is not covered by it: the
  // whole class goes.
  Value z = result("stream.cmd.execute", 2);
  EXPECT_FALSE(analysis->covers(a, {z}));
  EXPECT_EQ(analysis->computeRequired({a, b, z}),
            (SmallVector<bool>{false, false, true}));
}

TEST_F(TimepointsTest, FencesBridgeTimelineAwareOps) {
  analyze(R"mlir(
    util.func public @f(%r: !stream.resource<external>, %s0: !stream.test.fence, %s1: !stream.test.fence) -> !stream.timepoint {
      %t0 = stream.cmd.execute with() {} => !stream.timepoint
      %w = stream.timepoint.export %t0 => (!stream.test.fence)
      %o0 = stream.test.timeline_aware(%r) waits(%w) signals(%s0) : (!stream.resource<external>) -> !stream.resource<external>
      %o1 = stream.test.timeline_aware(%o0) waits(%s0) signals(%s1) : (!stream.resource<external>) -> !stream.resource<external>
      %i = stream.timepoint.import %s1 : (!stream.test.fence) => !stream.timepoint
      %j = stream.timepoint.join max(%t0, %i) => !stream.timepoint
      util.return %j : !stream.timepoint
    }
  )mlir");
  Value t0 = result("stream.cmd.execute"),
        imported = result("stream.timepoint.import");
  EXPECT_TRUE(analysis->covers(imported, {t0}));
  EXPECT_FALSE(
      analysis->covers(imported, {imported})); // imports are not members
}

TEST_F(TimepointsTest, ManyTargetsAndLongChains) {
  // A chain of 200 executes and a join of all of them: the last one covers
  // every other (targets span several 64-bit query chunks).
  std::string source =
      "util.func public @f() -> !stream.timepoint {\n"
      "%t0 = stream.cmd.execute with() {} => !stream.timepoint\n";
  for (int i = 1; i < 200; ++i)
    source += "%t" + std::to_string(i) + " = stream.cmd.execute await(%t" +
              std::to_string(i - 1) + ") => with() {} => !stream.timepoint\n";
  source += "%j = stream.timepoint.join max(";
  for (int i = 0; i < 200; ++i)
    source += (i ? ", %t" : "%t") + std::to_string(i);
  source += ") => !stream.timepoint\nutil.return %j : !stream.timepoint\n}\n";
  analyze(source);
  SmallVector<Value> all;
  for (int i = 0; i < 200; ++i)
    all.push_back(result("stream.cmd.execute", i));
  EXPECT_TRUE(analysis->covers(all.back(), all));
  EXPECT_FALSE(analysis->covers(all[198], all));
  SmallVector<bool> required = analysis->computeRequired(all);
  for (int i = 0; i < 199; ++i)
    EXPECT_FALSE(required[i]) << i;
  EXPECT_TRUE(required[199]);
}

} // namespace
