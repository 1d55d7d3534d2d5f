//===- AffinityAnalysisTest.cpp - AffinityAnalysis query API --------------===//
//
// stream-passes-1.md §2.5: the try/single queries, defaults, selectLead,
// sorting, inference for non-affinity ops and pinned lookups.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "sluice/Dialect/Stream/Analysis/Affinity.h"
#include "sluice/Dialect/Stream/IR/AffinityAnalysisDialectInterface.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice::stream;

namespace {

class AffinityAnalysisTest : public sluice::testing::DialectTest {
protected:
  Operation *tagged(ModuleOp module, StringRef tag) {
    Operation *found = nullptr;
    module.walk([&](Operation *op) {
      if (auto attr = op->getAttrOfType<StringAttr>("tag"))
        if (attr.getValue() == tag)
          found = op;
    });
    EXPECT_TRUE(found) << tag.str();
    return found;
  }
  static std::string str(ArrayRef<AffinityAttr> list) {
    std::string s;
    llvm::raw_string_ostream os(s);
    llvm::interleaveComma(list, os, [&](AffinityAttr a) { a.print(os); });
    return s;
  }
};

TEST_F(AffinityAnalysisTest, QueriesAndDefaults) {
  auto module = parse(R"mlir(
    module attributes {stream.affinity.default = #hal.device.promise<@dflt>} {
      util.global private @g : tensor<1xi32>
      util.func private @f(%cond: i1) -> (tensor<1xi32>, tensor<1xi32>) {
        %b = flow.tensor.constant {tag = "b", stream.affinity = #hal.device.promise<@dev_b>} dense<1> : tensor<1xi32>
        %a = flow.tensor.constant {tag = "a", stream.affinity = #hal.device.promise<@dev_a>} dense<2> : tensor<1xi32>
        %sel = arith.select %cond, %b, %a {tag = "sel"} : tensor<1xi32>
        %d = flow.dispatch @ex::@fn(%sel) {tag = "d"} : (tensor<1xi32>) -> tensor<1xi32>
        %free = flow.tensor.constant {tag = "free"} dense<3> : tensor<1xi32>
        util.return %d, %free : tensor<1xi32>, tensor<1xi32>
      }
    }
  )mlir");
  ASSERT_TRUE(module);
  AffinityAnalysis analysis(*module);
  ASSERT_TRUE(succeeded(analysis.run()));
  EXPECT_GE(analysis.getSolverIterationCount(), 1u);

  SmallVector<AffinityAttr> list;
  // Sorted by printed text: dev_a before dev_b.
  ASSERT_TRUE(analysis.tryLookupExecutionAffinity(tagged(*module, "d"), list));
  EXPECT_EQ("#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>",
            str(list));
  // Two incompatible members: no single answer.
  EXPECT_FALSE(analysis.lookupExecutionAffinity(tagged(*module, "d")));
  EXPECT_EQ("#hal.device.promise<@dev_a>",
            str({analysis.lookupExecutionAffinity(tagged(*module, "a"))}));

  // A non-affinity op (select) is inferred from its operands' producers.
  list.clear();
  ASSERT_TRUE(analysis.tryInferExecutionAffinity(tagged(*module, "sel"), list));
  EXPECT_EQ(2u, list.size());

  // Resource affinity of the select result: both producers.
  list.clear();
  ASSERT_TRUE(analysis.tryLookupResourceAffinity(
      tagged(*module, "sel")->getResult(0), list));
  EXPECT_EQ(2u, list.size());

  // The unplaced constant is only consumed by the return of a private
  // function without callers: empty set -> the module's default.
  list.clear();
  ASSERT_TRUE(
      analysis.tryLookupExecutionAffinity(tagged(*module, "free"), list));
  EXPECT_EQ("#hal.device.promise<@dflt>", str(list));

  // A global without loads or stores: empty -> default.
  Operation *g = SymbolTable::lookupSymbolIn(*module, "g");
  EXPECT_EQ("#hal.device.promise<@dflt>",
            str({analysis.lookupGlobalAffinity(g)}));

  // Nothing pins these values.
  list.clear();
  EXPECT_FALSE(analysis.tryLookupPinnedAffinities(
      tagged(*module, "d")->getResult(0), list));
  EXPECT_TRUE(list.empty());
}

TEST_F(AffinityAnalysisTest, NoDefaultMeansFailure) {
  auto module = parse(R"mlir(
    util.func private @f() -> tensor<1xi32> {
      %free = flow.tensor.constant {tag = "free"} dense<3> : tensor<1xi32>
      util.return %free : tensor<1xi32>
    }
    util.func public @pub(%arg0: tensor<1xi32>) -> tensor<1xi32> {
      %d = flow.dispatch @ex::@fn(%arg0) {tag = "d"} : (tensor<1xi32>) -> tensor<1xi32>
      util.return %d : tensor<1xi32>
    }
  )mlir");
  ASSERT_TRUE(module);
  AffinityAnalysis analysis(*module);
  ASSERT_TRUE(succeeded(analysis.run()));
  SmallVector<AffinityAttr> list;
  EXPECT_FALSE(
      analysis.tryLookupExecutionAffinity(tagged(*module, "free"), list));
  EXPECT_FALSE(analysis.lookupExecutionAffinity(tagged(*module, "free")));
  // A public argument's producer is unknown (undef): lookups fail.
  auto pub =
      cast<FunctionOpInterface>(SymbolTable::lookupSymbolIn(*module, "pub"));
  EXPECT_FALSE(analysis.tryLookupResourceAffinity(
      pub.getFunctionBody().getArgument(0), list));
  EXPECT_FALSE(
      analysis.lookupResourceAffinity(pub.getFunctionBody().getArgument(0)));
  EXPECT_FALSE(analysis.tryLookupExecutionAffinity(tagged(*module, "d"), list));
}

TEST_F(AffinityAnalysisTest, PinnedAffinities) {
  auto module = parse(R"mlir(
    util.func private @f(%view: !hal.buffer_view) -> !hal.buffer_view {
      %t = hal.tensor.import on(#hal.device.promise<@dev_a>) %view : !hal.buffer_view -> tensor<4xi32>
      %d = flow.dispatch @ex::@fn(%t) {tag = "d"} : (tensor<4xi32>) -> tensor<4xi32>
      %x = flow.tensor.transfer %d : tensor<4xi32> to #hal.device.promise<@dev_b>
      %e = hal.tensor.export on(#hal.device.promise<@dev_b>) %x : tensor<4xi32> -> !hal.buffer_view
      util.return %e : !hal.buffer_view
    }
  )mlir");
  ASSERT_TRUE(module);
  AffinityAnalysis analysis(*module);
  ASSERT_TRUE(succeeded(analysis.run()));
  SmallVector<AffinityAttr> list;
  Value imported = find(*module, "hal.tensor.import")->getResult(0);
  ASSERT_TRUE(analysis.tryLookupPinnedAffinities(imported, list));
  EXPECT_EQ("#hal.device.promise<@dev_a>", str(list));
  // The dispatch result is not pinned (the transfer breaks the chain) and is
  // produced on dev_a; its usage adds the transfer's consumer side.
  list.clear();
  Value d = tagged(*module, "d")->getResult(0);
  EXPECT_FALSE(analysis.tryLookupPinnedAffinities(d, list));
  ASSERT_TRUE(analysis.tryLookupResourceAffinity(d, list));
  EXPECT_EQ("#hal.device.promise<@dev_a>", str(list));
  list.clear();
  ASSERT_TRUE(analysis.tryLookupResourceUsageAffinity(d, list));
  EXPECT_EQ("#hal.device.promise<@dev_a>, #hal.device.promise<@dev_b>",
            str(list));
}

TEST_F(AffinityAnalysisTest, DialectInterfaceLookup) {
  // With every dialect loaded, exactly HAL implements the interface
  // (encoding.md §3.5).
  auto interfaces = gatherAffinityAnalysisDialectInterfaces(&context);
  ASSERT_EQ(1u, interfaces.size());
  EXPECT_EQ("hal", interfaces.front()->getDialect()->getNamespace());
}

} // namespace
