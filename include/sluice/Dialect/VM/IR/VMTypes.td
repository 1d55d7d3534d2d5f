//===- VMTypes.td - vm types -------------------------------*- tablegen -*-===//
//
// support-dialects.md §5.1. `!vm.buffer` and `!vm.list<E>` parse as refs
// wrapping the buffer/list object types; a ref of a buffer or list prints
// back in the short form. Parsing and printing are hand-written
// (VMDialect.cpp) because the syntax nests refs.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_VM_IR_VMTYPES
#define SLUICE_DIALECT_VM_IR_VMTYPES

include "sluice/Dialect/VM/IR/VMBase.td"

class VM_Type<string name, string spelling, list<Trait> traits = []>
    : TypeDef<VM_Dialect, name, traits> {
  let typeName = "vm." # spelling;
}

def VM_OpaqueType : VM_Type<"Opaque", "opaque"> {
  let summary = "an opaque variant value (`!vm.opaque`, `?` inside refs and lists)";
}

def VM_BufferType : VM_Type<"Buffer", "buffer"> {
  let summary = "the object type of a byte buffer";
}

def VM_ListType : VM_Type<"List", "list"> {
  let summary = "the object type of a list of elements";
  let parameters = (ins "::mlir::Type":$elementType);
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), elementType);
    }]>,
  ];
}

def VM_RefType : VM_Type<"Ref", "ref"> {
  let summary = "a reference to a reference-counted object";
  let parameters = (ins "::mlir::Type":$objectType);
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$objectType), [{
      return $_get(objectType.getContext(), objectType);
    }]>,
  ];
  let extraClassDeclaration = [{
    /// True when `type` may be the object of a ref (not a ref, not an
    /// integer, index, float or complex type).
    static bool isCompatibleObjectType(::mlir::Type type);
  }];
}

def VM_AnyRef : Type<CPred<"::llvm::isa<::sluice::vm::RefType>($_self)">,
                     "!vm.ref">;
def VM_BufferRef : Type<
    CPred<"::llvm::isa<::sluice::vm::RefType>($_self) && "
          "::llvm::isa<::sluice::vm::BufferType>("
          "::llvm::cast<::sluice::vm::RefType>($_self).getObjectType())">,
    "!vm.buffer">;
def VM_ListRef : Type<
    CPred<"::llvm::isa<::sluice::vm::RefType>($_self) && "
          "::llvm::isa<::sluice::vm::ListType>("
          "::llvm::cast<::sluice::vm::RefType>($_self).getObjectType())">,
    "!vm.list">;

#endif // SLUICE_DIALECT_VM_IR_VMTYPES
