// RUN: sluice-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(util.func(iree-stream-layout-slices))' %s
// RUN: sluice-opt --split-input-file --verify-diagnostics --sluice-stream-layout-strategy=best --pass-pipeline='builtin.module(util.func(iree-stream-layout-slices))' %s
// REQUIRES: sluice-opt

util.func public @negativeSize() -> index {
  %c-1 = arith.constant -1 : index
  // expected-error @+1 {{'stream.resource.pack' op slice 0 has a negative size -1}}
  %t:2 = stream.resource.pack slices({
    [0, 1] = %c-1
  }) : index
  util.return %t#0 : index
}

// -----

util.func public @overflowingLayout() -> index {
  %c = arith.constant 9223372036854775807 : index
  // expected-error @+1 {{'stream.resource.pack' op static slice layout exceeds the index range}}
  %t:3 = stream.resource.pack slices({
    [0, 1] = %c,
    [1, 2] = %c
  }) : index
  util.return %t#0 : index
}
