//===- StreamHelpersTest.cpp - stream helpers used by the passes ----------===//
//
// stream-ir.md §9.7 (createSuballocations), §9.8 (dispatch argument maps)
// and §9.10 (stream.cmd.func builder): the IR the helpers create, checked
// through op kinds, operands, attributes and the printed form.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;

namespace {

class StreamHelpersTest : public sluice::testing::DialectTest {
protected:
  /// A function with three index sizes and a timepoint; the builder is set
  /// before its return.
  OwningOpRef<ModuleOp> makeHost(OpBuilder &builder) {
    OwningOpRef<ModuleOp> module = parse(R"mlir(
      util.func public @host(%a: index, %b: index, %c: index,
                             %t: !stream.timepoint) {
        util.return
      }
    )mlir");
    EXPECT_TRUE(module);
    Operation *ret = &module->getBody()->front().getRegion(0).front().back();
    builder.setInsertionPoint(ret);
    return module;
  }

  BlockArgument hostArg(ModuleOp module, unsigned index) {
    return module.getBody()->front().getRegion(0).front().getArgument(index);
  }

  AffinityAttr affinity(StringRef text) {
    auto attr = dyn_cast_or_null<AffinityAttr>(parseAttribute(text, &context));
    EXPECT_TRUE(attr) << text.str();
    return attr;
  }

  Location loc(StringRef name) {
    return NameLoc::get(StringAttr::get(&context, name));
  }

  static std::string print(Operation *op) {
    std::string text;
    llvm::raw_string_ostream os(text);
    op->print(os);
    return text;
  }

