// REQUIRES: sluice-opt
// Import failures (io-parameters.md §12.2): missing or unparsable archives,
// entries whose range does not match the global type, splats whose pattern
// does not match the element width, and packed types.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-export-parameters{path=%t/a.irpa})" %S/Inputs/import_archive_errors.mlir -o /dev/null
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-generate-splat-parameter-archive{file=%t/splat.irpa})" %S/Inputs/import_archive_errors.mlir -o /dev/null

// RUN: not sluice-opt --pass-pipeline="builtin.module(iree-io-import-parameters{paths=%t/missing.irpa})" %s --split-input-file 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: cannot open archive input file '{{.*}}missing.irpa': No such file or directory{{$}}

// RUN: echo "not an archive" > %t/garbage.irpa
// RUN: not sluice-opt --pass-pipeline="builtin.module(iree-io-import-parameters{paths=%t/garbage.irpa})" %s --split-input-file 2>&1 | FileCheck %s --check-prefix=GARBAGE
// GARBAGE: error: parsing parameter archive
// GARBAGE-NEXT: {{[A-Z_]+}};

// RUN: sluice-opt --split-input-file --verify-diagnostics --pass-pipeline="builtin.module(iree-io-import-parameters{paths=%t/a.irpa})" %s

// RUN: not sluice-opt --pass-pipeline="builtin.module(iree-io-import-parameters{paths=%t/splat.irpa})" %s --split-input-file 2>&1 | FileCheck %s --check-prefix=SPLAT
// SPLAT: splat pattern has insufficient bits for type tensor<2xf32>

// RUN: not sluice-opt --pass-pipeline="builtin.module(iree-io-import-parameters{paths=%t/a.irpa keys=packed})" %s --split-input-file 2>&1 | FileCheck %s --check-prefix=PACKED
// PACKED: WARNING: not importing parameter `packed` of type tensor<4xi4> as packed types are not yet supported

util.global private @packed = #flow.parameter.named<"packed"> : tensor<4xi4>

// -----

// expected-error @+1 {{parameter '::data' range [0, 12) does not match global type tensor<3xi32> (entry has 8 bytes, type needs 12)}}
util.global private @too_long = #flow.parameter.named<"data"> : tensor<3xi32>

// -----

// expected-error @+1 {{parameter '::data' range [4, 12) does not match global type tensor<2xi32> (entry has 8 bytes, type needs 8)}}
util.global private @past_end = #flow.parameter.named<"data", {offset = 4 : i64}> : tensor<2xi32>

// -----

// expected-error @+1 {{parameter '::data' range [0, 4) does not match global type tensor<2xi32> (entry has 8 bytes, type needs 8)}}
util.global private @short_length = #flow.parameter.named<"data", {length = 4 : i64}> : tensor<2xi32>

// -----

util.global private @reinterpreted = #flow.parameter.named<"data"> : tensor<2xf32>
