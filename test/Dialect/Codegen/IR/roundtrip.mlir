// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file %s | FileCheck %s
// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s

// The iree_cpu / iree_gpu attributes of encoding.md §6: resolvers, layouts
// with encoding_info records, and the GPU target description. None of them
// gets an alias.

// CHECK-LABEL: util.func public @resolvers
// CHECK-SAME: a = #iree_cpu.cpu_encoding_resolver<>
// CHECK-SAME: b = #iree_cpu.cpu_encoding_resolver<configuration = {}>
// CHECK-SAME: c = #iree_cpu.vmvx_encoding_resolver<configuration = {ukernels = "none"}>
// CHECK-SAME: d = #iree_gpu.gpu_encoding_resolver<>
// CHECK-SAME: e = #iree_gpu.gpu_padding_resolver<>
// CHECK-SAME: f = #iree_gpu.gpu_padding_resolver<cache_line_bytes = 128, cache_sets = 4>
// CHECK-SAME: g = #iree_gpu.gpu_padding_resolver<cache_sets = 2>
util.func public @resolvers() attributes {
  a = #iree_cpu.cpu_encoding_resolver<>,
  b = #iree_cpu.cpu_encoding_resolver<configuration = {}>,
  c = #iree_cpu.vmvx_encoding_resolver<configuration = {ukernels = "none"}>,
  d = #iree_gpu.gpu_encoding_resolver<>,
  e = #iree_gpu.gpu_padding_resolver<>,
  f = #iree_gpu.gpu_padding_resolver<cache_sets = 4, cache_line_bytes = 128>,
  g = #iree_gpu.gpu_padding_resolver<cache_sets = 2>
} {
  util.return
}

// -----

// Serialized layouts verify their records against the tensor they encode.
// CHECK-LABEL: util.func public @layouts
// CHECK-SAME: tensor<?x7xf32, #iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [8, 4], outerDimsPerm = [0, 1]}}>>
// CHECK-SAME: tensor<?x?xf32, #iree_cpu.vmvx_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}}>>
// CHECK-SAME: tensor<24x8xf32, #iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [8, 1], outerDimsPerm = [0, 1], scalableTiles = [true, false]}}>>
// CHECK-SAME: tensor<32x16xf32, #iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0], innerTileSizes = [16], outerDimsPerm = [0, 1], swizzle = {expandShape = {{\[\[}}["CrossThread", 4 : i16, 2 : i8], ["Internal", 4 : i16, "One"]]], permutation = [1, 0]}}}>>
util.func public @layouts(
    %a: tensor<?x7xf32, #iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [8, 4], outerDimsPerm = [0, 1]}}>>,
    %b: tensor<?x?xf32, #iree_cpu.vmvx_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}}>>,
    %c: tensor<24x8xf32, #iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [8, 1], outerDimsPerm = [0, 1], scalableTiles = [true, false]}}>>,
    %d: tensor<32x16xf32, #iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0], innerTileSizes = [16], outerDimsPerm = [0, 1], swizzle = {expandShape = [[["CrossThread", 4 : i16, 2 : i8], ["Internal", 4 : i16, "One"]]], permutation = [1, 0]}}}>>) {
  util.return
}

// -----

// The GPU target of the specialize_encodings tests, and every optional part.
// CHECK-LABEL: util.func public @targets
// CHECK-SAME: a = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp32, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x4_F32>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 16384>>
// CHECK-SAME: b = #iree_gpu.target<arch = "gfx950", features = "+sramecc", wgp = <compute = fp64|fp32|fp16|int8|fp4, storage = b64|b32|b16|b8, subgroup = shuffle|arithmetic, dot = dp4xi8toi32, mma = [<MFMA_F32_16x16x4_F32, col_major = true>, <SOME_FUTURE_INTRINSIC>], subgroup_size_choices = [64, 32], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], dma_sizes = [32, 128], workgroup_memory_bank_count = 64, extra = {x = 1 : i64}>, chip = <wgp_count = 304, sku = "mi300x", memory_bandwidth_tbps = 5.300000e+00 : f32, perf_tflops = {fp16 = 1.307000e+03 : f32}, extra = {y}>>
util.func public @targets() attributes {
  a = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp32, storage = b32, subgroup = none,
        mma = [<MFMA_F32_16x16x4_F32>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024],
        max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536,
        max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128,
        simds_per_wgp = 4, vgpr_space_bits = 16384>>,
  // Parameters equal to their default (dot = none, empty mma / scaled_mma)
  // are omitted; bit enums print in declaration order.
  b = #iree_gpu.target<arch = "gfx950", features = "+sramecc", wgp = <compute = fp4|int8|fp16|fp32|fp64, storage = b8|b16|b32|b64,
        subgroup = arithmetic|shuffle, dot = dp4xi8toi32,
        mma = [<MFMA_F32_16x16x4_F32, col_major = true>, <SOME_FUTURE_INTRINSIC, col_major = false>], scaled_mma = [],
        subgroup_size_choices = [64, 32], max_workgroup_sizes = [1024, 1024, 1024],
        max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536,
        max_workgroup_counts = [2147483647, 2147483647, 2147483647], dma_sizes = [32, 128],
        workgroup_memory_bank_count = 64, extra = {x = 1}>,
        chip = <wgp_count = 304, sku = "mi300x", memory_bandwidth_tbps = 5.3 : f32, perf_tflops = {fp16 = 1307.0 : f32}, extra = {y}>>
} {
  util.return
}

// -----

// CHECK-LABEL: util.func public @empty_lists
// CHECK-SAME: wgp = <compute = fp32, storage = b32, subgroup = none, subgroup_size_choices = [64]
util.func public @empty_lists() attributes {
  a = #iree_gpu.target<arch = "x", features = "", wgp = <compute = fp32, storage = b32, subgroup = none, dot = none,
        mma = [], subgroup_size_choices = [64], max_workgroup_sizes = [1],
        max_thread_count_per_workgroup = 1, max_workgroup_memory_bytes = 1, max_workgroup_counts = [1]>>
} {
  util.return
}
