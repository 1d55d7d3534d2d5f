//===- HALOps.td - hal ops ---------------------------------*- tablegen -*-===//

#ifndef SLUICE_DIALECT_HAL_IR_HALOPS
#define SLUICE_DIALECT_HAL_IR_HALOPS

include "sluice/Dialect/HAL/IR/HALBase.td"
include "sluice/Dialect/HAL/IR/HALTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// A constant of a HAL bitfield enum, printed with the bit-enum spelling rules:
// `hal.<mnemonic><Bit>` for single-bit cases, `hal.<mnemonic><"A|B">` otherwise.
class HAL_BitfieldConstantOp<string mnemonic, string attrName, string enumName,
                             string resultName>
    : HAL_Op<mnemonic, [
        ConstantLike,
        Pure,
        DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
      ]> {
  let arguments = !dag(ins, [I32Attr], [attrName]);
  let results = (outs I32:$result);
  let assemblyFormat = "`<` custom<" # enumName # ">($" # attrName #
                       ") `>` attr-dict `:` type($result)";
  let hasFolder = 1;
  let extraClassDefinition = [{
    void $cppClass::getAsmResultNames(
        ::llvm::function_ref<void(::mlir::Value, ::llvm::StringRef)> setNameFn) {
      setNameFn(getResult(), "}] # resultName # [{");
    }
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor) {
      return *(*this)->getInherentAttr("}] # attrName # [{");
    }
  }];
}

def HAL_MemoryTypeOp : HAL_BitfieldConstantOp<"memory_type", "type",
                                              "MemoryTypeBitfield", "memory_type"> {
  let summary = "a memory type bitfield constant";
}

def HAL_BufferUsageOp : HAL_BitfieldConstantOp<"buffer_usage", "usage",
                                               "BufferUsageBitfield", "buffer_usage"> {
  let summary = "a buffer usage bitfield constant";
}

#endif // SLUICE_DIALECT_HAL_IR_HALOPS
