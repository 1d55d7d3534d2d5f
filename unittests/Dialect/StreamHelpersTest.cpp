//===- StreamHelpersTest.cpp - stream helpers used by the passes ----------===//
//
// stream-ir.md §9.7 (createSuballocations), §9.8 (dispatch argument maps)
// and §9.10 (stream.cmd.func builder): the IR the helpers create, checked
// through op kinds, operands, attributes and the printed form.
// §5.6 (AsyncAccessRange and per-op access ranges), §9.6 / §5.1 (config and
// affinity lookups) and §12.7.11 (stream.async.transfer affinity overrides).
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
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

//===----------------------------------------------------------------------===//
// §5.6 AsyncAccessRange and the per-op access ranges (§12.7)
//===----------------------------------------------------------------------===//

/// The access ranges `op` reports (empty, with a failure, if it has none).
static SmallVector<AsyncAccessRange> rangesOf(Operation *op) {
  SmallVector<AsyncAccessRange> ranges;
  auto accessOp = dyn_cast_or_null<AsyncAccessOpInterface>(op);
  EXPECT_TRUE(accessOp) << "op does not implement AsyncAccessOpInterface";
  if (accessOp)
    accessOp.getAsyncAccessRanges(ranges);
  return ranges;
}

static const ResourceAccessBitfield kRead = ResourceAccessBitfield::Read;
static const ResourceAccessBitfield kWrite = ResourceAccessBitfield::Write;
static const ResourceAccessBitfield kReadWrite =
    ResourceAccessBitfield::Read | ResourceAccessBitfield::Write;

/// Checks one range against the expected fields.
static void expectRange(const AsyncAccessRange &range,
                        ResourceAccessBitfield access, Value resource,
                        Value start, Value end, Value length) {
  EXPECT_EQ(range.access, access);
  EXPECT_EQ(range.resource, resource);
  EXPECT_EQ(range.start, start);
  EXPECT_EQ(range.end, end);
  EXPECT_EQ(range.length, length);
}

/// The entry block of the first function in `module`.
static Block &entryBlock(ModuleOp module) {
  return module.getBody()->front().getRegion(0).front();
}

TEST_F(StreamHelpersTest, AsyncSliceAccessRanges) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    util.func public @f(%src: !stream.resource<*>, %n: index, %off: index,
                        %end: index, %len: index) -> !stream.resource<*> {
      %r = stream.async.slice %src[%off to %end] : !stream.resource<*>{%n}
          -> !stream.resource<*>{%len}
      util.return %r : !stream.resource<*>
    }
  )mlir");
  ASSERT_TRUE(module);
  Block &block = entryBlock(*module);
  auto slice = findOp<AsyncSliceOp>(*module);
  ASSERT_TRUE(slice);
  SmallVector<AsyncAccessRange> ranges = rangesOf(slice);
  ASSERT_EQ(ranges.size(), 2u);
  // [Read source (source_offset, source_end, result_size), Write result
  // full(result_size)].
  expectRange(ranges[0], kRead, block.getArgument(0), block.getArgument(2),
              block.getArgument(3), block.getArgument(4));
  expectRange(ranges[1], kWrite, slice.getResult(), Value(),
              block.getArgument(4), block.getArgument(4));
  EXPECT_TRUE(ranges[0].isReadOnly());
  EXPECT_FALSE(ranges[0].isWriteOnly());
  EXPECT_TRUE(ranges[1].isWriteOnly());
  EXPECT_FALSE(ranges[1].isReadOnly());

  // print: `⟨access⟩ ⟨%resource⟩[⟨%start⟩ to ⟨%end⟩ for ⟨%length⟩]`.
  AsmState asmState(module->getOperation());
  std::string text;
  llvm::raw_string_ostream os(text);
  ranges[0].print(os, asmState);
  EXPECT_EQ(text, "Read %arg0[%arg2 to %arg3 for %arg4]");
}

