//===- Passes.td - io_parameters passes --------------------*- tablegen -*-===//

#ifndef SLUICE_DIALECT_IOPARAMETERS_TRANSFORMS_PASSES
#define SLUICE_DIALECT_IOPARAMETERS_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def MaterializeParameterLiteralsPass
    : Pass<"sluice-io-materialize-parameter-literals", "mlir::ModuleOp"> {
  let summary = "Rewrites legacy string-literal parameter references into SSA form";
  let description = [{
    Every `io_parameters` op written in the legacy string-literal form
    (`"scope"::"key"[%offset]`) is rewritten to take its scope and keys as
    `!util.buffer` operands. One `util.buffer.constant` is created per distinct
    string per op, immediately before the op.
  }];
  let dependentDialects = ["::sluice::util::UtilDialect"];
}

def ExportParametersPass
    : Pass<"iree-io-export-parameters", "mlir::ModuleOp"> {
  let summary = "Moves large global initial values into a parameter archive";
  let description = [{
    Every direct-child `util.global` of tensor type whose initial value is
    serializable and at least `minimum-size` bytes is written to the `.irpa`
    archive at `path` (`[scope=]file.irpa`) and its initial value is replaced
    with `#flow.parameter.named<"scope"::"name">`. Immutable splats become
    splat entries; everything else becomes a data entry (alignment 64). An
    empty `path` makes the pass a no-op.
  }];
  let options = [
    Option<"path", "path", "std::string", /*default=*/"",
           "File path to an archive to export from with an optional "
           "`scope=` prefix.">,
    Option<"minimumSize", "minimum-size", "int64_t", /*default=*/"0",
           "Minimum size of a serialized global to export.">,
    Option<"checksum", "checksum", "std::string", /*default=*/"\"none\"",
           "[Sluice] Per-entry integrity records: none, crc32c or sha256.">,
    Option<"tensorInfo", "tensor-info", "bool", /*default=*/"false",
           "[Sluice] Records dtype and shape per entry.">,
  ];
  let dependentDialects = ["::sluice::flow::FlowDialect"];
}

def ImportParametersPass
    : Pass<"iree-io-import-parameters", "mlir::ModuleOp"> {
  let summary = "Imports parameters from archives into global initial values";
  let description = [{
    Opens the archives in `paths` (each `[scope=]path`) and replaces
    `#flow.parameter.named` initial values of direct-child globals with their
    contents when the key is listed in `keys` or the parameter is at most
    `maximum-size` bytes (0 disables size-based import).
  }];
  let options = [
    ListOption<"paths", "paths", "std::string",
               "File paths to archives to import from with an optional "
               "`scope=` prefix.">,
    ListOption<"keys", "keys", "std::string",
               "List of parameter keys to import.">,
    Option<"maximumSize", "maximum-size", "int64_t",
           /*default=*/"9223372036854775807",
           "Maximum size of a serialized global to import.">,
  ];
}

def GenerateSplatParameterArchivePass
    : Pass<"iree-io-generate-splat-parameter-archive", "mlir::ModuleOp"> {
  let summary = "Writes an archive of zero splats for every named parameter";
  let description = [{
    Collects every `#flow.parameter.named` used as a global initial value or
    a `flow.tensor.constant` value anywhere in the module and writes an
    `.irpa` archive with one zero splat entry per key to `file`. The IR is
    unchanged. An empty `file` makes the pass a no-op.
  }];
  let options = [
    Option<"filePath", "file", "std::string", /*default=*/"",
           "Path to write the parameter archive to.">,
    Option<"scope", "scope", "std::string", /*default=*/"",
           "[Sluice] Only write parameters of this scope.">,
  ];
}

#endif // SLUICE_DIALECT_IOPARAMETERS_TRANSFORMS_PASSES
