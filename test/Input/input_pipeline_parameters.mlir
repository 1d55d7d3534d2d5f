// REQUIRES: sluice-opt, sluice-params
// Step 11 of phase input (execution.md §2.2, io-parameters.md §12.4): the
// archive passes run from the pipeline's options, import first, export and
// splat last.
// RUN: sluice-opt "--sluice-input-pipeline=parameter-export=model=%t.irpa parameter-export-minimum-size=16" %s | FileCheck %s --check-prefix=EXPORT
// RUN: sluice-params dump --parameters=%t.irpa | FileCheck %s --check-prefix=ARCHIVE
// Exported: the 64-byte global becomes a named parameter; the 8-byte one
// stays inline.
// EXPORT: util.global private @big = #flow.parameter.named<"model"::"big"> : tensor<16xf32>
// EXPORT: util.global private @small = dense<2.000000e+00> : tensor<2xf32>
// ARCHIVE: big
// ARCHIVE-NOT: small
//
// Imported back from that archive (all keys below 1 KiB).
// RUN: sluice-opt "--sluice-input-pipeline=parameter-export=model=%t.irpa parameter-export-minimum-size=16" %s -o %t.exported.mlir
// RUN: sluice-opt "--sluice-input-pipeline=parameter-import=model=%t.irpa parameter-import-maximum-size=1024" %t.exported.mlir | FileCheck %s --check-prefix=IMPORT
// IMPORT: util.global private @big = dense<1.000000e+00> : tensor<16xf32>
//
// Splat archive of every named parameter.
// RUN: sluice-opt "--sluice-input-pipeline=parameter-splat=%t.splat.irpa" %t.exported.mlir -o /dev/null
// RUN: sluice-params dump --parameters=%t.splat.irpa | FileCheck %s --check-prefix=SPLAT
// SPLAT: big

util.global private @big = dense<1.0> : tensor<16xf32>
util.global private @small = dense<2.0> : tensor<2xf32>
util.func public @f() -> (tensor<16xf32>, tensor<2xf32>) {
  %b = util.global.load immutable @big : tensor<16xf32>
  %s = util.global.load immutable @small : tensor<2xf32>
  util.return %b, %s : tensor<16xf32>, tensor<2xf32>
}
