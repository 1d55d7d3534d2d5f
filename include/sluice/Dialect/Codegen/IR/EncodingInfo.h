//===- EncodingInfo.h - packed layout records of the resolvers --*- C++ -*-===//
//
// The materialize-encoding info record (encoding.md §6.1) shared by the CPU,
// VMVX and GPU encoding resolvers: its dictionary form, its verifier against
// a tensor type, the storage size of a tensor in that layout, and the matmul
// tile selection and contraction queries the resolvers share (§4.11, §6.3).
// Also the two global options of §6.8.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_CODEGEN_IR_ENCODINGINFO_H
#define SLUICE_DIALECT_CODEGEN_IR_ENCODINGINFO_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

#include <optional>
#include <string>

namespace sluice::iree_encoding {
class EncodingAttr;
} // namespace sluice::iree_encoding

namespace sluice::codegen {

/// `--iree-llvmcpu-enable-scalable-vectorization` (default false).
bool isScalableVectorizationEnabled();
/// `--iree-experimental-vscale-value` (default -1 = unset).
int64_t getVscaleValue();

/// One dimension of a swizzle's expanded shape.
struct SwizzleDim {
  enum class Kind { Internal, CrossThread, CrossIntrinsic };
  Kind kind = Kind::Internal;
  int64_t size = 1;
  /// Internal: `One`, `ArmSveVLIn128bitUnits` or `RiscvVlenIn64bitUnits`.
  std::string multiplier;
  /// CrossThread: the distribution factor.
  int64_t factor = 1;
};

/// A GPU intra-tile permutation (parsed and verified, never produced).
struct TileSwizzle {
  llvm::SmallVector<llvm::SmallVector<SwizzleDim>> expandShape;
  llvm::SmallVector<int64_t> permutation;
};

/// A packed layout: tiled dimensions, tile sizes, outer permutation.
struct MaterializeEncodingInfo {
  llvm::SmallVector<int64_t> innerDimsPos;
  llvm::SmallVector<int64_t> innerTileSizes;
  llvm::SmallVector<int64_t> outerDimsPerm;
  std::optional<TileSwizzle> swizzle;
  std::optional<llvm::SmallVector<bool>> scalableTiles;

