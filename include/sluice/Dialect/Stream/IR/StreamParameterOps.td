//===- StreamParameterOps.td - tensor/async/cmd parameter ops -*- tablegen -*-===//
//
// tensor/async/cmd parameter ops (stream-ir.md §12.6, §12.9, §12.11, §11.19–§11.24).
// Included from StreamOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMPARAMETEROPS
#define SLUICE_DIALECT_STREAM_IR_STREAMPARAMETEROPS

#endif // SLUICE_DIALECT_STREAM_IR_STREAMPARAMETEROPS
