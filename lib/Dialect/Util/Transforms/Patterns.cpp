//===- Patterns.cpp - pattern sets shared by util passes ------------------===//
//
// stream-passes-2.md §15.4.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/Transforms/Patterns.h"

#include "BranchEdits.h"

#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;

namespace sluice::util {

static llvm::cl::opt<bool> clUpstreamSwitchPatterns(
    "sluice-upstream-switch-patterns",
    llvm::cl::desc("Use upstream MLIR's cf.switch canonicalization patterns "
                   "(O(cases^2) per match) instead of Sluice's linear ones "
                   "that make the same rewrites; for differential tests"),
    llvm::cl::init(false), llvm::cl::Hidden);

void populateAllCanonicalizationPatterns(MLIRContext *context,
                                         RewritePatternSet &patterns,
                                         bool upstreamSwitchPatterns) {
  for (Dialect *dialect : context->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : context->getRegisteredOperations()) {
    // Upstream's cf.switch patterns are O(cases^2) per match attempt; ours
    // make the same rewrites in linear time (SwitchPatterns.cpp).
    if (op.getTypeID() == TypeID::get<cf::SwitchOp>() &&
        !upstreamSwitchPatterns && !clUpstreamSwitchPatterns)
      populateSwitchCanonicalizationPatterns(context, patterns);
    else
      op.getCanonicalizationPatterns(patterns, context);
  }
}

namespace {

/// One incoming CFG edge of a block.
struct IncomingEdge {
  Operation *branch;
  unsigned successorIndex;
};

/// The incoming edges of every non-entry block of `region` whose terminators
/// forward all their successor operands; blocks with another kind of edge
/// are left out.
llvm::MapVector<Block *, SmallVector<IncomingEdge>>
collectIncomingEdges(Region &region, BranchSlots &slots) {
  llvm::MapVector<Block *, SmallVector<IncomingEdge>> edges;
  llvm::DenseSet<Block *> opaque;
  for (Block &block : region) {
    Operation *terminator = block.empty() ? nullptr : &block.back();
    if (!terminator)
      continue;
    bool isBranch = isa<BranchOpInterface>(terminator);
    for (unsigned i = 0, e = terminator->getNumSuccessors(); i < e; ++i) {
      Block *succ = terminator->getSuccessor(i);
      if (!isBranch || slots.get(terminator)[i].produced)
        opaque.insert(succ);
      else
        edges[succ].push_back({terminator, i});
    }
  }
  for (Block *block : opaque)
    edges.erase(block);
  return edges;
}

/// The value `edge` forwards to argument `index` of its successor (edges of
/// collectIncomingEdges produce no operands). Edits recorded in `editor` are
/// not applied yet, so the index refers to the unedited operand list.
Value forwardedValue(BranchSlots &slots, const IncomingEdge &edge,
                     unsigned index) {
  return slots.operandFor(edge.branch, edge.successorIndex, index)->get();
}

/// Erases block argument `index` of `block` and records the erasure of its
/// operand on every edge (applied, one rewrite per branch op, by
/// `editor.flushAll()`).
void eraseBlockArgument(Block *block, unsigned index,
                        ArrayRef<IncomingEdge> edges, BranchEditor &editor) {
  for (const IncomingEdge &edge : edges)
    editor.erase(edge.branch, edge.successorIndex, index);
  block->eraseArgument(index);
}

/// Folds block arguments that receive the same value as a lower-numbered
/// argument on every incoming edge.
struct FoldBlockArgumentsPattern
    : public OpInterfaceRewritePattern<CallableOpInterface> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;
  LogicalResult matchAndRewrite(CallableOpInterface op,
                                PatternRewriter &rewriter) const override {
    Region *region = op.getCallableRegion();
    if (!region || region->empty() || region->hasOneBlock())
      return failure();
    BranchSlots slots;
    BranchEditor editor(slots);
    auto allEdges = collectIncomingEdges(*region, slots);
    bool changed = false;
    rewriter.startOpModification(op);
    {
      for (auto &[block, edges] : allEdges) {
        if (block->isEntryBlock() || block->getNumArguments() == 0 ||
            edges.empty())
          continue;
        unsigned numArgs = block->getNumArguments();
        // dupes[a]: intersection over edges of a's class of equal values.
        SmallVector<llvm::BitVector> dupes(numArgs,
                                           llvm::BitVector(numArgs, true));
        for (IncomingEdge &edge : edges) {
          SmallVector<Value> values;
          for (unsigned a = 0; a < numArgs; ++a)
            values.push_back(forwardedValue(slots, edge, a));
          for (unsigned a = 0; a < numArgs; ++a) {
            llvm::BitVector cls(numArgs);
            for (unsigned b = 0; b < numArgs; ++b)
              if (values[b] == values[a])
                cls.set(b);
            dupes[a] &= cls;
          }
        }
        llvm::BitVector dead(numArgs);
        for (unsigned a = 0; a < numArgs; ++a) {
          int base = dupes[a].find_first();
          if (base < 0 || static_cast<unsigned>(base) == a || dead.test(base))
            continue;
          rewriter.replaceAllUsesWith(block->getArgument(a),
                                      block->getArgument(base));
          dead.set(a);
        }
        for (int a = numArgs - 1; a >= 0; --a) {
          if (!dead.test(a))
            continue;
          eraseBlockArgument(block, a, edges, editor);
          changed = true;
        }
      }
      editor.flushAll();
    }
    if (!changed) {
      rewriter.cancelOpModification(op);
      return failure();
    }
    rewriter.finalizeOpModification(op);
    return success();
  }
};

/// Replaces block arguments that receive one value on every incoming edge
/// (ignoring edges that pass the argument back to itself) by that value.
struct ElideBranchOperandsPattern
    : public OpInterfaceRewritePattern<CallableOpInterface> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;
  LogicalResult matchAndRewrite(CallableOpInterface op,
                                PatternRewriter &rewriter) const override {
    Region *region = op.getCallableRegion();
    if (!region || region->empty() || region->hasOneBlock())
      return failure();
    BranchSlots slots;
    BranchEditor editor(slots);
    auto allEdges = collectIncomingEdges(*region, slots);
    DominanceInfo dominance(op);
    bool changed = false;
    rewriter.startOpModification(op);
    {
      for (auto &[block, edges] : allEdges) {
        if (block->isEntryBlock() || edges.empty())
          continue;
        for (int a = block->getNumArguments() - 1; a >= 0; --a) {
          BlockArgument arg = block->getArgument(a);
          Value uniform;
          bool ok = true;
          for (IncomingEdge &edge : edges) {
            Value v = forwardedValue(slots, edge, a);
            if (v == arg)
              continue;
            if (uniform && uniform != v) {
              ok = false;
              break;
            }
            uniform = v;
          }
          if (!ok || !uniform)
            continue;
          // [QUIRK AP1] block arguments are taken without a dominance check.
          if (!isa<BlockArgument>(uniform)) {
            Block *defBlock = uniform.getParentBlock();
            if (defBlock == block || !dominance.dominates(defBlock, block))
              continue;
          }
          rewriter.replaceAllUsesWith(arg, uniform);
          eraseBlockArgument(block, a, edges, editor);
          changed = true;
        }
      }
      editor.flushAll();
    }
    if (!changed) {
      rewriter.cancelOpModification(op);
      return failure();
    }
    rewriter.finalizeOpModification(op);
    return success();
  }
};

