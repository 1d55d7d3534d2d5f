//===- UtilConversionTest.cpp - util-owned conversion helpers -------------===//
//
// support-dialects.md §7.3.1: the generic type-converting pattern and
// legality, the !util.ptr/!util.list conversions and the generic structural
// conversion, driven through applyPartialConversion with a test converter:
// i32 -> i64, tensor -> (i64, index) (1:2), f16 unconvertible, other types
// unchanged.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "sluice/Dialect/Util/Conversion/ConversionPatterns.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/IR/UtilTypes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <functional>

using namespace mlir;
using namespace sluice;
using namespace sluice::util;

namespace {

struct TestTypeConverter : TypeConverter {
  TestTypeConverter() {
    addConversion([](Type type) { return type; });
    addConversion([](IntegerType type) -> Type {
      if (type.getWidth() == 32)
        return IntegerType::get(type.getContext(), 64);
      return type;
    });
    addConversion([](Float16Type) -> std::optional<Type> {
      return Type(); // unconvertible
    });
    addConversion(
        [](TensorType type,
           SmallVectorImpl<Type> &results) -> std::optional<LogicalResult> {
          results.push_back(IntegerType::get(type.getContext(), 64));
          results.push_back(IndexType::get(type.getContext()));
          return success();
        });
    populateUtilTypeConversions(*this);
    auto cast = [](OpBuilder &builder, TypeRange types, ValueRange inputs,
                   Location loc) -> SmallVector<Value> {
      return UnrealizedConversionCastOp::create(builder, loc, types, inputs)
          .getResults();
    };
    addSourceMaterialization([cast](OpBuilder &builder, Type type,
                                    ValueRange inputs, Location loc) -> Value {
      return cast(builder, type, inputs, loc).front();
    });
    addTargetMaterialization(cast);
  }
};

/// The generic pattern, logging whether each match succeeded.
template <typename OpT> struct ProbePattern : GenericConvertTypesPattern<OpT> {
  ProbePattern(const TypeConverter &converter, MLIRContext *context,
               std::vector<bool> *log)
      : GenericConvertTypesPattern<OpT>(converter, context), log(log) {}

  LogicalResult matchAndRewrite(
      OpT op, typename GenericConvertTypesPattern<OpT>::OneToNOpAdaptor adaptor,
      ConversionPatternRewriter &rewriter) const override {
    LogicalResult result =
        GenericConvertTypesPattern<OpT>::matchAndRewrite(op, adaptor, rewriter);
    log->push_back(succeeded(result));
    return result;
  }
  std::vector<bool> *log;
};

class UtilConversionTest : public sluice::testing::DialectTest {
protected:
  using Setup = std::function<void(ConversionTarget &, RewritePatternSet &)>;

  /// Parses `source`, runs a partial conversion configured by `setup` and
  /// returns the printed module; `succeeded` receives the driver result.
  std::string convert(llvm::StringRef source, const Setup &setup,
                      bool &succeeded) {
    OwningOpRef<ModuleOp> module = parse(source);
    EXPECT_TRUE(module);
    if (!module)
      return "";
    ConversionTarget target(context);
    RewritePatternSet patterns(&context);
    setup(target, patterns);
    // Diagnostics of failed conversions are expected in some tests; set
    // SLUICE_TEST_DIAGNOSTICS=1 to print them.
    ScopedDiagnosticHandler silence(&context, [](Diagnostic &diag) {
      if (getenv("SLUICE_TEST_DIAGNOSTICS"))
        llvm::errs() << diag.str() << "\n";
      return success();
    });
    succeeded = llvm::succeeded(
        applyPartialConversion(module.get(), target, std::move(patterns)));
    std::string out;
    llvm::raw_string_ostream os(out);
    module->print(os);
    return out;
  }

  std::string convertOk(llvm::StringRef source, const Setup &setup) {
    bool ok = false;
    std::string out = convert(source, setup, ok);
    EXPECT_TRUE(ok) << out;
    return out;
  }

  /// The structural set-up used by the HAL/VM conversions.
  Setup structural() {
    return [this](ConversionTarget &target, RewritePatternSet &patterns) {
      populateGenericStructuralConversionPatterns(&context, target, converter,
                                                  patterns);
    };
  }

  bool contains(const std::string &haystack, llvm::StringRef needle) {
    return haystack.find(needle.str()) != std::string::npos;
  }

