// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-encode-host-tensors --iree-experimental-vscale-value=2 %s | FileCheck %s

// --iree-stream-encode-host-tensors with serialized encodings: each encoding
// sizes its own storage (encoding.md §4, §6.1, §8.2, §9.3).

// CHECK-LABEL: util.func public @packedStorageSizes
util.func public @packedStorageSizes(%arg0: index, %arg1: index) -> (index, index, index, index, index) {
  // CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
  // CHECK-DAG: %[[C3:.+]] = arith.constant 3 : index
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  // CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
  // CHECK: %[[M:.+]] = arith.muli %arg0, %arg1 overflow<nsw> : index
  // CHECK: %[[DYN:.+]] = arith.ceildivui %[[M]], %[[C8]] : index
  %0 = stream.tensor.sizeof tensor<12xi1, #iree_encoding.packed_storage> : index
  %1 = stream.tensor.sizeof tensor<24xi1, #iree_encoding.packed_storage> : index
  %2 = stream.tensor.sizeof tensor<?x?xi1, #iree_encoding.packed_storage>{%arg0, %arg1} : index
  %3 = stream.tensor.sizeof tensor<7xi4, #iree_encoding.packed_storage> : index
  %4 = stream.tensor.sizeof tensor<10xi2, #iree_encoding.packed_storage> : index
  // CHECK: util.return %[[C2]], %[[C3]], %[[DYN]], %[[C4]], %[[C3]]
  util.return %0, %1, %2, %3, %4 : index, index, index, index, index
}

// -----

#layout = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [4, 16], outerDimsPerm = [0, 1]}}>]>
// CHECK-LABEL: util.func public @cpuLhsDynamic
util.func public @cpuLhsDynamic(%arg0: index, %arg1: index) -> index {
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  // CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
  // CHECK: %[[Q0:.+]] = arith.ceildivsi %arg0, %[[C4]] : index
  // CHECK: %[[P0:.+]] = arith.muli %[[Q0]], %[[C4]] overflow<nsw> : index
  // CHECK: %[[Q1:.+]] = arith.ceildivsi %arg1, %[[C16]] : index
  // CHECK: %[[P1:.+]] = arith.muli %[[Q1]], %[[C16]] overflow<nsw> : index
  // CHECK: %[[B:.+]] = arith.muli %[[P0]], %[[C4]] overflow<nsw> : index
  // CHECK: %[[SIZE:.+]] = arith.muli %[[B]], %[[P1]] overflow<nsw> : index
  %0 = stream.tensor.sizeof tensor<?x?xf32, #layout>{%arg0, %arg1} : index
  // CHECK: util.return %[[SIZE]]
  util.return %0 : index
}

// -----

// 10 rounds up to 12: 12 x 4 bytes = 48 per unit of the dynamic dimension.
#layout = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [4, 1], outerDimsPerm = [0, 1]}}>]>
// CHECK-LABEL: util.func public @cpuPartiallyDynamic
util.func public @cpuPartiallyDynamic(%arg0: index) -> index {
  // CHECK: %[[C48:.+]] = arith.constant 48 : index
  // CHECK: %[[SIZE:.+]] = arith.muli %arg0, %[[C48]] overflow<nsw> : index
  %0 = stream.tensor.sizeof tensor<10x?xf32, #layout>{%arg0} : index
  // CHECK: util.return %[[SIZE]]
  util.return %0 : index
}

// -----

// innerDimsPos = [1, 0]: dimension 1 is rounded first.
#layout = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 0], innerTileSizes = [16, 2], outerDimsPerm = [1, 0]}}>]>
// CHECK-LABEL: util.func public @cpuRhs
util.func public @cpuRhs(%arg0: index, %arg1: index) -> index {
  // CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
  // CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
  // CHECK: %[[Q1:.+]] = arith.ceildivsi %arg1, %[[C16]] : index
  // CHECK: %[[P1:.+]] = arith.muli %[[Q1]], %[[C16]] overflow<nsw> : index
  // CHECK: %[[Q0:.+]] = arith.ceildivsi %arg0, %[[C2]] : index
  // CHECK: %[[P0:.+]] = arith.muli %[[Q0]], %[[C2]] overflow<nsw> : index
  // CHECK: %[[B:.+]] = arith.muli %[[P0]], %[[C2]] overflow<nsw> : index
  // CHECK: %[[SIZE:.+]] = arith.muli %[[B]], %[[P1]] overflow<nsw> : index
  %0 = stream.tensor.sizeof tensor<?x?xf16, #layout>{%arg0, %arg1} : index
  // CHECK: util.return %[[SIZE]]
  util.return %0 : index
}