TEST_F(StreamHelpersTest, AsyncFillAccessRanges) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    util.func public @f(%t: !stream.resource<*>, %n: index, %off: index,
                        %end: index, %len: index, %p: i32)
        -> !stream.resource<*> {
      %r = stream.async.fill %p, %t[%off to %end for %len] : i32
          -> %t as !stream.resource<*>{%n}
      util.return %r : !stream.resource<*>
    }
  )mlir");
  ASSERT_TRUE(module);
  Block &block = entryBlock(*module);
  auto fill = findOp<AsyncFillOp>(*module);
  ASSERT_TRUE(fill);
  SmallVector<AsyncAccessRange> ranges = rangesOf(fill);
  ASSERT_EQ(ranges.size(), 2u);
  // [Write target (offset, end, length), Write result (same range)].
  Value t = block.getArgument(0);
  expectRange(ranges[0], kWrite, t, block.getArgument(2), block.getArgument(3),
              block.getArgument(4));
  expectRange(ranges[1], kWrite, fill.getResult(), block.getArgument(2),
              block.getArgument(3), block.getArgument(4));
  // Different SSA resources never overlap.
  EXPECT_FALSE(AsyncAccessRange::mayOverlap(ranges[0], ranges[1]));
  // The same range of the same resource does.
  EXPECT_TRUE(AsyncAccessRange::mayOverlap(ranges[0], ranges[0]));
}

TEST_F(StreamHelpersTest, AsyncUpdateAccessRanges) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    util.func public @f(%t: !stream.resource<*>, %n: index, %off: index,
                        %end: index, %u: !stream.resource<*>, %us: index)
        -> !stream.resource<*> {
      %r = stream.async.update %u, %t[%off to %end] : !stream.resource<*>{%us}
          -> %t as !stream.resource<*>{%n}
      util.return %r : !stream.resource<*>
    }
  )mlir");
  ASSERT_TRUE(module);
  Block &block = entryBlock(*module);
  auto update = findOp<AsyncUpdateOp>(*module);
  ASSERT_TRUE(update);
  SmallVector<AsyncAccessRange> ranges = rangesOf(update);
  ASSERT_EQ(ranges.size(), 3u);
  // [Read update full(update_size), Write target (offset, end, update_size),
  //  Write result (same range)].
  Value us = block.getArgument(5);
  expectRange(ranges[0], kRead, block.getArgument(4), Value(), us, us);
  expectRange(ranges[1], kWrite, block.getArgument(0), block.getArgument(2),
              block.getArgument(3), us);
  expectRange(ranges[2], kWrite, update.getResult(), block.getArgument(2),
              block.getArgument(3), us);
}

