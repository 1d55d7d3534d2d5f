//===- StreamPartitioningTest.cpp - partitioners and their verifier -------===//
//
// stream-passes-2.md §2.2 (execute partitions: freeze, sync-op deferral,
// clone placement, nested-region hazards), §2.4 (partition-set diagnostics)
// and §3.2 (concurrency waves for both favors), checked on parsed blocks
// against hand-derived partitions.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "sluice/Dialect/Stream/Analysis/Partitioning.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/IR/Diagnostics.h"

#include <gtest/gtest.h>

#include <random>

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;

namespace {

class PartitioningTest : public sluice::testing::DialectTest {
protected:
  /// Parses `body` as the body of `util.func @f(<args>)` preceded by the
  /// usual constants and returns the function's entry block.
  Block *parseBody(StringRef args, StringRef body, StringRef extra = "") {
    std::string source = (extra + "\nutil.func public @f(" + args + R"() {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c64 = arith.constant 64 : index
        %c255_i32 = arith.constant 255 : i32
      )" + body + "\n}")
                             .str();
    module = parse(source);
    EXPECT_TRUE(module);
    if (!module)
      return nullptr;
    for (auto func : module->getOps<util::FuncOp>())
      return &func.getBody().front();
    return nullptr;
  }

  /// A short name for an op: the dispatch entry point, else the op name
  /// without dialect prefix.
  static std::string name(Operation *op) {
    if (auto dispatch = dyn_cast<AsyncDispatchOp>(op)) {
      auto entries = dispatch.getEntryPoints();
      return cast<SymbolRefAttr>(entries[0]).getLeafReference().str();
    }
    StringRef full = op->getName().getStringRef();
    return full.substr(full.rfind('.') + 1).str();
  }

  /// The partition's ops in block order, as short names.
  static std::vector<std::string> ops(const Partition &partition) {
    llvm::SmallVector<Operation *> sorted(partition.ops.begin(),
                                          partition.ops.end());
    llvm::sort(sorted, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    std::vector<std::string> names;
    for (Operation *op : sorted)
      names.push_back(name(op));
    return names;
  }

  /// Names of the ops defining `values` ("arg" for block arguments).
  static std::vector<std::string> defs(const llvm::SetVector<Value> &values) {
    std::vector<std::string> names;
    for (Value value : values)
      names.push_back(value.getDefiningOp() ? name(value.getDefiningOp())
                                            : "arg");
    return names;
  }

  /// As `defs`, restricted to resource-typed values.
  static std::vector<std::string>
  resourceDefs(const llvm::SetVector<Value> &values) {
    llvm::SetVector<Value> resources;
    for (Value value : values)
      if (isa<ResourceType>(value.getType()))
        resources.insert(value);
    return defs(resources);
  }

  OwningOpRef<ModuleOp> module;
};

using Names = std::vector<std::string>;

constexpr const char *kDevices = R"(
  util.global private @device_a : !hal.device
  util.global private @device_b : !hal.device
)";

//===----------------------------------------------------------------------===//
// partitionStreamableOps
//===----------------------------------------------------------------------===//

