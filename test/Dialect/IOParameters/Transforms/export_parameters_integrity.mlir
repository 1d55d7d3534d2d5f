// REQUIRES: sluice-opt, sluice-params
// Sluice-only export options (io-parameters.md §12.1): per-entry checksums
// and tensor info, read back with `sluice-params dump --verbose` and
// `sluice-params verify`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-export-parameters{path=%t/sha.irpa checksum=sha256 tensor-info=true})" %S/Inputs/import_archive_a.mlir | FileCheck %s --check-prefix=IR
// RUN: sluice-params dump --verbose --parameters=%t/sha.irpa | FileCheck %s --check-prefix=SHA
// RUN: sluice-params verify --parameters=%t/sha.irpa | FileCheck %s --check-prefix=VERIFY
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-export-parameters{path=%t/crc.irpa checksum=crc32c})" %S/Inputs/import_archive_a.mlir -o /dev/null
// RUN: sluice-params dump --verbose --parameters=%t/crc.irpa | FileCheck %s --check-prefix=CRC

// IR: @small = #flow.parameter.named<""::"small"> : tensor<2xi32>
// IR: @large = #flow.parameter.named<""::"large"> : tensor<8xi32>
// IR: @splat = #flow.parameter.named<""::"splat"> : tensor<16xi16>

// SHA: Entry `small`: file {{.*}}sha.irpa offset {{[0-9]+}}, 8 bytes, alignment 64, SHA-256 checksum (1 chunk), tensor I32 [2]
// SHA: Entry `large`: file {{.*}}sha.irpa offset {{[0-9]+}}, 32 bytes, alignment 64, SHA-256 checksum (1 chunk), tensor I32 [8]
// SHA: Entry `splat`: splat of 32 bytes, pattern 0700, tensor I16 [16]
// VERIFY: verified 3 entries in 1 files: 2 checksummed, 0 bad

// CRC: Entry `small`: {{.*}}CRC32C checksum
// CRC-NOT: tensor
