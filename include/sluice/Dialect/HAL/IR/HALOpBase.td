//===- HALOpBase.td - shared hal op classes ----------------*- tablegen -*-===//

#ifndef SLUICE_DIALECT_HAL_IR_HALOPBASE
#define SLUICE_DIALECT_HAL_IR_HALOPBASE

include "sluice/Dialect/HAL/IR/HALBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class HAL_PureOp<string mnemonic, list<Trait> traits = []>
    : HAL_Op<mnemonic, !listconcat([Pure], traits)>;

// Names the single result `name` in the printed IR.
class HAL_NamedResult<string name> {
  code extraClassDefinition = [{
    void $cppClass::getAsmResultNames(
        ::llvm::function_ref<void(::mlir::Value, ::llvm::StringRef)> setNameFn) {
      setNameFn(getResult(), "}] # name # [{");
    }
  }];
}

#endif // SLUICE_DIALECT_HAL_IR_HALOPBASE
