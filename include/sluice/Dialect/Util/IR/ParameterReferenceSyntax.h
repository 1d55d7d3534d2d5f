//===- ParameterReferenceSyntax.h - `%scope::%key` references ---*- C++ -*-===//
//
// Parsing and printing of the parameter references of io_parameters rows and
// stream parameter ops: `%key`, `%scope::%key`, or (io_parameters only) the
// legacy literal form `"key"` and `"scope"::"key"`. Lives in util so both
// dialects share it.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_IR_PARAMETERREFERENCESYNTAX_H
#define SLUICE_DIALECT_UTIL_IR_PARAMETERREFERENCESYNTAX_H

#include "mlir/IR/OpImplementation.h"

#include <optional>
#include <string>

namespace sluice::util {

/// One parsed parameter reference.
struct ParsedParameterReference {
  /// True for the string-literal form.
  bool literal = false;
  /// SSA form: the optional scope and the key.
  std::optional<mlir::OpAsmParser::UnresolvedOperand> scope;
  mlir::OpAsmParser::UnresolvedOperand key;
  /// Literal form: the optional scope and the key.
  std::optional<std::string> scopeLiteral;
  std::string keyLiteral;

  /// True when both references use the same scope: same presence and, for
  /// SSA scopes, the same name and result number (`%x#0` differs from `%x#1`).
  bool hasSameScope(const ParsedParameterReference &other) const;
};

/// Parses `%key`, `%scope::%key`, `"key"` or `"scope"::"key"`. The `::` is two
/// colon tokens, so whitespace between them is accepted.
mlir::ParseResult parseParameterReference(mlir::OpAsmParser &parser,
                                          ParsedParameterReference &ref);

/// Parses the SSA form only: `%key` or `%scope::%key`.
mlir::ParseResult
parseScopedKey(mlir::OpAsmParser &parser,
               std::optional<mlir::OpAsmParser::UnresolvedOperand> &scope,
               mlir::OpAsmParser::UnresolvedOperand &key);

/// True when two unresolved operands name the same value.
bool isSameOperand(const mlir::OpAsmParser::UnresolvedOperand &a,
                   const mlir::OpAsmParser::UnresolvedOperand &b);
/// True when both are absent or name the same value.
bool isSameOptionalOperand(
    const std::optional<mlir::OpAsmParser::UnresolvedOperand> &a,
    const std::optional<mlir::OpAsmParser::UnresolvedOperand> &b);

/// Prints `%scope::%key` (or `%key` when `scope` is null).
void printParameterReference(mlir::OpAsmPrinter &p, mlir::Value scope,
                             mlir::Value key);
/// Prints `"scope"::"key"` (or `"key"`) with MLIR string escaping.
void printParameterReference(mlir::OpAsmPrinter &p,
                             std::optional<llvm::StringRef> scope,
                             llvm::StringRef key);

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_IR_PARAMETERREFERENCESYNTAX_H
