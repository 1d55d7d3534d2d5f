//===- ExplorerTest.cpp - the whole-program IR walker ---------------------===//
//
// stream-passes-1.md §1.5: traversal actions, initialization, iteration
// orders and the value walks across calls, branches, scf regions, globals,
// tied values and incomplete edges. Values are found by a `tag` attribute on
// their defining op (or `arg` index on a function's entry block).
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "sluice/Dialect/Util/Analysis/Explorer.h"

#include "mlir/Analysis/CallGraph.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/SCCIterator.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice::util;

namespace {

class ExplorerTest : public sluice::testing::DialectTest {
protected:
  void load(StringRef source, bool lazily = false) {
    module = parse(source);
    ASSERT_TRUE(module);
    explorer = std::make_unique<Explorer>(*module, TraversalAction::RECURSE);
    explorer->setOpInterfaceAction<FunctionOpInterface>(
        TraversalAction::RECURSE);
    explorer->setDialectAction("scf", TraversalAction::RECURSE);
    if (lazily)
      explorer->initializeLazily();
    else
      explorer->initialize();
  }
  /// The tags of the calls walkIncomingCalls reports for function `name`.
  SmallVector<std::string> incomingCallTags(StringRef name,
                                            TraversalResult &result) {
    SmallVector<std::string> tags;
    result = explorer->walkIncomingCalls(func(name), [&](CallOpInterface c) {
      tags.push_back(c->getAttrOfType<StringAttr>("tag").getValue().str());
      return WalkResult::advance();
    });
    return tags;
  }
  Operation *tagged(StringRef tag) {
    Operation *found = nullptr;
    module->walk([&](Operation *op) {
      if (auto attr = op->getAttrOfType<StringAttr>("tag"))
        if (attr.getValue() == tag)
          found = op;
    });
    EXPECT_TRUE(found) << "no op tagged " << tag.str();
    return found;
  }
  Value result(StringRef tag, unsigned i = 0) {
    return tagged(tag)->getResult(i);
  }
  Operation *func(StringRef name) {
    return SymbolTable::lookupSymbolIn(*module, name);
  }
  Value arg(StringRef funcName, unsigned i) {
    return cast<FunctionOpInterface>(func(funcName))
        .getFunctionBody()
        .getArgument(i);
  }
  /// The tags (or "<name>:arg<i>") of the op results reported by
  /// walkDefiningOps, sorted.
  std::string
  definingTags(Value value, TraversalResult &result,
               TraversalBehavior behavior = TraversalBehavior::DEFAULT) {
    SmallVector<std::string> tags;
    result = explorer->walkDefiningOps(
        value,
        [&](OpResult r) {
          auto tag = r.getOwner()->getAttrOfType<StringAttr>("tag");
          tags.push_back((tag ? tag.getValue().str()
                              : r.getOwner()->getName().getStringRef().str()) +
                         "#" + std::to_string(r.getResultNumber()));
          return WalkResult::advance();
        },
        behavior);
    llvm::sort(tags);
    return llvm::join(tags, ",");
  }
  /// The tags of the owners of every use walkTransitiveUses reports (with the
  /// operand number), sorted.
  std::string useTags(Value value, TraversalResult &result,
                      TraversalBehavior behavior = TraversalBehavior::DEFAULT) {
    SmallVector<std::string> tags;
    result = explorer->walkTransitiveUses(
        value,
        [&](OpOperand &use) {
          auto tag = use.getOwner()->getAttrOfType<StringAttr>("tag");
          tags.push_back(
              (tag ? tag.getValue().str()
                   : use.getOwner()->getName().getStringRef().str()) +
              "@" + std::to_string(use.getOperandNumber()));
          return WalkResult::advance();
        },
        behavior);
    llvm::sort(tags);
    return llvm::join(tags, ",");
  }

