//===- HALBase.td - hal dialect definition -----------------*- tablegen -*-===//
//
// The subset of the `hal` dialect that Sluice's layers need: device, buffer and
// synchronization types, memory/usage bitfields and the ops built on them.
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
