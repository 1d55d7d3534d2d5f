// REQUIRES: sluice-opt
// Byte-exact archive for the reference export test (io-parameters.md §14
// item 5). The golden file was written by Sluice's writer and reviewed
// against irpa-format.md §4: 10 entries (splat, 4 data, splat, 4 data) give
// an entry segment of 828 bytes at 96, 188 metadata bytes at 924, the
// storage segment at align64(1112) = 1152 with 456 bytes (every data entry
// 64-aligned), and a 4096-byte file; data is little-endian in the packed
// physical layout.

// RUN: rm -f %t.irpa
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-export-parameters{path="opt=%t.irpa" minimum-size=0})" %S/export_parameters.mlir -o /dev/null
// RUN: cmp %t.irpa %S/Inputs/export_parameters.golden.irpa
