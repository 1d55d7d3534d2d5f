//===- UnchangedIR.cpp - passes that changed nothing say so ---------------===//

#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/IR/Operation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"

#include <cstdlib>

using namespace mlir;

namespace sluice::util {

static llvm::cl::opt<bool> clCheckUnchanged(
    "sluice-check-unchanged",
    llvm::cl::desc("Check every pass's claim that it changed nothing (which "
                   "skips the verifier after it) against a fingerprint of "
                   "the IR taken when the pass started"),
    llvm::cl::init(false));

/// The check is on with the flag or with SLUICE_CHECK_UNCHANGED set in the
/// environment (the lit suite sets it, so that every sluice-opt, sluice-compile
/// and sluice-run of the suite checks every claim).
static bool checkUnchanged() {
  static const bool fromEnvironment = [] {
    const char *value = std::getenv("SLUICE_CHECK_UNCHANGED");
    return value && *value && llvm::StringRef(value) != "0";
  }();
  return clCheckUnchanged || fromEnvironment;
}

UnchangedIRGuard::UnchangedIRGuard(Operation *root) : root(root) {
  if (checkUnchanged())
    before.emplace(root);
}

bool UnchangedIRGuard::unchanged(bool changed, llvm::StringRef passName) const {
  if (changed)
    return false;
  if (before && !(*before == OperationFingerPrint(root)))
    llvm::report_fatal_error(llvm::Twine("--sluice-check-unchanged: pass ") +
                             passName +
                             " reported no change but changed the IR");
  return true;
}

} // namespace sluice::util
