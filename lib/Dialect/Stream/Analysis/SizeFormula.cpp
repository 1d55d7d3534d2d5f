//===- SizeFormula.cpp - human-readable size formulas ---------------------===//

#include "sluice/Dialect/Stream/Analysis/SizeFormula.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace sluice::stream {
namespace {

/// How an op prints: an infix operator with a precedence, a named call, or
/// transparent (the formula of one operand).
struct OpSyntax {
  enum Kind { Infix, Call, Transparent } kind;
  StringRef spelling;
  int precedence = 0;
  bool commutative = false;
};

constexpr int kAtom = 100;

const llvm::StringMap<OpSyntax> &getSyntaxTable() {
  static const llvm::StringMap<OpSyntax> table = [] {
    llvm::StringMap<OpSyntax> t;
    auto infix = [&](StringRef name, StringRef op, int prec, bool comm) {
      t[name] = {OpSyntax::Infix, op, prec, comm};
    };
    auto call = [&](StringRef name, StringRef fn) {
      t[name] = {OpSyntax::Call, fn, kAtom, false};
    };
    auto transparent = [&](StringRef name) {
      t[name] = {OpSyntax::Transparent, "", kAtom, false};
    };
    infix("arith.addi", "+", 4, true);
    infix("arith.subi", "-", 4, false);
    infix("arith.muli", "*", 5, true);
    infix("arith.divui", "/", 5, false);
    infix("arith.divsi", "/", 5, false);
    infix("arith.remui", "%", 5, false);
    infix("arith.remsi", "%", 5, false);
    infix("arith.shli", "<<", 3, false);
    infix("arith.shrui", ">>", 3, false);
    infix("arith.shrsi", ">>", 3, false);
    infix("arith.andi", "&", 2, true);
    infix("arith.xori", "^", 1, true);
    infix("arith.ori", "|", 0, true);
    call("arith.ceildivui", "ceildiv");
    call("arith.ceildivsi", "ceildiv");
    call("arith.floordivsi", "floordiv");
    call("arith.maxui", "max");
    call("arith.maxsi", "max");
    call("arith.minui", "min");
    call("arith.minsi", "min");
    call("util.align", "align");
    for (StringRef name : {"arith.index_cast", "arith.index_castui",
                           "arith.extui", "arith.extsi", "arith.trunci",
                           "util.assume.int", "util.optimization_barrier"})
      transparent(name);
    return t;
  }();
  return table;
}

std::string defaultArgumentName(BlockArgument arg) {
  Block *block = arg.getOwner();
  Region *region = block->getParent();
  bool entry = region && &region->front() == block;
  Operation *parent = region ? region->getParentOp() : nullptr;
  // Entry arguments of a function-like op (no enclosing op in the function).
  if (entry && parent && parent->hasTrait<OpTrait::IsIsolatedFromAbove>())
    return "arg" + std::to_string(arg.getArgNumber());
  std::string name;
  llvm::raw_string_ostream os(name);
  if (parent)
    os << parent->getName().getStringRef() << ".";
  os << "arg" << arg.getArgNumber();
  return name;
}

std::string cmpPredicateSpelling(Operation *op) {
  auto attr = op->getAttrOfType<IntegerAttr>("predicate");
  if (!attr)
    return "?";
  // arith::CmpIPredicate order: eq, ne, slt, sle, sgt, sge, ult, ule, ugt,
  // uge.
  static const char *names[] = {"==", "!=", "<",  "<=", ">",
                                ">=", "<",  "<=", ">",  ">="};
  int64_t p = attr.getInt();
  return p >= 0 && p < 10 ? names[p] : "?";
}

class FormulaPrinter {
public:
  explicit FormulaPrinter(const SizeFormulaOptions &options)
      : options(options) {}

  std::string print(Value root) {
    root = skipTransparent(root);
    if (!collect(root)) {
      return "<computation of more than " + std::to_string(options.maxNodes) +
             " values>";
    }
    // Post-order over the DAG (children before parents).
    std::string body = emit(root).first;
    if (bindings.empty())
      return body;
    std::string out = body + " where ";
    for (auto [i, binding] : llvm::enumerate(bindings))
      out += (i ? ", " : "") + binding;
    return out;
  }

private:
  Value skipTransparent(Value value) {
    for (unsigned depth = 0; depth < 64; ++depth) {
      Operation *op = value.getDefiningOp();
      if (!op)
        return value;
      auto it = getSyntaxTable().find(op->getName().getStringRef());
      if (it == getSyntaxTable().end() ||
          it->second.kind != OpSyntax::Transparent)
        return value;
      unsigned idx = cast<OpResult>(value).getResultNumber();
      if (idx >= op->getNumOperands())
        return value;
      value = op->getOperand(idx);
    }
    return value;
  }

  SmallVector<Value> getChildren(Value value) {
    SmallVector<Value> children;
    Operation *op = value.getDefiningOp();
    if (!op || isConstant(value))
      return children;
    for (Value operand : op->getOperands())
      children.push_back(skipTransparent(operand));
    return children;
  }

  static std::optional<APInt> getConstant(Value value) {
    Operation *op = value.getDefiningOp();
    if (!op || !op->hasTrait<OpTrait::ConstantLike>())
      return std::nullopt;
    if (auto attr = op->getAttrOfType<IntegerAttr>("value"))
      return attr.getValue();
    return std::nullopt;
  }
  static bool isConstant(Value value) { return getConstant(value).has_value(); }

