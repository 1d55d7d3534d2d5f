// REQUIRES: sluice-opt, sluice-params
// Splat-archive options and Sluice fixes (io-parameters.md §12.3, §13 #14):
// the scope filter, one entry per key with the maximum length, an empty
// archive when there is nothing to write, and a bad destination.

// RUN: rm -rf %t && mkdir -p %t

// Duplicate keys: one entry, maximum length, with a warning.
// RUN: sluice-opt --split-input-file --verify-diagnostics --pass-pipeline="builtin.module(iree-io-generate-splat-parameter-archive{file=%t/all.irpa})" %s -o /dev/null
// RUN: sluice-params dump --parameters=%t/all.irpa --extract=dup=%t/dup.bin | FileCheck %s --check-prefix=ALL
// RUN: od -v -A n -t x1 %t/dup.bin | FileCheck %s --check-prefix=ZEROS
// ALL: (4 entries, 1036 total bytes)
// ALL: - | - | 16 | `dup`
// ALL-NEXT: - | - | 1000 | `big`
// ALL-NEXT: - | - | 8 | `other`
// ALL-NEXT: - | - | 12 | `unscoped`
// ZEROS: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00

// scope: only parameters of that scope; the empty scope selects unscoped ones.
// RUN: sluice-opt --split-input-file --pass-pipeline="builtin.module(iree-io-generate-splat-parameter-archive{file=%t/b.irpa scope=b})" %s -o /dev/null
// RUN: sluice-params dump --parameters=%t/b.irpa | FileCheck %s --check-prefix=SCOPEB
// SCOPEB: (1 entries, 8 total bytes)
// SCOPEB: - | - | 8 | `other`
// RUN: sluice-opt --split-input-file --pass-pipeline="builtin.module(iree-io-generate-splat-parameter-archive{file=%t/empty-scope.irpa scope=})" %s -o /dev/null
// RUN: sluice-params dump --parameters=%t/empty-scope.irpa | FileCheck %s --check-prefix=EMPTYSCOPE
// EMPTYSCOPE: (1 entries, 12 total bytes)
// EMPTYSCOPE: - | - | 12 | `unscoped`

// Nothing to write: an empty archive is still written (4096 bytes).
// RUN: sluice-opt --split-input-file --pass-pipeline="builtin.module(iree-io-generate-splat-parameter-archive{file=%t/none.irpa scope=nothing})" %s -o /dev/null
// RUN: wc -c < %t/none.irpa | FileCheck %s --check-prefix=EMPTY
// RUN: cmp %t/none.irpa %testdata/irpa/empty.irpa
// EMPTY: 4096

// No file: no-op.
// RUN: sluice-opt --split-input-file --pass-pipeline="builtin.module(iree-io-generate-splat-parameter-archive)" %s | FileCheck %s --check-prefix=NOOP
// NOOP: util.global private @dup_i32 = #flow.parameter.named<"a"::"dup"> : tensor<4xi32>

// RUN: not sluice-opt --split-input-file --pass-pipeline="builtin.module(iree-io-generate-splat-parameter-archive{file=%t/missing-dir/x.irpa})" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: error: Failed to commit archive with error: creating temporary file

util.global private @dup_i8 = #flow.parameter.named<"a"::"dup"> : tensor<4xi8>
// expected-warning @+1 {{parameter 'dup' referenced with different sizes (4 vs 16); using 16}}
util.global private @dup_i32 = #flow.parameter.named<"a"::"dup"> : tensor<4xi32>
util.global private @big = #flow.parameter.named<"a"::"big"> : tensor<1000xi8>
util.global private @other = #flow.parameter.named<"b"::"other"> : tensor<2xf32>
util.global private @unscoped = #flow.parameter.named<"unscoped"> : tensor<3xf32>
// Non-tensor parameters are skipped.
util.global private @scalar = #flow.parameter.named<"a"::"scalar"> : i32
// The same attribute twice is one parameter.
util.global private @dup_i32_again = #flow.parameter.named<"a"::"dup"> : tensor<4xi32>
