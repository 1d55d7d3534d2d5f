//===- DFXSolverTest.cpp - DFX states and the fixed-point solver ----------===//
//
// stream-passes-1.md §1.2-§1.4: the three state kinds and the solver's
// observable behaviour (update-after-init depth 16, initialization depth
// 1024, optimistic fixpoint without dependencies, REQUIRED/OPTIONAL
// dependents, cap semantics and the pessimistic reset), on hand-built element
// graphs whose fixpoints and round counts are worked out in the comments.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "sluice/Dialect/Util/Analysis/DFX/Element.h"
#include "sluice/Dialect/Util/Analysis/DFX/Solver.h"
#include "sluice/Dialect/Util/Analysis/DFX/State.h"
#include "sluice/Dialect/Util/Analysis/Explorer.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice::util;
using namespace sluice::util::dfx;

namespace {

//===----------------------------------------------------------------------===//
// States
//===----------------------------------------------------------------------===//

TEST(DFXStateTest, ChangeStatusAlgebra) {
  EXPECT_EQ(ChangeStatus::CHANGED,
            ChangeStatus::CHANGED | ChangeStatus::UNCHANGED);
  EXPECT_EQ(ChangeStatus::UNCHANGED,
            ChangeStatus::UNCHANGED | ChangeStatus::UNCHANGED);
  EXPECT_EQ(ChangeStatus::UNCHANGED,
            ChangeStatus::CHANGED & ChangeStatus::UNCHANGED);
  EXPECT_EQ(ChangeStatus::CHANGED,
            ChangeStatus::CHANGED & ChangeStatus::CHANGED);
}

TEST(DFXStateTest, BooleanState) {
  BooleanState s;
  EXPECT_TRUE(s.isValidState());
  EXPECT_FALSE(s.isAtFixpoint());
  s.setAssumed(false);
  EXPECT_FALSE(s.isValidState());
  EXPECT_TRUE(s.isAtFixpoint()); // known == assumed == false

  BooleanState k;
  k.setKnown(true);
  k.setAssumed(false); // a known fact cannot be dropped
  EXPECT_TRUE(k.isValidState());
  EXPECT_TRUE(k.isAtFixpoint());

  BooleanState o;
  EXPECT_EQ(ChangeStatus::UNCHANGED, o.indicateOptimisticFixpoint());
  EXPECT_TRUE(o.isKnown());
  EXPECT_EQ(ChangeStatus::CHANGED, o.indicatePessimisticFixpoint());
  EXPECT_TRUE(o.isValidState()); // assumed := known == true

  BooleanState p;
  p.indicatePessimisticFixpoint();
  EXPECT_FALSE(p.isValidState());
}

TEST(DFXStateTest, BitIntegerState) {
  using S = BitIntegerState<uint8_t, 0b1111, 0>;
  S s;
  EXPECT_EQ(0b1111, s.getAssumed());
  EXPECT_EQ(0, s.getKnown());
  s.removeAssumedBits(0b0001);
  EXPECT_EQ(0b1110, s.getAssumed());
  EXPECT_TRUE(s.isAssumed(0b0110));
  EXPECT_FALSE(s.isAssumed(0b0001));
  s.addKnownBits(0b0100);
  s.intersectAssumedBits(0b0000); // known bits survive
  EXPECT_EQ(0b0100, s.getAssumed());
  EXPECT_TRUE(s.isValidState());
  EXPECT_TRUE(s.isAtFixpoint());
  s.removeKnownBits(0b0100);
  EXPECT_EQ(0, s.getKnown());
  EXPECT_FALSE(s.isAtFixpoint());

  S a, b;
  b.removeAssumedBits(0b1000);
  a.addKnownBits(0b1000);
  a ^= b; // meet keeps a's known bit
  EXPECT_EQ(0b1111, a.getAssumed());
  S c;
  EXPECT_EQ(ChangeStatus::CHANGED, clampStateAndIndicateChange(c, b));
  EXPECT_EQ(0b0111, c.getAssumed());
  EXPECT_EQ(ChangeStatus::UNCHANGED, clampStateAndIndicateChange(c, b));

  S worst;
  worst.indicatePessimisticFixpoint();
  EXPECT_FALSE(worst.isValidState());
}

TEST(DFXStateTest, PotentialValuesUnionAndUndef) {
  PotentialValuesState<int> s;
  EXPECT_TRUE(s.isValidState());
  EXPECT_TRUE(s.getAssumedSet().empty());
  s.unionAssumedWithUndef();
  EXPECT_TRUE(s.isUndefContained()); // survives while empty
  s.unionAssumed(3);
  EXPECT_FALSE(s.isUndefContained()); // cleared once non-empty
  s.unionAssumed(1);
  s.unionAssumed(3);
  ASSERT_EQ(2u, s.getAssumedSet().size());
  EXPECT_EQ(3, s.getAssumedSet()[0]); // insertion-ordered
  EXPECT_EQ(1, s.getAssumedSet()[1]);

  PotentialValuesState<int> t;
  t.unionAssumed(1);
  t.unionAssumed(2);
  s.intersectAssumed(t);
  ASSERT_EQ(1u, s.getAssumedSet().size());
  EXPECT_EQ(1, s.getAssumedSet()[0]);

  // Union with an invalid state invalidates; intersect ignores it.
  PotentialValuesState<int> invalid =
      PotentialValuesState<int>::getWorstState();
  EXPECT_FALSE(invalid.isValidState());
  PotentialValuesState<int> u = t;
  u.intersectAssumed(invalid);
  EXPECT_TRUE(u.isValidState());
  u.unionAssumed(invalid);
  EXPECT_FALSE(u.isValidState());
  // Both invalid compare equal whatever their sets held.
  EXPECT_TRUE(u == invalid);
}

TEST(DFXStateTest, PotentialValuesLimit) {
  PotentialValuesState<int> s;
  for (int i = 0; i < 8191; ++i)
    s.unionAssumed(i);
  EXPECT_TRUE(s.isValidState());
  EXPECT_EQ(8191u, s.getAssumedSet().size());
  s.unionAssumed(8191); // the 8192nd member
  EXPECT_FALSE(s.isValidState());
}

TEST(DFXStateTest, PotentialValuesFixpoints) {
  // Pessimistic without an optimistic fixpoint first: invalid.
  PotentialValuesState<int> a;
  a.unionAssumed(1);
  EXPECT_FALSE(a.isAtFixpoint());
  a.indicatePessimisticFixpoint();
  EXPECT_FALSE(a.isValidState());
  EXPECT_TRUE(a.isAtFixpoint());

  // Optimistic first: a later pessimistic fixpoint (or meeting an invalid
  // state) changes nothing.
  PotentialValuesState<int> b;
  b.unionAssumed(1);
  b.indicateOptimisticFixpoint();
  EXPECT_TRUE(b.isAtFixpoint());
  b.indicatePessimisticFixpoint();
  EXPECT_TRUE(b.isValidState());
  b ^= PotentialValuesState<int>::getWorstState();
  EXPECT_TRUE(b.isValidState());

  // clamp reports a change for new members, new undef and invalidation.
  PotentialValuesState<int> c, d;
  d.unionAssumed(5);
  EXPECT_EQ(ChangeStatus::CHANGED, clampStateAndIndicateChange(c, d));
  EXPECT_EQ(ChangeStatus::UNCHANGED, clampStateAndIndicateChange(c, d));
  PotentialValuesState<int> undef;
  undef.unionAssumedWithUndef();
  PotentialValuesState<int> e;
  EXPECT_EQ(ChangeStatus::CHANGED, clampStateAndIndicateChange(e, undef));
  EXPECT_EQ(ChangeStatus::CHANGED,
            clampStateAndIndicateChange(
                c, PotentialValuesState<int>::getWorstState()));
  EXPECT_FALSE(c.isValidState());
}

//===----------------------------------------------------------------------===//
// Solver on a hand-built graph
//===----------------------------------------------------------------------===//

/// The test graph: node i (an Operation position on op i of a module of
/// constants) reads the nodes in `edges[i]`; `sources[i]` seeds a value.
struct Graph {
  llvm::DenseMap<Operation *, SmallVector<Operation *>> edges;
  llvm::DenseMap<Operation *, int> sources;
  llvm::DenseMap<Operation *, Resolution> resolution;
  /// Nodes whose initialize creates the node in `initChain`.
  llvm::DenseMap<Operation *, Operation *> initChain;
  /// Nodes forced invalid by their first update.
  llvm::DenseSet<Operation *> poisoned;
  int updates = 0;
  llvm::DenseMap<Operation *, int> updatesPerNode;
};
Graph *currentGraph = nullptr;

/// A PVS of ints: the union of the values of the nodes it reads.
class NodePVS
    : public StateWrapper<PotentialValuesState<int>, OperationElement> {
public:
  using BaseType = StateWrapper<PotentialValuesState<int>, OperationElement>;
  using BaseType::BaseType;
  static NodePVS &createForPosition(const Position &pos, Solver &solver) {
    ++createdWithFactory;
    return *(new (solver.getAllocator().Allocate<NodePVS>()) NodePVS(pos));
  }
  ~NodePVS() override { ++destroyed; }
  const std::string getName() const override { return "NodePVS"; }
  const void *getID() const override { return &ID; }
  static bool classof(const AbstractElement *e) { return e->getID() == &ID; }
  static const char ID;
  static int createdWithFactory;
  static int destroyed;

private:
  void initializeOperation(Operation *op, Solver &solver) override {
    Graph &g = *currentGraph;
    if (auto it = g.sources.find(op); it != g.sources.end()) {
      unionAssumed(it->second);
      indicateOptimisticFixpoint();
    }
    if (Operation *next = g.initChain.lookup(op))
      solver.getOrCreateElementFor<NodePVS>(Position::forOperation(next), this,
                                            Resolution::NONE,
                                            /*forceUpdate=*/false,
                                            /*updateAfterInit=*/false);
  }
  ChangeStatus updateOperation(Operation *op, Solver &solver) override {
    Graph &g = *currentGraph;
    ++g.updates;
    ++g.updatesPerNode[op];
    if (g.poisoned.contains(op))
      return indicatePessimisticFixpoint();
    PotentialValuesState<int> newState;
    Resolution res = g.resolution.lookup(op) == Resolution::NONE
                         ? Resolution::REQUIRED
                         : g.resolution.lookup(op);
    for (Operation *dep : g.edges.lookup(op))
      newState ^= solver.getElementFor<NodePVS>(
          *this, Position::forOperation(dep), res);
    return clampStateAndIndicateChange(getState(), newState);
  }
};
const char NodePVS::ID = 0;
int NodePVS::createdWithFactory = 0;
int NodePVS::destroyed = 0;

class DFXSolverTest : public sluice::testing::DialectTest {
protected:
  /// A module with `n` ops to serve as positions.
  void build(unsigned n) {
    OpBuilder builder(&context);
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module.getBody());
    for (unsigned i = 0; i < n; ++i) {
      OperationState state(builder.getUnknownLoc(), "test.node");
      nodes.push_back(builder.create(state));
    }
    currentGraph = &graph;
  }
  ~DFXSolverTest() override {
    solver.reset();
    explorer.reset();
    currentGraph = nullptr;
    if (module)
      module->erase();
  }
  /// node i reads node i + 1, for i < n - 1; the last node is the source 7.
  void buildChain(unsigned n) {
    build(n);
    for (unsigned i = 0; i + 1 < n; ++i)
      graph.edges[nodes[i]].push_back(nodes[i + 1]);
    graph.sources[nodes[n - 1]] = 7;
  }
  const NodePVS *lookup(Solver &solver, unsigned i) {
    return solver.lookupElementFor<NodePVS>(Position::forOperation(nodes[i]),
                                            nullptr, Resolution::NONE,
                                            /*allowInvalidState=*/true);
  }
  bool holdsOnly(Solver &solver, unsigned i, int value) {
    const NodePVS *e = lookup(solver, i);
    return e && e->isValidState() && !e->isUndefContained() &&
           e->getAssumedSet().size() == 1 && e->getAssumedSet()[0] == value;
  }
  bool isInvalid(Solver &solver, unsigned i) {
    const NodePVS *e = lookup(solver, i);
    return e && !e->isValidState();
  }
  /// A fresh explorer and solver over the module.
  Solver &newSolver() {
    solver.reset();
    explorer = std::make_unique<Explorer>(module, TraversalAction::RECURSE);
    explorer->initialize();
    solver = std::make_unique<Solver>(*explorer);
    return *solver;
  }
  /// newSolver() seeded with node `i` (update after init).
  Solver &seededSolver(unsigned i = 0) {
    Solver &s = newSolver();
    s.getOrCreateElementFor<NodePVS>(Position::forOperation(nodes[i]));
    return s;
  }

