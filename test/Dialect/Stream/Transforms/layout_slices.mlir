// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(util.func(iree-stream-layout-slices, cse))' %s | FileCheck %s
// REQUIRES: sluice-opt

#layoutStaticConfig = #stream.resource_config<{
  max_allocation_size = 1073741824,
  min_buffer_offset_alignment = 16,
  max_buffer_range = 134217728,
  min_buffer_range_alignment = 16
}>

// The reference's greedy layout (stream-passes-2.md §9.2 golden).

// CHECK-LABEL: @layoutStatic
util.func public @layoutStatic() -> (index, index, index, index, index, index, index)
    attributes {stream.resources = #layoutStaticConfig} {
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %t:7 = stream.resource.pack slices({
    [0, 1] = %c100,  // +0
    [1, 2] = %c100,  // +112 (100 align 16)
    [2, 3] = %c100,  // +0 (reuse [0, 1])
    [0, 4] = %c200,  // +224 (after 112 + 112)
    [5, 6] = %c200,  // +0 (reuse [0, 4])
    [5, 8] = %c100   // +208 (after 200 align 16)
  }) : index
  // CHECK-DAG: %c0 = arith.constant 0 : index
  // CHECK-DAG: %c112 = arith.constant 112 : index
  // CHECK-DAG: %c208 = arith.constant 208 : index
  // CHECK-DAG: %c224 = arith.constant 224 : index
  // CHECK-DAG: %c432 = arith.constant 432 : index
  // CHECK: util.return %c432, %c0, %c112, %c0, %c224, %c0, %c208
  util.return %t#0, %t#1, %t#2, %t#3, %t#4, %t#5, %t#6 : index, index, index, index, index, index, index
}

// -----

#layoutDynamicConfig = #stream.resource_config<{
  max_allocation_size = 1073741824,
  min_buffer_offset_alignment = 16,
  max_buffer_range = 134217728,
  min_buffer_range_alignment = 16
}>

// Dynamic slices share memory only with slices of the same size value.

// CHECK-LABEL: @layoutDynamic
// CHECK-SAME: (%[[SIZE_A:.+]]: index, %[[SIZE_B:.+]]: index)
util.func public @layoutDynamic(%size_a: index, %size_b: index) -> (index, index, index, index)
    attributes {stream.resources = #layoutDynamicConfig} {
  %t:4 = stream.resource.pack slices({
    [0, 1] = %size_a,
    [1, 2] = %size_b,
    [2, 3] = %size_a
  }) : index
  // CHECK-DAG: %c0 = arith.constant 0 : index
  // CHECK-DAG: %c16 = arith.constant 16 : index
  // CHECK: %[[SIZE_A_ALIGNED:.+]] = util.align %[[SIZE_A]], %c16
  // CHECK: %[[SIZE_B_ALIGNED:.+]] = util.align %[[SIZE_B]], %c16
  // CHECK: %[[TOTAL:.+]] = arith.addi %[[SIZE_A_ALIGNED]], %[[SIZE_B_ALIGNED]]
  // CHECK: util.return %[[TOTAL]], %c0, %[[SIZE_A_ALIGNED]], %c0
  util.return %t#0, %t#1, %t#2, %t#3 : index, index, index, index
}

// -----

#layoutMixedStaticDynamicConfig = #stream.resource_config<{
  max_allocation_size = 1073741824,
  min_buffer_offset_alignment = 16,
  max_buffer_range = 134217728,
  min_buffer_range_alignment = 16
}>

// Static slices come first; dynamic bins start after them.

// CHECK-LABEL: @layoutMixedStaticDynamic
// CHECK-SAME: (%[[SIZE_A:.+]]: index, %[[SIZE_B:.+]]: index)
util.func public @layoutMixedStaticDynamic(%size_a: index, %size_b: index) -> (index, index, index, index, index)
    attributes {stream.resources = #layoutMixedStaticDynamicConfig} {
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %t:5 = stream.resource.pack slices({
    [0, 1] = %c100,
    [1, 2] = %size_a,
    [2, 3] = %size_b,
    [5, 6] = %c200
  }) : index
  // CHECK-DAG: %c0 = arith.constant 0 : index
  // CHECK-DAG: %c208 = arith.constant 208 : index
  // CHECK-DAG: %c16 = arith.constant 16 : index
  // CHECK: %[[SIZE_A_ALIGNED:.+]] = util.align %[[SIZE_A]], %c16
  // CHECK: %[[B_OFFSET:.+]] = arith.addi %[[SIZE_A_ALIGNED]], %c208
  // CHECK: %[[SIZE_B_ALIGNED:.+]] = util.align %[[SIZE_B]], %c16
  // CHECK: %[[TOTAL:.+]] = arith.addi %[[B_OFFSET]], %[[SIZE_B_ALIGNED]]
  // CHECK: util.return %[[TOTAL]], %c0, %c208, %[[B_OFFSET]], %c0
  util.return %t#0, %t#1, %t#2, %t#3, %t#4 : index, index, index, index, index
}

