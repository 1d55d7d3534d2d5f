//===- ParamsToVMAbiTest.cpp - compiled ParamsToVM calls vs the runtime ---===//
//
// io-parameters.md §11 and parameter-runtime.md: io_parameters ops are
// lowered with --iree-vm-conversion, the resulting vm.func is executed by a
// small interpreter of the VM ops ParamsToVM emits (rodata, rodata tables,
// buffer alloc/clone/copy/store, integer ops), and the buffers it passes to
// the io_parameters import (scope, key table, key data, spans) are handed to
// the runtime: the decoder must accept them and describe the same rows, and
// load/gather through real archives must move the right bytes.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "../Runtime/Parameters/ProviderTestUtil.h"

#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/VM/IR/VMOps.h"
#include "sluice/Dialect/VM/Transforms/Passes.h"
#include "sluice/Runtime/Core/Semaphore.h"
#include "sluice/Runtime/Parameters/ParameterModule.h"

#include "mlir/Pass/PassManager.h"

#include <cstring>
#include <map>
#include <optional>
#include <variant>

using namespace mlir;
using namespace sluice;
using namespace sluice::runtime;
using namespace sluice::runtime::parameters;
using namespace sluice::runtime::testing;

namespace {

using Bytes = std::vector<uint8_t>;

/// A runtime value of the interpreter: an integer, a byte buffer (shared, as
/// refs are), a null ref, or an opaque ref argument.
struct RtValue {
  enum Kind { Int, Buffer, Null, Opaque } kind = Null;
  uint64_t integer = 0;
  std::shared_ptr<Bytes> buffer;

  static RtValue ofInt(uint64_t v) { return {Int, v, nullptr}; }
  static RtValue ofBytes(Bytes bytes) {
    return {Buffer, 0, std::make_shared<Bytes>(std::move(bytes))};
  }
  static RtValue ofString(StringRef s) {
    return ofBytes(Bytes(s.begin(), s.end()));
  }
  static RtValue opaque() { return {Opaque, 0, nullptr}; }

  AbiBytes abi() const {
    if (kind != Buffer)
      return std::nullopt;
    return std::span<const uint8_t>(buffer->data(), buffer->size());
  }
};

/// The call of an io_parameters import and its arguments.
struct ImportCall {
  std::string callee;
  std::vector<RtValue> args;
};

Bytes serialize(Attribute value) {
  auto serializable = llvm::cast<util::SerializableAttrInterface>(value);
  SmallVector<char> bytes;
  EXPECT_TRUE(succeeded(serializable.serializeToVector(
      UnknownLoc::get(value.getContext()), llvm::endianness::little, bytes)));
  return Bytes(bytes.begin(), bytes.end());
}

void putLE(Bytes &out, uint64_t value, unsigned bytes) {
  for (unsigned i = 0; i < bytes; ++i)
    out.push_back(static_cast<uint8_t>(value >> (8 * i)));
}

/// Executes the entry block of `func` until the first import call.
class Interpreter {
public:
  std::optional<ImportCall> run(vm::FuncOp func, std::vector<RtValue> args) {
    Block &entry = func.getBody().front();
    if (entry.getNumArguments() != args.size()) {
      ADD_FAILURE() << "argument count mismatch";
      return std::nullopt;
    }
    for (auto [arg, value] : llvm::zip_equal(entry.getArguments(), args))
      values[arg] = value;
    for (Operation &op : entry) {
      if (auto call = llvm::dyn_cast<vm::CallOp>(op)) {
        ImportCall result{call.getCallee().str(), {}};
        for (Value operand : call.getOperands())
          result.args.push_back(values.at(operand));
        return result;
      }
      if (failed(step(op))) {
        ADD_FAILURE() << "cannot interpret "
                      << op.getName().getStringRef().str();
        return std::nullopt;
      }
    }
    ADD_FAILURE() << "no import call";
    return std::nullopt;
  }

private:
  uint64_t integer(Value v) { return values.at(v).integer; }
  Bytes &bytes(Value v) {
    RtValue &value = values.at(v);
    EXPECT_EQ(value.kind, RtValue::Buffer);
    return *value.buffer;
  }
  bool inBounds(const Bytes &b, uint64_t offset, uint64_t length) {
    bool ok = offset <= b.size() && length <= b.size() - offset;
    EXPECT_TRUE(ok) << "out of bounds: offset " << offset << " length "
                    << length << " size " << b.size();
    return ok;
  }