  ModuleOp module;
  SmallVector<Operation *> nodes;
  Graph graph;
  std::unique_ptr<Explorer> explorer;
  std::unique_ptr<Solver> solver;
};

// Chain n0 <- n1 <- ... <- n19 (n_i reads n_{i+1}; n19 is the source {7}).
// Seeding creates n0; update-after-init recursively creates and updates
// n1..n15 (update depth 1..16), creates n16 at depth 16 without updating it:
// after seeding n0..n15 are {} and n17.. do not exist.
// Round 1 (registration order n0..n16): n0..n15 unchanged; n16 creates
// n17..n19 (fresh update depth), which resolve to {7} at once and, having no
// dependencies left to record, become fixpoints; n16 changes.
// Round r (2..17) resolves n_{17-r}; round 18 finds nothing to do.
TEST_F(DFXSolverTest, UpdateAfterInitDepthAndRoundCount) {
  buildChain(20);
  Solver &solver = seededSolver();
  // After seeding: n0..n16 exist, n17 does not.
  EXPECT_EQ(17u, solver.getElementCount());
  EXPECT_EQ(nullptr, lookup(solver, 17));
  EXPECT_TRUE(lookup(solver, 15)->getAssumedSet().empty());
  ASSERT_TRUE(succeeded(solver.run(19)));
  EXPECT_EQ(18u, solver.getIterationCount());
  EXPECT_EQ(20u, solver.getElementCount());
  for (unsigned i = 0; i < 20; ++i)
    EXPECT_TRUE(holdsOnly(solver, i, 7)) << "node " << i;
}