// -----

#layout = #iree_encoding.layout<[#iree_cpu.vmvx_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [4, 8], outerDimsPerm = [0, 1]}}>]>
// CHECK-LABEL: util.func public @vmvxResult
util.func public @vmvxResult() -> index {
  // 5x9 rounds to 8x16; 8 x 16 x 4 bytes.
  // CHECK: %[[C512:.+]] = arith.constant 512 : index
  %0 = stream.tensor.sizeof tensor<5x9xi32, #layout> : index
  // CHECK: util.return %[[C512]]
  util.return %0 : index
}

// -----

// Only dimension 1 is tiled; dimension 0 is used unrounded.
#layout = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1], innerTileSizes = [8], outerDimsPerm = [0, 1]}}>]>
// CHECK-LABEL: util.func public @cpuOneTile
util.func public @cpuOneTile(%arg0: index) -> index {
  // 3 rounds up to 8: 8 x 4 bytes per unit of dimension 0.
  // CHECK: %[[C32:.+]] = arith.constant 32 : index
  // CHECK: %[[SIZE:.+]] = arith.muli %arg0, %[[C32]] overflow<nsw> : index
  %0 = stream.tensor.sizeof tensor<?x3xf32, #layout>{%arg0} : index
  // CHECK: util.return %[[SIZE]]
  util.return %0 : index
}

// -----

// A dynamic tile (VMVX ukernels) counts as 16.
#layout = #iree_encoding.layout<[#iree_cpu.vmvx_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [-9223372036854775808, -9223372036854775808], outerDimsPerm = [0, 1]}}>]>
// CHECK-LABEL: util.func public @vmvxDynamicTiles
util.func public @vmvxDynamicTiles() -> index {
  // 3x17 rounds to 16x32: 512 elements of 1 byte.
  // CHECK: %[[C512:.+]] = arith.constant 512 : index
  %0 = stream.tensor.sizeof tensor<3x17xi8, #layout> : index
  // CHECK: util.return %[[C512]]
  util.return %0 : index
}

// -----

// CHECK-LABEL: util.func public @paddingStatic
util.func public @paddingStatic() -> (index, index, index) {
  // CHECK-DAG: %[[C0:.+]] = arith.constant 16777216 : index
  // CHECK-DAG: %[[C1:.+]] = arith.constant 17039360 : index
  // CHECK-DAG: %[[C2:.+]] = arith.constant 17301504 : index
  %0 = stream.tensor.sizeof tensor<2048x4096xf16, #iree_encoding.layout<[#iree_encoding.padding<[0, 0]>]>> : index
  %1 = stream.tensor.sizeof tensor<2048x4096xf16, #iree_encoding.layout<[#iree_encoding.padding<[0, 64]>]>> : index
  %2 = stream.tensor.sizeof tensor<2048x4096xf16, #iree_encoding.padding<[64, 0]>> : index
  // CHECK: util.return %[[C0]], %[[C1]], %[[C2]]
  util.return %0, %1, %2 : index, index, index
}

// -----