  OwningOpRef<ModuleOp> module;
  std::unique_ptr<Explorer> explorer;
};

TEST_F(ExplorerTest, TraversalActions) {
  context.allowUnregisteredDialects();
  load(R"mlir(
    util.func private @f() { util.return }
    builtin.module @nested {}
    "unknown.op"() : () -> ()
  )mlir");
  Explorer e(*module, TraversalAction::SHALLOW);
  e.setDialectAction("util", TraversalAction::IGNORE);
  e.setOpInterfaceAction<FunctionOpInterface>(TraversalAction::RECURSE);
  e.setOpAction("util.return", TraversalAction::RECURSE);
  e.initialize();
  Operation *f = func("f");
  // Dialect action beats interface action.
  EXPECT_EQ(TraversalAction::IGNORE, e.getTraversalAction(f));
  // Op action beats everything.
  EXPECT_EQ(TraversalAction::RECURSE,
            e.getTraversalAction(&f->getRegion(0).front().back()));
  // Symbol tables are SHALLOW, unregistered ops IGNORE.
  Operation *nested = func("nested");
  EXPECT_EQ(TraversalAction::SHALLOW, e.getTraversalAction(nested));
  Operation *unknown = &module->getBody()->back();
  EXPECT_EQ(TraversalAction::IGNORE, e.getTraversalAction(unknown));
  // Default.
  Explorer d(*module, TraversalAction::SHALLOW);
  d.initialize();
  EXPECT_EQ(TraversalAction::SHALLOW, d.getTraversalAction(f));
}

TEST_F(ExplorerTest, GlobalsAndIterationOrder) {
  load(R"mlir(
    util.global private mutable @g : tensor<4xi32>
    util.global private @h : tensor<4xi32>
    util.global private @addressed : tensor<4xi32>
    util.func private @leaf() -> tensor<4xi32> {
      %0 = util.global.load @g {tag = "load_g"} : tensor<4xi32>
      util.return %0 : tensor<4xi32>
    }
    util.func private @mid() {
      %0 = util.call @leaf() : () -> tensor<4xi32>
      util.global.store %0, @g {tag = "store_g"} : tensor<4xi32>
      util.return
    }
    util.initializer {
      %p = util.global.address @addressed : !util.ptr<tensor<4xi32>>
      util.return
    }
    util.func public @top() {
      util.call @mid() : () -> ()
      util.return
    }
  )mlir");
  SmallVector<std::string> globals;
  explorer->forEachGlobal([&](const Explorer::GlobalInfo *info) {
    globals.push_back(info->op.getGlobalName().str() + ":" +
                      std::to_string(info->uses.size()) +
                      (info->isIndirect ? ":indirect" : ""));
  });
  EXPECT_EQ((SmallVector<std::string>{"g:2", "h:0", "addressed:0:indirect"}),
            globals);
  const Explorer::GlobalInfo *g =
      explorer->queryGlobalInfoFrom("g", tagged("load_g"));
  ASSERT_TRUE(g);
  EXPECT_EQ(1u, g->getLoads().size());
  EXPECT_EQ(1u, g->getStores().size());
  EXPECT_EQ(nullptr, explorer->queryGlobalInfoFrom("leaf", tagged("load_g")));

  // Initializers first, then callees before callers.
  SmallVector<std::string> order;
  explorer->forEachFunctionLikeOp([&](FunctionOpInterface op) {
    order.push_back(isa<sluice::util::InitializerOpInterface>(op.getOperation())
                        ? std::string("<init>")
                        : op.getName().str());
  });
  EXPECT_EQ((SmallVector<std::string>{"<init>", "leaf", "mid", "top"}), order);

  // Incoming calls: private callee complete, public callee incomplete.
  unsigned calls = 0;
  EXPECT_EQ(TraversalResult::COMPLETE,
            explorer->walkIncomingCalls(func("leaf"), [&](CallOpInterface) {
              ++calls;
              return WalkResult::advance();
            }));
  EXPECT_EQ(1u, calls);
  EXPECT_EQ(TraversalResult::INCOMPLETE,
            explorer->walkIncomingCalls(func("top"), [&](CallOpInterface) {
              return WalkResult::advance();
            }));
}

/// forgetCalls drops erased call sites from the inverse call graph: walks
/// from a callee's argument no longer reach them (emplace-transients erases
/// the calls it rewrites, external-transients.md §9.2).
TEST_F(ExplorerTest, ForgetCalls) {
  load(R"mlir(
    util.func private @callee(%x: index) -> index {
      util.return %x : index
    }
    util.func public @caller(%a: index, %b: index) -> (index, index) {
      %0 = util.call @callee(%a) {tag = "first"} : (index) -> index
      %1 = util.call @callee(%b) {tag = "second"} : (index) -> index
      util.return %0, %1 : index, index
    }
  )mlir");
  auto incoming = [&] {
    SmallVector<std::string> tags;
    explorer->walkIncomingCalls(func("callee"), [&](CallOpInterface callOp) {
      tags.push_back(callOp->getAttrOfType<StringAttr>("tag").getValue().str());
      return WalkResult::advance();
    });
    return tags;
  };
  EXPECT_EQ((SmallVector<std::string>{"first", "second"}), incoming());
  Operation *first = tagged("first");
  first->getResult(0).replaceAllUsesWith(arg("caller", 0));
  first->erase();
  explorer->forgetCalls({first});
  EXPECT_EQ((SmallVector<std::string>{"second"}), incoming());
  explorer->forgetCalls({});
  EXPECT_EQ((SmallVector<std::string>{"second"}), incoming());
}

TEST_F(ExplorerTest, DefiningOpsThroughCallsBranchesAndGlobals) {
  load(R"mlir(
    util.global private mutable @g : tensor<4xi32>
    util.func private @callee(%arg0: tensor<4xi32>) -> tensor<4xi32> {
      %c = flow.tensor.constant {tag = "callee_cst"} dense<1> : tensor<4xi32>
      util.return %c : tensor<4xi32>
    }
    util.func private @writer() {
      %w = flow.tensor.constant {tag = "stored"} dense<2> : tensor<4xi32>
      util.global.store %w, @g : tensor<4xi32>
      util.return
    }
    util.func private @caller(%cond: i1) -> tensor<4xi32> {
      %a = flow.tensor.constant {tag = "a"} dense<3> : tensor<4xi32>
      %call = util.call @callee(%a) {tag = "call"} : (tensor<4xi32>) -> tensor<4xi32>
      %load = util.global.load @g {tag = "load"} : tensor<4xi32>
      cf.cond_br %cond, ^bb1(%call : tensor<4xi32>), ^bb1(%load : tensor<4xi32>)
    ^bb1(%merge: tensor<4xi32>):
      %d = flow.dispatch @ex::@fn(%merge) {tag = "tied"} : (tensor<4xi32>) -> %merge
      util.return %d : tensor<4xi32>
    }
  )mlir");
  TraversalResult r;
  Block *bb1 = tagged("tied")->getBlock();
  // The block argument: through the branch to the call (into the callee's
  // return) and to the load (into the global's store).
  EXPECT_EQ("call#0,callee_cst#0,load#0,stored#0",
            definingTags(bb1->getArgument(0), r));
  EXPECT_EQ(TraversalResult::COMPLETE, r);
  // Through the tie (DEFAULT) or not.
  EXPECT_EQ("call#0,callee_cst#0,load#0,stored#0,tied#0",
            definingTags(result("tied"), r));
  EXPECT_EQ("tied#0", definingTags(result("tied"), r,
                                   TraversalBehavior::DONT_WALK_TIED_VALUES));
  // A constant short-circuits.
  EXPECT_EQ("a#0", definingTags(result("a"), r));
  // The callee's argument comes from the call operand.
  EXPECT_EQ("a#0", definingTags(arg("callee", 0), r));
  EXPECT_EQ(TraversalResult::COMPLETE, r);
  // A public function's argument has unseen callers.
  EXPECT_EQ("", definingTags(arg("caller", 0), r));
  EXPECT_EQ(TraversalResult::COMPLETE, r) << "private caller has no callers";
}

/// initializeLazily() answers like initialize() when the IR is unchanged;
/// the deferred parts are built from the IR as it is at the first query.
TEST_F(ExplorerTest, LazyInitialization) {
  StringRef source = R"mlir(
    util.global private mutable @g : index
    util.func private @callee(%x: index) -> index {
      util.return %x : index
    }
    util.func public @caller(%a: index) -> index {
      %c = arith.constant {tag = "cst"} 7 : index
      util.global.store %c, @g {tag = "store"} : index
      %0 = util.call @callee(%a) {tag = "call"} : (index) -> index
      %l = util.global.load @g {tag = "load"} : index
      util.return %l : index
    }
  )mlir";
  for (bool lazily : {false, true}) {
    SCOPED_TRACE(lazily ? "lazily" : "eagerly");
    load(source, lazily);
    TraversalResult r;
    EXPECT_EQ("cst#0,load#0", definingTags(result("load"), r));
    EXPECT_EQ(TraversalResult::COMPLETE, r);
    EXPECT_EQ((SmallVector<std::string>{"call"}),
              incomingCallTags("callee", r));
    EXPECT_EQ(TraversalResult::COMPLETE, r);
    EXPECT_FALSE(explorer->isCallGraphIncomplete());
    size_t globals = 0;
    explorer->forEachGlobal([&](const Explorer::GlobalInfo *info) {
      ++globals;
      EXPECT_EQ(2u, info->uses.size());
    });
    EXPECT_EQ(1u, globals);
  }
  // A call added before the first query is seen lazily (initialize() took
  // its snapshot before).
  load(source, /*lazily=*/true);
  OpBuilder builder(tagged("load"));
  Operation *call = tagged("call");
  Operation *second = builder.clone(*call);
  second->setAttr("tag", builder.getStringAttr("second"));
  TraversalResult r;
  EXPECT_EQ((SmallVector<std::string>{"call", "second"}),
            incomingCallTags("callee", r));
  // materialize() fixes the snapshot: later calls are not seen.
  load(source, /*lazily=*/true);
  explorer->materialize();
  builder.setInsertionPoint(tagged("load"));
  builder.clone(*tagged("call"))->setAttr("tag", builder.getStringAttr("late"));
  EXPECT_EQ((SmallVector<std::string>{"call"}), incomingCallTags("callee", r));
}