// The cap: converging in round 18 with a cap of 18 still reports failure
// (success needs counter < cap), but nothing changed in the last round, so no
// state is reset.
TEST_F(DFXSolverTest, CapEqualToRoundsFails) {
  buildChain(20);
  Solver &solver = seededSolver();
  EXPECT_TRUE(failed(solver.run(18)));
  for (unsigned i = 0; i < 20; ++i)
    EXPECT_TRUE(holdsOnly(solver, i, 7)) << "node " << i;
}

// Hitting the cap: after 5 rounds n12..n19 are {7} (n12 changed in round 5);
// the reset forces n12's dependents n11, n10, ..., n0 (never optimistic) to a
// pessimistic fixpoint, which invalidates them.
TEST_F(DFXSolverTest, CapHitResetsPessimistically) {
  buildChain(20);
  Solver &solver = seededSolver();
  EXPECT_TRUE(failed(solver.run(5)));
  EXPECT_EQ(6u, solver.getIterationCount());
  for (unsigned i = 0; i < 12; ++i)
    EXPECT_TRUE(isInvalid(solver, i)) << "node " << i;
  for (unsigned i = 12; i < 20; ++i)
    EXPECT_TRUE(holdsOnly(solver, i, 7)) << "node " << i;
}

// A short chain resolves entirely during seeding (depth < 16): the first
// round finds every element at a fixpoint, so run() ends after one round.
TEST_F(DFXSolverTest, ShortChainResolvesWhileSeeding) {
  buildChain(6);
  Solver &solver = seededSolver();
  for (unsigned i = 0; i < 6; ++i) {
    EXPECT_TRUE(holdsOnly(solver, i, 7)) << "node " << i;
    EXPECT_TRUE(lookup(solver, i)->isAtFixpoint()) << "node " << i;
  }
  ASSERT_TRUE(succeeded(solver.run(2)));
  EXPECT_EQ(1u, solver.getIterationCount());
}