  /// Counts the uses of every value reachable from `root` (iteratively).
  bool collect(Value root) {
    SmallVector<Value> stack{root};
    useCounts[root] = 1;
    while (!stack.empty()) {
      Value value = stack.pop_back_val();
      for (Value child : getChildren(value)) {
        unsigned &count = useCounts[child];
        if (count++ == 0) {
          if (useCounts.size() > options.maxNodes)
            return false;
          stack.push_back(child);
        }
      }
    }
    return true;
  }

  /// Returns the text of `value` and its precedence.
  std::pair<std::string, int> emit(Value root) {
    // Iterative post-order. A value reached again while it is being expanded
    // depends on itself (possible in unreachable blocks, which dominance does
    // not constrain); it is left without text and printed as `<cycle>`.
    SmallVector<std::pair<Value, bool>> stack{{root, false}};
    llvm::DenseSet<Value> expanding;
    while (!stack.empty()) {
      auto [value, expanded] = stack.pop_back_val();
      if (texts.count(value))
        continue;
      if (!expanded) {
        if (!expanding.insert(value).second)
          continue;
        stack.push_back({value, true});
        for (Value child : getChildren(value))
          if (!texts.count(child) && !expanding.contains(child))
            stack.push_back({child, false});
        continue;
      }
      std::pair<std::string, int> text = format(value);
      bool shared = useCounts.lookup(value) > 1 && !isLeaf(value);
      if (shared && value != root) {
        std::string name = "t" + std::to_string(bindings.size());
        bindings.push_back(name + " = " + text.first);
        text = {name, kAtom};
      }
      texts[value] = text;
    }
    return texts[root];
  }

  bool isLeaf(Value value) {
    return !value.getDefiningOp() || isConstant(value);
  }

  std::pair<std::string, int> format(Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return {options.nameArgument ? options.nameArgument(arg)
                                   : defaultArgumentName(arg),
              kAtom};
    if (std::optional<APInt> c = getConstant(value)) {
      SmallString<24> s;
      if (c->getBitWidth() == 1)
        return {c->isOne() ? "true" : "false", kAtom};
      c->toStringSigned(s);
      return {s.str().str(), kAtom};
    }
    Operation *op = value.getDefiningOp();
    StringRef name = op->getName().getStringRef();
    auto operandText = [&](unsigned i) -> std::pair<std::string, int> {
      auto it = texts.find(skipTransparent(op->getOperand(i)));
      if (it == texts.end())
        return {"<cycle>", kAtom};
      return it->second;
    };
    auto it = getSyntaxTable().find(name);
    if (it != getSyntaxTable().end() && it->second.kind == OpSyntax::Infix &&
        op->getNumOperands() == 2) {
      const OpSyntax &syntax = it->second;
      auto lhs = operandText(0), rhs = operandText(1);
      std::string l =
          lhs.second < syntax.precedence ? "(" + lhs.first + ")" : lhs.first;
      bool rhsParens = rhs.second < syntax.precedence ||
                       (!syntax.commutative && rhs.second == syntax.precedence);
      std::string r = rhsParens ? "(" + rhs.first + ")" : rhs.first;
      return {l + " " + syntax.spelling.str() + " " + r, syntax.precedence};
    }
    if (name == "arith.select" && op->getNumOperands() == 3) {
      auto c = operandText(0), a = operandText(1), b = operandText(2);
      return {"select(" + c.first + ", " + a.first + ", " + b.first + ")",
              kAtom};
    }
    if (name == "arith.cmpi" && op->getNumOperands() == 2) {
      auto a = operandText(0), b = operandText(1);
      return {"(" + a.first + " " + cmpPredicateSpelling(op) + " " + b.first +
                  ")",
              kAtom};
    }
    if (name == "hal.buffer_view.dim" && op->getNumOperands() == 1) {
      auto index = op->getAttrOfType<IntegerAttr>("index");
      return {"dim(" + operandText(0).first + ", " +
                  (index ? std::to_string(index.getInt()) : "?") + ")",
              kAtom};
    }
    std::string callee;
    if (it != getSyntaxTable().end() && it->second.kind == OpSyntax::Call) {
      callee = it->second.spelling.str();
    } else {
      callee = name.str();
      if (op->getNumResults() > 1)
        callee += "#" + std::to_string(cast<OpResult>(value).getResultNumber());
    }
    std::string args;
    llvm::raw_string_ostream os(args);
    bool first = true;
    for (unsigned i = 0; i < op->getNumOperands(); ++i) {
      os << (first ? "" : ", ") << operandText(i).first;
      first = false;
    }
    // Type-valued ops (util.sizeof) print their type.
    if (auto type = op->getAttrOfType<TypeAttr>("sizedType"))
      os << (first ? "" : ", ") << type.getValue();
    return {callee + "(" + args + ")", kAtom};
  }

  const SizeFormulaOptions &options;
  llvm::DenseMap<Value, unsigned> useCounts;
  llvm::DenseMap<Value, std::pair<std::string, int>> texts;
  SmallVector<std::string> bindings;
};

} // namespace

std::string printSizeFormula(Value value, const SizeFormulaOptions &options) {
  return FormulaPrinter(options).print(value);
}

} // namespace sluice::stream
