//===- ResourceUsage.h - whole-program resource usage analysis --*- C++ -*-===//
//
// ResourceUsageAnalysis (stream-passes-1.md §11): how every
// `!stream.resource` value is used across the program (usage bits), solved
// with the DFX solver, and the lifetime each usage implies.
//
//   ResourceUsageAnalysis analysis(moduleOp);
//   if (failed(analysis.run())) ...
//   Lifetime lifetime = getLifetimeForUsage(analysis.lookupResourceUsage(v));
//
// The lattice of one value (`ResourceUsageState`) is exposed for tests: a
// bit set whose bit i means "NOT usage i" (so the best state means "used for
// nothing" and removing an assumed bit records a usage).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_ANALYSIS_RESOURCEUSAGE_H
#define SLUICE_DIALECT_STREAM_ANALYSIS_RESOURCEUSAGE_H

#include "sluice/Dialect/Stream/IR/StreamTypes.h"
#include "sluice/Dialect/Util/Analysis/DFX/State.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

#include <memory>
#include <optional>
#include <string>

namespace sluice::util {
class Explorer;
namespace dfx {
class Solver;
} // namespace dfx
} // namespace sluice::util

namespace sluice::stream {

/// ResourceUsageBitfield (§11.1): bit i is usage i.
enum class ResourceUsageBitfield : uint32_t {
  None = 0,
  Indirect = 1u << 0,
  External = 1u << 1,
  Mutated = 1u << 2,
  Constant = 1u << 3,
  TransferRead = 1u << 4,
  TransferWrite = 1u << 5,
  StagingRead = 1u << 6,
  StagingWrite = 1u << 7,
  DispatchRead = 1u << 8,
  DispatchWrite = 1u << 9,
  GlobalRead = 1u << 10,
  GlobalWrite = 1u << 11,
  GlobalStorage = 1u << 12,
  Unknown = (1u << 13) - 1,
};
inline ResourceUsageBitfield operator|(ResourceUsageBitfield a,
                                       ResourceUsageBitfield b) {
  return static_cast<ResourceUsageBitfield>(static_cast<uint32_t>(a) |
                                            static_cast<uint32_t>(b));
}
inline ResourceUsageBitfield operator&(ResourceUsageBitfield a,
                                       ResourceUsageBitfield b) {
  return static_cast<ResourceUsageBitfield>(static_cast<uint32_t>(a) &
                                            static_cast<uint32_t>(b));
}
/// True if any bit of `bits` is set in `usage`.
inline bool hasAnyUsage(ResourceUsageBitfield usage,
                        ResourceUsageBitfield bits) {
  return (usage & bits) != ResourceUsageBitfield::None;
}
/// `Indirect|External|...` (the set bit names joined by `|`), or `None`.
std::string stringifyResourceUsage(ResourceUsageBitfield usage);

/// The lifetime a usage implies (§11.4, first match wins).
Lifetime getLifetimeForUsage(ResourceUsageBitfield usage);

/// The lattice of one value (§11.2): bit i of the state means "NOT usage i".
class ResourceUsageState
    : public util::dfx::BitIntegerState<uint16_t, 8191, 0> {
public:
  using BaseState = util::dfx::BitIntegerState<uint16_t, 8191, 0>;
  using BaseState::BaseState;

  static constexpr uint16_t notBits(ResourceUsageBitfield usage) {
    return static_cast<uint16_t>(usage);
  }

  /// The usage recorded so far: the complement of the assumed bits.
  ResourceUsageBitfield getAssumedUsage() const {
    return static_cast<ResourceUsageBitfield>(~getAssumed() & 8191u);
  }
  /// Records `usage` (removes the assumed NOT bits).
  void addUsage(ResourceUsageBitfield usage) {
    removeAssumedBits(notBits(usage));
  }
  /// True if any of `usage` is assumed.
  bool isUsed(ResourceUsageBitfield usage) const {
    return hasAnyUsage(getAssumedUsage(), usage);
  }
  bool isStaging() const {
    return isUsed(ResourceUsageBitfield::StagingRead |
                  ResourceUsageBitfield::StagingWrite);
  }

  /// Valid unless empty, staging and dispatch together, or constant and
  /// mutated.
  bool isValidState() const override;

  /// The initial state of a value of lifetime `lifetime` (§11.2 table).
  void initializeForLifetime(Lifetime lifetime);
};

class ResourceUsageAnalysis {
public:
  explicit ResourceUsageAnalysis(mlir::Operation *rootOp);
  ~ResourceUsageAnalysis();
  ResourceUsageAnalysis(const ResourceUsageAnalysis &) = delete;
  ResourceUsageAnalysis &operator=(const ResourceUsageAnalysis &) = delete;

  /// Seeds every `!stream.resource` value of the root's callables and
  /// solves (cap 32).
  llvm::LogicalResult run();
  /// Rounds the solver ran.
  unsigned getSolverIterationCount() const;

  /// The usage of `value` if it has a valid element.
  std::optional<ResourceUsageBitfield>
  tryLookupResourceUsage(mlir::Value value);
  /// The usage of `value`, or `Unknown`.
  ResourceUsageBitfield lookupResourceUsage(mlir::Value value);
  /// The lifetime the usage of `value` implies; [SLUICE] `external` for a
  /// value without a valid element (the reference maps it to `constant`).
  Lifetime lookupResourceLifetime(mlir::Value value);

private:
  std::unique_ptr<util::Explorer> explorer;
  std::unique_ptr<util::dfx::Solver> solver;
};

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_ANALYSIS_RESOURCEUSAGE_H