  template <typename OpT> static unsigned countOps(Operation *root) {
    unsigned n = 0;
    root->walk([&](OpT) { ++n; });
    return n;
  }

};

//===----------------------------------------------------------------------===//
// §9.7 ResourceAllocOp::createSuballocations
//===----------------------------------------------------------------------===//

TEST_F(StreamHelpersTest, AllocSuballocationsEmpty) {
  OpBuilder builder(&context);
  OwningOpRef<ModuleOp> module = makeHost(builder);
  auto type = ResourceType::get(&context, Lifetime::External);
  auto [allocOp, values] = ResourceAllocOp::createSuballocations(
      type, {}, ValueRange{}, /*uninitialized=*/true, {}, builder);
  EXPECT_FALSE(allocOp);
  EXPECT_TRUE(values.empty());
  EXPECT_EQ(countOps<ResourceAllocOp>(*module), 0u);
  EXPECT_EQ(countOps<ResourcePackOp>(*module), 0u);
}

TEST_F(StreamHelpersTest, AllocSuballocationsSingleEntryIsOneAlloc) {
  OpBuilder builder(&context);
  OwningOpRef<ModuleOp> module = makeHost(builder);
  auto type = ResourceType::get(&context, Lifetime::Variable);
  Value size = hostArg(*module, 1);
  auto [allocOp, values] = ResourceAllocOp::createSuballocations(
      type, {loc("only")}, ValueRange{size}, /*uninitialized=*/true,
      affinity("#hal.device.affinity<@dev>"), builder);
  ASSERT_TRUE(allocOp);
  ASSERT_EQ(values.size(), 1u);
  EXPECT_EQ(values[0], allocOp.getResult());
  EXPECT_EQ(allocOp.getStorageSize(), size);
  EXPECT_EQ(allocOp->getLoc(), loc("only"));
  EXPECT_EQ(countOps<ResourcePackOp>(*module), 0u);
  EXPECT_EQ(countOps<ResourceSubviewOp>(*module), 0u);
  EXPECT_TRUE(succeeded(verify(*module)));
  EXPECT_EQ(
      print(allocOp),
      "%0 = stream.resource.alloc uninitialized "
      "on(#hal.device.affinity<@dev>) : !stream.resource<variable>{%arg1}");
}

TEST_F(StreamHelpersTest, AllocSuballocationsPacksSeveralEntries) {
  OpBuilder builder(&context);
  OwningOpRef<ModuleOp> module = makeHost(builder);
  auto type = ResourceType::get(&context, Lifetime::External);
  Value a = hostArg(*module, 0), b = hostArg(*module, 1),
        c = hostArg(*module, 2);
  SmallVector<Location> locs = {loc("x"), loc("y"), loc("z")};
  auto [allocOp, values] = ResourceAllocOp::createSuballocations(
      type, locs, ValueRange{a, b, c}, /*uninitialized=*/false,
      affinity("#hal.device.affinity<@dev>"), builder);
  ASSERT_TRUE(allocOp);
  ASSERT_EQ(values.size(), 3u);
  ASSERT_TRUE(succeeded(verify(*module)));

  // One pack with no base offset, all lifetimes [0, 0], the given sizes.
  auto packOp = allocOp.getStorageSize().getDefiningOp<ResourcePackOp>();
  ASSERT_TRUE(packOp);
  EXPECT_EQ(countOps<ResourcePackOp>(*module), 1u);
  EXPECT_EQ(countOps<ResourceAllocOp>(*module), 1u);
  EXPECT_FALSE(packOp.getOffset());
  EXPECT_EQ(packOp.getDynamicSliceSizes().size(), 3u);
  EXPECT_EQ(packOp.getPackedOffsets().size(), 3u);
  for (Attribute bound : packOp.getLifetimeIntervals())
    EXPECT_EQ(cast<IntegerAttr>(bound).getInt(), 0);
  EXPECT_EQ(packOp.getLifetimeIntervals().size(), 6u);
  EXPECT_EQ(packOp.getAffinityAttr(), affinity("#hal.device.affinity<@dev>"));
  EXPECT_TRUE(packOp->isBeforeInBlock(allocOp));

  // Pack and alloc at the fused location of the entries.
  Location fused = FusedLoc::get(&context, locs);
  EXPECT_EQ(packOp->getLoc(), fused);
  EXPECT_EQ(allocOp->getLoc(), fused);
  EXPECT_FALSE(allocOp.getUninitialized());

  // One subview per entry, in entry order, at its packed offset.
  Value sizes[] = {a, b, c};
  for (unsigned i = 0; i < 3; ++i) {
    auto subview = values[i].getDefiningOp<ResourceSubviewOp>();
    ASSERT_TRUE(subview) << i;
    EXPECT_EQ(subview.getSource(), allocOp.getResult());
    EXPECT_EQ(subview.getSourceSize(), packOp.getTotalLength());
    EXPECT_EQ(subview.getSourceOffset(), packOp.getPackedOffsets()[i]);
    EXPECT_EQ(subview.getResultSize(), sizes[i]);
    EXPECT_EQ(subview.getResult().getType(), type);
    EXPECT_EQ(subview->getLoc(), locs[i]);
  }

  EXPECT_EQ(
      print(module->getBody()->front().getRegion(0).front().getParentOp()),
      R"mlir(util.func public @host(%arg0: index, %arg1: index, %arg2: index, %arg3: !stream.timepoint) {
  %0:4 = stream.resource.pack on(#hal.device.affinity<@dev>) slices({
    [0, 0] = %arg0,
    [0, 0] = %arg1,
    [0, 0] = %arg2
  }) : index
  %1 = stream.resource.alloc on(#hal.device.affinity<@dev>) : !stream.resource<external>{%0#0}
  %2 = stream.resource.subview %1[%0#1] : !stream.resource<external>{%0#0} -> !stream.resource<external>{%arg0}
  %3 = stream.resource.subview %1[%0#2] : !stream.resource<external>{%0#0} -> !stream.resource<external>{%arg1}
  %4 = stream.resource.subview %1[%0#3] : !stream.resource<external>{%0#0} -> !stream.resource<external>{%arg2}
  util.return
})mlir");
}

//===----------------------------------------------------------------------===//
// §9.7 ResourceAllocaOp::createSuballocations
//===----------------------------------------------------------------------===//

TEST_F(StreamHelpersTest, AllocaSuballocationsSingleEntryAwaits) {
  OpBuilder builder(&context);
  OwningOpRef<ModuleOp> module = makeHost(builder);
  auto type = ResourceType::get(&context, Lifetime::Transient);
  auto tpType = TimepointType::get(&context);
  Value size = hostArg(*module, 2), await = hostArg(*module, 3);
  auto [allocaOp, values] = ResourceAllocaOp::createSuballocations(
      tpType, type, {loc("r")}, ValueRange{size}, await, {}, builder);
  ASSERT_TRUE(allocaOp);
  ASSERT_EQ(values.size(), 1u);
  EXPECT_EQ(values[0], allocaOp.getResult());
  EXPECT_EQ(allocaOp.getAwaitTimepoint(), await);
  EXPECT_FALSE(allocaOp.getIndeterminateLifetime());
  EXPECT_EQ(allocaOp.getResultTimepoint().getType(), tpType);
  EXPECT_TRUE(succeeded(verify(*module)));
  EXPECT_EQ(print(allocaOp),
            "%result, %result_timepoint = stream.resource.alloca uninitialized "
            "await(%arg3) => !stream.resource<transient>{%arg2} => "
            "!stream.timepoint");
}

TEST_F(StreamHelpersTest, AllocaSuballocationsPacksSeveralEntries) {
  OpBuilder builder(&context);
  OwningOpRef<ModuleOp> module = makeHost(builder);
  auto type = ResourceType::get(&context, Lifetime::Transient);
  auto tpType = TimepointType::get(&context);
  Value a = hostArg(*module, 0), c = hostArg(*module, 2);
  Value await = hostArg(*module, 3);
  SmallVector<Location> locs = {loc("p"), loc("q")};
  auto [allocaOp, values] = ResourceAllocaOp::createSuballocations(
      tpType, type, locs, ValueRange{c, a}, await,
      affinity("#hal.device.affinity<@gpu>"), builder);
  ASSERT_TRUE(allocaOp);
  ASSERT_EQ(values.size(), 2u);
  ASSERT_TRUE(succeeded(verify(*module)));

  auto packOp = allocaOp.getStorageSize().getDefiningOp<ResourcePackOp>();
  ASSERT_TRUE(packOp);
  EXPECT_EQ(allocaOp.getAwaitTimepoint(), await);
  EXPECT_FALSE(allocaOp.getIndeterminateLifetime());
  EXPECT_EQ(allocaOp->getLoc(), FusedLoc::get(&context, locs));
  EXPECT_EQ(countOps<ResourceAllocaOp>(*module), 1u);
  EXPECT_EQ(values[0].getDefiningOp<ResourceSubviewOp>().getResultSize(), c);
  EXPECT_EQ(values[1].getDefiningOp<ResourceSubviewOp>().getResultSize(), a);

  EXPECT_EQ(
      print(module->getBody()->front().getRegion(0).front().getParentOp()),
      R"mlir(util.func public @host(%arg0: index, %arg1: index, %arg2: index, %arg3: !stream.timepoint) {
  %0:3 = stream.resource.pack on(#hal.device.affinity<@gpu>) slices({
    [0, 0] = %arg2,
    [0, 0] = %arg0
  }) : index
  %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@gpu>) await(%arg3) => !stream.resource<transient>{%0#0} => !stream.timepoint
  %1 = stream.resource.subview %result[%0#1] : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%arg2}
  %2 = stream.resource.subview %result[%0#2] : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%arg0}
  util.return
})mlir");
}

TEST_F(StreamHelpersTest, AllocaSuballocationsWithoutAwait) {
  OpBuilder builder(&context);
  OwningOpRef<ModuleOp> module = makeHost(builder);
  auto type = ResourceType::get(&context, Lifetime::Transient);
  Value a = hostArg(*module, 0), b = hostArg(*module, 1);
  auto [allocaOp, values] = ResourceAllocaOp::createSuballocations(
      TimepointType::get(&context), type, {loc("p"), loc("q")},
      ValueRange{a, b}, /*awaitTimepoint=*/Value(), {}, builder);
  ASSERT_TRUE(allocaOp);
  EXPECT_FALSE(allocaOp.getAwaitTimepoint());
  EXPECT_EQ(values.size(), 2u);
  EXPECT_TRUE(succeeded(verify(*module)));
  EXPECT_EQ(print(allocaOp),
            "%result, %result_timepoint = stream.resource.alloca uninitialized "
            ": !stream.resource<transient>{%0#0} => !stream.timepoint");
}

//===----------------------------------------------------------------------===//
// §9.8 CmdDispatchOp::makeOperandToArgMap / makeResourceToArgMap
//===----------------------------------------------------------------------===//

TEST_F(StreamHelpersTest, DispatchArgMapsSkipTheOtherKind) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    stream.executable private @ex {
      stream.executable.export public @a
      stream.executable.export public @b
      builtin.module {
        func.func @a(%x: i32, %b0: !stream.binding, %y: index,
                     %b1: !stream.binding, %b2: !stream.binding, %z: f32) {
          return
        }
        func.func @b(%b0: !stream.binding, %b1: !stream.binding,
                     %b2: !stream.binding, %x: i32, %y: index, %z: f32) {
          return
        }
      }
    }
    util.func public @host(%r0: !stream.resource<transient>, %r1: !stream.resource<transient>,
                           %n: index, %i: i32, %f: f32) -> !stream.timepoint {
      %c0 = arith.constant 0 : index
      %t = stream.cmd.execute with(%r0 as %a0: !stream.resource<transient>{%n},
                                   %r1 as %a1: !stream.resource<transient>{%n}) {
        stream.cmd.dispatch {@ex::@a, @ex::@b}(%i, %n, %f : i32, index, f32) {
          ro %a0[%c0 for %n] : !stream.resource<transient>{%n},
          wo %a1[%c0 for %n] : !stream.resource<transient>{%n},
          rw %a0[%c0 for %n] : !stream.resource<transient>{%n}
        }
      } => !stream.timepoint
      util.return %t : !stream.timepoint
    }
  )mlir");
  ASSERT_TRUE(module);
  ASSERT_TRUE(succeeded(verify(*module)));

  CmdDispatchOp dispatchOp;
  module->walk([&](CmdDispatchOp op) { dispatchOp = op; });
  ASSERT_TRUE(dispatchOp);
  ASSERT_EQ(dispatchOp.getEntryPoints().size(), 2u);

  // Each entry point's function, in the dispatch's entry point order.
  SmallVector<SmallVector<unsigned>> operandMaps, resourceMaps;
  for (Attribute ref : dispatchOp.getEntryPoints()) {
    auto exportOp = SymbolTable::lookupNearestSymbolFrom<ExecutableExportOp>(
        dispatchOp, cast<SymbolRefAttr>(ref));
    ASSERT_TRUE(exportOp);
    FunctionOpInterface funcOp = exportOp.lookupFunctionRef();
    ASSERT_TRUE(funcOp);
    operandMaps.push_back(CmdDispatchOp::makeOperandToArgMap(funcOp));
    resourceMaps.push_back(CmdDispatchOp::makeResourceToArgMap(funcOp));
    // Each uniform operand / resource of the dispatch has an argument.
    EXPECT_EQ(operandMaps.back().size(),
              dispatchOp.getUniformOperands().size());
    EXPECT_EQ(resourceMaps.back().size(), dispatchOp.getResources().size());
  }
  EXPECT_EQ(operandMaps[0], (SmallVector<unsigned>{0, 2, 5}));
  EXPECT_EQ(resourceMaps[0], (SmallVector<unsigned>{1, 3, 4}));
  EXPECT_EQ(operandMaps[1], (SmallVector<unsigned>{3, 4, 5}));
  EXPECT_EQ(resourceMaps[1], (SmallVector<unsigned>{0, 1, 2}));
}

TEST_F(StreamHelpersTest, DispatchArgMapsOfOneKindOnly) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    func.func private @bindings(!stream.binding, !stream.binding)
    func.func private @uniforms(i32, index)
    func.func private @none()
  )mlir");
  ASSERT_TRUE(module);
  auto lookup = [&](StringRef name) {
    return cast<FunctionOpInterface>(
        SymbolTable::lookupSymbolIn(*module, name));
  };
  EXPECT_TRUE(CmdDispatchOp::makeOperandToArgMap(lookup("bindings")).empty());
  EXPECT_EQ(CmdDispatchOp::makeResourceToArgMap(lookup("bindings")),
            (SmallVector<unsigned>{0, 1}));
  EXPECT_EQ(CmdDispatchOp::makeOperandToArgMap(lookup("uniforms")),
            (SmallVector<unsigned>{0, 1}));
  EXPECT_TRUE(CmdDispatchOp::makeResourceToArgMap(lookup("uniforms")).empty());
  EXPECT_TRUE(CmdDispatchOp::makeOperandToArgMap(lookup("none")).empty());
  EXPECT_TRUE(CmdDispatchOp::makeResourceToArgMap(lookup("none")).empty());
}