  TestTypeConverter converter;
  std::vector<bool> matches;
};

#define EXPECT_CONTAINS(out, needle)                                           \
  EXPECT_TRUE(contains(out, needle)) << "missing: " << needle << "\n" << out
#define EXPECT_NOT_CONTAINS(out, needle)                                       \
  EXPECT_FALSE(contains(out, needle)) << "unexpected: " << needle << "\n" << out

//===----------------------------------------------------------------------===//
// Type conversions
//===----------------------------------------------------------------------===//

TEST_F(UtilConversionTest, PtrConvertsToOnePointerPerConvertedType) {
  Builder b(&context);
  SmallVector<Type> results;
  ASSERT_TRUE(succeeded(
      converter.convertType(PtrType::get(&context, b.getI32Type()), results)));
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0], PtrType::get(&context, b.getI64Type()));

  results.clear();
  auto tensor = RankedTensorType::get({4}, b.getF32Type());
  ASSERT_TRUE(succeeded(
      converter.convertType(PtrType::get(&context, tensor), results)));
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0], PtrType::get(&context, b.getI64Type()));
  EXPECT_EQ(results[1], PtrType::get(&context, b.getIndexType()));

  results.clear();
  EXPECT_TRUE(failed(
      converter.convertType(PtrType::get(&context, b.getF16Type()), results)));
}

TEST_F(UtilConversionTest, ListConvertsElementOneToOne) {
  Builder b(&context);
  EXPECT_EQ(converter.convertType(ListType::get(&context, b.getI32Type())),
            ListType::get(&context, b.getI64Type()));
  auto variantList = ListType::get(&context, VariantType::get(&context));
  EXPECT_EQ(converter.convertType(variantList), variantList);
  // An element converting 1:2 or not at all makes the list unconvertible.
  auto tensor = RankedTensorType::get({4}, b.getF32Type());
  SmallVector<Type> results;
  EXPECT_TRUE(
      failed(converter.convertType(ListType::get(&context, tensor), results)));
  EXPECT_TRUE(results.empty());
  EXPECT_FALSE(converter.convertType(ListType::get(&context, b.getF16Type())));
}

TEST_F(UtilConversionTest, GenericLegalityChecksOperandsAndResults) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    util.func @f(%a: i64, %b: i32, %c: index) -> (i64, i32) {
      %0 = util.optimization_barrier %a : i64
      %1 = util.optimization_barrier %b : i32
      %2 = arith.index_cast %c : index to i32
      util.return %0, %1 : i64, i32
    })mlir");
  ASSERT_TRUE(module);
  auto barriers = collect<OptimizationBarrierOp>(*module);
  ASSERT_EQ(barriers.size(), 2u);
  EXPECT_TRUE(isGenericallyLegal(barriers[0], converter));
  EXPECT_FALSE(isGenericallyLegal(barriers[1], converter));
  // Illegal result only.
  EXPECT_FALSE(
      isGenericallyLegal(find(*module, "arith.index_cast"), converter));
  EXPECT_FALSE(isGenericallyLegal(findOp<ReturnOp>(*module), converter));
}

//===----------------------------------------------------------------------===//
// Generic type-converting pattern
//===----------------------------------------------------------------------===//

TEST_F(UtilConversionTest, GenericPatternConvertsAssumeIntAndBarrier) {
  std::string out = convertOk(
      R"mlir(
    util.func @f(%a: i64, %b: index) -> (i64, index) {
      %0 = arith.trunci %a : i64 to i32
      %1 = util.assume.int %0<umin = 1> : i32
      %2 = util.optimization_barrier %1 : i32
      %3 = arith.extsi %2 : i32 to i64
      util.return %3, %b : i64, index
    })mlir",
      [&](ConversionTarget &target, RewritePatternSet &patterns) {
        addGenericLegalOpAndPattern<AssumeIntOp>(&context, target, converter,
                                                 patterns);
        addGenericLegalOpAndPattern<OptimizationBarrierOp>(&context, target,
                                                           converter, patterns);
      });
  // The source of the chain is cast to the converted type, then both ops are
  // rebuilt with i64 and the assumptions kept.
  EXPECT_CONTAINS(out, "builtin.unrealized_conversion_cast %0 : i32 to i64");
  EXPECT_CONTAINS(out, "util.assume.int %1<umin = 1> : i64");
  EXPECT_CONTAINS(out, "util.optimization_barrier %2 : i64");
  EXPECT_NOT_CONTAINS(out, "util.assume.int %0");
}

