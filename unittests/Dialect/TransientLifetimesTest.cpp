//===- TransientLifetimesTest.cpp - computeTransientSlotLifetimes ---------===//
//
// Lifetimes of external transient slots (TransientLifetimes.h) on generated
// chains, with hand-derived expectations, including the cases where the
// compact "follows" sets drop facts (the result must stay conservative).
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "sluice/Dialect/Stream/Analysis/BlockTimeline.h"
#include "sluice/Dialect/Stream/Analysis/TransientLifetimes.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

using namespace mlir;
using namespace sluice::stream;

namespace {

class TransientLifetimesTest : public sluice::testing::DialectTest {
protected:
  using AwaitOf = llvm::function_ref<std::string(unsigned)>;

  /// Parses a function with `count` allocas of 64 bytes, each used by one
  /// execute and released by one dealloca, into `module`, and collects its
  /// allocas (`allocas`) and entry block (`entry`). Alloca j awaits
  /// `awaitOf(j)`, a timepoint expression over the earlier values (`%e<i>`
  /// the execute of slot i, `%d<i>` its dealloca); `extra(j)` is IR emitted
  /// before alloca j. Call through ASSERT_NO_FATAL_FAILURE.
  void build(unsigned count, AwaitOf awaitOf, AwaitOf extra = none) {
    std::string ir = "util.func public @f(%await: !stream.timepoint) {\n"
                     "  %c64 = arith.constant 64 : index\n";
    for (unsigned j = 0; j < count; ++j) {
      std::string n = std::to_string(j);
      ir += extra(j);
      ir += "  %a" + n + ", %a" + n +
            "_tp = stream.resource.alloca uninitialized await(" + awaitOf(j) +
            ") => !stream.resource<transient>{%c64} => !stream.timepoint\n";
      ir += "  %e" + n + " = stream.cmd.execute await(%a" + n +
            "_tp) => with(%a" + n +
            " as %x: !stream.resource<transient>{%c64}) {\n  } => "
            "!stream.timepoint\n";
      ir += "  %d" + n + " = stream.resource.dealloca await(%e" + n +
            ") => %a" + n +
            " : !stream.resource<transient>{%c64} => !stream.timepoint\n";
    }
    module = parse(ir + "  util.return\n}\n");
    ASSERT_TRUE(module);
    allocas.clear();
    module->walk([&](ResourceAllocaOp op) { allocas.push_back(op); });
    ASSERT_EQ(allocas.size(), count);
    entry = &findOp<sluice::util::FuncOp>(*module).getFunctionBody().front();
  }

  /// The lifetimes of `slots` (default: every alloca, in order). Every test
  /// also checks that a timeline recorded op by op, as a walk of the
  /// function records it (BlockTimeline::append), gives the same result.
  SmallVector<std::pair<int64_t, int64_t>>
  lifetimes(std::optional<ArrayRef<Operation *>> slots = std::nullopt) {
    ArrayRef<Operation *> slotOps = slots ? *slots : ArrayRef(allocas);
    auto result =
        computeTransientSlotLifetimes(BlockTimeline::build(*entry), slotOps);
    BlockTimeline recorded(*entry);
    for (Operation &op : *entry)
      recorded.append(&op);
    EXPECT_EQ(computeTransientSlotLifetimes(recorded, slotOps), result);
    return result;
  }

  static std::string none(unsigned) { return ""; }
  /// Alloca j awaits the dealloca of slot j-1 (a reusing chain).
  static std::string afterDealloca(unsigned j) {
    return j == 0 ? std::string("%await") : "%d" + std::to_string(j - 1);
  }
  /// Alloca j awaits the execute of slot j-1 (nothing ordered).
  static std::string afterExecute(unsigned j) {
    return j == 0 ? std::string("%await") : "%e" + std::to_string(j - 1);
  }

