//===- SluiceRTBase.td - sluice_rt dialect ------------------*- tablegen -*-===//
//
// The `sluice_rt` dialect of execution.md §4.2: host-side IR of the native
// lowering (phase native, §2.7) — command functions made of waves, queue
// submission of command functions, explicit error edges and explicit
// reference counting.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_SLUICERT_IR_SLUICERTBASE
#define SLUICE_DIALECT_SLUICERT_IR_SLUICERTBASE

include "mlir/IR/OpBase.td"

def SluiceRT_Dialect : Dialect {
  let name = "sluice_rt";
  let cppNamespace = "::sluice::sluice_rt";
  let summary = "Host-side runtime operations of Sluice's native lowering.";
  let description = [{
    Command functions (`util.func`s marked `sluice_rt.command_function`)
    contain `sluice_rt.wave`s of dispatches, fills and copies and are
    submitted with `sluice_rt.queue.execute`. Host functions carry explicit
    error edges (`sluice_rt.check_status`, `sluice_rt.check_code`,
    `sluice_rt.fail`) and explicit reference counting (`sluice_rt.retain`,
    `sluice_rt.release`). `sluice_rt.executable_info` records the metadata
    of a linked workgroup function.
  }];
  let dependentDialects = [
    "::sluice::hal::HALDialect",
    "::sluice::util::UtilDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::arith::ArithDialect",
  ];
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// The unit attribute that marks a util.func as a command function.
    static constexpr ::llvm::StringLiteral kCommandFunctionAttrName =
        "sluice_rt.command_function";
    /// The i64 attribute on a hal.executable.export holding the estimated
    /// cost of one workgroup in nanoseconds (execution.md §5.4), set by the
    /// CPU codegen and read by the outlining and linking passes.
    static constexpr ::llvm::StringLiteral kWorkgroupCostAttrName =
        "sluice.workgroup_cost_ns";
  }];
}

class SluiceRT_Op<string mnemonic, list<Trait> traits = []>
    : Op<SluiceRT_Dialect, mnemonic, traits>;

#endif // SLUICE_DIALECT_SLUICERT_IR_SLUICERTBASE
