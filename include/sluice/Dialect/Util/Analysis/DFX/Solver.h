//===- Solver.h - the DFX monotone fixed-point solver ----------*- C++ -*-===//
//
// The solver of stream-passes-1.md §1.4. Clients create ("seed") elements
// with getOrCreateElementFor during the SEEDING phase, then call run(); the
// elements' updates query each other through getElementFor/lookupElementFor,
// which records the dependencies that drive re-updates.
//
// Observable details (mandatory, see the spec): every element is updated
// once right after its initialization (update-after-init, nested at most
// kMaxUpdateDepth deep, also during SEEDING); creation recursion deeper than
// kMaxInitializationDepth gives up pessimistically; an update that recorded
// no dependency reaches an optimistic fixpoint; run(maxIterations) stops at
// the cap and forces everything still changing to a pessimistic fixpoint.
//
// Elements live in an allocator owned by the solver and are destroyed
// (destructors run) with it. The solver never changes the IR; the IR must
// not change while it is alive.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_ANALYSIS_DFX_SOLVER_H
#define SLUICE_DIALECT_UTIL_ANALYSIS_DFX_SOLVER_H

#include "sluice/Dialect/Util/Analysis/DFX/Element.h"
#include "sluice/Dialect/Util/Analysis/Explorer.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"

#include <utility>

namespace sluice::util::dfx {

class Solver {
public:
  /// Nested update-after-init updates allowed (§1.4 step 6).
  static constexpr unsigned kMaxUpdateDepth = 16;
  /// Nested element initializations allowed (§1.4 step 3).
  static constexpr unsigned kMaxInitializationDepth = 1024;
  /// The iteration cap used by run() when a client passes none.
  static constexpr int kDefaultMaxIterations = 32;

  enum class Phase { SEEDING, UPDATE, DONE };

  explicit Solver(Explorer &explorer);
  ~Solver();
  Solver(const Solver &) = delete;
  Solver &operator=(const Solver &) = delete;

  Explorer &getExplorer() { return explorer; }
  mlir::MLIRContext *getContext();
  mlir::AsmState &getAsmState() { return explorer.getAsmState(); }
  /// The allocator elements are placed in (see createForPosition).
  llvm::BumpPtrAllocator &getAllocator() { return allocator; }
  Phase getPhase() const { return phase; }

  /// The element of class ElementT at `pos`, created (initialized and, if
  /// `updateAfterInit`, updated once) when missing. A dependency
  /// `queryingElement` -> element is recorded with `resolution`.
  template <typename ElementT>
  ElementT &
  getOrCreateElementFor(Position pos, const AbstractElement *queryingElement,
                        Resolution resolution, bool forceUpdate = false,
                        bool updateAfterInit = true) {
    const void *id = &ElementT::ID;
    if (AbstractElement *existing = findElement(id, pos)) {
      if (forceUpdate && phase == Phase::UPDATE)
        updateElement(*existing);
      if (queryingElement)
        recordDependence(*existing, *queryingElement, resolution);
      return *llvm::cast<ElementT>(existing);
    }
    ElementT &element = allocateElement<ElementT>(pos);
    finishCreation(element, queryingElement, resolution, updateAfterInit);
    return element;
  }
  template <typename ElementT> ElementT &getOrCreateElementFor(Position pos) {
    return getOrCreateElementFor<ElementT>(pos, nullptr, Resolution::NONE);
  }

  /// getOrCreateElementFor without forced update.
  template <typename ElementT>
  const ElementT &getElementFor(const AbstractElement &queryingElement,
                                Position pos, Resolution resolution) {
    return getOrCreateElementFor<ElementT>(pos, &queryingElement, resolution,
                                           /*forceUpdate=*/false);
  }

  /// The existing element or null; never creates. An invalid element is
  /// returned only with `allowInvalidState`. A dependency is recorded when a
  /// querying element is given and the element is valid.
  template <typename ElementT>
  ElementT *lookupElementFor(Position pos,
                             const AbstractElement *queryingElement = nullptr,
                             Resolution resolution = Resolution::OPTIONAL,
                             bool allowInvalidState = false) {
    AbstractElement *existing = findElement(&ElementT::ID, pos);
    if (!existing)
      return nullptr;
    if (queryingElement && existing->getState().isValidState())
      recordDependence(*existing, *queryingElement, resolution);
    if (!allowInvalidState && !existing->getState().isValidState())
      return nullptr;
    return llvm::cast<ElementT>(existing);
  }

  /// Records that `toElement` depends on `fromElement` (from is read, to
  /// reads it). Ignored for NONE, outside an update, or when `fromElement`
  /// is at a fixpoint.
  void recordDependence(const AbstractElement &fromElement,
                        const AbstractElement &toElement,
                        Resolution resolution);

  /// Runs the fixed-point iteration. Success iff it quiesced before
  /// `maxIterations` rounds (§1.4 for the exact cap semantics).
  llvm::LogicalResult run(int maxIterations = kDefaultMaxIterations);

  /// The number of rounds the last run() executed (1-based).
  unsigned getIterationCount() const { return iterationCount; }
  /// Number of registered elements.
  size_t getElementCount() const { return elementMap.size(); }
  /// Every registered element, in registration order.
  llvm::ArrayRef<AbstractElement *> getElements() const { return allElements; }

  /// Debug printing of every element and its state.
  void print(llvm::raw_ostream &os);
  void dump();

private:
  template <typename ElementT> ElementT &allocateElement(const Position &pos) {
    ElementT *element;
    if constexpr (requires {
                    ElementT::createForPosition(pos, std::declval<Solver &>());
                  }) {
      element = &ElementT::createForPosition(pos, *this);
    } else {
      element = new (allocator.Allocate<ElementT>()) ElementT(pos);
    }
    registerElement(&ElementT::ID, *element);
    return *element;
  }

  AbstractElement *findElement(const void *id, const Position &pos) const;
  void registerElement(const void *id, AbstractElement &element);
  /// Steps 3-7 of getOrCreateElementFor for a just-registered element.
  void finishCreation(AbstractElement &element,
                      const AbstractElement *queryingElement,
                      Resolution resolution, bool updateAfterInit);
  ChangeStatus updateElement(AbstractElement &element);

  struct DepRecord {
    AbstractElement *from;
    AbstractElement *to;
    Resolution resolution;
  };

  Explorer &explorer;
  llvm::BumpPtrAllocator allocator;
  Phase phase = Phase::SEEDING;
  llvm::DenseMap<std::pair<const void *, Position>, AbstractElement *>
      elementMap;
  /// Registration order (the first worklist).
  llvm::SmallVector<AbstractElement *> allElements;
  /// Every element allocated, destroyed with the solver.
  llvm::SmallVector<AbstractElement *> ownedElements;
  /// One dependency list per in-progress updateElement.
  llvm::SmallVector<llvm::SmallVector<DepRecord, 8>, 8> dependenceStack;
  unsigned initializationDepth = 0;
  unsigned updateDepth = 0;
  unsigned iterationCount = 0;
};

} // namespace sluice::util::dfx

#endif // SLUICE_DIALECT_UTIL_ANALYSIS_DFX_SOLVER_H