  OwningOpRef<ModuleOp> module;
  SmallVector<Operation *> allocas;
  Block *entry = nullptr;
};

/// Each alloca awaits the previous dealloca: every slot is [k, k].
TEST_F(TransientLifetimesTest, ChainReusesEverySlot) {
  ASSERT_NO_FATAL_FAILURE(build(300, afterDealloca));
  auto result = lifetimes();
  ASSERT_EQ(result.size(), 300u);
  for (int64_t k = 0; k < 300; ++k)
    EXPECT_EQ(result[k], std::make_pair(k, k)) << "slot " << k;
}

/// Each alloca awaits the previous execute, not its dealloca: nothing is
/// ordered, every slot reaches the end.
TEST_F(TransientLifetimesTest, UnorderedChainOverlaps) {
  ASSERT_NO_FATAL_FAILURE(build(40, afterExecute));
  auto result = lifetimes();
  for (int64_t k = 0; k < 40; ++k)
    EXPECT_EQ(result[k], std::make_pair(k, int64_t{39})) << "slot " << k;
}

/// Slot 0's dealloca is awaited by no alloca (side work): it is not
/// numbered, does not hold the prefix back, and slot 0 reaches the end
/// while the chain after it reuses its slots.
TEST_F(TransientLifetimesTest, DeallocaNobodyAwaitsDoesNotBlock) {
  ASSERT_NO_FATAL_FAILURE(build(101, [](unsigned j) {
    return j == 1 ? std::string("%e0") : afterDealloca(j);
  }));
  auto result = lifetimes();
  EXPECT_EQ(result[0], std::make_pair(int64_t{0}, int64_t{100}));
  for (int64_t k = 1; k <= 100; ++k)
    EXPECT_EQ(result[k], std::make_pair(k, k)) << "slot " << k;
}

/// Slot 0's dealloca is awaited only by the last alloca: it holds the
/// prefix at 0, so the later slots rely on the 32 explicit entries. Alloca
/// m (2 <= m <= 99) then knows deallocas m-32 .. m-1 (numbered by slot);
/// alloca 100 knows 0 and 68 .. 99. Slots 68..99 are still [k, k]; slots
/// 1..67 lose the fact that alloca 100 follows them and reach the end
/// (conservative). Slot 0 ends at 99: only alloca 100 follows it.
TEST_F(TransientLifetimesTest, BlockedPrefixStaysConservative) {
  ASSERT_NO_FATAL_FAILURE(build(
      101,
      [](unsigned j) {
        if (j == 1)
          return std::string("%e0");
        if (j == 100)
          return std::string("%join");
        return afterDealloca(j);
      },
      [](unsigned j) {
        return j == 100 ? std::string("  %join = stream.timepoint.join max("
                                      "%d99, %d0) => !stream.timepoint\n")
                        : std::string();
      }));
  auto result = lifetimes();
  EXPECT_EQ(result[0], std::make_pair(int64_t{0}, int64_t{99}));
  for (int64_t k = 1; k <= 67; ++k)
    EXPECT_EQ(result[k], std::make_pair(k, int64_t{100})) << "slot " << k;
  for (int64_t k = 68; k <= 100; ++k)
    EXPECT_EQ(result[k], std::make_pair(k, k)) << "slot " << k;
}

/// Slots that are not single entry-block allocas (null here) span all
/// ordered slots; with no ordered slot at all every slot is [0, 0].
TEST_F(TransientLifetimesTest, UnorderedSlotsSpanEverything) {
  ASSERT_NO_FATAL_FAILURE(build(3, afterDealloca));
  Operation *mixedSlots[] = {allocas[0], nullptr, allocas[2]};
  auto mixed = lifetimes(ArrayRef<Operation *>(mixedSlots));
  EXPECT_EQ(mixed[0], std::make_pair(int64_t{0}, int64_t{0}));
  EXPECT_EQ(mixed[1], std::make_pair(int64_t{0}, int64_t{1}));
  EXPECT_EQ(mixed[2], std::make_pair(int64_t{1}, int64_t{1}));
  Operation *unorderedSlots[] = {nullptr, nullptr};
  auto unordered = lifetimes(ArrayRef<Operation *>(unorderedSlots));
  EXPECT_EQ(unordered[0], std::make_pair(int64_t{0}, int64_t{0}));
  EXPECT_EQ(unordered[1], std::make_pair(int64_t{0}, int64_t{0}));
}

} // namespace

