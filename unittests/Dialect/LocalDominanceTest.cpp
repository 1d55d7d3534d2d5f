//===- LocalDominanceTest.cpp - bounded local dominance queries -----------===//
//
// Hand-checked control-flow shapes (diamond, loop header, self-loop,
// unreachable blocks, nested regions, budget) and a differential test
// against mlir::DominanceInfo on random control-flow graphs.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Dominance.h"
#include "sluice/Dialect/Util/IR/LocalDominance.h"

#include <random>
#include <string>

using namespace mlir;
using sluice::util::dominatesLocally;
using sluice::util::findNearestCommonDominatorLocally;

namespace {

class LocalDominanceTest : public sluice::testing::DialectTest {
protected:
  /// Parses a module holding one func.func and returns its blocks in order.
  SmallVector<Block *> blocksOf(StringRef source) {
    module = parse(source);
    EXPECT_TRUE(module);
    SmallVector<Block *> blocks;
    if (!module)
      return blocks;
    auto func = *module->getOps<func::FuncOp>().begin();
    for (Block &block : func.getBody())
      blocks.push_back(&block);
    return blocks;
  }

  OwningOpRef<ModuleOp> module;
};

TEST_F(LocalDominanceTest, Diamond) {
  // ^bb0 -> {^bb1, ^bb2} -> ^bb3
  auto b = blocksOf(R"mlir(
    func.func @f(%c: i1) {
      cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
      cf.br ^bb3
    ^bb2:
      cf.br ^bb3
    ^bb3:
      return
    })mlir");
  ASSERT_EQ(b.size(), 4u);
  EXPECT_EQ(dominatesLocally(b[0], b[3]), true);
  EXPECT_EQ(dominatesLocally(b[1], b[3]), false);
  EXPECT_EQ(dominatesLocally(b[3], b[3]), true);
  EXPECT_EQ(dominatesLocally(b[3], b[0]), false);
  EXPECT_EQ(findNearestCommonDominatorLocally({b[1], b[2]}, b[0]), b[0]);
  EXPECT_EQ(findNearestCommonDominatorLocally({b[1], b[3]}, b[0]), b[0]);
  EXPECT_EQ(findNearestCommonDominatorLocally({b[3]}, b[0]), b[3]);
  EXPECT_EQ(findNearestCommonDominatorLocally({b[3], b[3]}, b[1]), b[3]);
  // A top that does not cut the blocks off from the entry: undecided.
  EXPECT_EQ(findNearestCommonDominatorLocally({b[3], b[2]}, b[1]), nullptr);
}

TEST_F(LocalDominanceTest, LoopHeader) {
  // The shape of stream-folding §5.6's example: ^bb1 is a loop header.
  auto b = blocksOf(R"mlir(
    func.func @f(%c: i1) {
      cf.br ^bb1
    ^bb1:
      cf.cond_br %c, ^bb2, ^bb3
    ^bb2:
      cf.br ^bb1
    ^bb3:
      return
    })mlir");
  ASSERT_EQ(b.size(), 4u);
  EXPECT_EQ(findNearestCommonDominatorLocally({b[2], b[3]}, b[0]), b[1]);
  EXPECT_EQ(dominatesLocally(b[1], b[2]), true);
  EXPECT_EQ(dominatesLocally(b[2], b[1]), false);
  EXPECT_EQ(dominatesLocally(b[2], b[3]), false);
}

TEST_F(LocalDominanceTest, SelfLoop) {
  auto b = blocksOf(R"mlir(
    func.func @f(%c: i1) {
      cf.br ^bb1
    ^bb1:
      cf.cond_br %c, ^bb1, ^bb2
    ^bb2:
      return
    })mlir");
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(findNearestCommonDominatorLocally({b[1], b[2]}, b[0]), b[1]);
  EXPECT_EQ(dominatesLocally(b[1], b[2]), true);
  EXPECT_EQ(dominatesLocally(b[2], b[1]), false);
}

TEST_F(LocalDominanceTest, UnreachableBlocks) {
  // ^bb2 has no predecessor; ^bb3 and ^bb4 form an unreachable cycle that
  // branches into the reachable ^bb1.
  auto b = blocksOf(R"mlir(
    func.func @f(%c: i1) {
      cf.br ^bb1
    ^bb1:
      return
    ^bb2:
      cf.br ^bb1
    ^bb3:
      cf.cond_br %c, ^bb4, ^bb1
    ^bb4:
      cf.br ^bb3
    })mlir");
  ASSERT_EQ(b.size(), 5u);
  // Unreachable blocks are dominated by every block and dominate no
  // reachable block (DominanceInfo's answers).
  EXPECT_EQ(dominatesLocally(b[1], b[2]), true);
  EXPECT_EQ(dominatesLocally(b[1], b[4]), true);
  EXPECT_EQ(dominatesLocally(b[2], b[1]), false);
  EXPECT_EQ(dominatesLocally(b[3], b[1]), false);
  EXPECT_EQ(dominatesLocally(b[0], b[1]), true);
  // Common dominators involving unreachable blocks are not decided.
  EXPECT_EQ(findNearestCommonDominatorLocally({b[1], b[2]}, b[0]), nullptr);
  EXPECT_EQ(findNearestCommonDominatorLocally({b[1], b[4]}, b[0]), nullptr);
  EXPECT_EQ(findNearestCommonDominatorLocally({b[3], b[4]}, b[0]), nullptr);
  // ... unless one of the blocks is `top` or they are all the same block.
  EXPECT_EQ(findNearestCommonDominatorLocally({b[2], b[0]}, b[0]), b[0]);
  EXPECT_EQ(findNearestCommonDominatorLocally({b[4]}, b[0]), b[4]);
  // The DominanceInfo answers agree where it has one.
  DominanceInfo dom(b[0]->getParentOp());
  EXPECT_EQ(dom.dominates(b[1], b[2]), true);
  EXPECT_EQ(dom.dominates(b[2], b[1]), false);
}

TEST_F(LocalDominanceTest, NestedRegionsAreLifted) {
  auto b = blocksOf(R"mlir(
    func.func @f(%c: i1) {
      cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
      scf.if %c {
        scf.execute_region {
          cf.br ^inner
        ^inner:
          scf.yield
        }
      }
      cf.br ^bb2
    ^bb2:
      return
    })mlir");
  ASSERT_EQ(b.size(), 3u);
  Operation *ifOp = &b[1]->front();
  Block *thenBlock = &ifOp->getRegion(0).front();
  Operation *exec = &thenBlock->front();
  Block *innerEntry = &exec->getRegion(0).front();
  Block *inner = &exec->getRegion(0).back();
  // Blocks of one nested region: answered in that region.
  EXPECT_EQ(findNearestCommonDominatorLocally({innerEntry, inner}, b[0]),
            innerEntry);
  EXPECT_EQ(findNearestCommonDominatorLocally({inner, inner}, b[0]), inner);
  // A nested block and an outer one: lifted to ^bb1, then ^bb0.
  EXPECT_EQ(findNearestCommonDominatorLocally({inner, b[1]}, b[0]), b[1]);
  EXPECT_EQ(findNearestCommonDominatorLocally({inner, b[2]}, b[0]), b[0]);
  EXPECT_EQ(dominatesLocally(b[1], inner), true);
  EXPECT_EQ(dominatesLocally(b[2], inner), false);
  EXPECT_EQ(dominatesLocally(inner, b[1]), false);
}

TEST_F(LocalDominanceTest, Budget) {
  // ^bb0 -> a straight chain of 100 blocks -> {^a, ^b}
  std::string source = "func.func @f(%c: i1) {\n  cf.br ^bb1\n";
  for (int i = 1; i <= 100; ++i)
    source += "^bb" + std::to_string(i) + ":\n  cf.br ^bb" +
              std::to_string(i + 1) + "\n";
  source += "^bb101:\n  cf.cond_br %c, ^a, ^b\n^a:\n  return\n^b:\n  return\n}";
  auto b = blocksOf(source);
  ASSERT_EQ(b.size(), 104u);
  Block *a = b[102], *bb = b[103];
  EXPECT_EQ(findNearestCommonDominatorLocally({a, bb}, b[0]), nullptr);
  EXPECT_EQ(findNearestCommonDominatorLocally({a, bb}, b[0], 200), b[101]);
  EXPECT_EQ(findNearestCommonDominatorLocally({a, bb}, b[90]), b[101]);
  EXPECT_EQ(dominatesLocally(b[0], a), std::nullopt);
  EXPECT_EQ(dominatesLocally(b[0], a, 200), true);
  EXPECT_EQ(dominatesLocally(b[95], a), true);
}

/// Random control-flow graphs compared with DominanceInfo: every local answer
/// given must be DominanceInfo's.
TEST_F(LocalDominanceTest, AgreesWithDominanceInfoOnRandomGraphs) {
  std::mt19937 rng(24);
  unsigned compared = 0, undecided = 0;
  for (int graph = 0; graph < 300; ++graph) {
    int n = 2 + rng() % 24;
    std::string source = "func.func @f(%c: i1) {\n";
    for (int i = 0; i < n; ++i) {
      if (i)
        source += "^bb" + std::to_string(i) + ":\n";
      // Any block but the entry, which cannot be a successor.
      auto target = [&] { return "^bb" + std::to_string(1 + rng() % (n - 1)); };
      switch (rng() % 5) {
      case 0:
        source += "  return\n";
        break;
      case 1:
      case 2:
        source += "  cf.br " + target() + "\n";
        break;
      default:
        source += "  cf.cond_br %c, " + target() + ", " + target() + "\n";
      }
    }
    source += "}\n";
    auto b = blocksOf(source);
    ASSERT_EQ(b.size(), static_cast<size_t>(n)) << source;
    DominanceInfo dom(b[0]->getParentOp());
    for (Block *x : b) {
      for (Block *y : b) {
        std::optional<bool> local = dominatesLocally(x, y, 16);
        if (!local) {
          ++undecided;
          continue;
        }
        EXPECT_EQ(*local, dom.dominates(x, y)) << source;
        ++compared;
        // Common dominators of reachable pairs, with the entry as top.
        if (!dom.isReachableFromEntry(x) || !dom.isReachableFromEntry(y))
          continue;
        if (Block *ncd = findNearestCommonDominatorLocally({x, y}, b[0], 16))
          EXPECT_EQ(ncd, dom.findNearestCommonDominator(x, y)) << source;
        else
          ++undecided;
        EXPECT_EQ(findNearestCommonDominatorLocally({x, y}, b[0], 1000),
                  dom.findNearestCommonDominator(x, y))
            << source;
      }
    }
  }
  EXPECT_GT(compared, 10000u);
  EXPECT_GT(undecided, 0u); // the budget of 16 is exercised
}

} // namespace
