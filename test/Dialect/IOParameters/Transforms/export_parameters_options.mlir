// REQUIRES: sluice-opt, sluice-params
// Export options and Sluice fixes (io-parameters.md §12.1, §13 #9-#11).

// RUN: rm -rf %t && mkdir -p %t

// No scope prefix: an empty scope. minimum-size keeps small globals inline;
// non-tensor globals are never exported.
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-export-parameters{path=%t/min.irpa minimum-size=16})" %s | FileCheck %s --check-prefix=MIN
// RUN: sluice-params dump --parameters=%t/min.irpa | FileCheck %s --check-prefix=MINDUMP

// MIN-LABEL: module @minimum_size
module @minimum_size {
  // MIN: util.global private @small = dense<[1, 2, 3]> : tensor<3xi32>
  util.global private @small = dense<[1, 2, 3]> : tensor<3xi32>
  // MIN: util.global private @exact = #flow.parameter.named<""::"exact"> : tensor<4xi32>
  util.global private @exact = dense<[1, 2, 3, 4]> : tensor<4xi32>
  // MIN: util.global private @large = #flow.parameter.named<""::"large"> : tensor<8xi32>
  util.global private @large = dense<[1, 2, 3, 4, 5, 6, 7, 8]> : tensor<8xi32>
  // MIN: util.global private @string = "this string is longer than sixteen bytes"
  util.global private @string = "this string is longer than sixteen bytes" : !util.buffer
  // MIN: util.global private @uninitialized : tensor<16xi32>
  util.global private @uninitialized : tensor<16xi32>
}
// MINDUMP: (2 entries, 48 total bytes)
// MINDUMP: | 16 | `exact`
// MINDUMP: | 32 | `large`

// An empty path is a no-op; no qualifying global creates no file.
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-export-parameters)" %s | FileCheck %s --check-prefix=NOOP
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-export-parameters{path=%t/none.irpa minimum-size=1000})" %s | FileCheck %s --check-prefix=NOOP
// RUN: not test -e %t/none.irpa
// NOOP: util.global private @exact = dense<[1, 2, 3, 4]> : tensor<4xi32>