TEST_F(UtilConversionTest, GenericPatternConvertsGlobalTypeAttr) {
  auto setup = [&](ConversionTarget &target, RewritePatternSet &patterns) {
    target.addDynamicallyLegalOp<GlobalOp>(
        [&](GlobalOp op) { return converter.isLegal(op.getType()); });
    patterns.add<ProbePattern<GlobalOp>>(converter, &context, &matches);
  };
  std::string out = convertOk(R"mlir(
    util.global private mutable @g : i32
    util.global private @l : !util.list<i32>
    util.global private @k : index
  )mlir",
                              setup);
  EXPECT_CONTAINS(out, "util.global private mutable @g : i64");
  EXPECT_CONTAINS(out, "util.global private @l : !util.list<i64>");
  EXPECT_CONTAINS(out, "util.global private @k : index");

  // A TypeAttr converting 1:2 or not at all fails the match.
  for (llvm::StringRef type : {"tensor<4xf32>", "f16"}) {
    matches.clear();
    bool ok = true;
    std::string src = "util.global private @t : " + type.str();
    out = convert(src, setup, ok);
    EXPECT_FALSE(ok) << out;
    EXPECT_CONTAINS(out, src);
    EXPECT_FALSE(matches.empty());
    EXPECT_FALSE(llvm::is_contained(matches, true)) << type.str();
  }
}

TEST_F(UtilConversionTest, GenericPatternDoesNotRewriteWhenNothingChanges) {
  bool ok = true;
  std::string out = convert(
      R"mlir(
    util.func @f(%a: i64) -> i64 {
      %0 = util.optimization_barrier %a : i64
      util.return %0 : i64
    })mlir",
      [&](ConversionTarget &target, RewritePatternSet &patterns) {
        // Forced illegal so the pattern runs on an op with nothing to convert.
        target.addIllegalOp<OptimizationBarrierOp>();
        patterns.add<ProbePattern<OptimizationBarrierOp>>(converter, &context,
                                                          &matches);
      },
      ok);
  EXPECT_FALSE(ok);
  EXPECT_CONTAINS(out, "util.optimization_barrier %arg0 : i64");
  // The pattern ran and declined; the op was not rebuilt.
  EXPECT_EQ(matches, std::vector<bool>{false});
}

//===----------------------------------------------------------------------===//
// Generic structural conversion
//===----------------------------------------------------------------------===//

TEST_F(UtilConversionTest, UtilFuncCallReturn) {
  std::string out = convertOk(R"mlir(
    util.func private @callee(%a: i32 {test.a}, %t: tensor<4xf32> {test.t}) -> (i32 {test.r}, %t as tensor<4xf32>)
    util.func public @caller(%a: i32, %t: tensor<4xf32>, %i: index) -> (i32, tensor<4xf32>, index) {
      %0:2 = util.call @callee(%a, %t) {test.keep = 7 : i32, arg_attrs = [{test.x}, {}], res_attrs = [{}, {test.y}]} : (i32, tensor<4xf32>) -> (i32, %t as tensor<4xf32>)
      util.return %0#0, %0#1, %i : i32, tensor<4xf32>, index
    })mlir",
                              structural());
  // Signatures: i32 -> i64, tensor -> (i64, index); the first expansion keeps
  // the argument/result attributes.
  EXPECT_CONTAINS(out, "util.func private @callee(%arg0: i64 {test.a}, %arg1: "
                       "i64 {test.t}, %arg2: index) -> (i64 {test.r}, %arg1, "
                       "index)");
  EXPECT_CONTAINS(out, "util.func public @caller(%arg0: i64, %arg1: i64, "
                       "%arg2: index, %arg3: index) -> (i64, i64, index, "
                       "index)");
  // The call is rebuilt on the converted values; the tie moves to the first
  // expansion of the tied operand; attributes are kept.
  EXPECT_CONTAINS(out, "util.call @callee(%arg0, %arg1, %arg2)");
  EXPECT_CONTAINS(out, "test.keep = 7 : i32");
  EXPECT_CONTAINS(out, "arg_attrs = [{test.x}, {}]");
  EXPECT_CONTAINS(out, "res_attrs = [{}, {test.y}]");
  EXPECT_CONTAINS(out, ": (i64, i64, index) -> (i64, %arg1, index)");
  EXPECT_CONTAINS(out, "util.return %0#0, %0#1, %0#2, %arg3 : i64, i64, "
                       "index, index");
  EXPECT_NOT_CONTAINS(out, "tensor");
  EXPECT_NOT_CONTAINS(out, "unrealized_conversion_cast");
}

