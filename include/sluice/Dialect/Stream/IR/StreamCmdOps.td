//===- StreamCmdOps.td - command-phase ops -*- tablegen -*-===//
//
// command-phase ops (stream-ir.md §12.10, §11.14–§11.17).
// Included from StreamOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMCMDOPS
#define SLUICE_DIALECT_STREAM_IR_STREAMCMDOPS

#endif // SLUICE_DIALECT_STREAM_IR_STREAMCMDOPS
