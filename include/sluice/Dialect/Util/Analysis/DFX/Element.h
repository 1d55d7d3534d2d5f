//===- Element.h - analysis elements of the DFX solver ---------*- C++ -*-===//
//
// An element is one analysis fact: a state attached to a Position
// (stream-passes-1.md §1.3). The solver owns every element and keeps at most
// one element per (element class, position). Subclasses implement
// `initialize` (seed the state from static IR facts) and `updateImpl`
// (recompute it from other elements, returning CHANGED/UNCHANGED).
//
// Writing an element:
//
//   class MyPVS : public dfx::StateWrapper<dfx::PotentialValuesState<Attr>,
//                                          dfx::ValueElement> {
//   public:
//     using BaseType = dfx::StateWrapper<..., dfx::ValueElement>;
//     using BaseType::BaseType;
//     static MyPVS &createForPosition(const Position &pos,
//                                     dfx::Solver &solver) {
//       return *(new (solver.getAllocator()) MyPVS(pos));
//     }
//     const std::string getName() const override { return "MyPVS"; }
//     const void *getID() const override { return &ID; }
//     static bool classof(const dfx::AbstractElement *e) {
//       return e->getID() == &ID;
//     }
//     static const char ID;
//   private:
//     void initializeValue(Value v, dfx::Solver &solver) override;
//     dfx::ChangeStatus updateValue(Value v, dfx::Solver &solver) override;
//   };
//
// `createForPosition` is optional: without it the solver allocates the
// element with `new (allocator) E(pos)`. Elements are destroyed (destructors
// run) when the solver is.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_ANALYSIS_DFX_ELEMENT_H
#define SLUICE_DIALECT_UTIL_ANALYSIS_DFX_ELEMENT_H

#include "sluice/Dialect/Util/Analysis/DFX/State.h"
#include "sluice/Dialect/Util/Analysis/Position.h"

#include "llvm/ADT/PointerIntPair.h"
#include "llvm/ADT/SetVector.h"

#include <string>

namespace mlir {
class AsmState;
} // namespace mlir

namespace sluice::util::dfx {

class Solver;

/// How a dependency is recorded (stream-passes-1.md §1.4).
enum class Resolution : uint8_t {
  /// Not recorded.
  NONE = 0,
  /// The dependent is re-updated when the dependency changes.
  OPTIONAL = 1,
  /// Additionally: the dependent is forced to a pessimistic fixpoint when the
  /// dependency becomes invalid.
  REQUIRED = 2,
};

class AbstractElement {
public:
  explicit AbstractElement(const Position &pos) : position(pos) {}
  virtual ~AbstractElement() = default;

  AbstractElement(const AbstractElement &) = delete;
  AbstractElement &operator=(const AbstractElement &) = delete;

  const Position &getPosition() const { return position; }

  virtual AbstractState &getState() = 0;
  virtual const AbstractState &getState() const = 0;

  /// Seeds the state from static facts; may reach a fixpoint.
  virtual void initialize(Solver &solver) {}

  /// UNCHANGED without calling updateImpl if the state is at a fixpoint.
  ChangeStatus update(Solver &solver);

  /// The element class name (debugging only).
  virtual const std::string getName() const = 0;
  /// The unique address identifying the element class.
  virtual const void *getID() const = 0;
  /// A short description of the state (debugging only).
  virtual const std::string getAsStr(mlir::AsmState &asmState) const {
    return getState().isValidState() ? "valid" : "invalid";
  }

  /// Debug printing: "[name] for <position>: <state>".
  void print(llvm::raw_ostream &os, mlir::AsmState &asmState) const;

  /// A dependent element and how it depends on this one.
  using DepTy = llvm::PointerIntPair<AbstractElement *, 2, Resolution>;
  /// The elements to re-update when this one changes (deduplicated,
  /// insertion-ordered).
  const llvm::SetVector<DepTy> &getDependents() const { return dependents; }

protected:
  /// Recomputes the state; called only when not at a fixpoint.
  virtual ChangeStatus updateImpl(Solver &solver) = 0;

private:
  friend class Solver;
  Position position;
  llvm::SetVector<DepTy> dependents;
};

/// An element whose state is `StateTy` itself (the element *is* its state).
template <typename StateTy, typename BaseTy>
struct StateWrapper : public BaseTy, public StateTy {
  using StateType = StateTy;
  explicit StateWrapper(const Position &pos) : BaseTy(pos) {}
  template <typename... Args>
  StateWrapper(const Position &pos, Args &&...args)
      : BaseTy(pos), StateTy(std::forward<Args>(args)...) {}

  StateType &getState() override { return *this; }
  const StateType &getState() const override { return *this; }
};

/// StateWrapper plus the identity every element class needs: getID() and
/// classof() through `Derived::ID` (declare `static const char ID;`).
template <typename Derived, typename StateTy, typename BaseTy>
struct ElementBase : public StateWrapper<StateTy, BaseTy> {
  using StateWrapper<StateTy, BaseTy>::StateWrapper;
  const void *getID() const override { return &Derived::ID; }
  static bool classof(const AbstractElement *e) {
    return e->getID() == &Derived::ID;
  }
};

/// An element on a Value position. A position of another kind forces a
/// pessimistic fixpoint.
struct ValueElement : public AbstractElement {
  using AbstractElement::AbstractElement;

  mlir::Value getValue() const { return getPosition().getValue(); }

  void initialize(Solver &solver) override;

protected:
  ChangeStatus updateImpl(Solver &solver) override;
  virtual void initializeValue(mlir::Value value, Solver &solver) {}
  virtual ChangeStatus updateValue(mlir::Value value, Solver &solver) = 0;
};

/// An element on an Operation position. A position of another kind forces a
/// pessimistic fixpoint.
struct OperationElement : public AbstractElement {
  using AbstractElement::AbstractElement;

  mlir::Operation *getOperation() const { return getPosition().getOperation(); }

  void initialize(Solver &solver) override;

protected:
  ChangeStatus updateImpl(Solver &solver) override;
  virtual void initializeOperation(mlir::Operation *op, Solver &solver) {}
  virtual ChangeStatus updateOperation(mlir::Operation *op, Solver &solver) = 0;
};

/// An element on an operation of class (or interface) `OpT`. Another kind of
/// position, or another op, forces a pessimistic fixpoint.
template <typename OpT> struct TypedOperationElement : public AbstractElement {
  using AbstractElement::AbstractElement;

  OpT getOperation() const {
    return llvm::cast<OpT>(getPosition().getOperation());
  }

  void initialize(Solver &solver) override {
    if (!isValidPosition()) {
      getState().indicatePessimisticFixpoint();
      return;
    }
    initializeOperation(getOperation(), solver);
  }

protected:
  ChangeStatus updateImpl(Solver &solver) override {
    if (!isValidPosition())
      return getState().indicatePessimisticFixpoint();
    return updateOperation(getOperation(), solver);
  }
  virtual void initializeOperation(OpT op, Solver &solver) {}
  virtual ChangeStatus updateOperation(OpT op, Solver &solver) = 0;

private:
  bool isValidPosition() const {
    return getPosition().isOperation() &&
           llvm::isa<OpT>(getPosition().getOperation());
  }
};

} // namespace sluice::util::dfx

#endif // SLUICE_DIALECT_UTIL_ANALYSIS_DFX_ELEMENT_H