TEST_F(StreamHelpersTest, AsyncCopyAccessRangesAndOverlap) {
  // Two copies on the same target: the first writes [%a to %b), the second
  // [%b to %c) (touching), the third [%a2 to %c) (distinct SSA values).
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    util.func public @f(%t: !stream.resource<*>, %n: index,
                        %s: !stream.resource<*>, %sn: index,
                        %a: index, %b: index, %c: index, %len: index,
                        %a2: index) {
      %r0 = stream.async.copy %s[%a to %b], %t[%a to %b], %len
          : !stream.resource<*>{%sn} -> %t as !stream.resource<*>{%n}
      %r1 = stream.async.copy %s[%b to %c], %t[%b to %c], %len
          : !stream.resource<*>{%sn} -> %t as !stream.resource<*>{%n}
      %r2 = stream.async.copy %s[%a2 to %c], %t[%a2 to %c], %len
          : !stream.resource<*>{%sn} -> %t as !stream.resource<*>{%n}
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  Block &block = entryBlock(*module);
  Value t = block.getArgument(0), s = block.getArgument(2);
  Value a = block.getArgument(4), b = block.getArgument(5),
        c = block.getArgument(6), len = block.getArgument(7),
        a2 = block.getArgument(8);
  auto copy0 = findOp<AsyncCopyOp>(*module, 0);
  auto copy1 = findOp<AsyncCopyOp>(*module, 1);
  auto copy2 = findOp<AsyncCopyOp>(*module, 2);
  ASSERT_TRUE(copy0 && copy1 && copy2);

  SmallVector<AsyncAccessRange> r0 = rangesOf(copy0);
  ASSERT_EQ(r0.size(), 3u);
  // [Read source (so, se, length), Write target (to, te, length),
  //  Write result (same)].
  expectRange(r0[0], kRead, s, a, b, len);
  expectRange(r0[1], kWrite, t, a, b, len);
  expectRange(r0[2], kWrite, copy0.getResult(), a, b, len);

  SmallVector<AsyncAccessRange> r1 = rangesOf(copy1);
  SmallVector<AsyncAccessRange> r2 = rangesOf(copy2);
  ASSERT_EQ(r1.size(), 3u);
  ASSERT_EQ(r2.size(), 3u);
  expectRange(r1[1], kWrite, t, b, c, len);
  expectRange(r2[1], kWrite, t, a2, c, len);

  // a.end == b.start (same SSA value %b): no overlap, in both orders.
  EXPECT_FALSE(AsyncAccessRange::mayOverlap(r0[1], r1[1]));
  EXPECT_FALSE(AsyncAccessRange::mayOverlap(r1[1], r0[1]));
  // Same for the source reads.
  EXPECT_FALSE(AsyncAccessRange::mayOverlap(r0[0], r1[0]));
  // [%b to %c) and [%a2 to %c): same end, distinct starts -> may overlap.
  EXPECT_TRUE(AsyncAccessRange::mayOverlap(r1[1], r2[1]));
  // [%a to %b) and [%a2 to %c): nothing shared -> may overlap (identity
  // only, no value reasoning).
  EXPECT_TRUE(AsyncAccessRange::mayOverlap(r0[1], r2[1]));
  // Source vs target are different resources.
  EXPECT_FALSE(AsyncAccessRange::mayOverlap(r0[0], r0[1]));
}

TEST_F(StreamHelpersTest, MayOverlapNullStartsAndDistinctConstants) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    util.func public @f(%r: !stream.resource<*>, %n: index) {
      %c8 = arith.constant 8 : index
      %c8_0 = arith.constant 8 : index
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  Block &block = entryBlock(*module);
  Value r = block.getArgument(0), n = block.getArgument(1);
  Value c8 = block.getOperations().front().getResult(0);
  Value c8b = (++block.getOperations().begin())->getResult(0);
  ASSERT_NE(c8, c8b);

  AsyncAccessRange full{kRead, r, Value(), n, n};
  AsyncAccessRange head{kWrite, r, Value(), c8, c8};
  AsyncAccessRange tail{kWrite, r, c8, n, c8};
  AsyncAccessRange tailOtherConst{kWrite, r, c8b, n, c8b};
  // Two full ranges (null starts) of one resource overlap.
  EXPECT_TRUE(AsyncAccessRange::mayOverlap(full, full));
  // A null start equals only a null start: full.end (%n) != head.start.
  EXPECT_TRUE(AsyncAccessRange::mayOverlap(full, head));
  // head.end is the same SSA value as tail.start.
  EXPECT_FALSE(AsyncAccessRange::mayOverlap(head, tail));
  EXPECT_FALSE(AsyncAccessRange::mayOverlap(tail, head));
  // Equal constants in different SSA values are not identical.
  EXPECT_TRUE(AsyncAccessRange::mayOverlap(head, tailOtherConst));
  // Read|Write is neither read-only nor write-only.
  AsyncAccessRange both{kReadWrite, r, Value(), n, n};
  EXPECT_FALSE(both.isReadOnly());
  EXPECT_FALSE(both.isWriteOnly());
}

TEST_F(StreamHelpersTest, AsyncDispatchAccessRanges) {
  // Operands: %lhs (resource, tied to result 0), %k (primitive), %rhs
  // (resource, untied); result 1 is untied.
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    util.func public @f(%lhs: !stream.resource<*>, %ls: index,
                        %rhs: !stream.resource<*>, %rs: index,
                        %o0: index, %e0: index, %l0: index,
                        %o1: index, %e1: index, %l1: index,
                        %k: i32, %m: index) {
      %p:2 = stream.async.dispatch @ex::@fn(%lhs[%o0 to %e0 for %l0], %k,
                                            %rhs[%o1 to %e1 for %l1]) :
          (!stream.resource<*>{%ls}, i32, !stream.resource<*>{%rs})
          -> (%lhs{%ls}, !stream.resource<*>{%m})
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  Block &block = entryBlock(*module);
  auto dispatch = findOp<AsyncDispatchOp>(*module);
  ASSERT_TRUE(dispatch);
  SmallVector<AsyncAccessRange> ranges = rangesOf(dispatch);
  ASSERT_EQ(ranges.size(), 4u);
  auto arg = [&](unsigned i) -> Value { return block.getArgument(i); };
  // 1. lhs: Read|Write (tied), its range; then the tied result, same.
  expectRange(ranges[0], kReadWrite, arg(0), arg(4), arg(5), arg(6));
  expectRange(ranges[1], kReadWrite, dispatch.getResult(0), arg(4), arg(5),
              arg(6));
  // rhs is the second *resource* operand: ranges index 1, Read only.
  expectRange(ranges[2], kRead, arg(2), arg(7), arg(8), arg(9));
  // 2. The untied result: Write full(its size).
  expectRange(ranges[3], kWrite, dispatch.getResult(1), Value(), arg(11),
              arg(11));
}

//===----------------------------------------------------------------------===//
// §9.6 ResourceConfigAttr / PartitioningConfigAttr lookups
//===----------------------------------------------------------------------===//

TEST_F(StreamHelpersTest, ResourceConfigLookupNearestAncestorWins) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    module attributes {stream.resources = #stream.resource_config<{
        max_allocation_size = 100, index_bits = 32}>} {
      util.func public @inner() attributes {stream.resources =
          #stream.resource_config<{max_allocation_size = 7}>} {
        %c0 = arith.constant 0 : index
        util.return
      }
      util.func public @outer() {
        %c1 = arith.constant 1 : index
        util.return
      }
      util.func public @wrongType() attributes {stream.resources = 5 : i32} {
        %c2 = arith.constant 2 : index
        util.return
      }
    }
  )mlir");
  ASSERT_TRUE(module);
  auto consts = collect<arith::ConstantOp>(*module);
  ASSERT_EQ(consts.size(), 3u);

  ResourceConfigAttr inner = ResourceConfigAttr::lookup(consts[0]);
  ASSERT_TRUE(inner);
  EXPECT_EQ(inner.getMaxAllocationSize(), 7);

  ResourceConfigAttr outer = ResourceConfigAttr::lookup(consts[1]);
  ASSERT_TRUE(outer);
  EXPECT_EQ(outer.getMaxAllocationSize(), 100);
  EXPECT_EQ(outer.getIndexBits(), 32);

  // An attribute of another type is skipped; the module's config is used.
  ResourceConfigAttr skipped = ResourceConfigAttr::lookup(consts[2]);
  ASSERT_TRUE(skipped);
  EXPECT_EQ(skipped.getMaxAllocationSize(), 100);

  // The attribute on the op itself counts.
  consts[1]->setAttr("stream.resources", inner);
  EXPECT_EQ(ResourceConfigAttr::lookup(consts[1]), inner);
}

