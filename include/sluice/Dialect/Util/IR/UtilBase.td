//===- UtilBase.td - util dialect definition ---------------*- tablegen -*-===//
//
// The `util` dialect: functions, globals, buffers and the interfaces shared by
// the flow, hal, stream and io_parameters layers.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILBASE
#define SLUICE_DIALECT_UTIL_IR_UTILBASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Util_Dialect : Dialect {
  let name = "util";
  let cppNamespace = "::sluice::util";
  let summary = "Common types, ops and interfaces shared by Sluice's dialects.";
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::ub::UBDialect",
  ];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
    void registerOps();
  }];
}

class Util_Op<string mnemonic, list<Trait> traits = []>
    : Op<Util_Dialect, mnemonic, traits>;

class Util_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Util_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

#endif // SLUICE_DIALECT_UTIL_IR_UTILBASE