  LogicalResult step(Operation &op) {
    if (auto c = llvm::dyn_cast<vm::ConstI32Op>(op))
      return set(c, RtValue::ofInt(c.getValueAttr().getValue().getZExtValue()));
    if (auto c = llvm::dyn_cast<vm::ConstI64Op>(op))
      return set(c, RtValue::ofInt(c.getValueAttr().getValue().getZExtValue()));
    if (llvm::isa<vm::ConstI32ZeroOp, vm::ConstI64ZeroOp>(op))
      return set(&op, RtValue::ofInt(0));
    if (llvm::isa<vm::ConstRefZeroOp>(op))
      return set(&op, RtValue{});
    if (auto r = llvm::dyn_cast<vm::RodataInlineOp>(op))
      return set(r, RtValue::ofBytes(serialize(r.getValue())));
    if (auto t = llvm::dyn_cast<vm::RodataTableInlineOp>(op)) {
      // The reified layout (§11.4.1): {offset, length} pairs of the table
      // type, values concatenated with data alignment 1.
      unsigned width = t.getTableType().getIntOrFloatBitWidth() / 8;
      Bytes table, data;
      for (Attribute value : t.getDataArray()) {
        Bytes element = serialize(value);
        putLE(table, data.size(), width);
        putLE(table, element.size(), width);
        data.insert(data.end(), element.begin(), element.end());
      }
      values[t.getTableResult()] = RtValue::ofBytes(std::move(table));
      values[t.getDataResult()] = RtValue::ofBytes(std::move(data));
      return success();
    }
    if (auto l = llvm::dyn_cast<vm::BufferLengthOp>(op))
      return set(l, RtValue::ofInt(bytes(l.getBuffer()).size()));
    if (auto a = llvm::dyn_cast<vm::BufferAllocOp>(op))
      return set(a, RtValue::ofBytes(Bytes(integer(a.getLength()), 0)));
    if (auto c = llvm::dyn_cast<vm::BufferCloneOp>(op)) {
      Bytes &source = bytes(c.getSourceBuffer());
      uint64_t offset = integer(c.getSourceOffset());
      uint64_t length = integer(c.getLength());
      if (!inBounds(source, offset, length))
        return failure();
      return set(c, RtValue::ofBytes(Bytes(source.begin() + offset,
                                           source.begin() + offset + length)));
    }
    if (auto c = llvm::dyn_cast<vm::BufferCopyOp>(op)) {
      Bytes &source = bytes(c.getSourceBuffer());
      Bytes &target = bytes(c.getTargetBuffer());
      uint64_t so = integer(c.getSourceOffset());
      uint64_t to = integer(c.getTargetOffset());
      uint64_t length = integer(c.getLength());
      if (!inBounds(source, so, length) || !inBounds(target, to, length))
        return failure();
      std::memmove(target.data() + to, source.data() + so, length);
      return success();
    }
    if (auto s = llvm::dyn_cast<vm::BufferStoreI32Op>(op))
      return store(bytes(s.getTargetBuffer()), integer(s.getElementIndex()), 4,
                   integer(s.getValue()));
    if (auto s = llvm::dyn_cast<vm::BufferStoreI64Op>(op))
      return store(bytes(s.getTargetBuffer()), integer(s.getElementIndex()), 8,
                   integer(s.getValue()));
    if (auto a = llvm::dyn_cast<vm::AddI64Op>(op))
      return set(a, RtValue::ofInt(integer(a.getLhs()) + integer(a.getRhs())));
    if (auto a = llvm::dyn_cast<vm::AddI32Op>(op))
      return set(a, RtValue::ofInt(static_cast<uint32_t>(integer(a.getLhs()) +
                                                         integer(a.getRhs()))));
    if (auto t = llvm::dyn_cast<vm::TruncI64I32Op>(op))
      return set(
          t, RtValue::ofInt(static_cast<uint32_t>(integer(t.getOperand()))));
    if (auto e = llvm::dyn_cast<vm::ExtI32I64UOp>(op))
      return set(
          e, RtValue::ofInt(static_cast<uint32_t>(integer(e.getOperand()))));
    return failure();
  }

  LogicalResult store(Bytes &target, uint64_t element, unsigned width,
                      uint64_t value) {
    if (!inBounds(target, element * width, width))
      return failure();
    for (unsigned i = 0; i < width; ++i)
      target[element * width + i] = static_cast<uint8_t>(value >> (8 * i));
    return success();
  }

  LogicalResult set(Operation *op, RtValue value) {
    values[op->getResult(0)] = std::move(value);
    return success();
  }