/// assumeNoCallsIn: with no call anywhere else the call graph is empty; a
/// call in another op is still found.
TEST_F(ExplorerTest, AssumeNoCallsIn) {
  load(R"mlir(
    util.func private @leaf(%x: index) -> index {
      util.return %x : index
    }
    util.func private @user(%x: index) -> index {
      %0 = util.call @leaf(%x) {tag = "call"} : (index) -> index
      util.return %0 : index
    }
  )mlir",
       /*lazily=*/true);
  explorer->assumeNoCallsIn(func("leaf"));
  TraversalResult r;
  EXPECT_EQ((SmallVector<std::string>{"call"}), incomingCallTags("leaf", r));
  EXPECT_EQ(TraversalResult::COMPLETE, r);

  load(R"mlir(
    util.func private @leaf(%x: index) -> index {
      util.return %x : index
    }
    util.func public @main(%x: index) -> index {
      %c = arith.constant {tag = "cst"} 1 : index
      util.return %c : index
    }
  )mlir",
       /*lazily=*/true);
  explorer->assumeNoCallsIn(func("main"));
  explorer->assumeNoCallsIn(func("leaf"));
  EXPECT_TRUE(incomingCallTags("leaf", r).empty());
  EXPECT_EQ(TraversalResult::COMPLETE, r);
  EXPECT_TRUE(incomingCallTags("main", r).empty());
  EXPECT_EQ(TraversalResult::INCOMPLETE, r) << "public: unseen callers";
  EXPECT_FALSE(explorer->isCallGraphIncomplete());
  // The SCC order is still available (built on its own when asked).
  SmallVector<std::string> names;
  explorer->forEachFunction([&](Operation *op) {
    names.push_back(SymbolTable::getSymbolName(op).str());
  });
  EXPECT_EQ(2u, names.size());
}