// A cycle n0 -> n1 -> n2 -> n0 with n2 also reading the source n3 {4}, and a
// second source n4 {9} read by n1: every node of the cycle ends at {4, 9}.
TEST_F(DFXSolverTest, CycleReachesUnionFixpoint) {
  build(5);
  graph.edges[nodes[0]] = {nodes[1]};
  graph.edges[nodes[1]] = {nodes[2], nodes[4]};
  graph.edges[nodes[2]] = {nodes[0], nodes[3]};
  graph.sources[nodes[3]] = 4;
  graph.sources[nodes[4]] = 9;
  Solver &solver = seededSolver();
  ASSERT_TRUE(succeeded(solver.run()));
  for (unsigned i = 0; i < 3; ++i) {
    const NodePVS *e = lookup(solver, i);
    ASSERT_TRUE(e && e->isValidState());
    llvm::SmallVector<int> members(e->getAssumedSet().begin(),
                                   e->getAssumedSet().end());
    llvm::sort(members);
    EXPECT_EQ((llvm::SmallVector<int>{4, 9}), members) << "node " << i;
  }
}

// REQUIRED dependents of an element that becomes invalid are forced to a
// pessimistic fixpoint without being updated; OPTIONAL ones are re-updated.
// n0 -REQUIRED-> n2, n1 -OPTIONAL-> n2, n2 <-> n3 (a cycle, so neither is a
// fixpoint), n2 poisoned on its first update in run(). n0 and n1 are seeded
// without update, then n2 (creating n3).
// Round 1 (n0, n1, n2, n3): n0 and n1 record their dependency on n2 (still
// {}); n2 becomes invalid; n3 reads it and becomes invalid too.
// Round 2: n2's dependents: n0 (REQUIRED) is forced invalid without an
// update, n1 (OPTIONAL) is queued and its update reads the invalid n2.
TEST_F(DFXSolverTest, RequiredAndOptionalDependents) {
  build(4);
  graph.edges[nodes[0]] = {nodes[2]};
  graph.edges[nodes[1]] = {nodes[2]};
  graph.edges[nodes[2]] = {nodes[3]};
  graph.edges[nodes[3]] = {nodes[2]};
  graph.resolution[nodes[1]] = Resolution::OPTIONAL;
  Solver &solver = newSolver();
  for (unsigned i : {0u, 1u})
    solver.getOrCreateElementFor<NodePVS>(Position::forOperation(nodes[i]),
                                          nullptr, Resolution::NONE, false,
                                          /*updateAfterInit=*/false);
  solver.getOrCreateElementFor<NodePVS>(Position::forOperation(nodes[2]));
  EXPECT_EQ(0, graph.updatesPerNode[nodes[0]]);
  EXPECT_EQ(1, graph.updatesPerNode[nodes[2]]);
  graph.poisoned.insert(nodes[2]);
  ASSERT_TRUE(succeeded(solver.run()));
  for (unsigned i = 0; i < 4; ++i)
    EXPECT_TRUE(isInvalid(solver, i)) << "node " << i;
  EXPECT_EQ(1, graph.updatesPerNode[nodes[0]]); // round 1 only
  EXPECT_EQ(2, graph.updatesPerNode[nodes[1]]); // rounds 1 and 2
}