TEST_F(StreamHelpersTest, ResourceConfigLookupDefaultsToHostConstraints) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    util.func public @f() {
      %c0 = arith.constant 0 : index
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  auto c0 = findOp<arith::ConstantOp>(*module);
  ASSERT_TRUE(c0);
  ResourceConfigAttr config = ResourceConfigAttr::lookup(c0);
  ASSERT_TRUE(config);
  EXPECT_EQ(config, ResourceConfigAttr::getDefaultHostConstraints(&context));
  // The option defaults of §9.6.
  EXPECT_EQ(config.getMaxAllocationSize(), INT64_MAX);
  EXPECT_EQ(config.getMinBufferOffsetAlignment(), 64);
  EXPECT_EQ(config.getMaxBufferRange(), INT64_MAX);
  EXPECT_EQ(config.getMinBufferRangeAlignment(), 64);
  EXPECT_EQ(config.getIndexBits(), 64);
  EXPECT_FALSE(config.getAliasMutableBindings());
  EXPECT_EQ(config.getMemoryModel(), MemoryModel::Unified);
}

TEST_F(StreamHelpersTest, PartitioningConfigLookup) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    module attributes {stream.partitioning =
        #stream.partitioning_config<"max-concurrency">} {
      util.func public @inner() attributes {stream.partitioning =
          #stream.partitioning_config<"debug">} {
        %c0 = arith.constant 0 : index
        util.return
      }
      util.func public @outer() {
        %c1 = arith.constant 1 : index
        util.return
      }
    }
    )mlir");
  ASSERT_TRUE(module);
  auto consts = collect<arith::ConstantOp>(*module);
  ASSERT_EQ(consts.size(), 2u);
  PartitioningConfigAttr inner = PartitioningConfigAttr::lookup(consts[0]);
  ASSERT_TRUE(inner);
  EXPECT_EQ(inner.getFavor(), Favor::Debug);
  PartitioningConfigAttr outer = PartitioningConfigAttr::lookup(consts[1]);
  ASSERT_TRUE(outer);
  EXPECT_EQ(outer.getFavor(), Favor::MaxConcurrency);

  // Nothing on the chain: the option default, min-peak-memory.
  module->getOperation()->removeAttr("stream.partitioning");
  PartitioningConfigAttr fallback = PartitioningConfigAttr::lookup(consts[1]);
  ASSERT_TRUE(fallback);
  EXPECT_EQ(fallback.getFavor(), Favor::MinPeakMemory);
}