TEST_F(ExplorerTest, IncompleteEdges) {
  load(R"mlir(
    util.global private mutable @indirect : tensor<4xi32>
    util.func private @extern(%arg0: tensor<4xi32>) -> tensor<4xi32>
    util.func public @entry(%arg0: tensor<4xi32>) -> tensor<4xi32> {
      %p = util.global.address @indirect : !util.ptr<tensor<4xi32>>
      %l = util.global.load @indirect {tag = "load"} : tensor<4xi32>
      %e = util.call @extern(%arg0) {tag = "ext"} : (tensor<4xi32>) -> tensor<4xi32>
      util.global.store %e, @indirect {tag = "store"} : tensor<4xi32>
      util.return %l : tensor<4xi32>
    }
  )mlir");
  TraversalResult r;
  definingTags(arg("entry", 0), r);
  EXPECT_EQ(TraversalResult::INCOMPLETE, r); // public: unseen callers
  EXPECT_EQ("load#0", definingTags(result("load"), r));
  EXPECT_EQ(TraversalResult::INCOMPLETE, r); // indirect global
  EXPECT_EQ("ext#0", definingTags(result("ext"), r));
  EXPECT_EQ(TraversalResult::INCOMPLETE, r); // external callee
  useTags(arg("entry", 0), r);
  EXPECT_EQ(TraversalResult::INCOMPLETE, r); // into an external callee
  // The returned value flows to unseen callers of a public function; the
  // stored value to loads of an indirect global.
  useTags(result("load"), r);
  EXPECT_EQ(TraversalResult::INCOMPLETE, r);
  useTags(result("ext"), r);
  EXPECT_EQ(TraversalResult::INCOMPLETE, r);
}

