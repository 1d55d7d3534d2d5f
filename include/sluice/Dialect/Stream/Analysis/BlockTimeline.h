//===- BlockTimeline.h - the timeline ops of one block, numbered -*- C++
//-*-===//
//
// The timeline ops (TimelineOpInterface) directly in one block, numbered
// 0..N-1 in program order, with every await resolved to the number of the op
// of the block that defines it. A pass that follows the timeline of a large
// function more than once records it here once and then follows the numbers
// instead of reading the ops again: at 10^5 ops a function no longer fits in
// the last-level cache, and every walk over its ops costs a memory round trip
// per op. Recording from a list of the block's ops (append, in order) lets
// the caller prefetch ahead (sluice/Support/PrefetchOp.h), which following
// the block's op list cannot.
//
// Recording costs a few bytes per op and per await. The awaits are resolved
// through a table of the timepoints recorded so far that still have uses in
// the block not yet reached (an entry is dropped at its last such use), so in
// the usual shapes, where a timepoint is awaited shortly after it is made,
// that table stays small instead of holding one entry per op.
//
// The record is a snapshot: it describes the block as it was when recorded,
// and its users must not read it after editing the ops' awaits.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_ANALYSIS_BLOCKTIMELINE_H
#define SLUICE_DIALECT_STREAM_ANALYSIS_BLOCKTIMELINE_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <limits>

namespace sluice::stream {

class BlockTimeline {
public:
  static constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

  /// What the timeline knows of an op besides its awaits (bit flags).
  enum Kind : uint8_t {
    kOther = 0,
    /// A `stream.resource.alloca`.
    kAlloca = 1,
    /// A `stream.resource.dealloca`.
    kDealloca = 2,
    /// With kAlloca or kDealloca: the resource is
    /// `!stream.resource<transient>`.
    kTransient = 4,
  };

  explicit BlockTimeline(mlir::Block &block) : block(&block) {}
  /// The timeline of `block`, recorded by iterating it.
  static BlockTimeline build(mlir::Block &block);

  /// Records `op`, the next op of the block in program order (the caller
  /// passes every op of the block, in order). Returns its number, or kNone
  /// when it is not a timeline op (nothing is recorded then).
  uint32_t append(mlir::Operation *op);

  mlir::Block &getBlock() const { return *block; }
  uint32_t size() const { return static_cast<uint32_t>(ops.size()); }
  mlir::Operation *getOp(uint32_t k) const { return ops[k]; }
  /// The result timepoint of op k (may be null).
  mlir::Value getResult(uint32_t k) const { return results[k]; }
  uint8_t getKind(uint32_t k) const { return kinds[k]; }
  /// A byte per op for the recording pass's own facts (0 until set).
  uint8_t getTag(uint32_t k) const { return tags[k]; }
  void setTag(uint32_t k, uint8_t tag) { tags[k] = tag; }

  /// The awaits of op k (its non-null await timepoints, in the order of
  /// getAwaitTimepoints), as indices for getAwait and getAwaitDef.
  auto awaitsOf(uint32_t k) const {
    return llvm::seq<uint32_t>(awaitBegin[k], awaitBegin[k + 1]);
  }
  mlir::Value getAwait(uint32_t a) const { return awaitValues[a]; }
  /// The number of the op of the block defining await `a`, or kNone.
  uint32_t getAwaitDef(uint32_t a) const { return awaitDefs[a]; }
  /// True if await `a` is the result timepoint of the op defining it.
  bool awaitIsResult(uint32_t a) const {
    return awaitDefs[a] != kNone && results[awaitDefs[a]] == awaitValues[a];
  }

private:
  struct Pending {
    uint32_t number;
    /// Uses in the block not reached yet.
    uint32_t uses;
  };
  mlir::Block *block;
  /// Timepoint results of recorded ops with uses in the block not reached.
  llvm::DenseMap<mlir::Value, Pending> pending;
  llvm::SmallVector<mlir::Operation *> ops;
  llvm::SmallVector<mlir::Value> results;
  llvm::SmallVector<uint8_t> kinds;
  llvm::SmallVector<uint8_t> tags;
  llvm::SmallVector<uint32_t> awaitBegin{0};
  llvm::SmallVector<mlir::Value> awaitValues;
  llvm::SmallVector<uint32_t> awaitDefs;
};

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_ANALYSIS_BLOCKTIMELINE_H