// CHECK-LABEL: util.func public @paddingDynamic
util.func public @paddingDynamic(%arg0: index, %arg1: index) -> (index, index, index, index) {
  // CHECK-DAG: %[[C8192:.+]] = arith.constant 8192 : index
  // CHECK-DAG: %[[C8320:.+]] = arith.constant 8320 : index
  // CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
  // CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
  // CHECK: %[[S0:.+]] = arith.muli %arg0, %[[C8192]] overflow<nsw> : index
  %0 = stream.tensor.sizeof tensor<?x4096xf16, #iree_encoding.padding<[0, 0]>>{%arg0} : index
  // CHECK: %[[S1:.+]] = arith.muli %arg0, %[[C8320]] overflow<nsw> : index
  %1 = stream.tensor.sizeof tensor<?x4096xf16, #iree_encoding.padding<[0, 64]>>{%arg0} : index
  // CHECK: %[[A2:.+]] = arith.addi %arg0, %[[C64]] overflow<nsw> : index
  // CHECK: %[[S2:.+]] = arith.muli %[[A2]], %[[C8192]] overflow<nsw> : index
  %2 = stream.tensor.sizeof tensor<?x4096xf16, #iree_encoding.padding<[64, 0]>>{%arg0} : index
  // CHECK: %[[A3:.+]] = arith.addi %arg0, %[[C64]] overflow<nsw> : index
  // CHECK: %[[M3:.+]] = arith.muli %[[A3]], %arg1 overflow<nsw> : index
  // CHECK: %[[S3:.+]] = arith.muli %[[M3]], %[[C2]] overflow<nsw> : index
  %3 = stream.tensor.sizeof tensor<?x?xf16, #iree_encoding.padding<[64, 0]>>{%arg0, %arg1} : index
  // CHECK: util.return %[[S0]], %[[S1]], %[[S2]], %[[S3]]
  util.return %0, %1, %2, %3 : index, index, index, index
}

// -----

// Several layouts: the largest size (a left fold of maxui).
#layout = #iree_encoding.layout<[
  #iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [4, 8], outerDimsPerm = [0, 1]}}>,
  #iree_cpu.vmvx_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [2, 16], outerDimsPerm = [0, 1]}}>,
  #iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [128, 16], outerDimsPerm = [0, 1]}}>
]>
// CHECK-LABEL: util.func public @multipleLayouts
util.func public @multipleLayouts(%arg0: index) -> index {
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  // CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
  // CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
  // CHECK-DAG: %[[C32:.+]] = arith.constant 32 : index
  // CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
  // CHECK: %[[Q0:.+]] = arith.ceildivsi %arg0, %[[C4]] : index
  // CHECK: %[[P0:.+]] = arith.muli %[[Q0]], %[[C4]] overflow<nsw> : index
  // CHECK: %[[S0:.+]] = arith.muli %[[P0]], %[[C32]] overflow<nsw> : index
  // CHECK: %[[Q1:.+]] = arith.ceildivsi %arg0, %[[C2]] : index
  // CHECK: %[[P1:.+]] = arith.muli %[[Q1]], %[[C2]] overflow<nsw> : index
  // CHECK: %[[S1:.+]] = arith.muli %[[P1]], %[[C64]] overflow<nsw> : index
  // CHECK: %[[Q2:.+]] = arith.ceildivsi %arg0, %[[C128]] : index
  // CHECK: %[[P2:.+]] = arith.muli %[[Q2]], %[[C128]] overflow<nsw> : index
  // CHECK: %[[S2:.+]] = arith.muli %[[P2]], %[[C64]] overflow<nsw> : index
  // CHECK: %[[MAX0:.+]] = arith.maxui %[[S0]], %[[S1]] : index
  // CHECK: %[[MAX1:.+]] = arith.maxui %[[MAX0]], %[[S2]] : index
  %0 = stream.tensor.sizeof tensor<?x5xf32, #layout>{%arg0} : index
  // CHECK: util.return %[[MAX1]]
  util.return %0 : index
}

// -----

// Scalable tiles are multiplied by --iree-experimental-vscale-value (2):
// 24 rounds up to 32; 32 x 8 x 4 bytes.
#layout = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [8, 1], outerDimsPerm = [0, 1], scalableTiles = [true, false]}}>]>
// CHECK-LABEL: util.func public @scalableTiles
util.func public @scalableTiles() -> index {
  // CHECK: %[[C1024:.+]] = arith.constant 1024 : index
  %0 = stream.tensor.sizeof tensor<24x8xf32, #layout> : index
  // CHECK: util.return %[[C1024]]
  util.return %0 : index
}

// -----