TEST_F(ExplorerTest, TransitiveUsesAcrossEdges) {
  load(R"mlir(
    util.global private mutable @g : tensor<4xi32>
    util.func private @callee(%arg0: tensor<4xi32>) -> tensor<4xi32> {
      %0 = flow.dispatch @ex::@in_callee(%arg0) {tag = "in_callee"} : (tensor<4xi32>) -> tensor<4xi32>
      util.return {tag = "callee_ret"} %arg0 : tensor<4xi32>
    }
    util.func private @reader() {
      %l = util.global.load @g {tag = "load"} : tensor<4xi32>
      %0 = flow.dispatch @ex::@after_load(%l) {tag = "after_load"} : (tensor<4xi32>) -> tensor<4xi32>
      util.return
    }
    util.func private @f(%cond: i1) {
      %v = flow.tensor.constant {tag = "v"} dense<1> : tensor<4xi32>
      %t = flow.dispatch @ex::@tie(%v) {tag = "tie"} : (tensor<4xi32>) -> %v
      %c = util.call @callee(%v) {tag = "call"} : (tensor<4xi32>) -> tensor<4xi32>
      %u = flow.dispatch @ex::@use_call(%c) {tag = "use_call"} : (tensor<4xi32>) -> tensor<4xi32>
      util.global.store %v, @g {tag = "store"} : tensor<4xi32>
      cf.br ^bb1(%v : tensor<4xi32>) {tag = "br"}
    ^bb1(%b: tensor<4xi32>):
      %x = flow.dispatch @ex::@in_bb1(%b) {tag = "in_bb1"} : (tensor<4xi32>) -> tensor<4xi32>
      util.return
    }
  )mlir");
  TraversalResult r;
  EXPECT_EQ("after_load@0,br@0,call@0,callee_ret@0,in_bb1@0,in_callee@0,"
            "store@0,tie@0,use_call@0",
            useTags(result("v"), r, TraversalBehavior::DONT_WALK_TIED_VALUES));
  EXPECT_EQ(TraversalResult::COMPLETE, r);
  // With ties the tied result has no further uses here: same set.
  EXPECT_EQ("after_load@0,br@0,call@0,callee_ret@0,in_bb1@0,in_callee@0,"
            "store@0,tie@0,use_call@0",
            useTags(result("v"), r));
  EXPECT_TRUE(explorer->mayValuesAlias(result("v"), result("load")));
  EXPECT_FALSE(explorer->mayValuesAlias(result("load"), result("v")));
  EXPECT_TRUE(explorer->mayBeUsedBy(result("v"), tagged("in_callee")));
  EXPECT_FALSE(explorer->mayBeUsedBy(result("load"), tagged("in_callee")));
  unsigned users = 0;
  explorer->walkTransitiveUsers(result("v"), [&](Operation *) {
    ++users;
    return WalkResult::advance();
  });
  EXPECT_EQ(9u, users);
}