/// A one-case scf.index_switch becomes an scf.if.
struct IndexSwitchToIfPattern : public OpRewritePattern<scf::IndexSwitchOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::IndexSwitchOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getCases().size() != 1)
      return failure();
    Location loc = op.getLoc();
    Value caseValue =
        arith::ConstantIndexOp::create(rewriter, loc, op.getCases().front());
    Value cond = rewriter.createOrFold<arith::CmpIOp>(
        loc, arith::CmpIPredicate::eq, op.getArg(), caseValue);
    auto ifOp = scf::IfOp::create(rewriter, loc, op.getResultTypes(), cond,
                                  /*addThenBlock=*/false,
                                  /*addElseBlock=*/false);
    rewriter.inlineRegionBefore(op.getCaseRegions().front(),
                                ifOp.getThenRegion(),
                                ifOp.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getDefaultRegion(), ifOp.getElseRegion(),
                                ifOp.getElseRegion().end());
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

/// Two adjacent scf.index_switch ops on the same selector with the same
/// cases merge into one ([QUIRK AP2] fixed: the selector must match and
/// values from outside the second switch stay as they are).
struct MergeIndexSwitchPattern : public OpRewritePattern<scf::IndexSwitchOp> {
  MergeIndexSwitchPattern(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/1000) {}
  LogicalResult matchAndRewrite(scf::IndexSwitchOp nextOp,
                                PatternRewriter &rewriter) const override {
    auto prevOp =
        dyn_cast_if_present<scf::IndexSwitchOp>(nextOp->getPrevNode());
    if (!prevOp || prevOp.getArg() != nextOp.getArg() ||
        prevOp.getCases() != nextOp.getCases())
      return failure();
    SmallVector<Type> resultTypes(prevOp.getResultTypes());
    llvm::append_range(resultTypes, nextOp.getResultTypes());
    auto fusedLoc = rewriter.getFusedLoc({prevOp.getLoc(), nextOp.getLoc()});
    auto newOp = scf::IndexSwitchOp::create(rewriter, fusedLoc, resultTypes,
                                            prevOp.getArg(), prevOp.getCases(),
                                            prevOp.getCases().size());
    auto buildRegion = [&](Region &prevRegion, Region &nextRegion,
                           Region &newRegion) {
      Block *block = rewriter.createBlock(&newRegion);
      rewriter.setInsertionPointToEnd(block);
      IRMapping mapping;
      for (Operation &op : prevRegion.front().without_terminator())
        rewriter.clone(op, mapping);
      auto prevYield = cast<scf::YieldOp>(prevRegion.front().getTerminator());
      SmallVector<Value> yields;
      for (auto [result, value] :
           llvm::zip_equal(prevOp.getResults(), prevYield.getOperands())) {
        Value mapped = mapping.lookupOrDefault(value);
        mapping.map(result, mapped);
        yields.push_back(mapped);
      }
      for (Operation &op : nextRegion.front().without_terminator())
        rewriter.clone(op, mapping);
      auto nextYield = cast<scf::YieldOp>(nextRegion.front().getTerminator());
      for (Value value : nextYield.getOperands())
        yields.push_back(mapping.lookupOrDefault(value));
      scf::YieldOp::create(rewriter, nextYield.getLoc(), yields);
    };
    OpBuilder::InsertionGuard guard(rewriter);
    buildRegion(prevOp.getDefaultRegion(), nextOp.getDefaultRegion(),
                newOp.getDefaultRegion());
    for (unsigned i = 0, e = prevOp.getCases().size(); i < e; ++i)
      buildRegion(prevOp.getCaseRegions()[i], nextOp.getCaseRegions()[i],
                  newOp.getCaseRegions()[i]);
    unsigned numPrev = prevOp.getNumResults();
    rewriter.replaceOp(prevOp, newOp.getResults().take_front(numPrev));
    rewriter.replaceOp(nextOp, newOp.getResults().drop_front(numPrev));
    return success();
  }
};