  llvm::DenseMap<Value, RtValue> values;
};

class ParamsToVMAbiTest : public sluice::testing::DialectTest {
protected:
  /// Converts `source` with --iree-vm-conversion{index-bits} and runs its
  /// only function on `args`.
  std::optional<ImportCall> compileAndRun(StringRef source,
                                          std::vector<RtValue> args,
                                          unsigned indexBits = 64) {
    module = parse(source);
    if (!module)
      return std::nullopt;
    PassManager pm(&context);
    vm::ConversionPassOptions options;
    options.indexBits = indexBits;
    pm.addPass(vm::createConversionPass(options));
    if (failed(pm.run(*module))) {
      ADD_FAILURE() << "conversion failed";
      return std::nullopt;
    }
    auto func = findOp<vm::FuncOp>(*module);
    if (!func) {
      ADD_FAILURE() << "no vm.func";
      return std::nullopt;
    }
    return Interpreter().run(func, std::move(args));
  }

  /// The rows the runtime decodes from a call's key table, key data and
  /// spans (arguments `first`, `first+1`, `first+2`).
  static std::vector<ParameterSpan> decode(const ImportCall &call,
                                           unsigned first) {
    auto rows = decodeParameterRows(*call.args[first].abi(),
                                    *call.args[first + 1].abi(),
                                    *call.args[first + 2].abi());
    EXPECT_TRUE(rows) << rows.status().toString();
    return rows ? *rows : std::vector<ParameterSpan>{};
  }

  static void expectRow(const ParameterSpan &row, StringRef key,
                        uint64_t parameterOffset, uint64_t bufferOffset,
                        uint64_t length) {
    EXPECT_EQ(row.key, std::string_view(key.data(), key.size()));
    EXPECT_EQ(row.parameterOffset, parameterOffset);
    EXPECT_EQ(row.bufferOffset, bufferOffset);
    EXPECT_EQ(row.length, length);
  }

  OwningOpRef<ModuleOp> module;
};

// Operand order of the import calls (io-parameters.md §11.1).
constexpr unsigned kLoadScope = 4, kLoadTable = 8;
constexpr unsigned kGatherScope = 4, kGatherTable = 6;
constexpr unsigned kScatterScope = 5, kScatterTable = 6;

constexpr StringLiteral kConstantGather = R"mlir(
util.func public @gather(%device: !hal.device, %affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %target: !hal.buffer) {
  %c0_i64 = arith.constant 0 : i64
  %c16_i64 = arith.constant 16 : i64
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %scope = util.buffer.constant : !util.buffer = "a"
  %a1 = util.buffer.constant : !util.buffer = "a1"
  %a0 = util.buffer.constant : !util.buffer = "a0"
  io_parameters.gather<%device : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) {
    %scope::%a1[%c0_i64] -> %target[%c0 for %c32] : !hal.buffer,
    %scope::%a0[%c16_i64] -> %target[%c32 for %c16] : !hal.buffer
  }
  util.return
}
)mlir";

constexpr StringLiteral kDynamicGather = R"mlir(
util.func public @gather(%device: !hal.device, %affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %target: !hal.buffer, %scope: !util.buffer, %key0: !util.buffer, %key1: !util.buffer, %offset1: i64, %toff1: index, %len0: index, %len1: index) {
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  io_parameters.gather<%device : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) {
    %scope::%key0[%c0_i64] -> %target[%c0 for %len0] : !hal.buffer,
    %scope::%key1[%offset1] -> %target[%toff1 for %len1] : !hal.buffer
  }
  util.return
}
)mlir";

/// The archives and device of the end-to-end cases: scope "a" holds a0 and
/// a1 (32 bytes each, data), scope "b" b0 (64) and b1 (128).
class ParamsToVMRuntimeTest : public ParamsToVMAbiTest {
protected:
  void SetUp() override {
    archiveA = std::make_unique<TempFile>("vm-abi-a.irpa");
    archiveB = std::make_unique<TempFile>("vm-abi-b.irpa");
    indexA = writeArchive(archiveA->path(), {entryA0, entryA1});
    indexB = writeArchive(archiveB->path(), {entryB0, entryB1});
    parameters.addProvider(*ParameterProvider::create("a", indexA));
    parameters.addProvider(*ParameterProvider::create("b", indexB));
    device = makeDevice();
  }

