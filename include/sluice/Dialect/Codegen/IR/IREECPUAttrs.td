//===- IREECPUAttrs.td - iree_cpu resolver attributes ------*- tablegen -*-===//
//
// The `iree_cpu` subset Sluice needs (encoding.md §6.2-§6.4): the CPU and
// VMVX encoding resolvers, which double as serialized layouts once their
// configuration carries an `encoding_info` record.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_CODEGEN_IR_IREECPUATTRS
#define SLUICE_DIALECT_CODEGEN_IR_IREECPUATTRS

include "sluice/Dialect/Codegen/IR/IREECodegenBase.td"

def IREECPU_Dialect : Dialect {
  let name = "iree_cpu";
  let cppNamespace = "::sluice::iree_cpu";
  let summary = "CPU code generation attributes (encoding resolvers only).";
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

class IREECPU_ResolverAttr<string name, string attrMnemonic>
    : AttrDef<IREECPU_Dialect, name, IREECodegen_ResolverTraits> {
  let mnemonic = attrMnemonic;
  let parameters = (ins
    OptionalParameter<"::mlir::DictionaryAttr">:$configuration
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

def IREECPU_CPUEncodingResolverAttr
    : IREECPU_ResolverAttr<"CPUEncodingResolver", "cpu_encoding_resolver"> {
  let summary = "CPU data-tiling resolver / CPU packed layout";
  let description = [{
    Chooses mmt4d tiles for the target's triple and CPU features
    (encoding.md §6.3). `getLayout(T)` returns the resolver with
    `configuration = {encoding_info = ...}`.
  }];
}

def IREECPU_VMVXEncodingResolverAttr
    : IREECPU_ResolverAttr<"VMVXEncodingResolver", "vmvx_encoding_resolver"> {
  let summary = "VMVX data-tiling resolver / VMVX packed layout";
  let description = [{
    Chooses tiles for VMVX (encoding.md §6.4); with ukernels enabled and no
    narrow dimension the tile is fully dynamic.
  }];
}

#endif // SLUICE_DIALECT_CODEGEN_IR_IREECPUATTRS
