//===- HALBase.td - hal dialect definition -----------------*- tablegen -*-===//
//
// The subset of the `hal` dialect that Sluice's layers need: device, buffer and
// synchronization types, memory/usage bitfields and the ops built on them.
//
// Choices where support-dialects.md is silent or ambiguous:
//  * `#hal.device.optimal` joins (§2.4.5): an existing entry is joined with the
//    *member* of `other` on the same device (the reference joins with the
//    whole `other`, which only differs when `other` is itself optimal).
//  * `#hal.device.affinity/promise<@d, []>` is accepted (mask 0) and printed
//    back as `, []`.
//  * Inlining policies need stream's `AffinityAttr::lookup`; HAL calls
//    `hal::lookupAffinity`, a hook the stream layer installs with
//    `hal::setAffinityLookupFn` (default: nearest discardable
//    `stream.affinity` holding a HAL affinity).
//  * Enum descriptions used in rule-3 errors that the spec does not give
//    ("valid Descriptor flags", "IREE HAL execution model", ...) are guesses.
//  * `hal.executable.export` prints `layout(...)` with the stripped attribute
//    form (alias when available), as a declarative format would.
//  * The encoding/storage mismatch diagnostic of hal.tensor.import/export
//    prints both types quoted (MLIR diagnostic type formatting).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_HAL_IR_HALBASE
#define SLUICE_DIALECT_HAL_IR_HALBASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def HAL_Dialect : Dialect {
  let name = "hal";
  let cppNamespace = "::sluice::hal";
  let summary = "Hardware abstraction layer types and ops used by Sluice.";
  let dependentDialects = [
    "::mlir::cf::ControlFlowDialect",
    "::mlir::scf::SCFDialect",
    "::sluice::util::UtilDialect",
  ];
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
    void registerOps();
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &os) const override;
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type, ::mlir::DialectAsmPrinter &os) const override;
  }];
}

class HAL_Op<string mnemonic, list<Trait> traits = []>
    : Op<HAL_Dialect, mnemonic, traits>;

class HAL_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<HAL_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

#endif // SLUICE_DIALECT_HAL_IR_HALBASE
