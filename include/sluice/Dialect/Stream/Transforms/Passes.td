//===- Passes.td - stream passes ---------------------------*- tablegen -*-===//
//
// Every stream pass, under its reference flag (--iree-stream-...) or, for
// Sluice-only passes, --sluice-stream-.... One section per pass family; each
// pass is implemented in lib/Dialect/Stream/Transforms/<PassName>.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_TRANSFORMS_PASSES
#define SLUICE_DIALECT_STREAM_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Tensor phase: verification, affinities, clone-to-consumers, conversion
// (stream-passes-1.md §2-§6)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Encodings (stream-passes-1.md §7, encoding.md)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Async phase: builtins, copy-on-write, copy elision, usage, emplacement,
// access ranges, transfer placement (stream-passes-1.md §8-§14)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Scheduling and timepoints (stream-passes-2.md §2-§6)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Command phase: allocation, constants, slices, reuse, reference counting
// (stream-passes-2.md §7-§11)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Dispatch optimizations and statistics (stream-passes-2.md §12-§13)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Parameters (stream-passes-2.md §14)
//===----------------------------------------------------------------------===//

def SplitParameterEncoderPass
    : Pass<"iree-stream-split-parameter-encoder", "mlir::ModuleOp"> {
  let summary = "Moves parameter re-encoding into an offline encoder module";
  let description = [{
    stream-passes-2.md §14. Finds the constant expressions that initializers
    store into `!stream.resource<constant>` globals (backward slices of the
    stored values made of const-expr ops: parameter and inline constants,
    fills, slices, dispatches, `scf` ops, ...), keeps those the policy
    accepts (parameter/constant inputs enabled, output no larger than
    `max-encoding-growth-factor` times the inputs), and

    * builds an encoder module (`module @encoder`, reflection
      `iree.tool = "iree-encode-parameters"`) with the functions
      `@__encode_parameter_detect_target`, `@__encode_parameter_indices_all`,
      `@__encode_parameter_steps_all` and `@__encode_parameters_all` that
      recompute each expression from the original parameters and scatter the
      results into new parameters `parameter0`, `parameter1`, ... of scope
      `output-scope`;
    * rewrites every such store to load its value from the new parameter
      (`stream.async.constant` of `#stream.parameter.named`, plus a
      `stream.resource.subview` when the value is a subrange), and prunes the
      computation that became dead.

    The encoder module is printed to standard output, or written to
    `output-file` (`.mlirbc`: bytecode). Without any expression the module is
    left unchanged, nothing is printed and an existing `output-file` is
    removed.

    `output-scope` only applies when the option is given explicitly (as the
    pipeline does); otherwise the produced parameters have the empty scope
    (reference behaviour, quirk SP1). Slicing memoizes the const-expr flag and
    the rejection of every op, so each op is judged once for all stores.
  }];
  let options = [
    Option<"mode", "mode", "::sluice::stream::ParameterEncoderMode",
           /*default=*/"::sluice::stream::ParameterEncoderMode::Consolidate",
           "`consolidate` moves pass-through stores into the new parameters "
           "too; `overlay` leaves them alone.",
           [{::llvm::cl::values(
             clEnumValN(::sluice::stream::ParameterEncoderMode::Consolidate,
                        "consolidate", "Move pass-through parameters as well."),
             clEnumValN(::sluice::stream::ParameterEncoderMode::Overlay,
                        "overlay", "Only move transformed parameters.")
           )}]>,
    Option<"outputScope", "output-scope", "std::string",
           /*default=*/"\"encoded\"",
           "Scope of the produced parameters (used only when set "
           "explicitly; the empty scope otherwise).">,
    Option<"outputFile", "output-file", "std::string", /*default=*/"",
           "Writes the encoder module to this file (`.mlirbc`: bytecode) "
           "instead of standard output.">,
    Option<"hoistParameterExpressions", "hoist-parameter-expressions", "bool",
           /*default=*/"true",
           "Hoist expressions that read parameters.">,
    Option<"hoistConstantExpressions", "hoist-constant-expressions", "bool",
           /*default=*/"true",
           "Hoist expressions that read only inline constants.">,
    Option<"maxEncodingGrowthFactor", "max-encoding-growth-factor", "float",
           /*default=*/"1.2f",
           "Largest accepted ratio of output to input bytes.">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::sluice::hal::HALDialect",
    "::sluice::stream::StreamDialect",
    "::sluice::util::UtilDialect",
  ];
}

//===----------------------------------------------------------------------===//
// External transients (external-transients.md)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Sluice reports (memory report, timeline picture)
//===----------------------------------------------------------------------===//

#endif // SLUICE_DIALECT_STREAM_TRANSFORMS_PASSES
