//===- IOParametersBase.td - io_parameters dialect ---------*- tablegen -*-===//
//
// External parameter I/O: parameters live outside the program in archives and
// are addressed by an optional scope plus a key, both byte strings.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_IOPARAMETERS_IR_IOPARAMETERSBASE
#define SLUICE_DIALECT_IOPARAMETERS_IR_IOPARAMETERSBASE

include "mlir/IR/OpBase.td"

def IOParameters_Dialect : Dialect {
  let name = "io_parameters";
  let cppNamespace = "::sluice::io_parameters";
  let summary = "External parameter resource management.";
  let description = [{
    Ops that load parameters into new buffers, gather parameter ranges into an
    existing buffer and scatter buffer ranges back into parameters. Parameters
    are addressed by an optional scope and a key (`!util.buffer` values, or
    string literals in IR written before dynamic keys existed). Every op is
    asynchronous: it waits on a wait fence and signals a signal fence.
  }];
  let dependentDialects = [
    "::sluice::hal::HALDialect",
    "::sluice::util::UtilDialect",
  ];
  let extraClassDeclaration = [{
    void registerOps();
  }];
}

class IOParameters_Op<string mnemonic, list<Trait> traits = []>
    : Op<IOParameters_Dialect, mnemonic, traits>;

#endif // SLUICE_DIALECT_IOPARAMETERS_IR_IOPARAMETERSBASE