// An element without dependencies reaches an optimistic fixpoint after its
// first update and is never updated again.
TEST_F(DFXSolverTest, NoDependenciesMeansOptimisticFixpoint) {
  build(1);
  Solver &solver = seededSolver();
  EXPECT_EQ(1, graph.updates);
  EXPECT_TRUE(lookup(solver, 0)->isAtFixpoint());
  EXPECT_TRUE(lookup(solver, 0)->isValidState());
  ASSERT_TRUE(succeeded(solver.run()));
  EXPECT_EQ(1, graph.updates);
}

// Initialization recursion deeper than 1024 gives up pessimistically:
// n_k is created at initialization depth k, so n0..n1024 are initialized and
// n1025 is forced invalid without initialization (n1026 is never created).
TEST_F(DFXSolverTest, InitializationDepthLimit) {
  build(1100);
  for (unsigned i = 0; i + 1 < 1100; ++i)
    graph.initChain[nodes[i]] = nodes[i + 1];
  graph.sources[nodes[1025]] = 1;
  graph.sources[nodes[1024]] = 2;
  Solver &solver = newSolver();
  solver.getOrCreateElementFor<NodePVS>(Position::forOperation(nodes[0]),
                                        nullptr, Resolution::NONE, false,
                                        /*updateAfterInit=*/false);
  EXPECT_EQ(1026u, solver.getElementCount());
  EXPECT_TRUE(holdsOnly(solver, 1024, 2));
  EXPECT_TRUE(isInvalid(solver, 1025));
  EXPECT_EQ(nullptr, lookup(solver, 1026));
}