TEST_F(PartitioningTest, SingleChainIsOnePartition) {
  Block *block = parseBody("%arg0: !stream.resource<external>", R"(
    %0 = stream.async.dispatch @ex::@d0[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<transient>{%c64}
    %1 = stream.async.dispatch @ex::@d1[%c1, %c1, %c1](%0[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
    util.return
  )");
  ASSERT_TRUE(block);
  PartitionSet set = partitionStreamableOps({}, block);
  ASSERT_EQ(set.size(), 1u);
  EXPECT_EQ(ops(set.partitions[0]), (Names{"d0", "d1"}));
  // Non-resource values (the constants) are inputs too; only %arg0 and the
  // constants are consumed from outside.
  EXPECT_TRUE(set.partitions[0].ins.contains(block->getArgument(0)));
  EXPECT_TRUE(set.partitions[0].outs.empty());
  EXPECT_TRUE(succeeded(set.verify(UnknownLoc::get(&context))));
}

TEST_F(PartitioningTest, SideEffectingHostOpFreezes) {
  // The assert freezes partition 0 (d1): d0 starts a new partition even
  // though it could otherwise have joined its consumer.
  Block *block = parseBody("%arg0: !stream.resource<external>, %cond: i1", R"(
    %0 = stream.async.dispatch @ex::@d0[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<transient>{%c64}
    cf.assert %cond, "x"
    %1 = stream.async.dispatch @ex::@d1[%c1, %c1, %c1](%0[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
    util.return
  )");
  ASSERT_TRUE(block);
  PartitionSet set = partitionStreamableOps({}, block);
  ASSERT_EQ(set.size(), 2u);
  EXPECT_EQ(ops(set.partitions[0]), (Names{"d0"}));
  EXPECT_EQ(ops(set.partitions[1]), (Names{"d1"}));
  EXPECT_EQ(defs(set.partitions[0].outs), (Names{"d0"}));
  EXPECT_TRUE(set.partitions[1].ins.contains(set.partitions[0].outs.front()));
}

TEST_F(PartitioningTest, PureHostOpDoesNotFreeze) {
  // arith.addi is pure: d0 joins d1's partition.
  Block *block = parseBody("%arg0: !stream.resource<external>, %i: index", R"(
    %0 = stream.async.dispatch @ex::@d0[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<transient>{%c64}
    %x = arith.addi %i, %c1 : index
    %1 = stream.async.dispatch @ex::@d1[%x, %c1, %c1](%0[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
    util.return
  )");
  ASSERT_TRUE(block);
  PartitionSet set = partitionStreamableOps({}, block);
  ASSERT_EQ(set.size(), 1u);
  EXPECT_EQ(ops(set.partitions[0]), (Names{"d0", "d1"}));
}

TEST_F(PartitioningTest, TransferRidesWithItsProducer) {
  // The transfer is deferred to d0 and placed with it; the consumer of the
  // transfer then becomes a hazard of d0 and the consumer set is dropped,
  // so d1 and d0 end up in separate partitions (d0's partition first).
  Block *block = parseBody("%arg0: !stream.resource<external>", R"(
    %0 = stream.async.dispatch on(#hal.device.affinity<@device_a>) @ex::@d0[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<transient>{%c64}
    %1 = stream.async.transfer %0 : !stream.resource<transient>{%c64} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_b>) !stream.resource<transient>{%c64}
    %2 = stream.async.dispatch on(#hal.device.affinity<@device_b>) @ex::@d1[%c1, %c1, %c1](%1[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
    util.return
  )",
                           kDevices);
  ASSERT_TRUE(block);
  PartitionSet set = partitionStreamableOps({}, block);
  ASSERT_EQ(set.size(), 2u);
  EXPECT_EQ(ops(set.partitions[0]), (Names{"d0", "transfer"}));
  EXPECT_EQ(ops(set.partitions[1]), (Names{"d1"}));
  EXPECT_EQ(defs(set.partitions[0].outs), (Names{"transfer"}));
  EXPECT_TRUE(set.partitions[0].affinity);
  EXPECT_TRUE(set.partitions[1].affinity);
  EXPECT_NE(set.partitions[0].affinity, set.partitions[1].affinity);
}

TEST_F(PartitioningTest, SyncOpOfDeferredSyncOpIsNeverPlaced) {
  // SE7: the barrier's producer is the transfer, itself deferred to d0, so
  // the barrier is in no partition; it stays between d0's partition (which
  // exports the transfer) and d1's (which captures the barrier).
  Block *block = parseBody("%arg0: !stream.resource<external>", R"(
    %0 = stream.async.dispatch @ex::@d0[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<transient>{%c64}
    %1 = stream.async.transfer %0 : !stream.resource<transient>{%c64} -> !stream.resource<transient>{%c64}
    %2 = stream.async.barrier %1 : !stream.resource<transient>{%c64}
    %3 = stream.async.dispatch @ex::@d1[%c1, %c1, %c1](%2[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
    util.return
  )");
  ASSERT_TRUE(block);
  PartitionSet set = partitionStreamableOps({}, block);
  for (const Partition &partition : set.partitions)
    for (Operation *op : partition.ops)
      EXPECT_FALSE(isa<AsyncBarrierOp>(op));
  ASSERT_EQ(set.size(), 1u);
  // d1's partition was created first; d0 (whose deferred transfer feeds the
  // unplaced barrier) can still join it: the barrier has no OpInfo.
  EXPECT_EQ(ops(set.partitions[0]), (Names{"d0", "transfer", "d1"}));
  EXPECT_EQ(resourceDefs(set.partitions[0].ins), (Names{"arg", "barrier"}));
  EXPECT_EQ(resourceDefs(set.partitions[0].outs), (Names{"transfer"}));
}

TEST_F(PartitioningTest, SplatIsClonedIntoEachConsumerPartition) {
  // Two consumers on two devices: the splat (clone-preferring) is placed in
  // both partitions; only the partition emitted first exports it to the
  // non-streamable user (the return).
  Block *block = parseBody("", R"(
    %s = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
    %a = stream.async.dispatch on(#hal.device.affinity<@device_a>) @ex::@a[%c1, %c1, %c1](%s[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
    %b = stream.async.dispatch on(#hal.device.affinity<@device_b>) @ex::@b[%c1, %c1, %c1](%s[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
    util.optimization_barrier %s, %a, %b : !stream.resource<transient>, !stream.resource<external>, !stream.resource<external>
    util.return
  )",
                           kDevices);
  ASSERT_TRUE(block);
  PartitionSet set = partitionStreamableOps({}, block);
  ASSERT_EQ(set.size(), 2u);
  EXPECT_EQ(ops(set.partitions[0]), (Names{"splat", "a"}));
  EXPECT_EQ(ops(set.partitions[1]), (Names{"splat", "b"}));
  EXPECT_EQ(defs(set.partitions[0].outs), (Names{"splat", "a"}));
  EXPECT_EQ(defs(set.partitions[1].outs), (Names{"b"}));
  EXPECT_TRUE(succeeded(set.verify(UnknownLoc::get(&context))));
}

TEST_F(PartitioningTest, SplatUsedOnlyInRegionIsPlacedNowhere) {
  // The splat is only used inside the loop, whose result feeds a dispatch:
  // it has nested-region hazards and no in-block user, so it is placed in no
  // partition (it is re-materialized in the loop body). The partition
  // created for it stays empty and is still emitted (SE3).
  Block *block = parseBody("%arg0: !stream.resource<external>", R"(
    %s = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
    %r = scf.for %i = %c0 to %c64 step %c1 iter_args(%a = %arg0) -> (!stream.resource<external>) {
      %d = stream.async.dispatch @ex::@loop[%c1, %c1, %c1](%a[%c0 to %c64 for %c64], %s[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
      scf.yield %d : !stream.resource<external>
    }
    %e = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%r[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    util.return
  )");
  ASSERT_TRUE(block);
  PartitionSet set = partitionStreamableOps({}, block);
  ASSERT_EQ(set.size(), 2u);
  EXPECT_TRUE(set.partitions[0].ops.empty());
  EXPECT_EQ(ops(set.partitions[1]), (Names{"after"}));
}

TEST_F(PartitioningTest, ValueUsedInRegionFeedingPartitionComesEarlier) {
  // d0 is used inside the loop (nested-region hazard on the partition of
  // `after`): it may not join that partition.
  Block *block = parseBody("%arg0: !stream.resource<external>", R"(
    %d0 = stream.async.dispatch @ex::@d0[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    %r = scf.for %i = %c0 to %c64 step %c1 iter_args(%a = %arg0) -> (!stream.resource<external>) {
      %d = stream.async.dispatch @ex::@loop[%c1, %c1, %c1](%a[%c0 to %c64 for %c64], %d0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
      scf.yield %d : !stream.resource<external>
    }
    %e = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%r[%c0 to %c64 for %c64], %d0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    util.return
  )");
  ASSERT_TRUE(block);
  PartitionSet set = partitionStreamableOps({}, block);
  ASSERT_EQ(set.size(), 2u);
  EXPECT_EQ(ops(set.partitions[0]), (Names{"d0"}));
  EXPECT_EQ(ops(set.partitions[1]), (Names{"after"}));
  EXPECT_TRUE(succeeded(set.verify(UnknownLoc::get(&context))));
}

TEST_F(PartitioningTest, HostUserFeedingConsumerPartition) {
  // d0 is read by a host select that feeds d2: d0 must be produced in an
  // earlier partition than d2 even though d2 also consumes it directly.
  Block *block = parseBody("%cond: i1", R"(
    %s = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
    %d0 = stream.async.dispatch @ex::@d0[%c1, %c1, %c1](%s[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64}
    %d1 = stream.async.dispatch @ex::@d1[%c1, %c1, %c1](%s[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64}
    %sel = arith.select %cond, %d0, %d1 : !stream.resource<transient>
    %d2 = stream.async.dispatch @ex::@d2[%c1, %c1, %c1](%d0[%c0 to %c64 for %c64], %sel[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64}
    util.return
  )");
  ASSERT_TRUE(block);
  PartitionSet set = partitionStreamableOps({}, block);
  ASSERT_EQ(set.size(), 2u);
  EXPECT_EQ(ops(set.partitions[0]), (Names{"splat", "d0", "d1"}));
  EXPECT_EQ(ops(set.partitions[1]), (Names{"d2"}));
  EXPECT_TRUE(succeeded(set.verify(UnknownLoc::get(&context))));
}

TEST_F(PartitioningTest, LongAlternatingChain) {
  // A chain alternating between two devices gives one partition per op, in
  // program order (partition ordinals run backwards from the end).
  std::string body;
  std::string prev = "%arg0";
  for (int i = 0; i < 50; ++i) {
    std::string device = (i % 2) ? "device_b" : "device_a";
    std::string next = "%v" + std::to_string(i);
    body += next + " = stream.async.dispatch on(#hal.device.affinity<@" +
            device + ">) @ex::@d" + std::to_string(i) + "[%c1, %c1, %c1](" +
            prev +
            "[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) "
            "-> !stream.resource<external>{%c64}\n";
    prev = next;
  }
  body += "util.return\n";
  Block *block = parseBody("%arg0: !stream.resource<external>", body, kDevices);
  ASSERT_TRUE(block);
  PartitionSet set = partitionStreamableOps({}, block);
  ASSERT_EQ(set.size(), 50u);
  for (int i = 0; i < 50; ++i)
    EXPECT_EQ(ops(set.partitions[i]), (Names{"d" + std::to_string(i)}));
  EXPECT_TRUE(succeeded(set.verify(UnknownLoc::get(&context))));
}

//===----------------------------------------------------------------------===//
// PartitionSet::verify
//===----------------------------------------------------------------------===//

class PartitionVerifyTest : public PartitioningTest {
protected:
  /// Runs `set.verify` and returns the first diagnostic message.
  std::string verifyMessage(const PartitionSet &set) {
    std::string message;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      if (message.empty())
        message = diag.str();
      return success();
    });
    EXPECT_TRUE(failed(set.verify(UnknownLoc::get(&context))));
    return message;
  }

  Operation *op(unsigned index) {
    auto it = block->begin();
    std::advance(it, index);
    return &*it;
  }

  /// Appends a partition of `ops` to `set` capturing the three leading
  /// constants of the body plus `ins`, and exporting `outs`.
  Partition &addPartition(PartitionSet &set, ArrayRef<Operation *> ops,
                          ArrayRef<Value> ins = {}, ArrayRef<Value> outs = {}) {
    Partition &p = set.partitions.emplace_back();
    p.ops.insert(ops.begin(), ops.end());
    for (unsigned i = 0; i < 3; ++i)
      p.ins.insert(op(i)->getResult(0));
    p.ins.insert(ins.begin(), ins.end());
    p.outs.insert(outs.begin(), outs.end());
    return p;
  }

  Block *block = nullptr;
};

TEST_F(PartitionVerifyTest, Diagnostics) {
  block = parseBody("%arg0: !stream.resource<external>", R"(
    %0 = stream.async.dispatch on(#hal.device.affinity<@device_a>) @ex::@d0[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<transient>{%c64}
    %1 = stream.async.dispatch @ex::@d1[%c1, %c1, %c1](%0[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
    %r, %t = stream.resource.alloca uninitialized : !stream.resource<transient>{%c64} => !stream.timepoint
    util.return
  )",
                    kDevices);
  ASSERT_TRUE(block);
  Operation *d0 = op(4), *d1 = op(5), *alloca = op(6);
  Value arg = block->getArgument(0), d0Result = d0->getResult(0);

  {
    // A null partition affinity is compatible with any op affinity.
    PartitionSet set;
    addPartition(set, {d0}, {arg});
    EXPECT_TRUE(succeeded(set.verify(UnknownLoc::get(&context))));
  }
  {
    // Timeline op with a result timepoint.
    PartitionSet set;
    addPartition(set, {alloca});
    EXPECT_EQ(verifyMessage(set),
              "cannot partition timeline op with result timepoint; result "
              "timepoints from partitioned ops not yet supported");
  }
  {
    // An operand neither captured nor produced.
    PartitionSet set;
    addPartition(set, {d1});
    EXPECT_EQ(verifyMessage(set), "operand not declared in partition inputs "
                                  "or by an op within the partition");
  }
  {
    // An output that is not produced.
    PartitionSet set;
    addPartition(set, {d1}, {d0Result}, {arg});
    EXPECT_EQ(verifyMessage(set), "output not defined by an op within the "
                                  "partition (or captured)");
  }
  {
    // A captured value whose producer consumes an output of the partition:
    // d0 consumes %arg0, which the partition both captures and exports.
    PartitionSet set;
    addPartition(set, {d1}, {d0Result, arg}, {d1->getResult(0), arg});
    std::string message = verifyMessage(set);
    EXPECT_TRUE(StringRef(message).starts_with(
        "circular dependency: input operation uses partition output"))
        << message;
    EXPECT_TRUE(StringRef(message).ends_with(
        " - this indicates the operation should be inside the partition"))
        << message;
  }
  {
    // Out of order: the first partition captures what the second exports.
    PartitionSet set;
    addPartition(set, {d1}, {d0Result});
    addPartition(set, {d0}, {arg}, {d0Result});
    std::string message = verifyMessage(set);
    EXPECT_TRUE(StringRef(message).starts_with(
        "partition set out of order; value captured declared as escaping "
        "below: "))
        << message;
  }
}

TEST_F(PartitionVerifyTest, AffinityMismatch) {
  block = parseBody("%arg0: !stream.resource<external>", R"(
    %0 = stream.async.dispatch on(#hal.device.affinity<@device_a>) @ex::@d0[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<transient>{%c64}
    %1 = stream.async.dispatch on(#hal.device.affinity<@device_b>) @ex::@d1[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<transient>{%c64}
    util.return
  )",
                    kDevices);
  ASSERT_TRUE(block);
  PartitionSet set;
  Partition &p = addPartition(set, {op(4)}, {block->getArgument(0)});
  p.affinity = cast<AffinityOpInterface>(op(5)).getAffinityAttr();
  EXPECT_EQ(verifyMessage(set),
            "op affinity #hal.device.affinity<@device_a> is not compatible "
            "with the partition affinity #hal.device.affinity<@device_b>");
}

//===----------------------------------------------------------------------===//
// partitionRegionConcurrency
//===----------------------------------------------------------------------===//

class ConcurrencyTest : public PartitioningTest {
protected:
  /// The golden body of stream-passes-2.md §3.3 inside an execute; returns
  /// the execute body.
  Block *goldenBody() {
    Block *block = parseBody(
        "%arg0: !stream.resource<external>, %arg1: !stream.resource<external>",
        R"(
      %c20 = arith.constant 20 : index
      %c80 = arith.constant 80 : index
      %c1280 = arith.constant 1280 : index
      %results, %tp = stream.async.execute with(%arg0 as %arg2: !stream.resource<external>{%c20}, %arg1 as %arg3: !stream.resource<external>{%c80}) -> !stream.resource<external>{%c20} {
        %1 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c1280}
        %2 = stream.async.dispatch @ex::@dispatch_0[%c1, %c1, %c1](%1[%c0 to %c1280 for %c1280], %arg3[%c0 to %c80 for %c80]) : (!stream.resource<transient>{%c1280}, !stream.resource<external>{%c80}) -> %1{%c1280}
        %3 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c20}
        %4 = stream.async.dispatch @ex::@dispatch_1[%c1, %c1, %c1](%arg2[%c0 to %c20 for %c20], %3[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}, !stream.resource<transient>{%c20}) -> %3{%c20}
        %5 = stream.async.dispatch @ex::@dispatch_2[%c1, %c1, %c1](%2[%c0 to %c1280 for %c1280], %4[%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c1280}, !stream.resource<transient>{%c20}) -> !stream.resource<external>{%c20}
        stream.yield %5 : !stream.resource<external>{%c20}
      } => !stream.timepoint
      util.return
    )");
    if (!block)
      return nullptr;
    for (Operation &op : *block)
      if (auto executeOp = dyn_cast<AsyncExecuteOp>(op))
        return &executeOp.getBody().front();
    return nullptr;
  }

  PartitioningConfigAttr favor(Favor favor) {
    return PartitioningConfigAttr::get(&context, favor);
  }
};

TEST_F(ConcurrencyTest, MinPeakMemoryWaves) {
  Block *body = goldenBody();
  ASSERT_TRUE(body);
  PartitionSet waves =
      partitionRegionConcurrency(favor(Favor::MinPeakMemory), body);
  // Wave 3 {splat 1280}, wave 2 {dispatch_0, splat 20}, wave 1 {dispatch_1},
  // wave 0 {dispatch_2}, emitted last-created first.
  ASSERT_EQ(waves.size(), 4u);
  EXPECT_EQ(ops(waves.partitions[0]), (Names{"splat"}));
  EXPECT_EQ(ops(waves.partitions[1]), (Names{"dispatch_0", "splat"}));
  EXPECT_EQ(ops(waves.partitions[2]), (Names{"dispatch_1"}));
  EXPECT_EQ(ops(waves.partitions[3]), (Names{"dispatch_2"}));
  EXPECT_EQ(resourceDefs(waves.partitions[1].ins), (Names{"splat", "arg"}));
  EXPECT_EQ(defs(waves.partitions[1].outs), (Names{"dispatch_0", "splat"}));
  EXPECT_TRUE(succeeded(waves.verify(UnknownLoc::get(&context))));
}

TEST_F(ConcurrencyTest, MaxConcurrencyWaves) {
  Block *body = goldenBody();
  ASSERT_TRUE(body);
  PartitionSet waves =
      partitionRegionConcurrency(favor(Favor::MaxConcurrency), body);
  ASSERT_EQ(waves.size(), 3u);
  EXPECT_EQ(ops(waves.partitions[0]), (Names{"splat", "splat"}));
  EXPECT_EQ(ops(waves.partitions[1]), (Names{"dispatch_0", "dispatch_1"}));
  EXPECT_EQ(ops(waves.partitions[2]), (Names{"dispatch_2"}));
}

TEST_F(ConcurrencyTest, DebugFavorHasNoWaves) {
  Block *body = goldenBody();
  ASSERT_TRUE(body);
  EXPECT_TRUE(partitionRegionConcurrency(favor(Favor::Debug), body).empty());
}

TEST_F(ConcurrencyTest, TiedWriterAfterReaderIsAHazard) {
  Block *block = parseBody("%arg0: !stream.resource<external>", R"(
    %r:3, %tp = stream.async.execute with(%arg0 as %cap: !stream.resource<external>{%c64}) -> (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}, %arg0{%c64}) {
      %0 = stream.async.dispatch @ex::@read0[%c1, %c1, %c1](%cap[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
      %1 = stream.async.dispatch @ex::@read1[%c1, %c1, %c1](%cap[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
      %2 = stream.async.dispatch @ex::@write[%c1, %c1, %c1](%cap[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> %cap{%c64}
      stream.yield %0, %1, %2 : !stream.resource<external>{%c64}, !stream.resource<external>{%c64}, !stream.resource<external>{%c64}
    } => !stream.timepoint
    util.return
  )");
  ASSERT_TRUE(block);
  Block *body = nullptr;
  for (Operation &op : *block)
    if (auto executeOp = dyn_cast<AsyncExecuteOp>(op))
      body = &executeOp.getBody().front();
  ASSERT_TRUE(body);
  for (Favor f : {Favor::MinPeakMemory, Favor::MaxConcurrency}) {
    PartitionSet waves = partitionRegionConcurrency(favor(f), body);
    // The two readers run together, strictly before the in-place writer.
    ASSERT_EQ(waves.size(), 2u);
    EXPECT_EQ(ops(waves.partitions[0]), (Names{"read0", "read1"}));
    EXPECT_EQ(ops(waves.partitions[1]), (Names{"write"}));
  }
}

} // namespace

namespace {

/// Random execute bodies: dispatches reading and writing (tied or not) a few
/// shared resources and each other's results. The default tied-use scan must
/// give exactly the waves of the exhaustive (reference) scan.
TEST_F(ConcurrencyTest, TiedUseScanMatchesExhaustiveScan) {
  std::mt19937 rng(7);
  for (int round = 0; round < 60; ++round) {
    std::string body;
    std::vector<std::string> values = {"%s0", "%s1", "%s2"};
    int n = 8 + rng() % 24;
    for (int i = 0; i < n; ++i) {
      std::string a = values[rng() % values.size()];
      std::string b = values[rng() % values.size()];
      std::string name = "%v" + std::to_string(i);
      bool tied = rng() % 3 == 0;
      std::string result =
          tied ? a + "{%c64}" : "!stream.resource<transient>{%c64}";
      body += name + " = stream.async.dispatch @ex::@d" + std::to_string(i) +
              "[%c1, %c1, %c1](" + a + "[%c0 to %c64 for %c64], " + b +
              "[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}, "
              "!stream.resource<transient>{%c64}) -> " +
              result + "\n";
      values.push_back(name);
    }
    std::string yielded, types;
    for (size_t i = 3; i < values.size(); ++i) {
      yielded += (i > 3 ? ", " : "") + values[i];
      types +=
          std::string(i > 3 ? ", " : "") + "!stream.resource<transient>{%c64}";
    }
    std::string resultTypes;
    for (size_t i = 3; i < values.size(); ++i)
      resultTypes +=
          std::string(i > 3 ? ", " : "") + "!stream.resource<transient>{%c64}";
    std::string source = "%r:" + std::to_string(values.size() - 3) +
                         ", %tp = stream.async.execute with(%a as %s0: "
                         "!stream.resource<transient>{%c64}, %b as %s1: "
                         "!stream.resource<transient>{%c64}, %c as %s2: "
                         "!stream.resource<transient>{%c64}) -> (" +
                         resultTypes + ") {\n" + body + "stream.yield " +
                         yielded + " : " + types +
                         "\n} => !stream.timepoint\nutil.return\n";
    Block *block = parseBody("%a: !stream.resource<transient>, %b: "
                             "!stream.resource<transient>, %c: "
                             "!stream.resource<transient>",
                             source);
    ASSERT_TRUE(block) << source;
    Block *executeBody = nullptr;
    for (Operation &op : *block)
      if (auto executeOp = dyn_cast<AsyncExecuteOp>(op))
        executeBody = &executeOp.getBody().front();
    ASSERT_TRUE(executeBody);
    for (Favor f : {Favor::MinPeakMemory, Favor::MaxConcurrency}) {
      PartitionSet fast = partitionRegionConcurrency(favor(f), executeBody);
      PartitionSet exhaustive = partitionRegionConcurrency(
          favor(f), executeBody, /*exhaustiveTiedScan=*/true);
      ASSERT_EQ(fast.size(), exhaustive.size()) << source;
      for (size_t i = 0; i < fast.size(); ++i)
        EXPECT_EQ(ops(fast.partitions[i]), ops(exhaustive.partitions[i]))
            << source;
    }
  }
}

} // namespace
