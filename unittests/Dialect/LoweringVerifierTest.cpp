//===- LoweringVerifierTest.cpp - the phase legality checker --------------===//
//
// stream-passes-1.md §4.1: the order in which the rules decide an op's
// legality, type rules, and what run() reports.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/LoweringVerifier.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using sluice::stream::LoweringVerifier;
using Legality = LoweringVerifier::Legality;

namespace {

class LoweringVerifierTest : public sluice::testing::DialectTest {
protected:
  /// Runs `verifier` on `module` and returns the error messages in order.
  std::vector<std::string> runAndCollect(const LoweringVerifier &verifier,
                                         ModuleOp module, bool &failed) {
    std::vector<std::string> messages;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      messages.push_back(diag.str());
      return success();
    });
    failed = llvm::failed(verifier.run(module));
    return messages;
  }

  static constexpr const char *kProgram = R"mlir(
    util.func public @f(%arg0: !stream.resource<*>, %arg1: index) -> !stream.resource<*> {
      %0 = stream.async.transfer %arg0 : !stream.resource<*>{%arg1} -> !stream.resource<transient>{%arg1}
      %1 = util.optimization_barrier %arg0 : !stream.resource<*>
      util.return %1 : !stream.resource<*>
    }
  )mlir";
};

TEST_F(LoweringVerifierTest, DefaultsToLegal) {
  auto module = parse(kProgram);
  ASSERT_TRUE(module);
  LoweringVerifier verifier;
  module->walk([&](Operation *op) {
    EXPECT_EQ(verifier.getOpLegality(op), Legality::Legal)
        << op->getName().getStringRef().str();
  });
  bool failed = true;
  EXPECT_TRUE(runAndCollect(verifier, *module, failed).empty());
  EXPECT_FALSE(failed);
}

TEST_F(LoweringVerifierTest, NameBeforePredicateBeforeDialect) {
  auto module = parse(kProgram);
  ASSERT_TRUE(module);
  Operation *transfer = find(*module, "stream.async.transfer");
  Operation *barrier = find(*module, "util.optimization_barrier");
  ASSERT_TRUE(transfer && barrier);

  LoweringVerifier verifier;
  verifier.addDialect("stream", Legality::Illegal);
  EXPECT_EQ(verifier.getOpLegality(transfer), Legality::Illegal);
  EXPECT_EQ(verifier.getOpLegality(barrier), Legality::Legal);

  // A predicate with an opinion overrides the dialect rule; one without
  // opinion does not. The first predicate with an opinion wins.
  verifier.addOpPredicate([](Operation *) { return std::nullopt; });
  verifier.addOpPredicate([](Operation *op) -> std::optional<Legality> {
    if (isa<sluice::stream::AsyncTransferOp>(op))
      return Legality::RecursivelyLegal;
    return std::nullopt;
  });
  verifier.addOpPredicate(
      [](Operation *) -> std::optional<Legality> { return Legality::Illegal; });
  EXPECT_EQ(verifier.getOpLegality(transfer), Legality::RecursivelyLegal);
  EXPECT_EQ(verifier.getOpLegality(barrier), Legality::Illegal);

  // A name rule overrides every predicate.
  verifier.addOp("util.optimization_barrier", Legality::Legal);
  EXPECT_EQ(verifier.getOpLegality(barrier), Legality::Legal);
}

TEST_F(LoweringVerifierTest, AlwaysSkipsHalExecutables) {
  auto module = parse(R"mlir(
    hal.executable private @ex {
    }
  )mlir");
  ASSERT_TRUE(module);
  LoweringVerifier verifier;
  EXPECT_EQ(verifier.getOpLegality(find(*module, "hal.executable")),
            Legality::RecursivelyLegal);
}

TEST_F(LoweringVerifierTest, TypeRulesReportEachOperandAndResult) {
  auto module = parse(kProgram);
  ASSERT_TRUE(module);
  LoweringVerifier verifier;
  sluice::stream::addUnknownLifetimeIllegal(verifier);
  MLIRContext *ctx = &context;
  EXPECT_FALSE(verifier.isTypeLegal(sluice::stream::ResourceType::get(
      ctx, sluice::stream::Lifetime::Unknown)));
  EXPECT_TRUE(verifier.isTypeLegal(sluice::stream::ResourceType::get(
      ctx, sluice::stream::Lifetime::Transient)));
  EXPECT_TRUE(verifier.isTypeLegal(IndexType::get(ctx)));

  bool failed = false;
  std::vector<std::string> messages = runAndCollect(verifier, *module, failed);
  EXPECT_TRUE(failed);
  // Block arguments are not checked; the transfer's operand 0, the barrier's
  // operand and result, and the return's operand are.
  std::vector<std::string> expected = {
      "'stream.async.transfer' op operand 0 type '!stream.resource<*>' "
      "illegal for this phase of lowering in the stream dialect",
      "'util.optimization_barrier' op operand 0 type '!stream.resource<*>' "
      "illegal for this phase of lowering in the stream dialect",
      "'util.optimization_barrier' op result 0 type '!stream.resource<*>' "
      "illegal for this phase of lowering in the stream dialect",
      "'util.return' op operand 0 type '!stream.resource<*>' illegal for "
      "this phase of lowering in the stream dialect",
  };
  EXPECT_EQ(messages, expected);
}

TEST_F(LoweringVerifierTest, IllegalOpsSkipTheirRegionsAndTypes) {
  auto module = parse(kProgram);
  ASSERT_TRUE(module);
  LoweringVerifier verifier;
  verifier.addOp("util.func", Legality::Illegal);
  sluice::stream::addUnknownLifetimeIllegal(verifier);
  bool failed = false;
  std::vector<std::string> messages = runAndCollect(verifier, *module, failed);
  EXPECT_TRUE(failed);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0],
            "'util.func' op illegal for this phase of lowering in the stream "
            "dialect; expected to have been converted or removed");
}

} // namespace
