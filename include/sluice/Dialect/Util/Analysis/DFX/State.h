//===- State.h - lattice states of the DFX solver --------------*- C++ -*-===//
//
// The states an analysis element carries (stream-passes-1.md §1.2): a
// `known` part that only grows toward the worst state and an `assumed` part
// that only shrinks toward `known`.
//
//   BooleanState               best = true, worst = false
//   BitIntegerState<T, B, W>   bit sets, "negative" facts encoded as bits
//   PotentialValuesState<T>    a set of potential values + undef + validity
//
// clampStateAndIndicateChange(state, newState) meets `newState` into `state`
// and reports whether the assumed value changed.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_ANALYSIS_DFX_STATE_H
#define SLUICE_DIALECT_UTIL_ANALYSIS_DFX_STATE_H

#include "llvm/ADT/DenseMapInfo.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <limits>

namespace sluice::util::dfx {

//===----------------------------------------------------------------------===//
// ChangeStatus
//===----------------------------------------------------------------------===//

enum class ChangeStatus : uint8_t { UNCHANGED, CHANGED };

/// CHANGED if either side is.
inline ChangeStatus operator|(ChangeStatus a, ChangeStatus b) {
  return (a == ChangeStatus::CHANGED || b == ChangeStatus::CHANGED)
             ? ChangeStatus::CHANGED
             : ChangeStatus::UNCHANGED;
}
inline ChangeStatus &operator|=(ChangeStatus &a, ChangeStatus b) {
  return a = a | b;
}
/// UNCHANGED if either side is.
inline ChangeStatus operator&(ChangeStatus a, ChangeStatus b) {
  return (a == ChangeStatus::UNCHANGED || b == ChangeStatus::UNCHANGED)
             ? ChangeStatus::UNCHANGED
             : ChangeStatus::CHANGED;
}
inline ChangeStatus &operator&=(ChangeStatus &a, ChangeStatus b) {
  return a = a & b;
}

//===----------------------------------------------------------------------===//
// AbstractState
//===----------------------------------------------------------------------===//

/// What the solver needs from every state.
class AbstractState {
public:
  virtual ~AbstractState() = default;
  /// False once nothing useful can be said any more.
  virtual bool isValidState() const = 0;
  /// True when the state can no longer change (known == assumed).
  virtual bool isAtFixpoint() const = 0;
  /// known := assumed. Returns UNCHANGED.
  virtual ChangeStatus indicateOptimisticFixpoint() = 0;
  /// assumed := known. Returns CHANGED.
  virtual ChangeStatus indicatePessimisticFixpoint() = 0;
};

//===----------------------------------------------------------------------===//
// BooleanState
//===----------------------------------------------------------------------===//

class BooleanState : public AbstractState {
public:
  using base_t = bool;

  BooleanState() = default;
  explicit BooleanState(bool assumedValue) : assumed(assumedValue) {}

  static bool getBestState() { return true; }
  static bool getWorstState() { return false; }

  bool isValidState() const override { return assumed; }
  bool isAtFixpoint() const override { return assumed == known; }
  ChangeStatus indicateOptimisticFixpoint() override {
    known = assumed;
    return ChangeStatus::UNCHANGED;
  }
  ChangeStatus indicatePessimisticFixpoint() override {
    assumed = known;
    return ChangeStatus::CHANGED;
  }

  bool getKnown() const { return known; }
  bool getAssumed() const { return assumed; }
  bool isKnown() const { return known; }
  bool isAssumed() const { return assumed; }

  /// known |= value, assumed |= value.
  void setKnown(bool value) {
    known |= value;
    assumed |= value;
  }
  /// assumed &= (known | value).
  void setAssumed(bool value) { assumed &= (known | value); }

  /// Meet: the assumption survives only if both assume it.
  BooleanState &operator^=(const BooleanState &other) {
    setAssumed(other.assumed);
    return *this;
  }
  bool operator==(const BooleanState &other) const {
    return known == other.known && assumed == other.assumed;
  }
  bool operator!=(const BooleanState &other) const { return !(*this == other); }

private:
  bool known = false;
  bool assumed = true;
};

//===----------------------------------------------------------------------===//
// BitIntegerState
//===----------------------------------------------------------------------===//

/// A bit set: known starts at `WorstState` (no bits), assumed at `BestState`.
template <typename BaseTy = uint32_t,
          BaseTy BestState = std::numeric_limits<BaseTy>::max(),
          BaseTy WorstState = 0>
class BitIntegerState : public AbstractState {
public:
  using base_t = BaseTy;

