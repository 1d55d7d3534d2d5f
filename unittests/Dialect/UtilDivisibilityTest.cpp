//===- UtilDivisibilityTest.cpp - integer divisibility inference ----------===//
//
// The IntegerDivisibility lattice, InferIntDivisibilityOpInterface on util
// and iree_tensor_ext ops, the external models on arith/affine ops
// (support-dialects.md §1.4.11, §6.5.1) and IntegerDivisibilityAnalysis.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtOps.h"
#include "sluice/Dialect/Util/Analysis/IntegerDivisibilityAnalysis.h"
#include "sluice/Dialect/Util/IR/UtilDivisibility.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "llvm/ADT/APInt.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <limits>
#include <ostream>

using namespace mlir;
using namespace sluice::util;

namespace sluice::util {
// Readable gtest failure messages.
void PrintTo(const ConstantIntDivisibility &div, std::ostream *os) {
  *os << "{" << div.udiv() << ", " << div.sdiv() << "}";
}
void PrintTo(const IntegerDivisibility &div, std::ostream *os) {
  if (div.isUninitialized())
    *os << "<uninitialized>";
  else
    PrintTo(div.getValue(), os);
}
} // namespace sluice::util

namespace {

using Div = ConstantIntDivisibility;
using Results = llvm::SmallVector<std::optional<Div>>;

constexpr uint64_t kU64Max = std::numeric_limits<uint64_t>::max();

class UtilDivisibilityTest : public sluice::testing::DialectTest {
protected:
  /// Calls the op's interface with `argDivs` and returns what it reported per
  /// result (nullopt: not reported).
  Results infer(Operation *op, llvm::ArrayRef<IntegerDivisibility> argDivs) {
    Results results(op->getNumResults());
    auto iface = dyn_cast_or_null<InferIntDivisibilityOpInterface>(op);
    if (!iface) {
      ADD_FAILURE() << "op does not implement InferIntDivisibilityOpInterface";
      return results;
    }
    iface.inferResultDivisibility(argDivs, [&](Value value, const Div &div) {
      auto result = dyn_cast<OpResult>(value);
      ASSERT_TRUE(result && result.getOwner() == op);
      results[result.getResultNumber()] = div;
    });
    return results;
  }

  /// As above with every operand uninitialized.
  Results inferUninitialized(Operation *op) {
    llvm::SmallVector<IntegerDivisibility> argDivs(op->getNumOperands());
    return infer(op, argDivs);
  }

  /// The single reported result divisibility of a one-result op.
  std::optional<Div> inferOne(Operation *op,
                              llvm::ArrayRef<IntegerDivisibility> argDivs) {
    Results results = infer(op, argDivs);
    return results.empty() ? std::nullopt : results[0];
  }

