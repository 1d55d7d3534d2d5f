//===- VMBase.td - vm dialect ------------------------------*- tablegen -*-===//
//
// The `vm` subset of support-dialects.md §5: what --iree-vm-conversion
// produces for the io_parameters lowering (ParamsToVM) and the import
// declarations of runtime modules.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_VM_IR_VMBASE
#define SLUICE_DIALECT_VM_IR_VMBASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def VM_Dialect : Dialect {
  let name = "vm";
  let cppNamespace = "::sluice::vm";
  let summary = "A virtual machine level of modules, functions and refs.";
  let description = [{
    Modules of functions over i32/i64/f32/f64 values and reference-counted
    objects (`!vm.ref<T>`, byte buffers `!vm.buffer`, lists `!vm.list<E>`),
    calling into native runtime modules through `vm.import` declarations.
  }];
  let useDefaultTypePrinterParser = 0;
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::sluice::util::UtilDialect"];
  let extraClassDeclaration = [{
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;
  private:
    void registerTypes();
    void registerOps();
  }];
}

class VM_Op<string mnemonic, list<Trait> traits = []>
    : Op<VM_Dialect, mnemonic, traits>;

#endif // SLUICE_DIALECT_VM_IR_VMBASE
