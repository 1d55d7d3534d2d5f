//===- SwitchPatternsTest.cpp - linear cf.switch canonicalization ---------===//
//
// populateSwitchCanonicalizationPatterns must rewrite exactly as upstream's
// cf::SwitchOp::getCanonicalizationPatterns does. Differential test: random
// control-flow graphs rich in switches (same selector in nested switches,
// constant selectors, cases equal to the default, pass-through blocks,
// branch cycles) are canonicalized greedily once with upstream's switch
// patterns and once with ours (both next to the cf.br / cf.cond_br
// patterns); the printed results must be identical (inputs on which upstream
// crashes, run in a child process, are counted apart). Plus a hand-checked
// wide switch and the crash case.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"
#include "RandomCFG.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "sluice/Dialect/Util/Transforms/Patterns.h"

#include <cstdio>
#include <random>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

using namespace mlir;

namespace {

class SwitchPatternsTest : public sluice::testing::DialectTest {
protected:
  SwitchPatternsTest() {
    context.allowUnregisteredDialects();
    context.disableMultithreading();
  }

  /// run(source, /*ours=*/false) in a child process: upstream's patterns
  /// dereference the absent case values of a default-only predecessor switch
  /// on the same selector (a null-pointer crash in libMLIR). Returns
  /// std::nullopt when the child crashed.
  std::optional<std::string> upstreamOrCrash(StringRef source) {
    int fds[2];
    if (pipe(fds) != 0)
      return std::nullopt;
    pid_t pid = fork();
    if (pid == 0) {
      close(fds[0]);
      std::string out = run(source, /*ours=*/false);
      size_t done = 0;
      while (done < out.size()) {
        ssize_t n = write(fds[1], out.data() + done, out.size() - done);
        if (n <= 0)
          _exit(2);
        done += n;
      }
      _exit(0);
    }
    close(fds[1]);
    std::string out;
    char buffer[4096];
    ssize_t n;
    while ((n = read(fds[0], buffer, sizeof(buffer))) > 0)
      out.append(buffer, n);
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
      return std::nullopt;
    return out;
  }

  /// Canonicalizes `source` with the cf.br/cf.cond_br patterns plus either
  /// upstream's or our cf.switch patterns (or none); returns the printed
  /// module.
  std::string run(StringRef source, bool ours, bool noSwitch = false) {
    OwningOpRef<ModuleOp> module = parse(source);
    EXPECT_TRUE(module);
    if (!module)
      return "";
    RewritePatternSet patterns(&context);
    cf::BranchOp::getCanonicalizationPatterns(patterns, &context);
    cf::CondBranchOp::getCanonicalizationPatterns(patterns, &context);
    if (noSwitch)
      ;
    else if (ours)
      sluice::util::populateSwitchCanonicalizationPatterns(&context, patterns);
    else
      cf::SwitchOp::getCanonicalizationPatterns(patterns, &context);
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    (void)applyPatternsGreedily(*module, std::move(patterns), config);
    EXPECT_TRUE(succeeded(verify(*module))) << source.str();
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    return text;
  }
};

TEST_F(SwitchPatternsTest, WideSwitchDropsDefaultCasesAndBypasses) {
  // 3000 cases: every third equals the default, every third goes to a
  // pass-through block, the rest to a real block.
  std::string s = "func.func @f(%s: i32, %x: i32) -> i32 {\n"
                  "  cf.switch %s : i32, [\n    default: ^bb1(%x : i32)";
  for (int k = 0; k < 3000; ++k) {
    if (k % 3 == 0)
      s += ",\n    " + std::to_string(k) + ": ^bb1(%x : i32)";
    else if (k % 3 == 1)
      s += ",\n    " + std::to_string(k) + ": ^bb2";
    else
      s += ",\n    " + std::to_string(k) + ": ^bb3";
  }
  s += "\n  ]\n^bb1(%a: i32):\n  return %a : i32\n"
       "^bb2:\n  cf.br ^bb1(%s : i32)\n"
       "^bb3:\n  \"test.effect\"() : () -> ()\n  return %x : i32\n}\n";
  std::string out = run(s, /*ours=*/true);
  EXPECT_EQ(out, run(s, /*ours=*/false));
  // Cases 0, 3, ... are gone, cases 1, 4, ... branch to ^bb1(%s) directly.
  EXPECT_EQ(out.find("    0: "), std::string::npos) << out;
  EXPECT_NE(out.find("    1: ^bb1(%arg0 : i32)"), std::string::npos) << out;
  EXPECT_NE(out.find("    2: ^bb2"), std::string::npos) << out;
}

TEST_F(SwitchPatternsTest, DefaultOnlyPredecessorSwitchOnSameSelector) {
  // Upstream crashes here when the inner switch is matched before the outer
  // one is turned into a branch; ours reads the absent case values as "no
  // cases" and the outer switch becomes a branch.
  std::string out = run(R"mlir(
    func.func @f(%s: i32, %x: i32) -> i32 {
      cf.switch %s : i32, [
        default: ^bb1
      ]
    ^bb1:
      cf.switch %s : i32, [
        default: ^bb2,
        0: ^bb3
      ]
    ^bb2:
      "test.a"() : () -> ()
      return %x : i32
    ^bb3:
      "test.b"() : () -> ()
      return %s : i32
    })mlir",
                        /*ours=*/true);
  // The outer switch became `cf.br ^bb1` and ^bb1 was merged into the entry.
  EXPECT_EQ(out.find("cf.switch"), out.rfind("cf.switch")) << out;
  EXPECT_NE(out.find("default: ^bb1,\n      0: ^bb2\n"), std::string::npos)
      << out;
}

