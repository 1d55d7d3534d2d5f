// REQUIRES: sluice-opt
// Export failures (io-parameters.md §12.1): a bad destination, an invalid
// splat pattern and a value that cannot be serialized. A failed export
// leaves an existing archive untouched and no temporary file behind.

// RUN: rm -rf %t && mkdir -p %t && echo original > %t/out.irpa
// RUN: sluice-opt --split-input-file --verify-diagnostics --pass-pipeline="builtin.module(iree-io-export-parameters{path=%t/out.irpa})" %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t/out.irpa
// RUN: ls -A %t | FileCheck %s --check-prefix=NOTEMP
// UNTOUCHED: original
// NOTEMP-NOT: tmp

// RUN: not sluice-opt --pass-pipeline="builtin.module(iree-io-export-parameters{path=%t/missing-dir/out.irpa})" %s --split-input-file 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: error: failed to create file output buffer at {{.*}}missing-dir/out.irpa with error: creating temporary file

// RUN: not sluice-opt --pass-pipeline="builtin.module(iree-io-export-parameters{path=%t/x.irpa checksum=md5})" %s --split-input-file 2>&1 | FileCheck %s --check-prefix=CHECKSUM
// CHECKSUM: error: invalid checksum algorithm 'md5'; expected none, crc32c or sha256

// The builder's status follows the message on the next line (io-parameters.md §12.1).
// RUN: not sluice-opt --split-input-file --pass-pipeline="builtin.module(iree-io-export-parameters{path=%t/pattern.irpa})" %s 2>&1 | FileCheck %s --check-prefix=PATTERN
// PATTERN: error: failed to add splat entry for global
// PATTERN-NEXT: INVALID_ARGUMENT; splat pattern length 32 invalid; must be 1, 2, 4, 8, or 16 bytes

module @bad_pattern {
  // expected-error @+1 {{failed to add splat entry for global}}
  util.global private @wide = dense<1> : tensor<2xi256>
}

// -----

module @unserializable {
  util.global private @fine = dense<[1, 2]> : tensor<2xi32>
  // expected-error @+2 {{elided attributes cannot be serialized}}
  // expected-error @+1 {{failed to serialize global to archive}}
  util.global private @missing_blob = dense_resource<missing> : tensor<4xi32>
}
