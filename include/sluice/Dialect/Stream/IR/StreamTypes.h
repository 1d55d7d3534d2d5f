//===- StreamTypes.h - stream enums, attributes, types, interfaces -*- C++
//-*-===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMTYPES_H
#define SLUICE_DIALECT_STREAM_IR_STREAMTYPES_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Types.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "llvm/ADT/StringExtras.h"

#include "sluice/Dialect/Stream/IR/StreamEnums.h.inc"

namespace sluice::stream {

class AffinityAttr;
class ResourceConfigAttr;

/// One resource access of an async op: `access` of
/// `resource[start to end for length]` (a null start means 0).
struct AsyncAccessRange {
  ResourceAccessBitfield access = ResourceAccessBitfield::None;
  mlir::Value resource;
  mlir::Value start;
  mlir::Value end;
  mlir::Value length;

  bool isReadOnly() const { return access == ResourceAccessBitfield::Read; }
  bool isWriteOnly() const { return access == ResourceAccessBitfield::Write; }
  void print(llvm::raw_ostream &os, mlir::AsmState &asmState) const;
  /// False for different resources or ranges that touch end to start.
  static bool mayOverlap(const AsyncAccessRange &a, const AsyncAccessRange &b);
};

/// Null for none, `timepoints[0]` for one, else a new `stream.timepoint.join`.
mlir::Value joinTimepoints(mlir::Location loc, mlir::ValueRange timepoints,
                           mlir::OpBuilder &builder);

namespace OpTrait {
template <typename ConcreteType>
class TensorPhaseOp
    : public mlir::OpTrait::TraitBase<ConcreteType, TensorPhaseOp> {};
template <typename ConcreteType>
class AsyncPhaseOp
    : public mlir::OpTrait::TraitBase<ConcreteType, AsyncPhaseOp> {};
template <typename ConcreteType>
class CmdPhaseOp : public mlir::OpTrait::TraitBase<ConcreteType, CmdPhaseOp> {};
template <typename ConcreteType>
class TiedResourcePassthrough
    : public mlir::OpTrait::TraitBase<ConcreteType, TiedResourcePassthrough> {};
} // namespace OpTrait

} // namespace sluice::stream

#define GET_ATTRDEF_CLASSES
#include "sluice/Dialect/Stream/IR/StreamAttrs.h.inc"

#include "sluice/Dialect/Stream/IR/StreamAttrInterfaces.h.inc"
#include "sluice/Dialect/Stream/IR/StreamTypeInterfaces.h.inc"

#define GET_TYPEDEF_CLASSES
#include "sluice/Dialect/Stream/IR/StreamTypes.h.inc"

#include "sluice/Dialect/Stream/IR/StreamOpInterfaces.h.inc"

namespace sluice::stream {
/// True for `!stream.resource<transient>`.
bool isTransientResourceType(mlir::Type type);
} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_IR_STREAMTYPES_H
