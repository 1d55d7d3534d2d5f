//===- UtilOps.td - util ops -------------------------------*- tablegen -*-===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILOPS
#define SLUICE_DIALECT_UTIL_IR_UTILOPS

include "sluice/Dialect/Util/IR/UtilBase.td"
include "sluice/Dialect/Util/IR/UtilTypes.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

def Util_FuncOp : Util_Op<"func", [
    AffineScope,
    AutomaticAllocationScope,
    CallableOpInterface,
    FunctionOpInterface,
    IsolatedFromAbove,
    OpAsmOpInterface,
  ]> {
  let summary = "a function with optionally tied results";
  let description = [{
    A function whose results may be tied to arguments (`-> %arg0`), meaning the
    result is an in-place update of that argument. An empty body is a
    declaration.
  }];

  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    OptionalAttr<ArrayAttr>:$tied_operands,
    OptionalAttr<StrAttr>:$sym_visibility,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs,
    OptionalAttr<AnyAttr>:$inlining_policy
  );
  let regions = (region AnyRegion:$body);

  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins
      "::llvm::StringRef":$name,
      "::mlir::FunctionType":$type,
      CArg<"::mlir::ArrayAttr", "{}">:$tiedOperands,
      CArg<"::llvm::ArrayRef<::mlir::DictionaryAttr>", "{}">:$argAttrs,
      CArg<"::llvm::ArrayRef<::mlir::DictionaryAttr>", "{}">:$resAttrs)>,
  ];

  let extraClassDeclaration = [{
    /// Creates a detached function (not inserted anywhere).
    static FuncOp create(::mlir::Location loc, ::llvm::StringRef name,
                         ::mlir::FunctionType type,
                         ::mlir::ArrayAttr tiedOperands = {});

    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    ::mlir::Region *getCallableRegion() {
      return isExternal() ? nullptr : &getBody();
    }
    bool isDeclaration() { return isExternal(); }

    /// Returns the argument index tied to result `resultIndex`, or nullopt.
    std::optional<unsigned> getTiedResultArgumentIndex(unsigned resultIndex);
    /// True when any result is tied to an argument.
    bool hasAnyTiedOperands();
  }];

  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Util_ReturnOp : Util_Op<"return", [
    Pure,
    ReturnLike,
    Terminator,
  ]> {
  let summary = "returns from a util.func or util.initializer";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

def Util_NullOp : Util_Op<"null", [Pure]> {
  let summary = "a null value of a reference type";
  let description = [{
    A null reference (e.g. an absent `!hal.fence`). It becomes constant-like
    with a `#util.null` folder when that attribute is added with the rest of
    the util dialect.
  }];
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Util_BufferConstantOp : Util_Op<"buffer.constant", [
    ConstantLike,
    Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "a constant byte buffer";
  let description = [{
    A constant `!util.buffer` holding the serialized bytes of `value` (a string,
    dense elements or another serializable attribute).
  }];
  let arguments = (ins
    OptionalAttr<StrAttr>:$name,
    AnyAttr:$value,
    OptionalAttr<IndexAttr>:$alignment,
    OptionalAttr<StrAttr>:$mime_type
  );
  let results = (outs Util_BufferType:$result);
  let assemblyFormat = "($name^)? attr-dict `:` type($result) `=` $value";
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // SLUICE_DIALECT_UTIL_IR_UTILOPS
