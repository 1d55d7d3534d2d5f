// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --verify-diagnostics %s

// Diagnostics of the iree_cpu / iree_gpu attributes (encoding.md §6.1,
// §6.7): the tensor-encoding verifier of serialized resolver layouts and the
// GPU target parser.

// expected-error @+1 {{invalid encoding_info in configuration}}
util.func public @f(%a: tensor<4xf32, #iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0]}}>>) {
  util.return
}

// -----

// expected-error @+1 {{invalid encoding_info in configuration}}
util.func public @f(%a: tensor<4xf32, #iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0], innerTileSizes = [1.0], outerDimsPerm = [0]}}>>) {
  util.return
}

// -----

// expected-error @+1 {{invalid encoding_info in configuration}}
util.func public @f(%a: tensor<4xf32, #iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0], innerTileSizes = [4], outerDimsPerm = [0], scalableTiles = true}}>>) {
  util.return
}

// -----

// A swizzle dimension size out of [1, 32767].
// expected-error @+1 {{invalid encoding_info in configuration}}
util.func public @f(%a: tensor<4xf32, #iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0], innerTileSizes = [4], outerDimsPerm = [0], swizzle = {expandShape = [[["CrossIntrinsic", 0 : i16]]], permutation = [0]}}}>>) {
  util.return
}

// -----

// An unknown swizzle multiplier.
// expected-error @+1 {{invalid encoding_info in configuration}}
util.func public @f(%a: tensor<4xf32, #iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0], innerTileSizes = [4], outerDimsPerm = [0], swizzle = {expandShape = [[["Internal", 4 : i16, "Two"]]], permutation = [0]}}}>>) {
  util.return
}

// -----

// expected-error @+1 {{innerDimsPos size (2) does not match innerTileSizes size (1)}}
util.func public @f(%a: tensor<4x4xf32, #iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [4], outerDimsPerm = [0, 1]}}>>) {
  util.return
}

// -----

// expected-error @+1 {{innerDimsPos index 2 is out of bounds for tensor rank 2}}
util.func public @f(%a: tensor<4x4xf32, #iree_cpu.vmvx_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [2], innerTileSizes = [4], outerDimsPerm = [0, 1]}}>>) {
  util.return
}

// -----

// expected-error @+1 {{innerDimsPos contains duplicate index 0}}
util.func public @f(%a: tensor<4x4xf32, #iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 0], innerTileSizes = [4, 4], outerDimsPerm = [0, 1]}}>>) {
  util.return
}

// -----

// expected-error @+1 {{outerDimsPerm index -1 is out of bounds for tensor rank 2}}
util.func public @f(%a: tensor<4x4xf32, #iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0], innerTileSizes = [4], outerDimsPerm = [-1, 1]}}>>) {
  util.return
}

// -----

// expected-error @+1 {{outerDimsPerm contains duplicate index 1}}
util.func public @f(%a: tensor<4x4xf32, #iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0], innerTileSizes = [4], outerDimsPerm = [1, 1]}}>>) {
  util.return
}

// -----

// expected-error @+1 {{swizzle permutation is not a permutation of the expanded dimensions}}
util.func public @f(%a: tensor<4x4xf32, #iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0], innerTileSizes = [4], outerDimsPerm = [0, 1], swizzle = {expandShape = [[["CrossIntrinsic", 2 : i16], ["CrossIntrinsic", 2 : i16]]], permutation = [0, 0]}}}>>) {
  util.return
}

// -----

// expected-error @+1 {{swizzle expandShape size (2) does not match innerTileSizes size (1)}}
util.func public @f(%a: tensor<4x4xf32, #iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0], innerTileSizes = [4], outerDimsPerm = [0, 1], swizzle = {expandShape = [[["CrossIntrinsic", 4 : i16]], [["CrossIntrinsic", 1 : i16]]], permutation = [1, 0]}}}>>) {
  util.return
}

// -----

// expected-error @+1 {{swizzle expandShape[0] product (8) does not match innerTileSizes[0] (4)}}
util.func public @f(%a: tensor<4x4xf32, #iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0], innerTileSizes = [4], outerDimsPerm = [0, 1], swizzle = {expandShape = [[["CrossThread", 4 : i16, 1 : i8], ["CrossIntrinsic", 2 : i16]]], permutation = [1, 0]}}}>>) {
  util.return
}

// -----

// Inside a layout the resolvers are verified too.
// expected-error @+1 {{innerDimsPos index 1 is out of bounds for tensor rank 1}}
util.func public @f(%a: tensor<4xf32, #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1], innerTileSizes = [4], outerDimsPerm = [0]}}>]>>) {
  util.return
}

// -----

util.func public @f() attributes {
  // expected-error @+2 {{scaled_mma is not supported by Sluice}}
  // expected-error @+1 {{failed to parse IREEGPU_TargetWgpAttr parameter 'scaled_mma'}}
  a = #iree_gpu.target_wgp<compute = fp32, storage = b32, subgroup = none, scaled_mma = [<X>], subgroup_size_choices = [64], max_workgroup_sizes = [1], max_thread_count_per_workgroup = 1, max_workgroup_memory_bytes = 1, max_workgroup_counts = [1]>
} {
  util.return
}

// -----

util.func public @f() attributes {
  // expected-error @+1 {{struct is missing required parameter: wgp}}
  a = #iree_gpu.target<arch = "x", features = "">
} {
  util.return
}

// -----

util.func public @f() attributes {
  // expected-error @+2 {{expected ::sluice::iree_gpu::ComputeBitwidths to be one of}}
  // expected-error @+1 {{failed to parse IREEGPU_TargetWgpAttr parameter 'compute'}}
  a = #iree_gpu.target_wgp<compute = fp31, storage = b32, subgroup = none, subgroup_size_choices = [64], max_workgroup_sizes = [1], max_thread_count_per_workgroup = 1, max_workgroup_memory_bytes = 1, max_workgroup_counts = [1]>
} {
  util.return
}