  BitIntegerState() = default;
  explicit BitIntegerState(base_t assumedValue) : assumed(assumedValue) {}

  static constexpr base_t getBestState() { return BestState; }
  static constexpr base_t getWorstState() { return WorstState; }

  bool isValidState() const override { return assumed != getWorstState(); }
  bool isAtFixpoint() const override { return assumed == known; }
  ChangeStatus indicateOptimisticFixpoint() override {
    known = assumed;
    return ChangeStatus::UNCHANGED;
  }
  ChangeStatus indicatePessimisticFixpoint() override {
    assumed = known;
    return ChangeStatus::CHANGED;
  }

  base_t getKnown() const { return known; }
  base_t getAssumed() const { return assumed; }

  /// All bits of `bits` are known / assumed.
  bool isKnown(base_t bits = BestState) const { return (known & bits) == bits; }
  bool isAssumed(base_t bits = BestState) const {
    return (assumed & bits) == bits;
  }

  /// known |= bits, assumed |= bits: a known bit is never dropped again.
  BitIntegerState &addKnownBits(base_t bits) {
    known |= bits;
    assumed |= bits;
    return *this;
  }
  /// known &= ~bits (assumed untouched).
  BitIntegerState &removeKnownBits(base_t bits) {
    known &= ~bits;
    return *this;
  }
  /// assumed := (assumed & bits) | known.
  BitIntegerState &intersectAssumedBits(base_t bits) {
    assumed = (assumed & bits) | known;
    return *this;
  }
  /// intersectAssumedBits(~bits).
  BitIntegerState &removeAssumedBits(base_t bits) {
    return intersectAssumedBits(~bits);
  }

  /// Meet of assumptions; this state's known bits survive.
  BitIntegerState &operator^=(const BitIntegerState &other) {
    return intersectAssumedBits(other.getAssumed());
  }
  bool operator==(const BitIntegerState &other) const {
    return known == other.known && assumed == other.assumed;
  }
  bool operator!=(const BitIntegerState &other) const {
    return !(*this == other);
  }

private:
  base_t known = WorstState;
  base_t assumed = BestState;
};

//===----------------------------------------------------------------------===//
// PotentialValuesState
//===----------------------------------------------------------------------===//

/// A set of potential values (insertion-ordered), an undef flag and a
/// validity flag. Fixpoints act on the validity flag only.
template <typename MemberTy, typename KeyInfo = llvm::DenseMapInfo<MemberTy>>
class PotentialValuesState : public AbstractState {
public:
  using SetTy = llvm::SetVector<MemberTy, llvm::SmallVector<MemberTy, 4>,
                                llvm::DenseSet<MemberTy, KeyInfo>>;

  /// A set reaching this many members becomes invalid.
  static constexpr unsigned kMaxPotentialValues = 8192;

  PotentialValuesState() = default;
  explicit PotentialValuesState(bool isValid) {
    if (!isValid)
      validState.indicatePessimisticFixpoint();
  }

  static PotentialValuesState getBestState() { return PotentialValuesState(); }
  static PotentialValuesState getBestState(const PotentialValuesState &) {
    return getBestState();
  }
  static PotentialValuesState getWorstState() {
    return PotentialValuesState(/*isValid=*/false);
  }

  bool isValidState() const override { return validState.isValidState(); }
  bool isAtFixpoint() const override { return validState.isAtFixpoint(); }
  ChangeStatus indicateOptimisticFixpoint() override {
    return validState.indicateOptimisticFixpoint();
  }
  ChangeStatus indicatePessimisticFixpoint() override {
    return validState.indicatePessimisticFixpoint();
  }

  /// The members (valid states only).
  const SetTy &getAssumedSet() const {
    assert(isValidState() && "set of an invalid state");
    return set;
  }
  /// The undef flag (valid states only).
  bool isUndefContained() const {
    assert(isValidState() && "undef of an invalid state");
    return undefIsContained;
  }

