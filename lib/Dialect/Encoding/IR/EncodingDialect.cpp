//===- EncodingDialect.cpp - iree_encoding dialect ------------------------===//

#include "sluice/Dialect/Encoding/IR/EncodingDialect.h"

#include "mlir/IR/OpImplementation.h"
#include "sluice/Dialect/Encoding/IR/EncodingAttrs.h"
#include "sluice/Dialect/Encoding/IR/EncodingOps.h"
#include "sluice/Dialect/Util/IR/InlinerInterfaces.h"

using namespace mlir;
using namespace sluice::iree_encoding;

#include "sluice/Dialect/Encoding/IR/EncodingDialect.cpp.inc"

namespace {

/// `#iree_encoding.encoding`, `layout`, `testing` and `unknown` print behind
/// the overridable alias `#encoding` (encoding.md §2); nothing else gets one.
struct EncodingOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<EncodingAttr, LayoutAttr, TestingAttr, UnknownAttr>(attr)) {
      os << "encoding";
      return AliasResult::OverridableAlias;
    }
    return AliasResult::NoAlias;
  }
};

} // namespace

void IREEEncodingDialect::initialize() {
  registerAttributes();
  registerOps();
  addInterfaces<EncodingOpAsmInterface,
                sluice::util::AlwaysLegalInlinerInterface>();
}