TEST_F(ExplorerTest, ScfRegions) {
  load(R"mlir(
    util.func private @f(%cond: i1, %lb: index, %ub: index, %step: index) {
      %init = flow.tensor.constant {tag = "init"} dense<1> : tensor<4xi32>
      %other = flow.tensor.constant {tag = "other"} dense<2> : tensor<4xi32>
      %if = scf.if %cond -> tensor<4xi32> {
        scf.yield %init : tensor<4xi32>
      } else {
        scf.yield %other : tensor<4xi32>
      } {tag = "if"}
      %for = scf.for %i = %lb to %ub step %step iter_args(%it = %if) -> tensor<4xi32> {
        %body = flow.dispatch @ex::@body(%it) {tag = "body"} : (tensor<4xi32>) -> tensor<4xi32>
        scf.yield %body : tensor<4xi32>
      } {tag = "for"}
      %w:2 = scf.while (%a = %for, %b = %init) : (tensor<4xi32>, tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
        scf.condition(%cond) %b, %a : tensor<4xi32>, tensor<4xi32>
      } do {
      ^bb0(%x: tensor<4xi32>, %y: tensor<4xi32>):
        %after = flow.dispatch @ex::@after(%x) {tag = "after"} : (tensor<4xi32>) -> tensor<4xi32>
        scf.yield %after, %y : tensor<4xi32>, tensor<4xi32>
      } attributes {tag = "while"}
      %sink = flow.dispatch @ex::@sink(%w#1) {tag = "sink"} : (tensor<4xi32>) -> tensor<4xi32>
      util.return
    }
  )mlir");
  TraversalResult r;
  EXPECT_EQ("if#0,init#0,other#0", definingTags(result("if"), r));
  auto forOp = cast<scf::ForOp>(tagged("for"));
  // The iter arg: the init (via the if) and the yielded body (offset -1).
  EXPECT_EQ("body#0,if#0,init#0,other#0",
            definingTags(forOp.getRegionIterArgs()[0], r));
  EXPECT_EQ("body#0,for#0", definingTags(result("for"), r));
  auto whileOp = cast<scf::WhileOp>(tagged("while"));
  // before arg 0: init %for and the after-region's yield 0 (%after).
  EXPECT_EQ("after#0,body#0,for#0",
            definingTags(whileOp.getBeforeArguments()[0], r));
  // after arg 0 comes from the condition's arg 0 = before arg 1 = %init or
  // the yield's %y (= after arg 1 = condition arg 1 = before arg 0).
  std::string afterArg = definingTags(whileOp.getAfterArguments()[0], r);
  EXPECT_EQ("after#0,body#0,for#0,init#0", afterArg);
  EXPECT_EQ(TraversalResult::COMPLETE, r);

  // Uses: %init flows through the if into the for (body), and into the while
  // as before-arg 1 = condition operand 1 -> after-arg 0 (after) and result
  // 0; it never reaches result 1, which only the sink uses.
  std::string uses = useTags(result("init"), r);
  EXPECT_NE(std::string::npos, uses.find("body@0"));
  EXPECT_NE(std::string::npos, uses.find("scf.condition@1"));
  EXPECT_NE(std::string::npos, uses.find("after@0"));
  EXPECT_EQ(std::string::npos, uses.find("sink@0"));
  EXPECT_EQ(TraversalResult::COMPLETE, r);
}

/// getDefiningOpStep tells what walkDefiningOps does at a result: for every
/// result of the module, ReportsResult exactly when the walk reports that
/// result alone, ReportsNothing when it reports nothing; and the cases by
/// name (constants, untied and tied results of a tied op, calls, global
/// loads, region ops whose exits yield or not, an ignored op).
TEST_F(ExplorerTest, DefiningOpStep) {
  context.allowUnregisteredDialects();
  load(R"mlir(
    util.global private mutable @g : tensor<4xi32>
    util.func private @callee(%arg0: tensor<4xi32>) -> tensor<4xi32> {
      util.return %arg0 : tensor<4xi32>
    }
    util.func private @f(%cond: i1, %t: !stream.timepoint) -> tensor<4xi32> {
      %c64 = arith.constant {tag = "cst"} 64 : index
      %a = flow.tensor.constant {tag = "a"} dense<3> : tensor<4xi32>
      %d:2 = flow.dispatch @ex::@fn(%a) {tag = "dispatch"} : (tensor<4xi32>) -> (%a, tensor<4xi32>)
      %call = util.call @callee(%a) {tag = "call"} : (tensor<4xi32>) -> tensor<4xi32>
      %load = util.global.load @g {tag = "load"} : tensor<4xi32>
      %if = scf.if %cond -> tensor<4xi32> {
        scf.yield %a : tensor<4xi32>
      } else {
        scf.yield %load : tensor<4xi32>
      } {tag = "if"}
      %r, %r_tp = stream.resource.alloca uninitialized await(%t) => {tag = "alloca"} !stream.resource<transient>{%c64} => !stream.timepoint
      %e = stream.cmd.execute await(%r_tp) => with(%r as %x: !stream.resource<transient>{%c64}) {
      } => !stream.timepoint attributes {tag = "execute"}
      %u = "test.unknown"() {tag = "unknown"} : () -> tensor<4xi32>
      util.return %d#1 : tensor<4xi32>
    }
  )mlir");
  using Step = Explorer::DefiningOpStep;
  auto step = [&](StringRef tag, unsigned i = 0,
                  TraversalBehavior behavior = TraversalBehavior::DEFAULT) {
    return explorer->getDefiningOpStep(cast<OpResult>(result(tag, i)),
                                       behavior);
  };
  EXPECT_EQ(Step::ReportsResult, step("cst"));
  EXPECT_EQ(Step::WalksFurther, step("dispatch", 0));
  EXPECT_EQ(Step::ReportsResult,
            step("dispatch", 0, TraversalBehavior::DONT_WALK_TIED_VALUES));
  EXPECT_EQ(Step::ReportsResult, step("dispatch", 1));
  EXPECT_EQ(Step::WalksFurther, step("call"));
  EXPECT_EQ(Step::WalksFurther, step("load"));
  EXPECT_EQ(Step::WalksFurther, step("if"));
  EXPECT_EQ(Step::ReportsResult, step("alloca", 1));
  EXPECT_EQ(Step::ReportsResult, step("execute"));
  EXPECT_EQ(Step::ReportsNothing, step("unknown"));

  // Every result: the step agrees with the walk.
  module->walk([&](Operation *op) {
    for (OpResult r : op->getResults())
      for (TraversalBehavior behavior :
           {TraversalBehavior::DEFAULT,
            TraversalBehavior::DONT_WALK_TIED_VALUES}) {
        SmallVector<OpResult> reported;
        explorer->walkDefiningOps(
            r,
            [&](OpResult reportedResult) {
              reported.push_back(reportedResult);
              return WalkResult::advance();
            },
            behavior);
        Step s = explorer->getDefiningOpStep(r, behavior);
        std::string name = op->getName().getStringRef().str();
        if (s == Step::ReportsResult)
          EXPECT_EQ(reported, SmallVector<OpResult>{r}) << name;
        else if (s == Step::ReportsNothing)
          EXPECT_TRUE(reported.empty()) << name;
      }
  });
}

} // namespace