//===----------------------------------------------------------------------===//
// §9.10 stream.cmd.func builder
//===----------------------------------------------------------------------===//

TEST_F(StreamHelpersTest, CmdFuncBuilderIsPrivateWithAttrs) {
  OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(&context));
  OpBuilder builder = OpBuilder::atBlockEnd(module->getBody());
  auto resource = ResourceType::get(&context, Lifetime::Transient);
  Type index = builder.getIndexType(), i64 = builder.getI64Type();
  auto type = builder.getFunctionType({resource, index, index, i64}, {i64});
  NamedAttribute note =
      builder.getNamedAttr("test.note", builder.getUnitAttr());
  SmallVector<DictionaryAttr> argAttrs = {
      builder.getDictionaryAttr({note}), builder.getDictionaryAttr({}),
      builder.getDictionaryAttr({}), builder.getDictionaryAttr({})};
  SmallVector<DictionaryAttr> resAttrs = {builder.getDictionaryAttr(
      {builder.getNamedAttr("test.out", builder.getUnitAttr())})};
  auto funcOp = CmdFuncOp::create(builder, loc("f"), "host_hook", type,
                                  argAttrs, resAttrs);
  ASSERT_TRUE(funcOp);
  EXPECT_EQ(funcOp.getSymName(), "host_hook");
  EXPECT_EQ(funcOp.getSymVisibility(), "private");
  EXPECT_TRUE(funcOp.isPrivate());
  EXPECT_EQ(funcOp.getFunctionType(), type);
  EXPECT_TRUE(funcOp.getBody().empty());
  ASSERT_TRUE(funcOp.getArgAttrs());
  EXPECT_EQ(funcOp.getArgAttrs()->size(), 4u);
  EXPECT_TRUE(funcOp.getArgAttrDict(0).get("test.note"));
  EXPECT_TRUE(funcOp.getResultAttrDict(0).get("test.out"));
  EXPECT_FALSE(funcOp->hasAttr("tied_operands"));
  EXPECT_TRUE(succeeded(verify(*module)));
  EXPECT_EQ(print(funcOp),
            "stream.cmd.func private @host_hook(%arg0[%arg1 for %arg2]: "
            "!stream.resource<transient> {test.note}, %arg3: i64) -> "
            "i64 {test.out}");
}

TEST_F(StreamHelpersTest, CmdFuncBuilderDefaultsHaveNoAttrs) {
  OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(&context));
  OpBuilder builder = OpBuilder::atBlockEnd(module->getBody());
  auto resource = ResourceType::get(&context, Lifetime::External);
  Type index = builder.getIndexType();
  auto funcOp =
      CmdFuncOp::create(builder, loc("g"), "plain",
                        builder.getFunctionType({resource, index, index}, {}));
  EXPECT_EQ(funcOp.getSymVisibility(), "private");
  EXPECT_FALSE(funcOp.getArgAttrs());
  EXPECT_FALSE(funcOp.getResAttrs());
  EXPECT_TRUE(succeeded(verify(*module)));

  // The printed form reparses to the same op.
  std::string text = print(*module);
  OwningOpRef<ModuleOp> reparsed = parse(text);
  ASSERT_TRUE(reparsed);
  EXPECT_EQ(print(*reparsed), text);
  EXPECT_NE(text.find("stream.cmd.func private @plain(%arg0[%arg1 for %arg2]: "
                      "!stream.resource<external>)"),
            std::string::npos)
      << text;
}

} // namespace