namespace {

using BlockTimelineTest = sluice::testing::DialectTest;

/// The timeline numbers the timeline ops in program order (skipping other
/// ops), resolves each await to the op of the block defining it (none for an
/// argument, or for a timepoint of a nested op), and tells alloca and
/// dealloca ops and their resources' lifetime apart.
TEST_F(BlockTimelineTest, NumbersOpsAndResolvesAwaits) {
  auto module = parse(R"mlir(
util.func public @f(%arg: !stream.timepoint, %cond: i1) {
  %c64 = arith.constant 64 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%arg) => !stream.resource<transient>{%c64} => !stream.timepoint
  %b, %b_tp = stream.resource.alloca uninitialized await(%a_tp) => !stream.resource<external>{%c64} => !stream.timepoint
  %nested = scf.if %cond -> (!stream.timepoint) {
    %j = stream.timepoint.join max(%a_tp, %b_tp) => !stream.timepoint
    scf.yield %j : !stream.timepoint
  } else {
    scf.yield %a_tp : !stream.timepoint
  }
  %join = stream.timepoint.join max(%b_tp, %nested, %a_tp, %arg) => !stream.timepoint
  %d = stream.resource.dealloca await(%join) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
  %d2 = stream.resource.dealloca await(%d) => %b : !stream.resource<external>{%c64} => !stream.timepoint
  util.return
}
)mlir");
  ASSERT_TRUE(module);
  Block &entry =
      findOp<sluice::util::FuncOp>(*module).getFunctionBody().front();
  BlockTimeline timeline = BlockTimeline::build(entry);
  constexpr uint32_t kNone = BlockTimeline::kNone;
  ASSERT_EQ(timeline.size(), 5u);
  EXPECT_TRUE(isa<ResourceAllocaOp>(timeline.getOp(0)));
  EXPECT_TRUE(isa<TimepointJoinOp>(timeline.getOp(2)));
  EXPECT_EQ(timeline.getKind(0),
            BlockTimeline::kAlloca | BlockTimeline::kTransient);
  EXPECT_EQ(timeline.getKind(1), BlockTimeline::kAlloca);
  EXPECT_EQ(timeline.getKind(2), BlockTimeline::kOther);
  EXPECT_EQ(timeline.getKind(3),
            BlockTimeline::kDealloca | BlockTimeline::kTransient);
  EXPECT_EQ(timeline.getKind(4), BlockTimeline::kDealloca);
  auto defsOf = [&](uint32_t k) {
    SmallVector<uint32_t> defs;
    for (uint32_t a : timeline.awaitsOf(k))
      defs.push_back(timeline.getAwaitDef(a));
    return defs;
  };
  EXPECT_EQ(defsOf(0), SmallVector<uint32_t>{kNone});
  EXPECT_EQ(defsOf(1), SmallVector<uint32_t>{0});
  // %b_tp, the scf.if result (not a timeline op), %a_tp (awaited a third
  // time in the block, after a use in the nested join), %arg.
  EXPECT_EQ(defsOf(2), (SmallVector<uint32_t>{1, kNone, 0, kNone}));
  EXPECT_EQ(defsOf(3), SmallVector<uint32_t>{2});
  EXPECT_EQ(defsOf(4), SmallVector<uint32_t>{3});
  for (uint32_t a : timeline.awaitsOf(2))
    EXPECT_EQ(timeline.awaitIsResult(a), timeline.getAwaitDef(a) != kNone);
  EXPECT_EQ(timeline.getResult(0),
            timeline.getAwait(*timeline.awaitsOf(1).begin()));
  EXPECT_EQ(timeline.getTag(0), 0);
  timeline.setTag(0, 7);
  EXPECT_EQ(timeline.getTag(0), 7);
}

} // namespace
