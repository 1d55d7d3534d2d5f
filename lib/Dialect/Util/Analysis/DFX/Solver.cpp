//===- Solver.cpp - the DFX monotone fixed-point solver -------------------===//
//
// stream-passes-1.md §1.3-§1.4. Elements are kept in a map keyed by
// (element class, position); dependents are deduplicated sets, so recording
// the same dependency repeatedly costs nothing extra.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/Analysis/DFX/Solver.h"

#include "mlir/IR/AsmState.h"
#include "llvm/Support/Debug.h"

using namespace mlir;

namespace sluice::util::dfx {

//===----------------------------------------------------------------------===//
// Elements
//===----------------------------------------------------------------------===//

ChangeStatus AbstractElement::update(Solver &solver) {
  if (getState().isAtFixpoint())
    return ChangeStatus::UNCHANGED;
  return updateImpl(solver);
}

void AbstractElement::print(llvm::raw_ostream &os, AsmState &asmState) const {
  os << "[" << getName() << "] for ";
  getPosition().print(os, asmState);
  os << ": " << getAsStr(asmState);
  if (getState().isAtFixpoint())
    os << " (fixpoint)";
}

void ValueElement::initialize(Solver &solver) {
  if (!getPosition().isValue()) {
    getState().indicatePessimisticFixpoint();
    return;
  }
  initializeValue(getValue(), solver);
}

ChangeStatus ValueElement::updateImpl(Solver &solver) {
  if (!getPosition().isValue())
    return getState().indicatePessimisticFixpoint();
  return updateValue(getValue(), solver);
}

void OperationElement::initialize(Solver &solver) {
  if (!getPosition().isOperation()) {
    getState().indicatePessimisticFixpoint();
    return;
  }
  initializeOperation(getOperation(), solver);
}

ChangeStatus OperationElement::updateImpl(Solver &solver) {
  if (!getPosition().isOperation())
    return getState().indicatePessimisticFixpoint();
  return updateOperation(getOperation(), solver);
}

//===----------------------------------------------------------------------===//
// Solver
//===----------------------------------------------------------------------===//

Solver::Solver(Explorer &explorer) : explorer(explorer) {}

Solver::~Solver() {
  // Elements live in the bump allocator; run their destructors explicitly.
  for (AbstractElement *element : ownedElements)
    element->~AbstractElement();
}

MLIRContext *Solver::getContext() { return explorer.getContext(); }

AbstractElement *Solver::findElement(const void *id,
                                     const Position &pos) const {
  return elementMap.lookup({id, pos});
}

void Solver::registerElement(const void *id, AbstractElement &element) {
  elementMap[{id, element.getPosition()}] = &element;
  ownedElements.push_back(&element);
  if (phase == Phase::SEEDING || phase == Phase::UPDATE)
    allElements.push_back(&element);
}

void Solver::finishCreation(AbstractElement &element,
                            const AbstractElement *queryingElement,
                            Resolution resolution, bool updateAfterInit) {
  // Guard against unbounded recursive creation.
  if (initializationDepth > kMaxInitializationDepth) {
    element.getState().indicatePessimisticFixpoint();
    return;
  }
  ++initializationDepth;
  element.initialize(*this);
  --initializationDepth;

  // Queries after solving get no new information.
  if (phase == Phase::DONE) {
    element.getState().indicatePessimisticFixpoint();
    return;
  }

  // Update once right away (observable: long chains resolve in one step).
  if (updateAfterInit && updateDepth < kMaxUpdateDepth) {
    Phase oldPhase = phase;
    phase = Phase::UPDATE;
    ++updateDepth;
    updateElement(element);
    --updateDepth;
    phase = oldPhase;
  }

  if (queryingElement && element.getState().isValidState())
    recordDependence(element, *queryingElement, resolution);
}

void Solver::recordDependence(const AbstractElement &fromElement,
                              const AbstractElement &toElement,
                              Resolution resolution) {
  if (resolution == Resolution::NONE)
    return;
  if (dependenceStack.empty())
    return;
  if (fromElement.getState().isAtFixpoint())
    return;
  dependenceStack.back().push_back({const_cast<AbstractElement *>(&fromElement),
                                    const_cast<AbstractElement *>(&toElement),
                                    resolution});
}

ChangeStatus Solver::updateElement(AbstractElement &element) {
  assert(phase == Phase::UPDATE && "update outside the UPDATE phase");
  dependenceStack.emplace_back();
  ChangeStatus changed = element.update(*this);
  SmallVector<DepRecord, 8> deps = std::move(dependenceStack.back());
  dependenceStack.pop_back();
  // Nothing read can change: accept the assumptions.
  if (deps.empty())
    element.getState().indicateOptimisticFixpoint();
  if (!element.getState().isAtFixpoint()) {
    for (DepRecord &dep : deps)
      dep.from->dependents.insert(
          AbstractElement::DepTy(dep.to, dep.resolution));
  }
  return changed;
}

LogicalResult Solver::run(int maxIterations) {
  phase = Phase::UPDATE;

  llvm::SetVector<AbstractElement *> worklist;
  worklist.insert(allElements.begin(), allElements.end());
  SmallVector<AbstractElement *> changedElements;
  SmallVector<AbstractElement *> invalidElements;
  int counter = 1;

  do {
    size_t registeredBefore = allElements.size();

    // Dependents of elements that became invalid: required dependents give
    // up without updating, optional ones are re-updated.
    for (size_t i = 0; i < invalidElements.size(); ++i) {
      AbstractElement *invalid = invalidElements[i];
      while (!invalid->dependents.empty()) {
        AbstractElement::DepTy dep = invalid->dependents.pop_back_val();
        AbstractElement *dependent = dep.getPointer();
        if (dep.getInt() == Resolution::OPTIONAL) {
          worklist.insert(dependent);
          continue;
        }
        dependent->getState().indicatePessimisticFixpoint();
        if (!dependent->getState().isValidState())
          invalidElements.push_back(dependent);
        else
          changedElements.push_back(dependent);
      }
    }
    for (AbstractElement *changed : changedElements) {
      while (!changed->dependents.empty())
        worklist.insert(changed->dependents.pop_back_val().getPointer());
    }
    changedElements.clear();
    invalidElements.clear();

    for (AbstractElement *element : worklist) {
      if (!element->getState().isAtFixpoint() &&
          updateElement(*element) == ChangeStatus::CHANGED)
        changedElements.push_back(element);
      if (!element->getState().isValidState())
        invalidElements.push_back(element);
    }

    // Elements created during this round have not been iterated yet.
    for (size_t i = registeredBefore; i < allElements.size(); ++i)
      changedElements.push_back(allElements[i]);

    worklist.clear();
    worklist.insert(changedElements.begin(), changedElements.end());
  } while (!worklist.empty() && !(counter++ >= maxIterations));
  iterationCount = static_cast<unsigned>(counter);

  // Whatever still changes (the cap was hit) gives up pessimistically,
  // together with everything depending on it.
  SmallVector<AbstractElement *> resetWorklist(changedElements.begin(),
                                               changedElements.end());
  llvm::SmallPtrSet<AbstractElement *, 32> visited;
  while (!resetWorklist.empty()) {
    AbstractElement *element = resetWorklist.pop_back_val();
    if (!visited.insert(element).second)
      continue;
    if (!element->getState().isAtFixpoint())
      element->getState().indicatePessimisticFixpoint();
    while (!element->dependents.empty())
      resetWorklist.push_back(element->dependents.pop_back_val().getPointer());
  }

  phase = Phase::DONE;
  return success(counter < maxIterations);
}

void Solver::print(llvm::raw_ostream &os) {
  AsmState &asmState = getAsmState();
  for (AbstractElement *element : ownedElements) {
    element->print(os, asmState);
    os << "\n";
  }
}

void Solver::dump() { print(llvm::errs()); }

} // namespace sluice::util::dfx
