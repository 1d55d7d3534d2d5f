//===- RandomCFG.h - pieces of the random control-flow graph tests -*- C++
//-*-===//
//
// The differential tests of RegionSimplify and of the cf.switch patterns
// print random functions of i32 blocks: this holds the block count, the
// arguments of every block, block labels and random successors.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_UNITTESTS_DIALECT_RANDOMCFG_H
#define SLUICE_UNITTESTS_DIALECT_RANDOMCFG_H

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace sluice::testing {

class RandomCFG {
public:
  /// 2 + [0, extraBlocks) blocks; every non-entry block gets 0-2 i32
  /// arguments.
  RandomCFG(std::mt19937 &rng, int extraBlocks) : rng(rng) {
    numArgs.resize(2 + pick(extraBlocks));
    for (size_t b = 1; b < numArgs.size(); ++b)
      numArgs[b] = pick(3);
  }

  /// A uniform integer in [0, n).
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); }

  int numBlocks() const { return numArgs.size(); }

  /// Appends the label of non-entry block `b` with its arguments (named
  /// %b<b>a<k>) to `s` and the argument names to `values`.
  void beginBlock(int b, std::string &s, std::vector<std::string> &values) {
    s += "^bb" + std::to_string(b) + "(";
    for (int a = 0; a < numArgs[b]; ++a) {
      std::string name = "%b" + std::to_string(b) + "a" + std::to_string(a);
      s += (a ? ", " : "") + name + ": i32";
      values.push_back(name);
    }
    s += "):\n";
  }

  /// A random non-entry successor with its operands, drawn from the first
  /// `maxValues` of `values`.
  std::string target(const std::vector<std::string> &values,
                     size_t maxValues = ~size_t(0)) {
    int t = 1 + pick(numBlocks() - 1);
    std::string out = "^bb" + std::to_string(t);
    if (numArgs[t]) {
      int choices = std::min(values.size(), maxValues);
      out += "(";
      for (int a = 0; a < numArgs[t]; ++a)
        out += std::string(a ? ", " : "") + values[pick(choices)];
      out += " : ";
      for (int a = 0; a < numArgs[t]; ++a)
        out += std::string(a ? ", " : "") + "i32";
      out += ")";
    }
    return out;
  }

private:
  std::mt19937 &rng;
  std::vector<int> numArgs;
};

} // namespace sluice::testing

#endif // SLUICE_UNITTESTS_DIALECT_RANDOMCFG_H
