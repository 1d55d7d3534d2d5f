//===- StreamTypes.td - stream types -----------------------*- tablegen -*-===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMTYPES
#define SLUICE_DIALECT_STREAM_IR_STREAMTYPES

include "sluice/Dialect/Stream/IR/StreamBase.td"
include "sluice/Dialect/Stream/IR/StreamInterfaces.td"
include "sluice/Dialect/Util/IR/UtilInterfaces.td"

def Stream_ResourceType : Stream_Type<"Resource", "resource", [
    Stream_AffinityType,
    Util_ReferenceType,
    Util_SizeAwareType,
    DeclareTypeInterfaceMethods<Util_GlobalType, ["isAccessStorageCompatible"]>,
    DeclareTypeInterfaceMethods<Util_InferTypeSize>,
    DeclareTypeInterfaceMethods<Util_SubrangeType>,
  ]> {
  let summary = "a managed resource";
  let description = [{
    An opaque byte resource with a lifetime. Its size always travels with it
    as an `index` value.
  }];
  let parameters = (ins "::sluice::stream::Lifetime":$lifetime);
  let builders = [
    TypeBuilder<(ins), [{
      return $_get($_ctxt, ::sluice::stream::Lifetime::Unknown);
    }]>,
  ];
  let hasCustomAssemblyFormat = 1;
}

def Stream_Timepoint : Stream_Type<"Timepoint", "timepoint", [Util_GlobalType]> {
  let summary = "a point on the execution timeline";
}

def Stream_Channel : Stream_Type<"Channel", "channel", [Util_ReferenceType]> {
  let summary = "a collective communication channel";
}

def Stream_File : Stream_Type<"File", "file"> {
  let summary = "a file handle used for I/O operations";
}

def Stream_Binding : Stream_Type<"Binding", "binding"> {
  let summary = "a managed resource binding into an executable scope";
}

def Stream_TestFence : Stream_Type<"TestFence", "test.fence"> {
  let summary = "test-only fence type for timeline-aware op testing";
}

//===----------------------------------------------------------------------===//
// Type constraints (descriptions are part of diagnostics)
//===----------------------------------------------------------------------===//

class Stream_ResourceOf<string lifetime, string desc>
    : Type<And<[CPred<"::llvm::isa<::sluice::stream::ResourceType>($_self)">,
                CPred<"::llvm::cast<::sluice::stream::ResourceType>($_self).getLifetime() == ::sluice::stream::Lifetime::" # lifetime>]>,
           desc, "::sluice::stream::ResourceType">;

def Stream_AnyResource : Type<CPred<"::llvm::isa<::sluice::stream::ResourceType>($_self)">,
                              "any stream-compatible type",
                              "::sluice::stream::ResourceType">;
def Stream_UnknownResource : Stream_ResourceOf<"Unknown", "resource">;
def Stream_ExternalResource : Stream_ResourceOf<"External", "external resource">;
def Stream_StagingResource : Stream_ResourceOf<"Staging", "staging resource">;
def Stream_TransientResource : Stream_ResourceOf<"Transient", "transient resource">;
def Stream_VariableResource : Stream_ResourceOf<"Variable", "variable resource">;
def Stream_ConstantResource : Stream_ResourceOf<"Constant", "constant resource">;

def Stream_StreamResource : AnyTypeOf<[
    Stream_UnknownResource, Stream_ExternalResource, Stream_TransientResource,
    Stream_VariableResource, Stream_ConstantResource]>;
def Stream_StreamOrStaging : AnyTypeOf<[
    Stream_UnknownResource, Stream_ExternalResource, Stream_TransientResource,
    Stream_VariableResource, Stream_ConstantResource, Stream_StagingResource]>;
def Stream_ConstOrVarResource : AnyTypeOf<[
    Stream_ConstantResource, Stream_VariableResource]>;

def Stream_Primitive : AnyTypeOf<[Index, AnyInteger, AnyFloat, AnyComplex],
                                 "index or integer or floating-point or complex-type">;
def Stream_PrimitiveOrVector : AnyTypeOf<[Stream_Primitive, AnyVectorOfNonZeroRank]>;
def Stream_FillPattern : AnyTypeOf<[I8, I16, I32, I64]>;
def Stream_NativeFillPattern : AnyTypeOf<[I8, I16, I32]>;

def Stream_Size : TypeAlias<Index>;
def Stream_Offset : TypeAlias<Index>;
def Stream_Dim : TypeAlias<Index>;

def Stream_TimepointType : Type<CPred<"::llvm::isa<::sluice::stream::TimepointType>($_self)">,
                                "A timepoint indicating execution availability.",
                                "::sluice::stream::TimepointType">,
                           BuildableType<"$_builder.getType<::sluice::stream::TimepointType>()">;
def Stream_ChannelType : Type<CPred<"::llvm::isa<::sluice::stream::ChannelType>($_self)">,
                              "A collective communication channel.",
                              "::sluice::stream::ChannelType">,
                         BuildableType<"$_builder.getType<::sluice::stream::ChannelType>()">;
def Stream_FileType : Type<CPred<"::llvm::isa<::sluice::stream::FileType>($_self)">,
                           "A file handle used for I/O operations.",
                           "::sluice::stream::FileType">,
                      BuildableType<"$_builder.getType<::sluice::stream::FileType>()">;
def Stream_BindingType : Type<CPred<"::llvm::isa<::sluice::stream::BindingType>($_self)">,
                              "A managed resource binding into an executable scope.",
                              "::sluice::stream::BindingType">,
                         BuildableType<"$_builder.getType<::sluice::stream::BindingType>()">;
def Stream_TestFenceType : Type<CPred<"::llvm::isa<::sluice::stream::TestFenceType>($_self)">,
                                "Test-only fence type for timeline-aware op testing.",
                                "::sluice::stream::TestFenceType">,
                           BuildableType<"$_builder.getType<::sluice::stream::TestFenceType>()">;
def Stream_UtilBuffer : Type<CPred<"::llvm::isa<::sluice::util::BufferType>($_self)">,
                             "A reference counted byte buffer.",
                             "::sluice::util::BufferType">,
                        BuildableType<"$_builder.getType<::sluice::util::BufferType>()">;

#endif // SLUICE_DIALECT_STREAM_IR_STREAMTYPES
