// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-encode-host-tensors --verify-diagnostics %s

// The diagnostics of --iree-stream-encode-host-tensors (stream-passes-1.md
// §7.2, encoding.md §8.2): byte counts that are not whole bytes and fill
// patterns no builtin supports. Each is reported once.

util.func public @constantI4NotWholeBytes() -> !stream.resource<constant> {
  // expected-error @+1 {{failed to calculate total byte count: 'tensor<5xi4>' does not have integral number of total bytes}}
  %0 = stream.tensor.constant : tensor<5xi4> in !stream.resource<constant> = dense<[1, 2, 3, 4, 5]> : tensor<5xi4>
  util.return %0 : !stream.resource<constant>
}

// -----

util.func public @sizeOfI4NotWholeBytes(%arg0: f32, %arg1: !stream.resource<*>, %arg2: index) -> (index, !stream.resource<*>) {
  // expected-error @+1 {{failed to calculate total byte count: 'tensor<11xi4>' does not have integral number of total bytes}}
  %0 = stream.tensor.sizeof tensor<11xi4> : index
  // Other ops still change, so the driver revisits the failing op.
  %1 = stream.tensor.splat %arg0 : f32 -> tensor<4xf32> in !stream.resource<*>{%arg2}
  util.return %0, %1 : index, !stream.resource<*>
}

// -----

util.func public @parameterLoadNotWholeBytes(%key: !util.buffer, %offset: i64, %size: index) -> !stream.resource<constant> {
  // expected-error @+1 {{failed to calculate total byte count: 'tensor<3xi2>' does not have integral number of total bytes}}
  %0 = stream.tensor.parameter.load %key[%offset] : tensor<3xi2> in !stream.resource<constant>{%size}
  util.return %0 : !stream.resource<constant>
}

// -----

// [fix] encoding.md §4.4: identity layouts of sub-byte elements need whole
// bytes too.
util.func public @identityNotWholeBytes() -> index {
  // expected-error @+1 {{failed to calculate total byte count: 'tensor<3xi4, #iree_encoding.identity>' does not have integral number of total bytes}}
  %0 = stream.tensor.sizeof tensor<3xi4, #iree_encoding.identity> : index
  util.return %0 : index
}

// -----

// [SLUICE] encoding.md §6.1: scalable tiles need
// --iree-experimental-vscale-value.
util.func public @scalableWithoutVscale() -> index {
  // expected-error @+1 {{failed to calculate total byte count}}
  %0 = stream.tensor.sizeof tensor<24x8xf32, #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [8, 1], outerDimsPerm = [0, 1], scalableTiles = [true, false]}}>]>> : index
  util.return %0 : index
}

// -----

util.func public @splatI3(%arg0: i3, %arg1: index) -> !stream.resource<*> {
  // expected-error @+1 {{has unsupported pattern type 'i3' with too large/non-byte-aligned bit width; a new builtin is required}}
  %0 = stream.tensor.splat %arg0 : i3 -> tensor<8xi3> in !stream.resource<*>{%arg1}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @fillI17(%arg0: i17, %arg1: !stream.resource<*>, %arg2: index, %arg3: index) -> !stream.resource<*> {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{has unsupported pattern type 'i17' with too large/non-byte-aligned bit width; a new builtin is required}}
  %0 = stream.tensor.fill %arg0, %arg1[%arg3 for %c1] : i17 -> tensor<8xi17> in %arg1 as !stream.resource<*>{%arg2}
  util.return %0 : !stream.resource<*>
}