  /// Inserts `member` (if valid).
  void unionAssumed(const MemberTy &member) {
    if (!isValidState())
      return;
    set.insert(member);
    checkAndInvalidate();
  }
  /// Unions `other` in; an invalid `other` invalidates this state.
  void unionAssumed(const PotentialValuesState &other) { unionWith(other); }
  /// Sets the undef flag.
  void unionAssumedWithUndef() {
    if (!isValidState())
      return;
    undefIsContained = true;
    reduceUndefValue();
  }
  /// Keeps the common members; an invalid `other` is ignored.
  void intersectAssumed(const PotentialValuesState &other) {
    if (!other.isValidState())
      return;
    if (!isValidState()) {
      *this = other;
      return;
    }
    SetTy common;
    for (const MemberTy &member : set)
      if (other.set.contains(member))
        common.insert(member);
    set = std::move(common);
    undefIsContained &= other.undefIsContained;
    reduceUndefValue();
  }

  /// Meet: validity ^= other's validity, then union.
  PotentialValuesState &operator^=(const PotentialValuesState &other) {
    validState ^= other.validState;
    unionAssumed(other);
    return *this;
  }
  /// Equality: both invalid, or both valid with equal sets and undef flags.
  bool operator==(const PotentialValuesState &other) const {
    if (isValidState() != other.isValidState())
      return false;
    if (!isValidState())
      return true;
    if (undefIsContained != other.undefIsContained)
      return false;
    if (set.size() != other.set.size())
      return false;
    for (const MemberTy &member : set)
      if (!other.set.contains(member))
        return false;
    return true;
  }
  bool operator!=(const PotentialValuesState &other) const {
    return !(*this == other);
  }

  /// What clampStateAndIndicateChange compares: the whole state.
  const PotentialValuesState &getAssumed() const { return *this; }

private:
  void unionWith(const PotentialValuesState &other) {
    if (!isValidState())
      return;
    if (!other.isValidState()) {
      indicatePessimisticFixpoint();
      return;
    }
    for (const MemberTy &member : other.set)
      set.insert(member);
    undefIsContained |= other.undefIsContained;
    checkAndInvalidate();
  }
  void checkAndInvalidate() {
    if (set.size() >= kMaxPotentialValues) {
      indicatePessimisticFixpoint();
      return;
    }
    reduceUndefValue();
  }
  /// undef only survives while the set is empty.
  void reduceUndefValue() { undefIsContained = undefIsContained & set.empty(); }

  BooleanState validState;
  SetTy set;
  bool undefIsContained = false;
};

//===----------------------------------------------------------------------===//
// clampStateAndIndicateChange
//===----------------------------------------------------------------------===//

/// state ^= newState; CHANGED iff state's assumed value differs afterwards.
template <typename StateTy>
ChangeStatus clampStateAndIndicateChange(StateTy &state,
                                         const StateTy &newState) {
  auto before = state.getAssumed();
  state ^= newState;
  return before == state.getAssumed() ? ChangeStatus::UNCHANGED
                                      : ChangeStatus::CHANGED;
}

/// Specialization for PVS: copying the whole state to compare is avoided when
/// the meet cannot change it (same object).
template <typename MemberTy, typename KeyInfo>
ChangeStatus
clampStateAndIndicateChange(PotentialValuesState<MemberTy, KeyInfo> &state,
                            const PotentialValuesState<MemberTy, KeyInfo> &r) {
  if (&state == &r)
    return ChangeStatus::UNCHANGED;
  bool wasValid = state.isValidState();
  size_t sizeBefore = wasValid ? state.getAssumedSet().size() : 0;
  bool undefBefore = wasValid && state.isUndefContained();
  state ^= r;
  // The meet only adds members, sets undef or invalidates: comparing sizes
  // and flags is the same as comparing the whole state.
  if (state.isValidState() != wasValid)
    return ChangeStatus::CHANGED;
  if (!wasValid)
    return ChangeStatus::UNCHANGED;
  return (state.getAssumedSet().size() != sizeBefore ||
          state.isUndefContained() != undefBefore)
             ? ChangeStatus::CHANGED
             : ChangeStatus::UNCHANGED;
}

} // namespace sluice::util::dfx

#endif // SLUICE_DIALECT_UTIL_ANALYSIS_DFX_STATE_H
