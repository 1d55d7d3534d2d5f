// REQUIRES: sluice-opt
// Import options: keys, maximum-size, several paths and scopes, missing
// scopes, config offset/length (io-parameters.md §12.2, §13 #12-#13).

// Two archives: scope "a" and the empty scope.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sluice-opt --split-input-file --pass-pipeline="builtin.module(iree-io-export-parameters{path=a=%t/a.irpa})" %S/Inputs/import_archive_a.mlir -o /dev/null
// RUN: sluice-opt --split-input-file --pass-pipeline="builtin.module(iree-io-export-parameters{path=%t/b.irpa})" %S/Inputs/import_archive_b.mlir -o /dev/null

// Default maximum size: everything found is imported. The null scope reads
// the empty scope.
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-import-parameters{paths=a=%t/a.irpa,%t/b.irpa})" %s | FileCheck %s --check-prefix=ALL
// ALL: @small = dense<[1, 2]> : tensor<2xi32>
// ALL: @large = dense<[1, 2, 3, 4, 5, 6, 7, 8]> : tensor<8xi32>
// ALL: @splat = dense<7> : tensor<16xi16>
// ALL: @unscoped = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// ALL: @empty_scope = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// ALL: @other_scope = #flow.parameter.named<"c"::"small"> : tensor<2xi32>
// ALL: @missing_key = #flow.parameter.named<"a"::"nope"> : tensor<2xi32>
// ALL: @window = dense<[3, 4, 5]> : tensor<3xi32>

// maximum-size: only parameters of at most that many bytes.
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-import-parameters{paths=a=%t/a.irpa,%t/b.irpa maximum-size=8})" %s | FileCheck %s --check-prefix=MAX
// MAX: @small = dense<[1, 2]> : tensor<2xi32>
// MAX: @large = #flow.parameter.named<"a"::"large"> : tensor<8xi32>
// MAX: @splat = #flow.parameter.named<"a"::"splat"> : tensor<16xi16>
// MAX: @unscoped = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>

// maximum-size=0 disables size-based import: only listed keys (in any scope).
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-import-parameters{paths=a=%t/a.irpa,%t/b.irpa maximum-size=0 keys=large,unscoped})" %s | FileCheck %s --check-prefix=KEYS
// KEYS: @small = #flow.parameter.named<"a"::"small"> : tensor<2xi32>
// KEYS: @large = dense<[1, 2, 3, 4, 5, 6, 7, 8]> : tensor<8xi32>
// KEYS: @splat = #flow.parameter.named<"a"::"splat"> : tensor<16xi16>
// KEYS: @unscoped = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// KEYS: @empty_scope = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// KEYS: @window = dense<[3, 4, 5]> : tensor<3xi32>

// No paths: no-op.
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-import-parameters)" %s | FileCheck %s --check-prefix=NOOP
// NOOP: @small = #flow.parameter.named<"a"::"small"> : tensor<2xi32>

// config is preserved on parameters that are not imported.
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-import-parameters{paths=a=%t/a.irpa maximum-size=4})" %s | FileCheck %s --check-prefix=CONFIG
// CONFIG: @window = #flow.parameter.named<"a"::"large", {length = 12 : i64, offset = 8 : i64}> : tensor<3xi32>

// A listed key that is missing from its scope's archive is reported.
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-import-parameters{paths=a=%t/a.irpa keys=nope})" %s 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: warning: parameter 'a::nope' listed in keys was not imported: no parameter found in index with key 'nope'

util.global private @small = #flow.parameter.named<"a"::"small"> : tensor<2xi32>
util.global private @large = #flow.parameter.named<"a"::"large"> : tensor<8xi32>
util.global private @splat = #flow.parameter.named<"a"::"splat"> : tensor<16xi16>
util.global private @unscoped = #flow.parameter.named<"unscoped"> : tensor<2xf32>
util.global private @empty_scope = #flow.parameter.named<""::"unscoped"> : tensor<2xf32>
util.global private @other_scope = #flow.parameter.named<"c"::"small"> : tensor<2xi32>
util.global private @missing_key = #flow.parameter.named<"a"::"nope"> : tensor<2xi32>
util.global private @window = #flow.parameter.named<"a"::"large", {offset = 8 : i64, length = 12 : i64}> : tensor<3xi32>
