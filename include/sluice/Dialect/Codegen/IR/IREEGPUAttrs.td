//===- IREEGPUAttrs.td - iree_gpu target and resolvers -----*- tablegen -*-===//
//
// The `iree_gpu` subset Sluice needs (encoding.md §6.5-§6.7): the GPU target
// description (parse and print only) and the two GPU resolvers.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_CODEGEN_IR_IREEGPUATTRS
#define SLUICE_DIALECT_CODEGEN_IR_IREEGPUATTRS

include "mlir/IR/EnumAttr.td"
include "sluice/Dialect/Codegen/IR/IREECodegenBase.td"

def IREEGPU_Dialect : Dialect {
  let name = "iree_gpu";
  let cppNamespace = "::sluice::iree_gpu";
  let summary = "GPU code generation attributes (target and resolvers only).";
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

class IREEGPU_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<IREEGPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// Target description enums (§6.7)
//===----------------------------------------------------------------------===//

def IREEGPU_ComputeBitwidths : I32BitEnumAttr<"ComputeBitwidths",
    "supported compute bit widths", [
      I32BitEnumAttrCaseBit<"FP64", 0, "fp64">,
      I32BitEnumAttrCaseBit<"FP32", 1, "fp32">,
      I32BitEnumAttrCaseBit<"FP16", 2, "fp16">,
      I32BitEnumAttrCaseBit<"Int64", 3, "int64">,
      I32BitEnumAttrCaseBit<"Int32", 4, "int32">,
      I32BitEnumAttrCaseBit<"Int16", 5, "int16">,
      I32BitEnumAttrCaseBit<"Int8", 6, "int8">,
      I32BitEnumAttrCaseBit<"FP8", 7, "fp8">,
      I32BitEnumAttrCaseBit<"FP6", 8, "fp6">,
      I32BitEnumAttrCaseBit<"FP4", 9, "fp4">,
    ]> {
  let cppNamespace = "::sluice::iree_gpu";
  let genSpecializedAttr = 0;
}

def IREEGPU_StorageBitwidths : I32BitEnumAttr<"StorageBitwidths",
    "supported storage bit widths", [
      I32BitEnumAttrCaseBit<"B64", 0, "b64">,
      I32BitEnumAttrCaseBit<"B32", 1, "b32">,
      I32BitEnumAttrCaseBit<"B16", 2, "b16">,
      I32BitEnumAttrCaseBit<"B8", 3, "b8">,
    ]> {
  let cppNamespace = "::sluice::iree_gpu";
  let genSpecializedAttr = 0;
}

def IREEGPU_SubgroupOps : I32BitEnumAttr<"SubgroupOps",
    "supported subgroup operations", [
      I32BitEnumAttrCaseNone<"None", "none">,
      I32BitEnumAttrCaseBit<"Shuffle", 0, "shuffle">,
      I32BitEnumAttrCaseBit<"Arithmetic", 1, "arithmetic">,
    ]> {
  let cppNamespace = "::sluice::iree_gpu";
  let genSpecializedAttr = 0;
}

def IREEGPU_DotProductOps : I32BitEnumAttr<"DotProductOps",
    "supported dot product operations", [
      I32BitEnumAttrCaseNone<"None", "none">,
      I32BitEnumAttrCaseBit<"DP4xI8ToI32", 0, "dp4xi8toi32">,
    ]> {
  let cppNamespace = "::sluice::iree_gpu";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// Target description attributes (§6.7)
//===----------------------------------------------------------------------===//

def IREEGPU_MMALayoutAttr : IREEGPU_Attr<"MMALayout", "mma_layout"> {
  let summary = "one matrix-multiply intrinsic of a GPU target";
  let description = [{
    `<intrinsic-name[, col_major = bool]>`. Any bare identifier is kept
    verbatim; only the intrinsics of encoding.md §6.5 are interpreted.
  }];
  let parameters = (ins
    "::mlir::StringAttr":$intrinsic,
    DefaultValuedParameter<"bool", "false">:$col_major
  );
  let hasCustomAssemblyFormat = 1;
}

// `[<mma>, ...]`: the `mma` list of a WGP description; an empty list is
// stored as a null ArrayAttr so that it is omitted on printing.
def IREEGPU_MMAListParameter
    : AttrParameter<"::mlir::ArrayAttr", "a list of MMA layouts"> {
  let defaultValue = "::mlir::ArrayAttr()";
  let parser = "::sluice::iree_gpu::parseMMAList($_parser)";
  let printer = "::sluice::iree_gpu::printMMAList($_printer, $_self)";
}

// `[]`: the `scaled_mma` list; Sluice accepts only an empty one.
def IREEGPU_ScaledMMAListParameter
    : AttrParameter<"::mlir::ArrayAttr", "a list of scaled MMA layouts"> {
  let defaultValue = "::mlir::ArrayAttr()";
  let parser = "::sluice::iree_gpu::parseScaledMMAList($_parser)";
  let printer = "$_printer << \"[]\"";
}

def IREEGPU_TargetWgpAttr : IREEGPU_Attr<"TargetWgp", "target_wgp"> {
  let summary = "the workgroup processor of a GPU target";
  let parameters = (ins
    EnumParameter<IREEGPU_ComputeBitwidths>:$compute,
    EnumParameter<IREEGPU_StorageBitwidths>:$storage,
    EnumParameter<IREEGPU_SubgroupOps>:$subgroup,
    DefaultValuedParameter<"::sluice::iree_gpu::DotProductOps",
        "::sluice::iree_gpu::DotProductOps::None"
        >:$dot,
    IREEGPU_MMAListParameter:$mma,
    IREEGPU_ScaledMMAListParameter:$scaled_mma,
    "::mlir::DenseI32ArrayAttr":$subgroup_size_choices,
    "::mlir::DenseI32ArrayAttr":$max_workgroup_sizes,
    "int32_t":$max_thread_count_per_workgroup,
    "int32_t":$max_workgroup_memory_bytes,
    "::mlir::DenseI32ArrayAttr":$max_workgroup_counts,
    OptionalParameter<"std::optional<int32_t>">:$max_load_instruction_bits,
    OptionalParameter<"std::optional<int32_t>">:$simds_per_wgp,
    OptionalParameter<"std::optional<int32_t>">:$vgpr_space_bits,
    OptionalParameter<"::mlir::DenseI64ArrayAttr">:$dma_sizes,
    OptionalParameter<"std::optional<int32_t>">:$workgroup_memory_bank_count,
    OptionalParameter<"::mlir::DictionaryAttr">:$extra
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

def IREEGPU_TargetChipAttr : IREEGPU_Attr<"TargetChip", "target_chip"> {
  let summary = "the chip of a GPU target";
  let parameters = (ins
    "uint32_t":$wgp_count,
    OptionalParameter<"::mlir::StringAttr">:$sku,
    OptionalParameter<"::mlir::FloatAttr">:$memory_bandwidth_tbps,
    OptionalParameter<"::mlir::DictionaryAttr">:$perf_tflops,
    OptionalParameter<"::mlir::DictionaryAttr">:$extra
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

def IREEGPU_TargetAttr : IREEGPU_Attr<"Target", "target"> {
  let summary = "a GPU target description";
  let description = [{
    The value of `iree_codegen.target_info` in an executable-target
    configuration; read by the GPU resolvers.
  }];
  let parameters = (ins
    "::mlir::StringAttr":$arch,
    "::mlir::StringAttr":$features,
    "::sluice::iree_gpu::TargetWgpAttr":$wgp,
    OptionalParameter<"::sluice::iree_gpu::TargetChipAttr">:$chip
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

//===----------------------------------------------------------------------===//
// Resolvers (§6.5, §6.6)
//===----------------------------------------------------------------------===//

def IREEGPU_GPUEncodingResolverAttr
    : IREEGPU_Attr<"GPUEncodingResolver", "gpu_encoding_resolver",
                   !listconcat(IREECodegen_ResolverTraits, [
                     DeclareAttrInterfaceMethods<
                         IREEEncoding_LayoutResolverAttr,
                         ["getUnifiedEncoding"]>])> {
  let summary = "GPU data-tiling resolver / GPU packed layout";
  let description = [{
    Chooses a data-tiled MMA tile for the target's intrinsics (encoding.md
    §6.5; Sluice computes tile sizes only, never a swizzle).
  }];
  let parameters = (ins
    OptionalParameter<"::mlir::DictionaryAttr">:$configuration
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

def IREEGPU_GPUPaddingResolverAttr
    : IREEGPU_Attr<"GPUPaddingResolver", "gpu_padding_resolver", [
        DeclareAttrInterfaceMethods<IREEEncoding_LayoutResolverAttr,
            ["cloneWithSimplifiedConfig", "getLayout"]>,
      ]> {
  let summary = "GPU padding resolver";
  let description = [{
    Resolves `#iree_encoding.padding<[0, ..., ?]>` into a padding that keeps
    rows from mapping to the same cache sets (encoding.md §6.6).
  }];
  let parameters = (ins
    OptionalParameter<"std::optional<uint32_t>">:$cache_line_bytes,
    OptionalParameter<"std::optional<uint32_t>">:$cache_sets
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

#endif // SLUICE_DIALECT_CODEGEN_IR_IREEGPUATTRS