/// Random functions: selector %s or %t or a constant, cases drawn from a
/// small value set, blocks that only forward to another block (sometimes in a
/// cycle), blocks whose only predecessor switches on the same selector.
std::string randomFunction(std::mt19937 &rng) {
  sluice::testing::RandomCFG cfg(rng, 8);
  auto pick = [&](int n) { return cfg.pick(n); };
  int numBlocks = cfg.numBlocks();
  std::string s = "func.func @f(%s: i32, %t: i32, %c: i1, %x: i32, %y: i32) "
                  "-> i32 {\n  %k = arith.constant 2 : i32\n";
  for (int b = 0; b < numBlocks; ++b) {
    std::vector<std::string> values = {"%x", "%y"};
    if (b > 0)
      cfg.beginBlock(b, s, values);
    // Operands from %x, %y and the first block argument, so that edges
    // often agree (cases equal to the default).
    auto target = [&]() { return cfg.target(values, 3); };
    int kind = b == 0 ? 4 : pick(7);
    if (kind == 0) {
      // Pass-through block: forwards (some of) its arguments.
      s += "  cf.br " + target() + "\n";
      continue;
    }
    if (pick(3) == 0) {
      std::string name = "%b" + std::to_string(b) + "v";
      s += "  " + name + " = arith.addi " + values[pick(values.size())] +
           ", %x : i32\n";
      values.push_back(name);
    }
    if (kind == 1) {
      s += "  return " + values[pick(values.size())] + " : i32\n";
    } else if (kind == 2) {
      s += "  cf.cond_br %c, " + target() + ", " + target() + "\n";
    } else if (kind == 3) {
      s += "  \"test.effect\"() : () -> ()\n  cf.br " + target() + "\n";
    } else {
      const char *selectors[] = {"%s", "%s", "%t", "%k"};
      std::string defaultTarget = target();
      s += "  cf.switch " + std::string(selectors[pick(4)]) +
           " : i32, [\n    default: " + defaultTarget;
      int cases = pick(5);
      std::vector<int> used;
      for (int k = 0; k < cases; ++k) {
        int value = pick(5);
        if (llvm::is_contained(used, value))
          continue;
        used.push_back(value);
        s += ",\n    " + std::to_string(value) + ": " +
             (pick(3) == 0 ? defaultTarget : target());
      }
      s += "\n  ]\n";
    }
  }
  return s + "}\n";
}

TEST_F(SwitchPatternsTest, MatchesUpstreamOnRandomCFGs) {
  std::mt19937 rng(19);
  int compared = 0;
  int changed = 0;
  int upstreamCrashes = 0;
  for (int i = 0; i < 800; ++i) {
    std::string source = randomFunction(rng);
    OwningOpRef<ModuleOp> module;
    {
      // Invalid candidates (a value used where it does not dominate) are
      // skipped; keep their diagnostics out of the test log.
      ScopedDiagnosticHandler quiet(&context,
                                    [](Diagnostic &) { return success(); });
      module = parse(source);
      if (!module || failed(verify(*module)))
        continue;
    }
    std::string ours = run(source, /*ours=*/true);
    std::optional<std::string> upstream = upstreamOrCrash(source);
    if (!upstream) {
      ++upstreamCrashes;
      continue;
    }
    ++compared;
    EXPECT_EQ(ours, *upstream) << source;
    changed += ours != run(source, /*ours=*/false, /*noSwitch=*/true);
  }
  EXPECT_GT(compared, 700) << upstreamCrashes << " upstream crashes";
  // The generator must exercise the switch patterns: their result differs
  // from the cf.br/cf.cond_br patterns alone.
  EXPECT_GT(changed, compared / 3);
  std::printf("compared %d, changed %d, upstream crashed on %d\n", compared,
              changed, upstreamCrashes);
}

} // namespace