//===----------------------------------------------------------------------===//
// The call graph against upstream mlir::CallGraph
//===----------------------------------------------------------------------===//

/// Explorer builds its call graph with one walk; forEachFunction must give
/// the order of scc_begin over the upstream mlir::CallGraph, and the callers
/// of each function must be the calls a post-order walk of the functions (in
/// forEachFunctionLikeOp order) finds.
class ExplorerCallGraphTest : public ExplorerTest {
protected:
  static std::string name(Operation *op) {
    if (auto symbol = dyn_cast<SymbolOpInterface>(op))
      return symbol.getName().str();
    return op->getName().getStringRef().str();
  }

  void check(StringRef source) {
    load(source);
    if (HasFatalFailure())
      return;
    std::vector<std::string> expected, actual;
    CallGraph graph(*module);
    for (auto it = llvm::scc_begin(static_cast<const CallGraph *>(&graph));
         !it.isAtEnd(); ++it)
      for (CallGraphNode *node : *it)
        if (!node->isExternal() &&
            node->getCallableRegion()->getParentOp()->getParentOp() ==
                module->getOperation())
          expected.push_back(name(node->getCallableRegion()->getParentOp()));
    explorer->forEachFunction(
        [&](Operation *op) { actual.push_back(name(op)); });
    EXPECT_EQ(actual, expected);

    // Callers: the reference walk of the old implementation.
    llvm::DenseMap<Region *, std::vector<Operation *>> reference;
    SymbolTableCollection tables;
    explorer->forEachFunctionLikeOp([&](FunctionOpInterface funcOp) {
      funcOp->walk([&](CallOpInterface callOp) {
        if (isa<Value>(callOp.getCallableForCallee()))
          return;
        auto callable = dyn_cast_or_null<CallableOpInterface>(
            callOp.resolveCallableInTable(&tables));
        if (!callable || !callable.getCallableRegion() ||
            callable.getCallableRegion()->empty())
          return;
        reference[callable.getCallableRegion()].push_back(callOp);
      });
    });
    unsigned checked = 0;
    module->walk([&](CallableOpInterface callable) {
      std::vector<Operation *> calls;
      (void)explorer->walkIncomingCalls(callable, [&](CallOpInterface call) {
        calls.push_back(call);
        return WalkResult::advance();
      });
      Region *region = callable.getCallableRegion();
      EXPECT_EQ(calls,
                region ? reference.lookup(region) : std::vector<Operation *>())
          << "callers of " << name(callable);
      ++checked;
    });
    EXPECT_GT(checked, 0u);
  }
};