TEST_F(StreamHelpersTest, AffinityLookupOrDefault) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    module attributes {stream.affinity.default = #hal.device.affinity<@def>} {
      util.func public @f(%n: index) attributes {
          stream.affinity = #hal.device.affinity<@fn>} {
        %a = stream.async.alloca on(#hal.device.affinity<@op>)
            : !stream.resource<transient>{%n}
        %b = stream.async.alloca : !stream.resource<transient>{%n}
        util.return
      }
      util.func public @g(%n: index) {
        %c = stream.async.alloca : !stream.resource<transient>{%n}
        util.return
      }
    }
  )mlir");
  ASSERT_TRUE(module);
  auto allocas = collect<AsyncAllocaOp>(*module);
  ASSERT_EQ(allocas.size(), 3u);
  AffinityAttr opAff = affinity("#hal.device.affinity<@op>");
  AffinityAttr fnAff = affinity("#hal.device.affinity<@fn>");
  AffinityAttr defAff = affinity("#hal.device.affinity<@def>");

  // The op's own affinity wins.
  EXPECT_EQ(AffinityAttr::lookup(allocas[0]), opAff);
  EXPECT_EQ(AffinityAttr::lookupOrDefault(allocas[0]), opAff);
  // Then the nearest `stream.affinity`, before any default.
  EXPECT_EQ(AffinityAttr::lookup(allocas[1]), fnAff);
  EXPECT_EQ(AffinityAttr::lookupOrDefault(allocas[1]), fnAff);
  // No affinity on the chain: lookup is null, lookupOrDefault finds the
  // module's `stream.affinity.default`.
  EXPECT_FALSE(AffinityAttr::lookup(allocas[2]));
  EXPECT_EQ(AffinityAttr::lookupOrDefault(allocas[2]), defAff);
  // Without the default, both are null.
  module->getOperation()->removeAttr("stream.affinity.default");
  EXPECT_FALSE(AffinityAttr::lookupOrDefault(allocas[2]));
}

//===----------------------------------------------------------------------===//
// §12.7.11 stream.async.transfer affinity overrides
//===----------------------------------------------------------------------===//

