//===- DialectTypeSyntax.h - shared dialect type parsing --------*- C++ -*-===//

#ifndef SLUICE_DIALECT_UTIL_IR_DIALECTTYPESYNTAX_H
#define SLUICE_DIALECT_UTIL_IR_DIALECTTYPESYNTAX_H

#include "mlir/IR/DialectImplementation.h"

namespace sluice::util {

/// The signature of an ODS-generated `generatedTypeParser`.
using GeneratedTypeParserFn = mlir::OptionalParseResult (*)(mlir::AsmParser &,
                                                            llvm::StringRef *,
                                                            mlir::Type &);

/// Parses `!dialect.<mnemonic>...` with the generated parser and reports an
/// unknown mnemonic as `unknown <label> type: <mnemonic>` (the spelling hal,
/// flow and iree_tensor_ext use).
inline mlir::Type parseTypeOrReportUnknown(mlir::DialectAsmParser &parser,
                                           GeneratedTypeParserFn parse,
                                           llvm::StringRef label) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  llvm::StringRef keyword;
  mlir::Type type;
  mlir::OptionalParseResult result = parse(parser, &keyword, type);
  if (result.has_value())
    return mlir::succeeded(*result) ? type : mlir::Type();
  parser.emitError(loc, "unknown ") << label << " type: " << keyword;
  return {};
}

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_IR_DIALECTTYPESYNTAX_H