// lookupElementFor never creates; getOrCreateElementFor after DONE gives a
// pessimistic element; elements are destroyed with the solver.
TEST_F(DFXSolverTest, LookupsAfterDoneAndDestruction) {
  buildChain(3);
  int destroyedBefore = NodePVS::destroyed;
  int createdBefore = NodePVS::createdWithFactory;
  {
    Explorer explorer(module, TraversalAction::RECURSE);
    explorer.initialize();
    Solver solver(explorer);
    EXPECT_EQ(nullptr, lookup(solver, 0));
    solver.getOrCreateElementFor<NodePVS>(Position::forOperation(nodes[1]));
    ASSERT_TRUE(succeeded(solver.run()));
    EXPECT_EQ(Solver::Phase::DONE, solver.getPhase());
    EXPECT_EQ(nullptr, lookup(solver, 0));
    // Created after solving: pessimistic (no source -> invalid).
    auto &late =
        solver.getOrCreateElementFor<NodePVS>(Position::forOperation(nodes[0]));
    EXPECT_FALSE(late.isValidState());
    // A source created late keeps its optimistic initialization.
    EXPECT_TRUE(holdsOnly(solver, 2, 7));
    EXPECT_EQ(3, NodePVS::createdWithFactory - createdBefore);
  }
  EXPECT_EQ(3, NodePVS::destroyed - destroyedBefore);
}

// Elements are keyed by (class, position): the same position twice is one
// element; positions of different kinds never collide.
TEST_F(DFXSolverTest, PositionsAndIdentity) {
  build(2);
  Position a = Position::forOperation(nodes[0]);
  EXPECT_EQ(a, Position::forOperation(nodes[0]));
  EXPECT_NE(a, Position::forOperation(nodes[1]));
  EXPECT_NE(a, Position::forReturnedValue(nodes[0], 0));
  EXPECT_NE(Position::forReturnedValue(nodes[0], 0),
            Position::forReturnedValue(nodes[0], 1));
  EXPECT_EQ(nodes[0], Position::forReturnedValue(nodes[0], 1).getOperation());
  EXPECT_EQ(1u, Position::forReturnedValue(nodes[0], 1).getIndex());
  Solver &solver = newSolver();
  auto &e1 = solver.getOrCreateElementFor<NodePVS>(a);
  auto &e2 = solver.getOrCreateElementFor<NodePVS>(a);
  EXPECT_EQ(&e1, &e2);
  EXPECT_EQ(1u, solver.getElementCount());
}

} // namespace
