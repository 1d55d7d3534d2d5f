//===- VerifyAsyncAccessRanges.cpp - constant access range checks ---------===//
//
// --iree-stream-verify-async-access-ranges (stream-passes-1.md §13): every
// access range with constant bounds must be consistent and lie within the
// resource when its size is a constant.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/IR/Matchers.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

namespace sluice::stream {
#define GEN_PASS_DEF_VERIFYASYNCACCESSRANGESPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;

namespace {

/// The value of a constant integer; nothing for a null or unknown value.
std::optional<int64_t> matchConstant(Value value) {
  APInt constant;
  if (value && matchPattern(value, m_ConstantInt(&constant)) &&
      constant.getSignificantBits() <= 64)
    return constant.getSExtValue();
  return std::nullopt;
}

void printKnown(llvm::raw_ostream &os, std::optional<int64_t> value) {
  if (value)
    os << *value;
  else
    os << '?';
}

/// The first failed check of a range as a message suffix, or nothing.
std::optional<StringRef> findViolation(std::optional<int64_t> start,
                                       std::optional<int64_t> end,
                                       std::optional<int64_t> length,
                                       std::optional<int64_t> size) {
  if (start && end && *start > *end)
    return StringRef("; start > end");
  if (length && end && *length > *end)
    return StringRef("; length > end");
  if (start && length && end &&
      static_cast<uint64_t>(*start) + static_cast<uint64_t>(*length) !=
          static_cast<uint64_t>(*end))
    return StringRef("; start + length != end");
  if (size) {
    if (start && *start > *size)
      return StringRef("; start > resource size");
    if (length && *length > *size)
      return StringRef("; length > resource size");
    if (end && *end > *size)
      return StringRef("; end > resource size");
  }
  return std::nullopt;
}

/// Reports every invalid range of `op`; fails if there was one.
LogicalResult verifyOp(AsyncAccessOpInterface op) {
  SmallVector<AsyncAccessRange> ranges;
  op.getAsyncAccessRanges(ranges);
  bool failed = false;
  for (const AsyncAccessRange &range : ranges) {
    std::optional<int64_t> start = matchConstant(range.start);
    std::optional<int64_t> end = matchConstant(range.end);
    std::optional<int64_t> length = matchConstant(range.length);
    std::optional<int64_t> size =
        matchConstant(util::SizeAwareTypeInterface::findSizeValue(
            range.resource, op->getBlock(), Block::iterator(op)));
    std::optional<StringRef> violation =
        findViolation(start, end, length, size);
    if (!violation)
      continue;
    failed = true;
    InFlightDiagnostic diag = op->emitOpError();
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "has invalid " << stringifyResourceAccessBitfield(range.access)
       << " access range [";
    printKnown(os, start);
    os << " to ";
    printKnown(os, end);
    os << " for ";
    printKnown(os, length);
    os << "] of resource ";
    range.resource.printAsOperand(os, OpPrintingFlags());
    os << " with size ";
    printKnown(os, size);
    os << *violation;
    diag << text;
  }
  return success(!failed);
}

struct VerifyAsyncAccessRangesPass
    : public stream::impl::VerifyAsyncAccessRangesPassBase<
          VerifyAsyncAccessRangesPass> {
  void runOnOperation() override {
    sluice::util::UnchangedIRGuard guard(getOperation());
    WalkResult result = getOperation()->walk([&](AsyncAccessOpInterface op) {
      return failed(verifyOp(op)) ? WalkResult::interrupt()
                                  : WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    // A verifier: nothing changed (no need to verify the IR again).
    if (guard.unchanged(false, getName()))
      markAllAnalysesPreserved();
  }
};

} // namespace