  /// All three lists empty and no optional field.
  bool isIdentity() const {
    return innerDimsPos.empty() && innerTileSizes.empty() &&
           outerDimsPerm.empty() && !swizzle && !scalableTiles;
  }
};

/// The dictionary form (`{innerDimsPos = [...], innerTileSizes = [...],
/// outerDimsPerm = [...]}` plus `scalableTiles` / `swizzle` when present).
mlir::DictionaryAttr serializeEncodingInfo(mlir::MLIRContext *context,
                                           const MaterializeEncodingInfo &info);

/// Parses the dictionary form back; nullopt when malformed.
std::optional<MaterializeEncodingInfo>
deserializeEncodingInfo(mlir::DictionaryAttr dict);

/// The `encoding_info` entry of an optional resolver configuration, or null.
mlir::DictionaryAttr getEncodingInfoDict(mlir::DictionaryAttr configuration);

/// The tensor-encoding verifier shared by the three resolvers (§6.1).
llvm::LogicalResult verifyResolverConfiguration(
    mlir::DictionaryAttr configuration, llvm::ArrayRef<int64_t> shape,
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError);

/// The storage size of a `type`-shaped tensor in the packed layout `info`
/// (§6.1 "Storage size"); null when it cannot be computed.
mlir::Value
calculatePackedStorageSizeInBytes(const MaterializeEncodingInfo &info,
                                  mlir::Location loc, mlir::OpBuilder &builder,
                                  mlir::RankedTensorType type,
                                  mlir::ValueRange dynamicDims);

/// The record a resolver computes for `type` (the resolver-specific part).
using EncodingInfoFn =
    llvm::function_ref<MaterializeEncodingInfo(mlir::RankedTensorType type)>;

/// `getEncodingInfo(R, T)`: the deserialized `encoding_info` of R's
/// configuration if present (identity if malformed), else `compute(T)`
/// followed by the bitcast adjustment (§6.1).
MaterializeEncodingInfo getEncodingInfo(mlir::DictionaryAttr configuration,
                                        mlir::RankedTensorType type,
                                        EncodingInfoFn compute);

/// The configuration of a resolver's layout for `type` (§6.2):
/// `{encoding_info = getEncodingInfo(configuration, type, compute)}`, plus
/// `encoding_attr = <type's encoding>` when `withEncodingAttr` and that
/// encoding is an `#iree_encoding.encoding` (VMVX, §6.4).
mlir::DictionaryAttr getLayoutConfiguration(mlir::DictionaryAttr configuration,
                                            mlir::RankedTensorType type,
                                            EncodingInfoFn compute,
                                            bool withEncodingAttr);

/// `calculateStorageSizeInBytes` of a resolver used as a layout (§6.1).
mlir::Value calculateResolverStorageSize(mlir::DictionaryAttr configuration,
                                         EncodingInfoFn compute,
                                         mlir::Location loc,
                                         mlir::OpBuilder &builder,
                                         mlir::RankedTensorType type,
                                         mlir::ValueRange dynamicDims);

//===----------------------------------------------------------------------===//
// Contraction queries and matmul tiles (§4.11, §6.3)
//===----------------------------------------------------------------------===//

/// The loop dimensions of a contraction (each list sorted).
struct ContractionDims {
  llvm::SmallVector<unsigned> batch, m, n, k;
};

/// `linalg::inferContractionDims` on the encoding's root maps.
std::optional<ContractionDims>
getContractionDims(iree_encoding::EncodingAttr encoding);

/// Static loop sizes (dynamic sentinel for unknown) of a contraction.
struct ContractionSizes {
  int64_t batch = 1, m = 1, n = 1, k = 1;
};

/// Requires iteration sizes and at most one batch/M/N and exactly one K dim.
std::optional<ContractionSizes>
getContractionSizes(iree_encoding::EncodingAttr encoding);

/// A matmul tile; `ShapedType::kDynamic` entries mean "dynamic".
struct TileMxNxK {
  int64_t m = 1, n = 1, k = 1;
  bool isDynamic() const;
};

/// The narrow dimension of an encoding: which of M / N and its size.
struct NarrowDim {
  enum class Dim { None, M, N };
  Dim dim = Dim::None;
  int64_t size = 0;
  bool isM() const { return dim == Dim::M; }
  bool isN() const { return dim == Dim::N; }
  explicit operator bool() const { return dim != Dim::None; }
};

/// The power-of-two narrow dimension of §6.3 (none without contraction
/// sizes).
NarrowDim getPo2NarrowDim(iree_encoding::EncodingAttr encoding);

/// True iff the encoding is the result (operand 2) and its narrow dim is N.
bool isNarrowNResult(iree_encoding::EncodingAttr encoding);

/// `chooseMatmulTile(tiles, narrow)` of §6.3. `transposeNarrowN` is true
/// when a narrow N is handled by choosing as M and swapping (scalable
/// vectorization disabled).
TileMxNxK chooseMatmulTile(llvm::ArrayRef<TileMxNxK> tiles, NarrowDim narrow,
                           bool transposeNarrowN);

/// The matmul record of §6.3 for `tile`; nullopt when contraction dims
/// cannot be inferred.
std::optional<MaterializeEncodingInfo>
getMatmulEncodingInfo(iree_encoding::EncodingAttr encoding,
                      const TileMxNxK &tile);

/// Swaps the last two entries of the inner/outer lists (and flags) of a
/// narrow-N result record that has at least two inner tiles (§6.3 step 9).
void transposeNarrowNResult(MaterializeEncodingInfo &info);

} // namespace sluice::codegen

#endif // SLUICE_DIALECT_CODEGEN_IR_ENCODINGINFO_H