TEST_F(StreamHelpersTest, AsyncTransferDefaultExecutionAffinity) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    util.func public @f(%st: !stream.resource<staging>,
                        %ex: !stream.resource<external>,
                        %u: !stream.resource<*>, %n: index) {
      %0 = stream.async.transfer %st : !stream.resource<staging>{%n}
          from(#hal.device.affinity<@src>)
          -> to(#hal.device.affinity<@dst>) !stream.resource<staging>{%n}
      %1 = stream.async.transfer %ex : !stream.resource<external>{%n}
          from(#hal.device.affinity<@src>)
          -> to(#hal.device.affinity<@dst>) !stream.resource<transient>{%n}
      %2 = stream.async.transfer %st : !stream.resource<staging>{%n}
          from(#hal.device.affinity<@src>)
          -> to(#hal.device.affinity<@dst>) !stream.resource<*>{%n}
      %3 = stream.async.transfer %u : !stream.resource<*>{%n}
          from(#hal.device.affinity<@src>)
          -> to(#hal.device.affinity<@dst>) !stream.resource<external>{%n}
      %4 = stream.async.transfer %u : !stream.resource<*>{%n}
          from(#hal.device.affinity<@src>)
          -> to(#hal.device.affinity<@dst>) !stream.resource<transient>{%n}
      %5 = stream.async.transfer on(#hal.device.affinity<@exec>) %st
          : !stream.resource<staging>{%n}
          from(#hal.device.affinity<@src>)
          -> to(#hal.device.affinity<@dst>) !stream.resource<staging>{%n}
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  auto transfers = collect<AsyncTransferOp>(*module);
  ASSERT_EQ(transfers.size(), 6u);
  AffinityAttr src = affinity("#hal.device.affinity<@src>");
  AffinityAttr dst = affinity("#hal.device.affinity<@dst>");
  AffinityAttr exec = affinity("#hal.device.affinity<@exec>");

  // 1. staging -> staging: source_affinity.
  EXPECT_EQ(transfers[0].getAffinityAttr(), src);
  // 2. source external: target_affinity.
  EXPECT_EQ(transfers[1].getAffinityAttr(), dst);
  // 2. source staging (result not staging): target_affinity.
  EXPECT_EQ(transfers[2].getAffinityAttr(), dst);
  // 3. result external: source_affinity.
  EXPECT_EQ(transfers[3].getAffinityAttr(), src);
  // 4. otherwise: source_affinity.
  EXPECT_EQ(transfers[4].getAffinityAttr(), src);
  // execution_affinity wins over every default.
  EXPECT_EQ(transfers[5].getAffinityAttr(), exec);

  // The result affinity is always target_affinity, also through the
  // interface.
  for (AsyncTransferOp op : transfers) {
    EXPECT_EQ(op.getResultAffinityAttr(), dst);
    auto iface = cast<AffinityOpInterface>(op.getOperation());
    EXPECT_EQ(iface.getResultAffinityAttr(), dst);
    EXPECT_TRUE(iface.requiresAffinity());
    EXPECT_FALSE(iface.pinsValueAffinity());
  }
  EXPECT_EQ(
      cast<AffinityOpInterface>(transfers[5].getOperation()).getAffinityAttr(),
      exec);
}

TEST_F(StreamHelpersTest, AsyncTransferAffinitySetters) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    util.func public @f(%u: !stream.resource<*>, %n: index) {
      %0 = stream.async.transfer %u : !stream.resource<*>{%n}
          from(#hal.device.affinity<@src>)
          -> to(#hal.device.affinity<@dst>) !stream.resource<transient>{%n}
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  auto transfer = findOp<AsyncTransferOp>(*module);
  ASSERT_TRUE(transfer);
  AffinityAttr src = affinity("#hal.device.affinity<@src>");
  AffinityAttr dst = affinity("#hal.device.affinity<@dst>");
  AffinityAttr exec = affinity("#hal.device.affinity<@exec>");
  auto iface = cast<AffinityOpInterface>(transfer.getOperation());

  // setAffinityAttr sets execution_affinity only.
  iface.setAffinityAttr(exec);
  EXPECT_EQ(transfer.getExecutionAffinityAttr(), exec);
  EXPECT_EQ(transfer.getSourceAffinityAttr(), src);
  EXPECT_EQ(transfer.getTargetAffinityAttr(), dst);
  EXPECT_EQ(iface.getAffinityAttr(), exec);
  EXPECT_FALSE(transfer->hasAttr("affinity"));

  // Null removes it; the default execution affinity is back.
  iface.setAffinityAttr(AffinityAttr());
  EXPECT_FALSE(transfer.getExecutionAffinityAttr());
  EXPECT_FALSE(transfer->hasAttr("execution_affinity"));
  EXPECT_EQ(iface.getAffinityAttr(), src);

  // removeAffinityAttrs removes all three.
  iface.setAffinityAttr(exec);
  iface.removeAffinityAttrs();
  EXPECT_FALSE(transfer->hasAttr("execution_affinity"));
  EXPECT_FALSE(transfer->hasAttr("source_affinity"));
  EXPECT_FALSE(transfer->hasAttr("target_affinity"));
  EXPECT_FALSE(iface.getAffinityAttr());
  EXPECT_FALSE(iface.getResultAffinityAttr());
  EXPECT_TRUE(succeeded(verify(*module)));
}

} // namespace