  /// Runs a gather call against the archives into a new 48-byte buffer.
  Bytes gather(const ImportCall &call) {
    auto target = device->allocator().allocate(BufferParams{}, 48);
    EXPECT_TRUE(target);
    auto signal = Semaphore::create(0);
    Status status = parameters.gather(
        device.get(), -1, nullptr, Fence::createAt(signal, 1),
        call.args[kGatherScope].abi(), *target, call.args[kGatherTable].abi(),
        call.args[kGatherTable + 1].abi(), call.args[kGatherTable + 2].abi());
    EXPECT_TRUE(status.isOk()) << status.toString();
    EXPECT_TRUE(signal->wait(1).isOk());
    return readBuffer(*target);
  }

  Bytes expectedGather() {
    Bytes expected(48, 0);
    Bytes a1 = expectedBytes(entryA1, 0, 32);
    Bytes a0 = expectedBytes(entryA0, 16, 16);
    std::copy(a1.begin(), a1.end(), expected.begin());
    std::copy(a0.begin(), a0.end(), expected.begin() + 32);
    return expected;
  }

  TestEntry entryA0{"a0", 32, "", 64}, entryA1{"a1", 32, "", 64};
  TestEntry entryB0{"b0", 64, "", 64}, entryB1{"b1", 128, "", 64};
  std::unique_ptr<TempFile> archiveA, archiveB;
  std::shared_ptr<archive::ParameterIndex> indexA, indexB;
  ParameterModule parameters;
  std::unique_ptr<Device> device;
};

std::vector<RtValue> queueArgs() {
  return {RtValue::opaque(), RtValue::ofInt(~0ull), RtValue{}, RtValue{}};
}

TEST_F(ParamsToVMRuntimeTest, ConstantGatherReadsTheArchive) {
  std::vector<RtValue> args = queueArgs();
  args.push_back(RtValue::opaque());
  auto call = compileAndRun(kConstantGather, args);
  ASSERT_TRUE(call);
  EXPECT_EQ(call->callee, "io_parameters.gather");
  std::vector<ParameterSpan> rows = decode(*call, kGatherTable);
  ASSERT_EQ(rows.size(), 2u);
  expectRow(rows[0], "a1", 0, 0, 32);
  expectRow(rows[1], "a0", 16, 32, 16);
  EXPECT_EQ(gather(*call), expectedGather());
}

class ParamsToVMIndexBitsTest : public ParamsToVMRuntimeTest,
                                public ::testing::WithParamInterface<unsigned> {
};

TEST_P(ParamsToVMIndexBitsTest, DynamicKeysAndSpansReadTheArchive) {
  // Every key, offset and length is a function argument: the dynamic key
  // table and the patched spans are built at run time.
  std::vector<RtValue> args = queueArgs();
  args.push_back(RtValue::opaque());
  args.push_back(RtValue::ofString("a"));
  args.push_back(RtValue::ofString("a1"));
  args.push_back(RtValue::ofString("a0"));
  args.push_back(RtValue::ofInt(16)); // offset1
  args.push_back(RtValue::ofInt(32)); // toff1
  args.push_back(RtValue::ofInt(32)); // len0
  args.push_back(RtValue::ofInt(16)); // len1
  auto call = compileAndRun(kDynamicGather, args, GetParam());
  ASSERT_TRUE(call);
  std::vector<ParameterSpan> rows = decode(*call, kGatherTable);
  ASSERT_EQ(rows.size(), 2u);
  expectRow(rows[0], "a1", 0, 0, 32);
  expectRow(rows[1], "a0", 16, 32, 16);
  EXPECT_EQ(gather(*call), expectedGather());
}

INSTANTIATE_TEST_SUITE_P(IndexBits, ParamsToVMIndexBitsTest,
                         ::testing::Values(64u, 32u));

