// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(util.func(iree-stream-layout-slices, cse))' %s | FileCheck %s --check-prefix=REF
// RUN: sluice-opt --split-input-file --sluice-stream-layout-strategy=reference --pass-pipeline='builtin.module(util.func(iree-stream-layout-slices, cse))' %s | FileCheck %s --check-prefix=REF
// RUN: sluice-opt --split-input-file --sluice-stream-layout-strategy=best --pass-pipeline='builtin.module(util.func(iree-stream-layout-slices, cse))' %s | FileCheck %s --check-prefix=BEST
// RUN: not sluice-opt --sluice-stream-layout-strategy=smallest %s 2>&1 | FileCheck %s --check-prefix=BAD
// REQUIRES: sluice-opt

// --sluice-stream-layout-strategy (stream-passes-2.md §9.4): `reference` (the
// default) keeps the reference's greedy layout in slice order; `best` keeps
// the smallest of several placement heuristics.

// BAD: Cannot find option named 'smallest'

#config16 = #stream.resource_config<{
  max_allocation_size = 1073741824,
  min_buffer_offset_alignment = 16,
  max_buffer_range = 134217728,
  min_buffer_range_alignment = 16
}>

// In slice order the 16-byte slice takes offset 0 and both 64-byte slices go
// above it (144 bytes). Largest first, [1, 2] takes 0, [2, 3] (live with it
// at 2) takes 64 and [0, 1] (live only with [1, 2]) shares 64 with [2, 3]:
// 128 bytes, the max-live bound.

// REF-LABEL: @smallSliceFirst
// REF-DAG: %c0 = arith.constant 0 : index
// REF-DAG: %c16 = arith.constant 16 : index
// REF-DAG: %c80 = arith.constant 80 : index
// REF-DAG: %c144 = arith.constant 144 : index
// REF: util.return %c144, %c0, %c16, %c80
// BEST-LABEL: @smallSliceFirst
// BEST-DAG: %c0 = arith.constant 0 : index
// BEST-DAG: %c64 = arith.constant 64 : index
// BEST-DAG: %c128 = arith.constant 128 : index
// BEST: util.return %c128, %c64, %c0, %c64
util.func public @smallSliceFirst() -> (index, index, index, index)
    attributes {stream.resources = #config16} {
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %t:4 = stream.resource.pack slices({
    [0, 1] = %c16,
    [1, 2] = %c64,
    [2, 3] = %c64
  }) : index
  util.return %t#0, %t#1, %t#2, %t#3 : index, index, index, index
}

// -----

#config16 = #stream.resource_config<{
  max_allocation_size = 1073741824,
  min_buffer_offset_alignment = 16,
  max_buffer_range = 134217728,
  min_buffer_range_alignment = 16
}>

// The §9.2 golden already meets its bound: `best` keeps the same layout.

// REF-LABEL: @goldenUnchanged
// REF: util.return %c432, %c0, %c112, %c0, %c224, %c0, %c208
// BEST-LABEL: @goldenUnchanged
// BEST: util.return %c432, %c0, %c112, %c0, %c224, %c0, %c208
util.func public @goldenUnchanged() -> (index, index, index, index, index, index, index)
    attributes {stream.resources = #config16} {
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %t:7 = stream.resource.pack slices({
    [0, 1] = %c100,
    [1, 2] = %c100,
    [2, 3] = %c100,
    [0, 4] = %c200,
    [5, 6] = %c200,
    [5, 8] = %c100
  }) : index
  util.return %t#0, %t#1, %t#2, %t#3, %t#4, %t#5, %t#6 : index, index, index, index, index, index, index
}

// -----

#config16 = #stream.resource_config<{
  max_allocation_size = 1073741824,
  min_buffer_offset_alignment = 16,
  max_buffer_range = 134217728,
  min_buffer_range_alignment = 16
}>

// Dynamic bins start after the (smaller) static region, from a base offset.

// REF-LABEL: @mixedWithBase
// REF-SAME: (%[[BASE:.+]]: index, %[[SIZE:.+]]: index)
// REF: %[[END:.+]] = arith.addi %[[BASE]], %c144
// REF: %[[ALIGNED:.+]] = util.align %[[SIZE]], %c16
// REF: %[[SUM:.+]] = arith.addi %[[END]], %[[ALIGNED]]
// REF: %[[TOTAL:.+]] = util.align %[[SUM]], %c16
// REF: util.return %[[TOTAL]], %[[END]]
// BEST-LABEL: @mixedWithBase
// BEST-SAME: (%[[BASE:.+]]: index, %[[SIZE:.+]]: index)
// BEST: %[[END:.+]] = arith.addi %[[BASE]], %c128
// BEST: %[[ALIGNED:.+]] = util.align %[[SIZE]], %c16
// BEST: %[[SUM:.+]] = arith.addi %[[END]], %[[ALIGNED]]
// BEST: %[[TOTAL:.+]] = util.align %[[SUM]], %c16
// BEST: util.return %[[TOTAL]], %[[END]]
util.func public @mixedWithBase(%base: index, %size: index) -> (index, index)
    attributes {stream.resources = #config16} {
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %t:5 = stream.resource.pack offset(%base) slices({
    [0, 1] = %c16,
    [0, 3] = %size,
    [1, 2] = %c64,
    [2, 3] = %c64
  }) : index
  util.return %t#0, %t#2 : index, index
}
