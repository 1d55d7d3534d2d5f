//===- StreamAsyncOps.td - async-phase ops -*- tablegen -*-===//
//
// async-phase ops (stream-ir.md §12.7, §12.8, §11.10, §11.13, §11.18).
// Included from StreamOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMASYNCOPS
#define SLUICE_DIALECT_STREAM_IR_STREAMASYNCOPS

#endif // SLUICE_DIALECT_STREAM_IR_STREAMASYNCOPS