// [fix] encoding.md §4.1, §4.2: a serialized testing encoding is sized as
// the maximum of its layouts; `specialized` has the identity size.
// CHECK-LABEL: util.func public @testingSizes
util.func public @testingSizes(%arg0: index) -> (index, index, index) {
  // CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
  // CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
  // CHECK: %[[S0:.+]] = arith.muli %arg0, %[[C16]] overflow<nsw> : index
  %0 = stream.tensor.sizeof tensor<?x4xf32, #iree_encoding.testing<layouts = [#iree_encoding.specialized<123, tensor<?x4xf32>>]>>{%arg0} : index
  %1 = stream.tensor.sizeof tensor<4x4xf32, #iree_encoding.testing<layouts = []>> : index
  %2 = stream.tensor.sizeof tensor<4x4xf32, #iree_encoding.specialized<7>> : index
  // CHECK: util.return %[[S0]], %[[C64]], %[[C64]]
  util.return %0, %1, %2 : index, index, index
}

// -----

// [fix] encoding.md §4.4: identity and padding layouts bit-pack i2/i4 like
// the same tensor without an encoding.
// CHECK-LABEL: util.func public @identitySubByte
util.func public @identitySubByte(%arg0: index) -> (index, index, index) {
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  // CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
  // CHECK-DAG: %[[C5:.+]] = arith.constant 5 : index
  // CHECK: %[[M:.+]] = arith.muli %arg0, %[[C4]] overflow<nsw> : index
  // CHECK: %[[S1:.+]] = arith.ceildivui %[[M]], %[[C2]] : index
  %0 = stream.tensor.sizeof tensor<8xi4, #iree_encoding.identity> : index
  %1 = stream.tensor.sizeof tensor<?x4xi4, #iree_encoding.identity>{%arg0} : index
  // 8 + 2 padded elements of i4.
  %2 = stream.tensor.sizeof tensor<8xi4, #iree_encoding.padding<[2]>> : index
  // CHECK: util.return %[[C4]], %[[S1]], %[[C5]]
  util.return %0, %1, %2 : index, index, index
}

// -----

// Unserialized encodings make the patterns decline; non-serializable ones
// are ignored.
// CHECK-LABEL: util.func public @unserialized
util.func public @unserialized(%arg0: index, %arg1: index) -> (index, !stream.resource<*>, index) {
  // CHECK: %[[C16:.+]] = arith.constant 16 : index
  // CHECK: stream.tensor.sizeof tensor<?x4xf32, #encoding>
  %0 = stream.tensor.sizeof tensor<?x4xf32, #iree_encoding.testing<>>{%arg0} : index
  // CHECK: stream.tensor.empty : tensor<?x2048xf16, #iree_encoding.padding<[0, ?]>>
  %1 = stream.tensor.empty : tensor<?x2048xf16, #iree_encoding.padding<[0, ?]>>{%arg0} in !stream.resource<*>{%arg1}
  // CHECK: arith.muli %arg0, %[[C16]] : index
  %2 = stream.tensor.sizeof tensor<?x4xf32, #iree_encoding.unknown>{%arg0} : index
  util.return %0, %1, %2 : index, !stream.resource<*>, index
}

// -----

// [fix] encoding.md §8.2 item 3: dense offsets into a padded or tiled layout
// would be wrong, so those ops stay; identity layouts are fine.
// CHECK-LABEL: util.func public @offsetsIntoLayouts
util.func public @offsetsIntoLayouts(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: stream.tensor.slice
  %0 = stream.tensor.slice %arg0[%arg3, %c0 for %c1, %c1] : tensor<?x4xf32, #iree_encoding.padding<[0, 4]>>{%arg1} in !stream.resource<*>{%arg2} -> tensor<1x1xf32> in !stream.resource<*>{%c1}
  // CHECK: stream.async.slice
  %1 = stream.tensor.slice %arg0[%arg3, %c0 for %c1, %c1] : tensor<?x4xf32, #iree_encoding.identity>{%arg1} in !stream.resource<*>{%arg2} -> tensor<1x1xf32> in !stream.resource<*>{%c1}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}