// -----

// LS1: the best fit is measured from the unaligned cursor. With 64-byte
// offsets and 16-byte ranges the last slice fits at 64 (gap 64) and at 192
// (gap 64); the first gap counts as 112 from the unaligned cursor, so the
// reference takes 192.

#layoutBestFitConfig = #stream.resource_config<{
  max_allocation_size = 1073741824,
  min_buffer_offset_alignment = 64,
  max_buffer_range = 134217728,
  min_buffer_range_alignment = 16
}>

// CHECK-LABEL: @layoutBestFitQuirk
util.func public @layoutBestFitQuirk() -> (index, index, index, index, index, index, index)
    attributes {stream.resources = #layoutBestFitConfig} {
  %c16 = arith.constant 16 : index
  %c48 = arith.constant 48 : index
  %t:7 = stream.resource.pack slices({
    [0, 9] = %c16,  // +0
    [0, 0] = %c48,  // +64
    [0, 9] = %c16,  // +128
    [0, 0] = %c48,  // +192
    [0, 9] = %c16,  // +256
    [5, 9] = %c16   // +192
  }) : index
  // CHECK-DAG: %c0 = arith.constant 0 : index
  // CHECK-DAG: %c64 = arith.constant 64 : index
  // CHECK-DAG: %c128 = arith.constant 128 : index
  // CHECK-DAG: %c192 = arith.constant 192 : index
  // CHECK-DAG: %c256 = arith.constant 256 : index
  // CHECK-DAG: %c272 = arith.constant 272 : index
  // CHECK: util.return %c272, %c0, %c64, %c128, %c192, %c256, %c192
  util.return %t#0, %t#1, %t#2, %t#3, %t#4, %t#5, %t#6 : index, index, index, index, index, index, index
}

// -----

// A base offset is added to every slice and to the total.

// CHECK-LABEL: @layoutWithOffset
// CHECK-SAME: (%[[BASE:.+]]: index)
util.func public @layoutWithOffset(%base: index) -> (index, index, index) {
  %c100 = arith.constant 100 : index
  %t:3 = stream.resource.pack offset(%base) slices({
    [0, 1] = %c100,
    [1, 2] = %c100
  }) : index
  // CHECK-DAG: %c128 = arith.constant 128 : index
  // CHECK-DAG: %c256 = arith.constant 256 : index
  // CHECK-DAG: %[[OFFSET1:.+]] = arith.addi %[[BASE]], %c128
  // CHECK-DAG: %[[TOTAL:.+]] = arith.addi %[[BASE]], %c256
  // CHECK: util.return %[[TOTAL]], %[[BASE]], %[[OFFSET1]]
  util.return %t#0, %t#1, %t#2 : index, index, index
}

// -----

// No slices: the total is the base (zero).

// CHECK-LABEL: @layoutEmpty
util.func public @layoutEmpty() -> index {
  %t = stream.resource.pack slices({
  }) : index
  // CHECK: %c0 = arith.constant 0 : index
  // CHECK: util.return %c0
  util.return %t : index
}

// -----

// Packs nested in regions are laid out too.

// CHECK-LABEL: @layoutNested
util.func public @layoutNested(%cond: i1) -> index {
  %c100 = arith.constant 100 : index
  // CHECK: scf.if
  %r = scf.if %cond -> index {
    // CHECK-NOT: stream.resource.pack
    %t:3 = stream.resource.pack slices({
      [0, 1] = %c100,
      [0, 1] = %c100
    }) : index
    scf.yield %t#0 : index
  } else {
    scf.yield %c100 : index
  }
  util.return %r : index
}