TEST_F(ParamsToVMRuntimeTest, LoadReturnsTheParameters) {
  constexpr StringLiteral source = R"mlir(
util.func public @load(%device: !hal.device, %affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer) -> (!hal.buffer, !hal.buffer) {
  %c0_i64 = arith.constant 0 : i64
  %c64_i64 = arith.constant 64 : i64
  %c64 = arith.constant 64 : index
  %scope = util.buffer.constant : !util.buffer = "b"
  %b0 = util.buffer.constant : !util.buffer = "b0"
  %mt = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
  %bu = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage|SharingImmutable"> : i32
  %r:2 = io_parameters.load<%device : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) type(%mt) usage(%bu) {
    %scope::%key[%c64_i64] : !hal.buffer{%c64},
    %scope::%b0[%c0_i64] : !hal.buffer{%c64}
  }
  util.return %r#0, %r#1 : !hal.buffer, !hal.buffer
}
)mlir";
  std::vector<RtValue> args = queueArgs();
  args.push_back(RtValue::ofString("b1"));
  auto call = compileAndRun(source, args);
  ASSERT_TRUE(call);
  EXPECT_EQ(call->callee, "io_parameters.load");
  // The queue affinity is passed twice; memory type and usage as i32.
  EXPECT_EQ(call->args[5].integer, ~0ull);
  EXPECT_EQ(call->args[6].integer, 48u);
  EXPECT_EQ(call->args[7].integer, 527363u);
  std::vector<ParameterSpan> rows = decode(*call, kLoadTable);
  ASSERT_EQ(rows.size(), 2u);
  expectRow(rows[0], "b1", 64, 0, 64);
  expectRow(rows[1], "b0", 0, 0, 64);

  auto signal = Semaphore::create(0);
  auto buffers = parameters.load(
      device.get(), -1, nullptr, Fence::createAt(signal, 1),
      call->args[kLoadScope].abi(), -1,
      static_cast<uint32_t>(call->args[6].integer),
      static_cast<uint32_t>(call->args[7].integer),
      call->args[kLoadTable].abi(), call->args[kLoadTable + 1].abi(),
      call->args[kLoadTable + 2].abi());
  ASSERT_TRUE(buffers) << buffers.status().toString();
  ASSERT_TRUE(signal->wait(1).isOk());
  ASSERT_EQ(buffers->size(), 2u);
  EXPECT_EQ(readBuffer((*buffers)[0]), expectedBytes(entryB1, 64, 64));
  EXPECT_EQ(readBuffer((*buffers)[1]), expectedBytes(entryB0, 0, 64));
}

TEST_F(ParamsToVMAbiTest, LiteralFormAndDuplicateKeys) {
  // Legacy literal rows; a key used twice is stored twice.
  constexpr StringLiteral source = R"mlir(
util.func public @gather(%device: !hal.device, %affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %target: !hal.buffer) {
  %c1_i64 = arith.constant 1 : i64
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  io_parameters.gather<%device : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) {
    "sc\"ope"::"k\\ey"[%c1_i64] -> %target[%c0 for %c8] : !hal.buffer,
    "sc\"ope"::"k\\ey"[%c1_i64] -> %target[%c8 for %c8] : !hal.buffer
  }
  util.return
}
)mlir";
  std::vector<RtValue> args = queueArgs();
  args.push_back(RtValue::opaque());
  auto call = compileAndRun(source, args);
  ASSERT_TRUE(call);
  AbiBytes scope = call->args[kGatherScope].abi();
  ASSERT_TRUE(scope);
  EXPECT_EQ(std::string(scope->begin(), scope->end()), "sc\"ope");
  EXPECT_EQ(call->args[kGatherTable + 1].buffer->size(), 8u);
  std::vector<ParameterSpan> rows = decode(*call, kGatherTable);
  ASSERT_EQ(rows.size(), 2u);
  expectRow(rows[0], "k\\ey", 1, 0, 8);
  expectRow(rows[1], "k\\ey", 1, 8, 8);
}

TEST_F(ParamsToVMAbiTest, ScatterRowsAndNullScope) {
  // Scatter spans are (parameter = target offset, buffer = source offset,
  // length = source length); no scope is a null buffer.
  constexpr StringLiteral source = R"mlir(
util.func public @scatter(%device: !hal.device, %affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %source: !hal.buffer, %key: !util.buffer, %soff: index) {
  %c7_i64 = arith.constant 7 : i64
  %c9_i64 = arith.constant 9 : i64
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %fixed = util.buffer.constant : !util.buffer = "fixed"
  io_parameters.scatter<%device : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) {
    %source[%c3 for %c5] : !hal.buffer -> %fixed[%c7_i64],
    %source[%soff for %c3] : !hal.buffer -> %key[%c9_i64]
  }
  util.return
}
)mlir";
  std::vector<RtValue> args = queueArgs();
  args.push_back(RtValue::opaque());
  args.push_back(RtValue::ofString("dynamic-key"));
  args.push_back(RtValue::ofInt(11));
  auto call = compileAndRun(source, args, /*indexBits=*/32);
  ASSERT_TRUE(call);
  EXPECT_EQ(call->callee, "io_parameters.scatter");
  EXPECT_FALSE(call->args[kScatterScope].abi());
  std::vector<ParameterSpan> rows = decode(*call, kScatterTable);
  ASSERT_EQ(rows.size(), 2u);
  expectRow(rows[0], "fixed", 7, 3, 5);
  expectRow(rows[1], "dynamic-key", 9, 11, 3);
}

} // namespace