TEST_F(UtilConversionTest, UtilFuncWithUnconvertibleSignatureFails) {
  bool ok = true;
  std::string out = convert(R"mlir(
    util.func private @f(%l: !util.list<tensor<*xf32>>)
  )mlir",
                            structural(), ok);
  EXPECT_FALSE(ok);
  EXPECT_CONTAINS(out, "!util.list<tensor<*xf32>>");
}

TEST_F(UtilConversionTest, InitializerBodyBlocksConverted) {
  std::string out = convertOk(R"mlir(
    util.global private mutable @g : i64
    util.initializer {
      %c = arith.constant 1 : i64
      %t = arith.trunci %c : i64 to i32
      cf.br ^bb1(%t : i32)
    ^bb1(%x: i32):
      %e = arith.extsi %x : i32 to i64
      util.global.store %e, @g : i64
      util.return
    })mlir",
                              structural());
  EXPECT_CONTAINS(out, "^bb1(%2: i64):");
  EXPECT_CONTAINS(out, "cf.br ^bb1(%1 : i64)");
}

TEST_F(UtilConversionTest, ScfIfAndCfBranchBlockArgs) {
  std::string out = convertOk(R"mlir(
    util.func public @f(%t: tensor<4xf32>, %u: tensor<4xf32>, %c: i1, %a: i32) -> (tensor<4xf32>, i32) {
      %r = scf.if %c -> tensor<4xf32> {
        scf.yield %t : tensor<4xf32>
      } else {
        util.scf.unreachable "never"
        scf.yield %u : tensor<4xf32>
      }
      cf.cond_br %c, ^bb1(%r, %a : tensor<4xf32>, i32), ^bb2
    ^bb1(%x: tensor<4xf32>, %y: i32):
      %s = arith.select %c, %y, %a : i32
      util.return %x, %s : tensor<4xf32>, i32
    ^bb2:
      util.unreachable "nope"
    })mlir",
                              structural());
  EXPECT_CONTAINS(out, "util.func public @f(%arg0: i64, %arg1: index, %arg2: "
                       "i64, %arg3: index, %arg4: i1, %arg5: i64) -> (i64, "
                       "index, i64)");
  EXPECT_CONTAINS(out, "%0:2 = scf.if %arg4 -> (i64, index) {");
  EXPECT_CONTAINS(out, "scf.yield %arg0, %arg1 : i64, index");
  EXPECT_CONTAINS(out, "scf.yield %arg2, %arg3 : i64, index");
  EXPECT_CONTAINS(out, "util.scf.unreachable \"never\"");
  EXPECT_CONTAINS(out, "cf.cond_br %arg4, ^bb1(%0#0, %0#1, %arg5 : i64, "
                       "index, i64), ^bb2");
  EXPECT_CONTAINS(out, "^bb1(%1: i64, %2: index, %3: i64):");
  EXPECT_CONTAINS(out, "arith.select %arg4, %3, %arg5 : i64");
  EXPECT_CONTAINS(out, "util.return %1, %2, %4 : i64, index, i64");
  EXPECT_CONTAINS(out, "util.unreachable \"nope\"");
  EXPECT_NOT_CONTAINS(out, "tensor");
  EXPECT_NOT_CONTAINS(out, "unrealized_conversion_cast");
}

TEST_F(UtilConversionTest, FuncDialectCounterparts) {
  std::string out = convertOk(R"mlir(
    func.func private @callee(%a: i32 {test.a}) -> (tensor<4xf32> {test.r})
    func.func @caller(%a: i32) -> tensor<4xf32> {
      %0 = func.call @callee(%a) : (i32) -> tensor<4xf32>
      cf.br ^bb1(%0 : tensor<4xf32>)
    ^bb1(%x: tensor<4xf32>):
      return %x : tensor<4xf32>
    })mlir",
                              structural());
  EXPECT_CONTAINS(out, "func.func private @callee(i64 {test.a}) -> (i64 "
                       "{test.r}, index)");
  EXPECT_CONTAINS(out, "func.func @caller(%arg0: i64) -> (i64, index)");
  EXPECT_CONTAINS(out, "%0:2 = call @callee(%arg0) : (i64) -> (i64, index)");
  EXPECT_CONTAINS(out, "cf.br ^bb1(%0#0, %0#1 : i64, index)");
  EXPECT_CONTAINS(out, "return %1, %2 : i64, index");
  EXPECT_NOT_CONTAINS(out, "tensor");
}

} // namespace
