//===- EncodingPassUtils.h - shared pieces of the encoding passes -*- C++
//-*-===//
//
// What --iree-stream-specialize-encodings and
// --iree-stream-unify-encoding-for-globals share (stream-passes-1.md §7.1,
// §7.5, encoding.md §8.1): the layout resolver hook, the recognition of
// dispatched executables, and duplicateExecutablesPerLayoutVariant.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_ENCODINGPASSUTILS_H
#define SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_ENCODINGPASSUTILS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "sluice/Dialect/Stream/IR/AffinityAnalysisDialectInterface.h"

namespace sluice::stream {

class TensorDispatchOp;

/// A tensor type has a recognized encoding iff it is a RankedTensorType whose
/// encoding implements SerializableAttr.
bool isRecognizedEncodingType(mlir::Type type);

/// The layout resolver of the single loaded dialect implementing
/// AffinityAnalysisDialectInterface; nullopt (the passes then do nothing)
/// when there is not exactly one such dialect.
std::optional<ResolveLayoutAttrFn> makeLayoutResolver(mlir::ModuleOp moduleOp);

/// Every entry point of `dispatchOp` is a `stream.executable.export` whose
/// executable's inner module has a function-like named like the export, and
/// every use of each `!stream.binding` argument of that function is a
/// `stream.binding.subspan` whose result type implements
/// EncodingTypeInterface.
bool hasRecognizedEntryPoints(TensorDispatchOp dispatchOp,
                              mlir::SymbolTableCollection &symbolTables);

/// Gives every distinct binding-layout list of each dispatched export its
/// own executable (the original for the first, `<executable>_dup<k>` copies
/// for the others), rewrites the bindings of the export's function to carry
/// the layouts, and retargets each dispatch to its executable.
llvm::LogicalResult duplicateExecutablesPerLayoutVariant(
    mlir::ModuleOp moduleOp, mlir::SymbolTableCollection &symbolTables,
    llvm::ArrayRef<TensorDispatchOp> dispatchOps);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_ENCODINGPASSUTILS_H