  /// The op defining the value named by the `idx`-th op called `name`.
  Operation *nth(ModuleOp module, StringRef name, unsigned idx = 0) {
    Operation *found = nullptr;
    unsigned seen = 0;
    module.walk([&](Operation *op) {
      if (op->getName().getStringRef() == name && seen++ == idx)
        found = op;
    });
    EXPECT_TRUE(found) << name.str() << " #" << idx;
    return found;
  }
};

IntegerDivisibility known(uint64_t u, uint64_t s) { return {u, s}; }
IntegerDivisibility known(uint64_t d) { return {d, d}; }
const IntegerDivisibility kUninit;

//===----------------------------------------------------------------------===//
// Lattice
//===----------------------------------------------------------------------===//

TEST(IntegerDivisibilityLattice, ConstantDivisibility) {
  EXPECT_EQ(Div(), Div(1, 1));
  EXPECT_EQ(Div::getMinDivisibility(), Div(1, 1));
  EXPECT_EQ(Div(12, 8).udiv(), 12u);
  EXPECT_EQ(Div(12, 8).sdiv(), 8u);
  // Union is the component-wise gcd; 0 is "divisible by everything".
  EXPECT_EQ(Div(12, 18).getUnion(Div(18, 12)), Div(6, 6));
  EXPECT_EQ(Div(0, 0).getUnion(Div(24, 16)), Div(24, 16));
  EXPECT_EQ(Div(7, 5).getUnion(Div(0, 0)), Div(7, 5));
  EXPECT_EQ(Div(16, 16).getUnion(Div(3, 3)), Div(1, 1));
  EXPECT_NE(Div(2, 4), Div(4, 2));
}

TEST(IntegerDivisibilityLattice, FromConstant) {
  using llvm::APInt;
  EXPECT_EQ(Div::fromConstant(APInt(64, 16)), Div(16, 16));
  EXPECT_EQ(Div::fromConstant(APInt(64, 0)), Div(0, 0));
  // zext for udiv, |sext| for sdiv.
  EXPECT_EQ(Div::fromConstant(APInt(32, -12, /*isSigned=*/true)),
            Div(4294967284u, 12));
  EXPECT_EQ(Div::fromConstant(APInt(1, 1)), Div(1, 1));
  EXPECT_EQ(Div::fromConstant(APInt::getSignedMinValue(64)),
            Div(uint64_t(1) << 63, uint64_t(1) << 63));
  EXPECT_EQ(Div::fromConstant(APInt(64, -1, /*isSigned=*/true)),
            Div(kU64Max, 1));
  // Wider than 64 bits: fine while both readings fit, else nothing.
  EXPECT_EQ(Div::fromConstant(APInt(128, 48)), Div(48, 48));
  EXPECT_EQ(Div::fromConstant(APInt::getOneBitSet(128, 100)), std::nullopt);
}

TEST(IntegerDivisibilityLattice, JoinAndStates) {
  IntegerDivisibility uninit;
  EXPECT_TRUE(uninit.isUninitialized());
  EXPECT_FALSE(IntegerDivisibility::getMinDivisibility().isUninitialized());
  EXPECT_EQ(IntegerDivisibility::getMinDivisibility().getValue(), Div(1, 1));
  EXPECT_NE(uninit, IntegerDivisibility::getMinDivisibility());

  // Uninitialized is the identity of join.
  EXPECT_EQ(IntegerDivisibility::join(uninit, known(8, 4)), known(8, 4));
  EXPECT_EQ(IntegerDivisibility::join(known(8, 4), uninit), known(8, 4));
  EXPECT_TRUE(IntegerDivisibility::join(uninit, uninit).isUninitialized());
  // Two known values join to their gcd.
  EXPECT_EQ(IntegerDivisibility::join(known(16, 24), known(24, 36)),
            known(8, 12));
  EXPECT_EQ(IntegerDivisibility::join(known(0), known(32)), known(32));

  std::string text;
  llvm::raw_string_ostream os(text);
  os << uninit << " | " << known(16, 4);
  EXPECT_EQ(text, "<uninitialized> | udiv = 16, sdiv = 4");
}

//===----------------------------------------------------------------------===//
// arith models
//===----------------------------------------------------------------------===//

TEST_F(UtilDivisibilityTest, ArithConstant) {
  auto module = parse(R"mlir(
    util.func public @f() {
      %a = arith.constant 16 : index
      %b = arith.constant -12 : i32
      %c = arith.constant 0 : i64
      %d = arith.constant true
      %e = arith.constant 1.0 : f32
      %f = arith.constant dense<4> : vector<2xi32>
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  EXPECT_EQ(inferUninitialized(nth(*module, "arith.constant", 0))[0],
            Div(16, 16));
  EXPECT_EQ(inferUninitialized(nth(*module, "arith.constant", 1))[0],
            Div(4294967284u, 12));
  EXPECT_EQ(inferUninitialized(nth(*module, "arith.constant", 2))[0],
            Div(0, 0));
  EXPECT_EQ(inferUninitialized(nth(*module, "arith.constant", 3))[0],
            Div(1, 1));
  // Non-IntegerAttr constants set nothing.
  EXPECT_EQ(inferUninitialized(nth(*module, "arith.constant", 4))[0],
            std::nullopt);
  EXPECT_EQ(inferUninitialized(nth(*module, "arith.constant", 5))[0],
            std::nullopt);
}

TEST_F(UtilDivisibilityTest, ArithMulI) {
  auto module = parse(R"mlir(
    util.func public @f(%n: index, %m: index) {
      %c16 = arith.constant 16 : index
      %c-3 = arith.constant -3 : i64
      %x = arith.index_cast %n : index to i64
      %a = arith.muli %n, %c16 : index
      %b = arith.muli %n, %m : index
      %c = arith.muli %x, %c-3 : i64
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  Operation *a = nth(*module, "arith.muli", 0);
  Operation *b = nth(*module, "arith.muli", 1);
  Operation *c = nth(*module, "arith.muli", 2);
  // Unknown operand → {1, 1}; constant operand → its divisibility.
  EXPECT_EQ(inferOne(a, {kUninit, kUninit}), Div(16, 16));
  EXPECT_EQ(inferOne(b, {kUninit, kUninit}), Div(1, 1));
  // Known lattice values take precedence over constant matching.
  EXPECT_EQ(inferOne(a, {known(3), known(5)}), Div(15, 15));
  EXPECT_EQ(inferOne(b, {known(4, 2), known(6, 3)}), Div(24, 6));
  EXPECT_EQ(inferOne(c, {known(2), kUninit}), Div(2 * (kU64Max - 2), 6));
  // 64-bit wrapping product.
  EXPECT_EQ(inferOne(b, {known(uint64_t(1) << 63), known(2)}), Div(0, 0));
}

TEST_F(UtilDivisibilityTest, ArithDivUI) {
  auto module = parse(R"mlir(
    util.func public @f(%n: index, %m: index, %i: i32) {
      %c4 = arith.constant 4 : index
      %c0 = arith.constant 0 : index
      %cm4 = arith.constant -4 : i32
      %a = arith.divui %n, %c4 : index
      %b = arith.divui %n, %m : index
      %c = arith.divui %n, %c0 : index
      %d = arith.divui %i, %cm4 : i32
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  Operation *a = nth(*module, "arith.divui", 0);
  EXPECT_EQ(inferOne(a, {known(16), kUninit}), Div(4, 4));
  EXPECT_EQ(inferOne(a, {known(6), kUninit}), Div(1, 1));
  EXPECT_EQ(inferOne(a, {known(32, 6), kUninit}), Div(8, 1));
  EXPECT_EQ(inferOne(a, {kUninit, kUninit}), Div(1, 1));
  // The rhs must be a constant, whatever the lattice says.
  EXPECT_EQ(inferOne(nth(*module, "arith.divui", 1), {known(16), known(4)}),
            std::nullopt);
  // Division by zero sets nothing.
  EXPECT_EQ(inferOne(nth(*module, "arith.divui", 2), {known(16), kUninit}),
            std::nullopt);
  // -4 : i32 is zext 4294967292 / |sext| 4.
  EXPECT_EQ(inferOne(nth(*module, "arith.divui", 3), {known(8), kUninit}),
            Div(1, 2));
}

TEST_F(UtilDivisibilityTest, ArithUnionOps) {
  auto module = parse(R"mlir(
    util.func public @f(%a: index, %b: index) {
      %c8 = arith.constant 8 : index
      %0 = arith.addi %a, %b : index
      %1 = arith.subi %a, %b : index
      %2 = arith.minui %a, %b : index
      %3 = arith.maxui %a, %b : index
      %4 = arith.minsi %a, %b : index
      %5 = arith.maxsi %a, %b : index
      %6 = arith.addi %a, %c8 : index
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  for (StringRef name : {"arith.addi", "arith.subi", "arith.minui",
                         "arith.maxui", "arith.minsi", "arith.maxsi"}) {
    Operation *op = nth(*module, name);
    EXPECT_EQ(inferOne(op, {known(12), known(18)}), Div(6, 6)) << name.str();
    EXPECT_EQ(inferOne(op, {known(24, 16), known(36, 12)}), Div(12, 4))
        << name.str();
    EXPECT_EQ(inferOne(op, {known(0), known(32)}), Div(32, 32)) << name.str();
    EXPECT_EQ(inferOne(op, {kUninit, known(32)}), Div(1, 1)) << name.str();
  }
  Operation *addConst = nth(*module, "arith.addi", 1);
  EXPECT_EQ(inferOne(addConst, {known(64), kUninit}), Div(8, 8));
  EXPECT_EQ(inferOne(addConst, {known(4), kUninit}), Div(4, 4));
}

TEST_F(UtilDivisibilityTest, ArithSelect) {
  auto module = parse(R"mlir(
    util.func public @f(%p: i1, %a: index, %b: index) {
      %c12 = arith.constant 12 : index
      %0 = arith.select %p, %a, %b : index
      %1 = arith.select %p, %a, %c12 : index
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  Operation *s0 = nth(*module, "arith.select", 0);
  Operation *s1 = nth(*module, "arith.select", 1);
  // The condition's divisibility is ignored.
  EXPECT_EQ(inferOne(s0, {known(0), known(8), known(12)}), Div(4, 4));
  EXPECT_EQ(inferOne(s0, {kUninit, known(16, 2), known(24, 8)}), Div(8, 2));
  EXPECT_EQ(inferOne(s1, {kUninit, known(32), kUninit}), Div(4, 4));
  EXPECT_EQ(inferOne(s1, {kUninit, kUninit, kUninit}), Div(1, 1));
}

TEST_F(UtilDivisibilityTest, OnlyTheListedOpsHaveModels) {
  auto module = parse(R"mlir(
    util.func public @f(%a: index, %b: index, %x: i32) {
      %0 = arith.remui %a, %b : index
      %1 = arith.divsi %a, %b : index
      %2 = arith.andi %a, %b : index
      %3 = arith.ceildivui %a, %b : index
      %4 = arith.index_cast %a : index to i32
      %5 = arith.shli %a, %b : index
      %6 = arith.extui %x : i32 to i64
      %7 = affine.linearize_index [%a, %b] by (4, 8) : index
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  for (StringRef name :
       {"arith.remui", "arith.divsi", "arith.andi", "arith.ceildivui",
        "arith.index_cast", "arith.shli", "arith.extui",
        "affine.linearize_index", "util.return", "util.func"})
    EXPECT_FALSE(isa<InferIntDivisibilityOpInterface>(nth(*module, name)))
        << name.str();
}

//===----------------------------------------------------------------------===//
// affine models
//===----------------------------------------------------------------------===//

TEST_F(UtilDivisibilityTest, AffineApply) {
  auto module = parse(R"mlir(
    util.func public @f(%a: index, %b: index, %c: index) {
      %0 = affine.apply affine_map<()[s0] -> (s0 * 4 + 8)>()[%a]
      %1 = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%a)
      %2 = affine.apply affine_map<(d0) -> (d0 ceildiv -4)>(%a)
      %3 = affine.apply affine_map<(d0) -> (d0 mod 16)>(%a)
      %4 = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%a)[%b]
      %5 = affine.apply affine_map<(d0)[s0] -> (d0 mod s0)>(%a)[%b]
      %6 = affine.apply affine_map<(d0, d1)[s0] -> (d0 + d1 * s0)>(%a, %b)[%c]
      %7 = affine.apply affine_map<(d0)[s0] -> (d0 * 6 - s0 * 4)>(%a)[%b]
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  auto apply = [&](unsigned i) { return nth(*module, "affine.apply", i); };
  // Spec example: {16, 16} * 4 + 8 → {64,64} ∪ {8,8}.
  EXPECT_EQ(inferOne(apply(0), {known(16)}), Div(8, 8));
  EXPECT_EQ(inferOne(apply(0), {kUninit}), Div(4, 4));
  // floordiv / ceildiv (|c| is used).
  EXPECT_EQ(inferOne(apply(1), {known(16)}), Div(4, 4));
  EXPECT_EQ(inferOne(apply(1), {known(6)}), Div(1, 1));
  EXPECT_EQ(inferOne(apply(1), {known(32, 8)}), Div(8, 2));
  EXPECT_EQ(inferOne(apply(2), {known(16)}), Div(4, 4));
  EXPECT_EQ(inferOne(apply(2), {known(6)}), Div(1, 1));
  // mod: divisible → 0, else gcd.
  EXPECT_EQ(inferOne(apply(3), {known(32)}), Div(0, 0));
  EXPECT_EQ(inferOne(apply(3), {known(8)}), Div(8, 8));
  EXPECT_EQ(inferOne(apply(3), {known(12, 48)}), Div(4, 0));
  // Non-constant divisors → min.
  EXPECT_EQ(inferOne(apply(4), {known(64), known(4)}), Div(1, 1));
  EXPECT_EQ(inferOne(apply(5), {known(64), known(4)}), Div(1, 1));
  // Operands are dims then symbols.
  EXPECT_EQ(inferOne(apply(6), {known(24), known(2), known(6)}), Div(12, 12));
  EXPECT_EQ(inferOne(apply(6), {known(12), known(5), known(3)}), Div(3, 3));
  // Subtraction is `+ s0 * -4`: |-4| = 4.
  EXPECT_EQ(inferOne(apply(7), {known(4), known(2)}), Div(8, 8));
}

TEST_F(UtilDivisibilityTest, AffineApplyConstantOperands) {
  auto module = parse(R"mlir(
    util.func public @f() {
      %c24 = arith.constant 24 : index
      %0 = affine.apply affine_map<(d0) -> (d0 * 2)>(%c24)
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  Operation *apply = nth(*module, "affine.apply");
  EXPECT_EQ(inferOne(apply, {kUninit}), Div(48, 48));
  EXPECT_EQ(inferOne(apply, {known(3)}), Div(6, 6));
}

TEST_F(UtilDivisibilityTest, AffineMinMax) {
  auto module = parse(R"mlir(
    util.func public @f(%a: index, %b: index) {
      %0 = affine.min affine_map<(d0) -> (d0, 16, 24)>(%a)
      %1 = affine.max affine_map<(d0)[s0] -> (d0 * 4, s0 * 6)>(%a)[%b]
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  Operation *min = nth(*module, "affine.min");
  Operation *max = nth(*module, "affine.max");
  EXPECT_EQ(inferOne(min, {known(32)}), Div(8, 8));
  EXPECT_EQ(inferOne(min, {known(3)}), Div(1, 1));
  EXPECT_EQ(inferOne(max, {known(3), known(2)}), Div(12, 12));
  EXPECT_EQ(inferOne(max, {kUninit, kUninit}), Div(2, 2));
}

TEST_F(UtilDivisibilityTest, AffineDelinearizeIndex) {
  auto module = parse(R"mlir(
    util.func public @f(%x: index, %n: index) {
      %0:2 = affine.delinearize_index %x into (4, 8) : index, index
      %1:2 = affine.delinearize_index %x into (8) : index, index
      %2:3 = affine.delinearize_index %x into (2, 3, 4) : index, index, index
      %3:2 = affine.delinearize_index %x into (%n, 8) : index, index
      %4:2 = affine.delinearize_index %x into (4, %n) : index, index
      %5:3 = affine.delinearize_index %x into (%n, 4) : index, index, index
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  auto delin = [&](unsigned i) {
    return nth(*module, "affine.delinearize_index", i);
  };
  // With an outer bound the first basis entry is dropped.
  EXPECT_EQ(infer(delin(0), {known(64)}), (Results{Div(8, 8), Div(0, 0)}));
  EXPECT_EQ(infer(delin(0), {known(12)}), (Results{Div(1, 1), Div(4, 4)}));
  EXPECT_EQ(infer(delin(1), {known(64)}), (Results{Div(8, 8), Div(0, 0)}));
  // x floordiv 12, (x floordiv 4) mod 3, x mod 4.
  EXPECT_EQ(infer(delin(2), {known(24)}),
            (Results{Div(2, 2), Div(0, 0), Div(0, 0)}));
  EXPECT_EQ(infer(delin(2), {known(6)}),
            (Results{Div(1, 1), Div(1, 1), Div(2, 2)}));
  EXPECT_EQ(infer(delin(2), {known(16)}),
            (Results{Div(1, 1), Div(1, 1), Div(0, 0)}));
  // Dynamic entries are symbols: a dropped outer one does not matter, an
  // inner one makes floordiv/mod by it unknown.
  EXPECT_EQ(infer(delin(3), {known(16), known(8)}),
            (Results{Div(2, 2), Div(0, 0)}));
  EXPECT_EQ(infer(delin(4), {known(16), known(8)}),
            (Results{Div(1, 1), Div(1, 1)}));
  // No outer bound, basis (s0, 4): x floordiv (s0 * 4), (x floordiv 4) mod s0,
  // x mod 4.
  EXPECT_EQ(infer(delin(5), {known(32), known(2)}),
            (Results{Div(1, 1), Div(1, 1), Div(0, 0)}));
}

//===----------------------------------------------------------------------===//
// util and iree_tensor_ext implementations
//===----------------------------------------------------------------------===//

TEST_F(UtilDivisibilityTest, UtilAlign) {
  auto module = parse(R"mlir(
    util.func public @f(%v: index, %a: index) {
      %0 = util.align %v, %a : index
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  auto align = findOp<AlignOp>(*module);
  ASSERT_TRUE(isa<InferIntDivisibilityOpInterface>(align.getOperation()));
  // Result divisibility = the alignment's, only when known.
  EXPECT_EQ(inferOne(align, {kUninit, known(64)}), Div(64, 64));
  EXPECT_EQ(inferOne(align, {known(3), known(16, 8)}), Div(16, 8));
  EXPECT_EQ(inferOne(align, {known(64), kUninit}), std::nullopt);
}

TEST_F(UtilDivisibilityTest, UtilAssumeInt) {
  auto module = parse(R"mlir(
    util.func public @f(%a: index, %b: index, %c: index, %d: index, %e: i32, %g: index) {
      %r:6 = util.assume.int
          %a<udiv = 16>,
          %b[<umin = 0, umax = 64, udiv = 12>, <udiv = 18>],
          %c[<umin = 0, umax = 0>, <udiv = 8>],
          %d[<udiv = 8>, <umin = 1>],
          %e<umin = 1, umax = 8>,
          %g[]
        : index, index, index, index, i32, index
      %s:2 = util.assume.int
          %a[<umin = 0, umax = 0>, <udiv = 8>, <umin = 8, udiv = 12>],
          %b[<umin = 0, umax = 0>, <umin = 0, umax = 0>, <umin = 0, umax = 0>]
        : index, index
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  auto first = findOp<AssumeIntOp>(*module, 0);
  auto second = findOp<AssumeIntOp>(*module, 1);
  ASSERT_TRUE(first && second);
  // One entry; gcd of a row; zero-pinned entries skipped; an entry without
  // udiv (or no udiv at all) → nothing; an empty row → nothing.
  Results expected = {Div(16, 16),  Div(6, 6),    Div(8, 8),
                      std::nullopt, std::nullopt, std::nullopt};
  EXPECT_EQ(inferUninitialized(first), expected);
  // The operands' own divisibility is not used.
  EXPECT_EQ(infer(first, {known(3), known(3), known(3), known(64), known(64),
                          known(64)}),
            expected);
  // gcd(8, 12) with the zero pin skipped; a row of zero pins defines no
  // divisor.
  EXPECT_EQ(inferUninitialized(second), (Results{Div(4, 4), std::nullopt}));
}

TEST_F(UtilDivisibilityTest, WorkloadOrdinalPassesThrough) {
  auto module = parse(R"mlir(
    util.func public @f(%n: index) {
      %0 = iree_tensor_ext.dispatch.workload.ordinal %n, 0 : index
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  auto ordinal =
      findOp<sluice::iree_tensor_ext::DispatchWorkloadOrdinalOp>(*module);
  ASSERT_TRUE(ordinal);
  EXPECT_EQ(inferOne(ordinal, {known(32, 8)}), Div(32, 8));
  EXPECT_EQ(inferOne(ordinal, {kUninit}), Div(1, 1));
}

//===----------------------------------------------------------------------===//
// IntegerDivisibilityAnalysis
//===----------------------------------------------------------------------===//

class IntegerDivisibilityAnalysisTest : public UtilDivisibilityTest {
protected:
  void run(ModuleOp module) {
    solver.load<dataflow::DeadCodeAnalysis>();
    solver.load<dataflow::SparseConstantPropagation>();
    solver.load<IntegerDivisibilityAnalysis>();
    ASSERT_TRUE(succeeded(solver.initializeAndRun(module)));
  }

  IntegerDivisibility lookup(Value value) {
    auto *lattice = solver.lookupState<IntegerDivisibilityLattice>(value);
    return lattice ? lattice->getValue() : IntegerDivisibility();
  }

  /// The lattice of result `r` of the `idx`-th op named `name`.
  IntegerDivisibility lookup(ModuleOp module, StringRef name, unsigned idx = 0,
                             unsigned r = 0) {
    Operation *op = nth(module, name, idx);
    return op ? lookup(op->getResult(r)) : IntegerDivisibility();
  }

  DataFlowSolver solver;
};

TEST_F(IntegerDivisibilityAnalysisTest, PropagatesThroughChains) {
  auto module = parse(R"mlir(
    util.func public @f(%n: index, %m: index) -> index {
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %a = arith.muli %n, %c16 : index
      %b = affine.apply affine_map<()[s0] -> (s0 * 4 + 8)>()[%a]
      %al = util.align %m, %c64 : index
      %s = arith.addi %al, %a : index
      %r:2 = util.assume.int %n<udiv = 12>, %m[<udiv = 20>, <udiv = 30>] : index, index
      %p = arith.muli %r#0, %r#1 : index
      %w = iree_tensor_ext.dispatch.workload.ordinal %p, 0 : index
      %d = arith.divui %w, %c16 : index
      %x = arith.remui %a, %c64 : index
      %y = arith.addi %x, %c64 : index
      util.return %b : index
    }
  )mlir");
  ASSERT_TRUE(module);
  run(*module);
  auto func = findOp<FuncOp>(*module);
  // Entry block arguments are at the entry state {1, 1}.
  EXPECT_EQ(lookup(func.getArgument(0)), known(1));
  EXPECT_EQ(lookup(*module, "arith.constant", 0), known(16));
  EXPECT_EQ(lookup(*module, "arith.muli", 0), known(16));
  EXPECT_EQ(lookup(*module, "affine.apply"), known(8));
  EXPECT_EQ(lookup(*module, "util.align"), known(64));
  EXPECT_EQ(lookup(*module, "arith.addi", 0), known(16));
  EXPECT_EQ(lookup(*module, "util.assume.int", 0, 0), known(12));
  EXPECT_EQ(lookup(*module, "util.assume.int", 0, 1), known(10));
  EXPECT_EQ(lookup(*module, "arith.muli", 1), known(120));
  EXPECT_EQ(lookup(*module, "iree_tensor_ext.dispatch.workload.ordinal"),
            known(120));
  // 120 is not a multiple of 16.
  EXPECT_EQ(lookup(*module, "arith.divui"), known(1));
  // Ops without a model are at the entry state.
  EXPECT_EQ(lookup(*module, "arith.remui"), known(1));
  EXPECT_EQ(lookup(*module, "arith.addi", 1), known(1));
}

TEST_F(IntegerDivisibilityAnalysisTest, JoinsAtBlockArguments) {
  auto module = parse(R"mlir(
    func.func @f(%p: i1, %n: index) -> index {
      %c16 = arith.constant 16 : index
      %c24 = arith.constant 24 : index
      %a = arith.muli %n, %c16 : index
      %b = arith.muli %n, %c24 : index
      cf.cond_br %p, ^bb1(%a : index), ^bb1(%b : index)
    ^bb1(%x: index):
      %y = arith.muli %x, %c24 : index
      return %y : index
    }
  )mlir");
  ASSERT_TRUE(module);
  run(*module);
  Block &merge = module->lookupSymbol<func::FuncOp>("f").getBody().back();
  EXPECT_EQ(lookup(merge.getArgument(0)), known(8));
  EXPECT_EQ(lookup(*module, "arith.muli", 2), known(192));
}

TEST_F(IntegerDivisibilityAnalysisTest, ScfForIterArgs) {
  auto module = parse(R"mlir(
    func.func @f(%n: index) -> index {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c12 = arith.constant 12 : index
      %c8 = arith.constant 8 : index
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c12) -> (index) {
        %next = arith.addi %acc, %c8 : index
        scf.yield %next : index
      }
      return %r : index
    }
  )mlir");
  ASSERT_TRUE(module);
  run(*module);
  // 12, 20, 28, ... are all multiples of 4.
  EXPECT_EQ(lookup(*module, "scf.for"), known(4));
  EXPECT_EQ(lookup(*module, "arith.addi"), known(4));
}

} // namespace
