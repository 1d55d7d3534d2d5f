// The --iree-stream-resource-* flags set the default host configuration used
// when no #stream.resource_config applies.

// RUN: sluice-opt --split-input-file --iree-stream-resource-min-offset-alignment=16 --pass-pipeline='builtin.module(util.func(iree-stream-layout-slices, cse))' %s | FileCheck %s --check-prefix=ALIGN16
// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(util.func(iree-stream-layout-slices, cse))' %s | FileCheck %s --check-prefix=ALIGN64
// RUN: sluice-opt --split-input-file --iree-stream-resource-max-allocation-size=64 --pass-pipeline='builtin.module(util.func(iree-stream-pack-constants))' %s | FileCheck %s --check-prefix=MAX64
// RUN: sluice-opt --split-input-file --iree-stream-resource-memory-model=discrete --pass-pipeline='builtin.module(util.func(iree-stream-pack-constants))' %s | FileCheck %s --check-prefix=DISCRETE
// RUN: sluice-opt --split-input-file --iree-stream-resource-memory-model=unified --pass-pipeline='builtin.module(util.func(iree-stream-pack-constants))' %s | FileCheck %s --check-prefix=UNIFIED
// RUN: sluice-opt --help | FileCheck %s --check-prefix=HELP
// REQUIRES: sluice-opt

// HELP-DAG: --iree-stream-resource-max-allocation-size=
// HELP-DAG: --iree-stream-resource-max-range=
// HELP-DAG: --iree-stream-resource-memory-model=
// HELP-DAG: --iree-stream-resource-min-offset-alignment=

// ALIGN16-LABEL: @pack
// ALIGN64-LABEL: @pack
util.func public @pack() -> (index, index, index) {
  %c10 = arith.constant 10 : index
  %t:3 = stream.resource.pack slices({
    [0, 1] = %c10,
    [1, 2] = %c10
  }) : index
  // ALIGN16: util.return %c32, %c0, %c16
  // ALIGN64: util.return %c128, %c0, %c64
  util.return %t#0, %t#1, %t#2 : index, index, index
}

// -----

// MAX64-LABEL: @constants
// DISCRETE-LABEL: @constants
// UNIFIED-LABEL: @constants
util.func public @constants() -> (!stream.resource<constant>, !stream.resource<constant>, !stream.timepoint) {
  %c40 = arith.constant 40 : index
  // Two 40-byte values do not fit one 64-byte allocation.
  // MAX64-COUNT-2: stream.resource.try_map
  // Parameters: one load per parameter when unified, one gather when discrete.
  // DISCRETE: stream.cmd.parameter.gather
  // DISCRETE-NOT: stream.cmd.parameter.load
  // UNIFIED: stream.cmd.parameter.load
  // UNIFIED-NOT: stream.cmd.parameter.gather
  %0:3 = stream.resource.constants :
    !stream.resource<constant>{%c40} = #stream.parameter.named<"a"> : tensor<10xi32>,
    !stream.resource<constant>{%c40} = #stream.parameter.named<"b"> : tensor<10xi32>
    => !stream.timepoint
  %1:3 = stream.resource.constants :
    !stream.resource<constant>{%c40} = dense<1> : tensor<10xi32>,
    !stream.resource<constant>{%c40} = dense<2> : tensor<10xi32>
    => !stream.timepoint
  util.return %0#0, %1#1, %1#2 : !stream.resource<constant>, !stream.resource<constant>, !stream.timepoint
}