/// Whether `region`'s single block ends in (or contains, directly) an
/// unreachable marker.
bool isUnreachableRegion(Region &region) {
  if (!region.hasOneBlock())
    return false;
  for (Operation &op : region.front())
    if (op.hasTrait<OpTrait::UnreachableLike>())
      return true;
  return false;
}

/// Whether `block` holds nothing but an unreachable terminator.
bool isUnreachableBlock(Block *block) {
  return block->getOperations().size() == 1 &&
         block->front().hasTrait<OpTrait::UnreachableLike>() &&
         block->front().hasTrait<mlir::OpTrait::IsTerminator>();
}

/// An scf.if with one unreachable branch runs the other branch inline.
struct SimplifyUnreachableIfPattern : public OpRewritePattern<scf::IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::IfOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getElseRegion().empty())
      return failure();
    bool thenDead = isUnreachableRegion(op.getThenRegion());
    bool elseDead = isUnreachableRegion(op.getElseRegion());
    if (thenDead == elseDead)
      return failure();
    Region &live = thenDead ? op.getElseRegion() : op.getThenRegion();
    Block *block = &live.front();
    auto yield = cast<scf::YieldOp>(block->getTerminator());
    SmallVector<Value> results(yield.getOperands());
    rewriter.eraseOp(yield);
    rewriter.inlineBlockBefore(block, op);
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// A branch to a block that holds only an unreachable terminator is itself
/// unreachable; a conditional branch with one such target branches to the
/// other.
struct SimplifyUnreachableBranchPattern
    : public OpInterfaceRewritePattern<BranchOpInterface> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;
  LogicalResult matchAndRewrite(BranchOpInterface op,
                                PatternRewriter &rewriter) const override {
    if (auto br = dyn_cast<cf::BranchOp>(op.getOperation())) {
      if (!isUnreachableBlock(br.getDest()))
        return failure();
      rewriter.replaceOpWithNewOp<UnreachableOp>(
          br, cast<UnreachableOp>(br.getDest()->front()).getMessageAttr());
      return success();
    }
    if (auto condBr = dyn_cast<cf::CondBranchOp>(op.getOperation())) {
      bool trueDead = isUnreachableBlock(condBr.getTrueDest());
      bool falseDead = isUnreachableBlock(condBr.getFalseDest());
      if (trueDead == falseDead)
        return failure();
      if (trueDead)
        rewriter.replaceOpWithNewOp<cf::BranchOp>(
            condBr, condBr.getFalseDest(), condBr.getFalseDestOperands());
      else
        rewriter.replaceOpWithNewOp<cf::BranchOp>(condBr, condBr.getTrueDest(),
                                                  condBr.getTrueDestOperands());
      return success();
    }
    return failure();
  }
};

} // namespace

void populateCommonPatterns(MLIRContext *context, RewritePatternSet &patterns) {
  patterns.add<FoldBlockArgumentsPattern, ElideBranchOperandsPattern,
               IndexSwitchToIfPattern, MergeIndexSwitchPattern,
               SimplifyUnreachableIfPattern, SimplifyUnreachableBranchPattern>(
      context);
}

} // namespace sluice::util