TEST_F(ExplorerCallGraphTest, SameOrderAsUpstreamCallGraph) {
  // Recursion (an SCC of three), calls before definitions, a function
  // called from several places and twice from one, nested regions, a
  // declaration, an initializer and a nested symbol table.
  check(R"mlir(
    util.global private mutable @g : index
    util.initializer {
      %c = arith.constant 1 : index
      %r = util.call @leaf(%c) : (index) -> index
      util.global.store %r, @g : index
      util.return
    }
    util.func public @main(%x: index, %b: i1) -> index {
      %0 = util.call @a(%x) : (index) -> index
      %1 = scf.if %b -> index {
        %2 = util.call @leaf(%0) : (index) -> index
        %3 = util.call @c(%2) : (index) -> index
        scf.yield %3 : index
      } else {
        %4 = util.call @leaf(%0) : (index) -> index
        scf.yield %4 : index
      }
      %5 = util.call @decl(%1) : (index) -> index
      util.return %5 : index
    }
    util.func private @a(%x: index) -> index {
      %0 = util.call @b(%x) : (index) -> index
      util.return %0 : index
    }
    util.func private @b(%x: index) -> index {
      %0 = util.call @c(%x) : (index) -> index
      %1 = util.call @leaf(%0) : (index) -> index
      util.return %1 : index
    }
    util.func private @c(%x: index) -> index {
      %0 = util.call @a(%x) : (index) -> index
      util.return %0 : index
    }
    util.func private @leaf(%x: index) -> index {
      util.return %x : index
    }
    util.func private @decl(%x: index) -> index
    util.func public @other(%x: index) -> index {
      %0 = util.call @b(%x) : (index) -> index
      util.return %0 : index
    }
    builtin.module @inner {
      util.func private @nested(%x: index) -> index {
        %0 = util.call @nested2(%x) : (index) -> index
        util.return %0 : index
      }
      util.func private @nested2(%x: index) -> index {
        util.return %x : index
      }
    }
  )mlir");
}

TEST_F(ExplorerCallGraphTest, FuncDialectAndUnresolvedCalls) {
  check(R"mlir(
    func.func @f(%x: i32) -> i32 {
      %0 = call @g(%x) : (i32) -> i32
      %1 = call @h(%0) : (i32) -> i32
      %2 = call @f(%1) : (i32) -> i32
      return %2 : i32
    }
    func.func private @g(%x: i32) -> i32 {
      %0 = call @g(%x) : (i32) -> i32
      return %0 : i32
    }
    func.func private @h(%x: i32) -> i32
  )mlir");
}
