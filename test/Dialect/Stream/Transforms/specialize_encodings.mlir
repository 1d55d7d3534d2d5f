// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-specialize-encodings %s | FileCheck %s
// RUN: sluice-opt --split-input-file --iree-stream-specialize-encodings --iree-llvmcpu-enable-scalable-vectorization=true %s | FileCheck %s --check-prefix=WITH-SVE

// --iree-stream-specialize-encodings (stream-passes-1.md §7.1, encoding.md
// §8.1, §9.2). Diagnostics are in specialize_encodings_invalid.mlir.

//------------------------------------------------------------------------------
// CPU resolvers (§6.3, §6.4).
//------------------------------------------------------------------------------

#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_cpu.vmvx_encoding_resolver<>}>
#executable_target_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu_features = "+avx512f", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "x86_64-xyz-xyz"}>
#executable_target_aarch64 = #hal.executable.target<"llvm-cpu", "embedded-elf-arm_64", {cpu_features = "+sve", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "aarch64-xyz-xyz"}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
#device_target_local_1_ = #hal.device.target<"local", {ordinal = 1 : index}, [#executable_target_x86_64]> : !hal.device
#device_target_local_2_ = #hal.device.target<"local", {ordinal = 2 : index}, [#executable_target_aarch64]> : !hal.device
#map0 = affine_map<(m, n, k) -> (m, k)>
#map1 = affine_map<(m, n, k) -> (k, n)>
#map2 = affine_map<(m, n, k) -> (m, n)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map0, #map1, #map2]>
util.global private @device_a = #device_target_local_0_
util.global private @device_b = #device_target_local_1_
util.global private @device_c = #device_target_local_2_
util.func public @cpuMatmulLhs(%d0: index, %d1: index) -> (index, index, index) {
  %size0 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x?xf32, #lhs>{%d0, %d1} : index
  %size1 = stream.tensor.sizeof on(#hal.device.affinity<@device_b>) tensor<?x?xf32, #lhs>{%d0, %d1} : index
  %size2 = stream.tensor.sizeof on(#hal.device.affinity<@device_c>) tensor<?x?xf32, #lhs>{%d0, %d1} : index
  util.return %size0, %size1, %size2 : index, index, index
}
// CHECK-DAG:   #[[X86:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [16, 1], outerDimsPerm = [0, 1]}}>]>
// CHECK-DAG:   #[[ARM:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [8, 1], outerDimsPerm = [0, 1]}}>]>
// CHECK-DAG:   #[[ORIG:.+]] = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul
// CHECK-DAG:   #[[VMVX:.+]] = #iree_encoding.layout<[#iree_cpu.vmvx_encoding_resolver<configuration = {encoding_attr = #[[ORIG]], encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [8, 4], outerDimsPerm = [0, 1]}}>]>
// CHECK-LABEL: util.func public @cpuMatmulLhs
// CHECK:         stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x?xf32, #[[VMVX]]>
// CHECK:         stream.tensor.sizeof on(#hal.device.affinity<@device_b>) tensor<?x?xf32, #[[X86]]>
// CHECK:         stream.tensor.sizeof on(#hal.device.affinity<@device_c>) tensor<?x?xf32, #[[ARM]]>
// WITH-SVE-DAG:  #[[ARM_SVE:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [8, 1], outerDimsPerm = [0, 1], scalableTiles = [false, false]}}>]>
// WITH-SVE-LABEL: util.func public @cpuMatmulLhs
// WITH-SVE:       stream.tensor.sizeof on(#hal.device.affinity<@device_c>) tensor<?x?xf32, #[[ARM_SVE]]>

// -----

// The RHS golden of encoding.md §9.2: N = 16 on dimension 1, K = 1 on 0. With
// SVE the RHS's N tile is scalable.
#executable_target_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu_features = "+avx512f", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "x86_64-xyz-xyz"}>
#executable_target_aarch64 = #hal.executable.target<"llvm-cpu", "embedded-elf-arm_64", {cpu_features = "+sve", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "aarch64-xyz-xyz"}>
#device_target_x86 = #hal.device.target<"local", [#executable_target_x86_64]> : !hal.device
#device_target_arm = #hal.device.target<"local", [#executable_target_aarch64]> : !hal.device
#map0 = affine_map<(m, n, k) -> (m, k)>
#map1 = affine_map<(m, n, k) -> (k, n)>
#map2 = affine_map<(m, n, k) -> (m, n)>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map0, #map1, #map2]>
util.global private @x86 = #device_target_x86
util.global private @arm = #device_target_arm
util.func public @cpuMatmulRhs(%d0: index, %d1: index) -> (index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@x86>) tensor<?x?xf32, #rhs>{%d0, %d1} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@arm>) tensor<?x?xf32, #rhs>{%d0, %d1} : index
  util.return %0, %1 : index, index
}
// CHECK-DAG: #[[X86:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 0], innerTileSizes = [16, 1], outerDimsPerm = [1, 0]}}>]>
// CHECK-DAG: #[[ARM:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 0], innerTileSizes = [8, 1], outerDimsPerm = [1, 0]}}>]>
// CHECK-LABEL: util.func public @cpuMatmulRhs
// CHECK:       tensor<?x?xf32, #[[X86]]>
// CHECK:       tensor<?x?xf32, #[[ARM]]>
// WITH-SVE-DAG: #[[ARM:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 0], innerTileSizes = [8, 1], outerDimsPerm = [1, 0], scalableTiles = [true, false]}}>]>
// WITH-SVE-LABEL: util.func public @cpuMatmulRhs
// WITH-SVE:       tensor<?x?xf32, #[[ARM]]>

// -----

// A narrow N result (matvec-like sizes) is transposed; integer tables.
#executable_target_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu_features = "+avx512f,+avx512vnni", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "x86_64-xyz-xyz"}>
#device_target_x86 = #hal.device.target<"local", [#executable_target_x86_64]> : !hal.device
#map0 = affine_map<(m, n, k) -> (m, k)>
#map1 = affine_map<(m, n, k) -> (k, n)>
#map2 = affine_map<(m, n, k) -> (m, n)>
#result = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map0, #map1, #map2], iteration_sizes = [128, 2, 64]>
#i8lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [i8, i8, i32], user_indexing_maps = [#map0, #map1, #map2]>
util.global private @x86 = #device_target_x86
util.func public @cpuNarrowAndIntegers() -> (index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@x86>) tensor<128x2xf32, #result> : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@x86>) tensor<128x64xi8, #i8lhs> : index
  util.return %0, %1 : index, index
}
// N = 2 is narrow: choose as M (tile [2, 16, 1]), swap to [16, 2, 1], then
// transpose the result record.
// CHECK-DAG: #[[NARROW:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 0], innerTileSizes = [2, 16], outerDimsPerm = [1, 0]}}>]>
// CHECK-DAG: #[[I8:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [16, 2], outerDimsPerm = [0, 1]}}>]>
// CHECK-LABEL: util.func public @cpuNarrowAndIntegers
// CHECK:       tensor<128x2xf32, #[[NARROW]]>
// CHECK:       tensor<128x64xi8, #[[I8]]>

// -----

// Convolutions (encoding.md §6.3, §9.2): x86-64 with +avx512f and AArch64.
#executable_target_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu_features = "+avx512f", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "x86_64-xyz-xyz"}>
#executable_target_aarch64 = #hal.executable.target<"llvm-cpu", "embedded-elf-arm_64", {cpu_features = "+neon", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "aarch64-xyz-xyz"}>
#device_target_x86 = #hal.device.target<"local", [#executable_target_x86_64]> : !hal.device
#device_target_arm = #hal.device.target<"local", [#executable_target_aarch64]> : !hal.device
#input = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (n, oh + fh, ow + fw, ic)>
#filter = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (fh, fw, ic, oc)>
#output = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (n, oh, ow, oc)>
#conv_in = #iree_encoding.encoding<operand_index = 0 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#input, #filter, #output]>
#conv_filter = #iree_encoding.encoding<operand_index = 1 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#input, #filter, #output]>
#conv_out = #iree_encoding.encoding<operand_index = 2 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#input, #filter, #output]>
util.global private @x86 = #device_target_x86
util.global private @arm = #device_target_arm
util.func public @cpuConvolution() -> (index, index, index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@x86>) tensor<1x18x18x64xf32, #conv_in> : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@x86>) tensor<3x3x64x64xf32, #conv_filter> : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@x86>) tensor<1x16x16x64xf32, #conv_out> : index
  %3 = stream.tensor.sizeof on(#hal.device.affinity<@arm>) tensor<1x18x18x64xf32, #conv_in> : index
  %4 = stream.tensor.sizeof on(#hal.device.affinity<@arm>) tensor<3x3x64x64xf32, #conv_filter> : index
  util.return %0, %1, %2, %3, %4 : index, index, index, index, index
}
// CHECK-DAG: #[[IN16:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [3], innerTileSizes = [16], outerDimsPerm = [0, 3, 1, 2]}}>]>
// CHECK-DAG: #[[FILTER16:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [2, 3], innerTileSizes = [16, 16], outerDimsPerm = [3, 2, 0, 1]}}>]>
// CHECK-DAG: #[[IN8:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [3], innerTileSizes = [8], outerDimsPerm = [0, 3, 1, 2]}}>]>
// CHECK-DAG: #[[FILTER8:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [2, 3], innerTileSizes = [8, 8], outerDimsPerm = [3, 2, 0, 1]}}>]>
// CHECK-LABEL: util.func public @cpuConvolution
// CHECK:       tensor<1x18x18x64xf32, #[[IN16]]>
// CHECK:       tensor<3x3x64x64xf32, #[[FILTER16]]>
// CHECK:       tensor<1x16x16x64xf32, #[[IN16]]>
// CHECK:       tensor<1x18x18x64xf32, #[[IN8]]>
// CHECK:       tensor<3x3x64x64xf32, #[[FILTER8]]>

//------------------------------------------------------------------------------
// GPU resolvers (§6.5, §6.6).
//------------------------------------------------------------------------------

// -----

#executable_target_rocm = #hal.executable.target<"rocm", "rocm-hsaco-fb", {iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp32, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x4_F32>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 16384>>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_rocm]> : !hal.device
#map0 = affine_map<(m, n, k) -> (m, k)>
#map1 = affine_map<(m, n, k) -> (k, n)>
#map2 = affine_map<(m, n, k) -> (m, n)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map0, #map1, #map2]>
util.global private @device_a = #device_target_local_0_
util.func public @gpuDataTiling(%d0: index, %d1: index) -> index {
  %size = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x?xf32, #lhs>{%d0, %d1} : index
  util.return %size : index
}
// CHECK: #[[LAYOUT:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [128, 16], outerDimsPerm = [0, 1]}}>]>
// CHECK-LABEL: util.func public @gpuDataTiling
// CHECK:       stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x?xf32, #[[LAYOUT]]>

// -----

#executable_target_rocm = #hal.executable.target<"rocm", "rocm-hsaco-fb", {iree.encoding.resolver = #iree_gpu.gpu_padding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp32, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x4_F32>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 16384>>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_rocm]> : !hal.device
util.global private @device_a = #device_target_local_0_
util.func public @gpuPadding(%d0: index) -> (index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x2048xf16, #iree_encoding.padding<[0, ?]>>{%d0} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x16xf16, #iree_encoding.padding<[0, ?]>>{%d0} : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x200xf32, #iree_encoding.padding<[0, ?]>>{%d0} : index
  util.return %0, %1, %2 : index, index, index
}
// CHECK-DAG: #[[PAD64:.+]] = #iree_encoding.layout<[#iree_encoding.padding<[0, 64]>]>
// CHECK-DAG: #[[PAD0:.+]] = #iree_encoding.layout<[#iree_encoding.padding<[0, 0]>]>
// CHECK-DAG: #[[PAD24:.+]] = #iree_encoding.layout<[#iree_encoding.padding<[0, 24]>]>
// CHECK-LABEL: util.func public @gpuPadding
// CHECK:       tensor<?x2048xf16, #[[PAD64]]>{%arg0}
// CHECK:       tensor<?x16xf16, #[[PAD0]]>{%arg0}
// CHECK:       tensor<?x200xf32, #[[PAD24]]>{%arg0}

// -----

// Already-static paddings are serialized and stay inline.
#executable_target_rocm = #hal.executable.target<"rocm", "rocm-hsaco-fb", {iree.encoding.resolver = #iree_gpu.gpu_padding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp32, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x4_F32>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 16384>>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_rocm]> : !hal.device
util.global private @device_a = #device_target_local_0_
util.func public @gpuStaticPadding(%d0: index) -> index {
  // CHECK-LABEL: util.func public @gpuStaticPadding
  // CHECK: stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x2048xf16, #iree_encoding.padding<[0, 64]>>{%arg0}
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x2048xf16, #iree_encoding.padding<[0, 64]>>{%d0} : index
  util.return %0 : index
}

// -----

// Without target info the padding resolver pads nothing, for any encoding.
#executable_target_rocm = #hal.executable.target<"rocm", "rocm-hsaco-fb", {iree.encoding.resolver = #iree_gpu.gpu_padding_resolver<>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_rocm]> : !hal.device
util.global private @device_a = #device_target_local_0_
util.func public @gpuPaddingWithoutTargetInfo(%d0: index) -> (index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x2048xf16, #iree_encoding.testing<>>{%d0} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x2048xf16, #iree_encoding.padding<[0, ?]>>{%d0} : index
  util.return %0, %1 : index, index
}
// CHECK-DAG: #[[TESTING:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.padding<[0, 0]>]>
// CHECK-DAG: #[[LAYOUT:.+]] = #iree_encoding.layout<[#iree_encoding.padding<[0, 0]>]>
// CHECK-LABEL: util.func public @gpuPaddingWithoutTargetInfo
// CHECK:       tensor<?x2048xf16, #[[TESTING]]>
// CHECK:       tensor<?x2048xf16, #[[LAYOUT]]>

//------------------------------------------------------------------------------
// Tensor-phase ops (specialization_resolver<123>).
//------------------------------------------------------------------------------

// -----

#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
#encoding = #iree_encoding.testing<>
util.global private @device_a = #device_target_local_0_
util.func public @ops_with_result_encoding_only(%arg0: index, %arg1: index, %scalar_f32: f32) {
  %0 = stream.tensor.empty on(#hal.device.affinity<@device_a>) : tensor<?x0xf32, #encoding>{%arg0} in !stream.resource<*>{%arg1}
  %1 = stream.tensor.constant on(#hal.device.affinity<@device_a>) : tensor<1xf32> in !stream.resource<*> = dense<[5.0]> : tensor<1xf32>
  %2 = stream.tensor.splat on(#hal.device.affinity<@device_a>) %scalar_f32 : f32 -> tensor<?x1x10xf32, #encoding>{%arg0} in !stream.resource<*>{%arg1}
  util.return
}
// CHECK-DAG:   #[[EMPTY:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<123, tensor<?x0xf32>>]>
// CHECK-DAG:   #[[SPLAT:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<123, tensor<?x1x10xf32>>]>
// CHECK-LABEL: util.func public @ops_with_result_encoding_only
// CHECK:         stream.tensor.empty {{.+}} : tensor<?x0xf32, #[[EMPTY]]>
// CHECK:         stream.tensor.constant {{.+}} : tensor<1xf32>
// CHECK:         stream.tensor.splat {{.+}} -> tensor<?x1x10xf32, #[[SPLAT]]>

// -----

#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
#encoding = #iree_encoding.testing<>
util.global private @device_a = #device_target_local_0_
util.func public @tensor_fill_op(%arg0: f32, %arg1: !stream.resource<*>, %arg2: index, %arg3: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = stream.tensor.fill on(#hal.device.affinity<@device_a>) %arg0, %arg1[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x4xf32, #encoding>{%arg2} in %arg1 as !stream.resource<*>{%arg3}
  util.return
}
// CHECK:       #[[ENC:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<123, tensor<?x4xf32>>]>
// CHECK-LABEL: util.func public @tensor_fill_op
// CHECK:         stream.tensor.fill {{.+}} : f32 -> tensor<?x4xf32, #[[ENC]]>

// -----

#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
#encoding = #iree_encoding.testing<>
util.global private @device_a = #device_target_local_0_
util.func public @tensor_encode_op(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) {
  %0 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %arg0 : tensor<?x?xf32, #encoding>{%arg1, %arg2} in !stream.resource<*>{%arg3} -> tensor<?x?xf32, #encoding>{%arg1, %arg2} in !stream.resource<*>{%arg4}
  util.return
}
// CHECK:       #[[ENC:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<123, tensor<?x?xf32>>]>
// CHECK-LABEL: util.func public @tensor_encode_op
// CHECK:         stream.tensor.encode {{.+}} : tensor<?x?xf32, #[[ENC]]>{{.+}} -> tensor<?x?xf32, #[[ENC]]>

// -----

// An encode whose result is an unknown encoding keeps it; the source is
// resolved.
#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
util.global private @device_a = #device_target_local_0_
util.func public @tensor_encode_to_unknown(%arg0: !stream.resource<*>, %arg1: index, %arg2: index) {
  %0 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %arg0 : tensor<4xf32, #iree_encoding.testing<>> in !stream.resource<*>{%arg1} -> tensor<4xf32, #iree_encoding.unknown> in !stream.resource<*>{%arg2}
  util.return
}
// CHECK-DAG:   #[[SRC:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<123, tensor<4xf32>>]>
// CHECK-DAG:   #[[UNKNOWN:.+]] = #iree_encoding.unknown
// CHECK-LABEL: util.func public @tensor_encode_to_unknown
// CHECK:         stream.tensor.encode {{.+}} : tensor<4xf32, #[[SRC]]> in {{.+}} -> tensor<4xf32, #[[UNKNOWN]]>

// -----

// constant / clone / slice / update with unknown or already serialized
// encodings are left unchanged (a device without initial value: no targets).
#encoding = #iree_encoding.testing<layouts = [#iree_encoding.specialized<123>]>
util.global private @device_a : !hal.device
util.func public @serialized_and_unknown_ops(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = stream.tensor.constant on(#hal.device.affinity<@device_a>) : tensor<1xf32, #encoding> in !stream.resource<*> = dense<[5.0]> : tensor<1xf32>
  %1 = stream.tensor.clone on(#hal.device.affinity<@device_a>) %arg0 : tensor<4xf32, #iree_encoding.unknown> in !stream.resource<*>{%arg1} -> tensor<4xf32, #iree_encoding.unknown> in !stream.resource<*>{%arg1}
  %2 = stream.tensor.slice on(#hal.device.affinity<@device_a>) %arg0[%c0 for %c1] : tensor<4xf32, #encoding> in !stream.resource<*>{%arg1} -> tensor<1xf32, #encoding> in !stream.resource<*>{%arg1}
  %3 = stream.tensor.update on(#hal.device.affinity<@device_a>) %arg0, %arg2[%c0] : tensor<1xf32, #encoding> in !stream.resource<*>{%arg1} -> tensor<4xf32, #iree_encoding.unknown> in %arg2 as !stream.resource<*>{%arg1}
  util.return
}
// CHECK-DAG:   #[[ENC:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<123>]>
// CHECK-DAG:   #[[UNKNOWN:.+]] = #iree_encoding.unknown
// CHECK-LABEL: util.func public @serialized_and_unknown_ops
// CHECK:         stream.tensor.constant {{.+}} : tensor<1xf32, #[[ENC]]>
// CHECK:         stream.tensor.clone {{.+}} : tensor<4xf32, #[[UNKNOWN]]> in {{.+}} -> tensor<4xf32, #[[UNKNOWN]]>
// CHECK:         stream.tensor.slice {{.+}} : tensor<4xf32, #[[ENC]]> in {{.+}} -> tensor<1xf32, #[[ENC]]>
// CHECK:         stream.tensor.update {{.+}} : tensor<1xf32, #[[ENC]]> in {{.+}} -> tensor<4xf32, #[[UNKNOWN]]>

//------------------------------------------------------------------------------
// Resolver defaults (§4.5, §7.2).
//------------------------------------------------------------------------------

// -----

// No iree.encoding.resolver: the identity resolver applies and the encoding
// is kept (encoding.md §8.1 item 7).
#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
util.global private @device_a = #device_target_local_0_
util.func public @drop_encoding(%arg0: index) -> index {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x4xf32, #iree_encoding.testing<>>{%arg0} : index
  util.return %0 : index
}
// CHECK:       #[[ENC:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.identity]>
// CHECK-LABEL: util.func public @drop_encoding
// CHECK:         tensor<?x4xf32, #[[ENC]]>

// -----

// A non-resolver value under the key is the identity resolver too; the
// explicit identity resolver turns verbose encodings into identity layouts.
#executable_target_a = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.identity_resolver}>
#executable_target_b = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = "not a resolver"}>
#device_target_a = #hal.device.target<"local", [#executable_target_a]> : !hal.device
#device_target_b = #hal.device.target<"local", [#executable_target_b]> : !hal.device
#map0 = affine_map<(m, n, k) -> (m, k)>
#map1 = affine_map<(m, n, k) -> (k, n)>
#map2 = affine_map<(m, n, k) -> (m, n)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map0, #map1, #map2]>
util.global private @device_a = #device_target_a
util.global private @device_b = #device_target_b
util.func public @identity_resolver(%arg0: index) -> (index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x4xf32, #iree_encoding.testing<>>{%arg0} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x4xf32, #lhs>{%arg0} : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@device_b>) tensor<?x4xf32, #iree_encoding.padding<[0, ?]>>{%arg0} : index
  util.return %0, %1, %2 : index, index, index
}
// CHECK-DAG:   #[[TESTING:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.identity]>
// CHECK-DAG:   #[[LAYOUT:.+]] = #iree_encoding.layout<[#iree_encoding.identity]>
// CHECK-LABEL: util.func public @identity_resolver
// CHECK:         tensor<?x4xf32, #[[TESTING]]>
// CHECK:         tensor<?x4xf32, #[[LAYOUT]]>
// CHECK:         tensor<?x4xf32, #[[LAYOUT]]>

// -----

// Already serialized encodings are kept.
#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
#encoding = #iree_encoding.testing<layouts = [#iree_encoding.specialized<456>]>
util.global private @device_a = #device_target_local_0_
util.func public @keep_serialized(%arg0: index) -> index {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x4xf32, #encoding>{%arg0} : index
  util.return %0 : index
}
// CHECK:       #[[ENC:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<456>]>
// CHECK-LABEL: util.func public @keep_serialized
// CHECK:         tensor<?x4xf32, #[[ENC]]>

// -----

// Two executable targets on one device: one layout per target.
#executable_target_a = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<1>}>
#executable_target_b = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {iree.encoding.resolver = #iree_encoding.specialization_resolver<2>}>
#device_target = #hal.device.target<"local", [#executable_target_a, #executable_target_b]> : !hal.device
util.global private @device = #device_target
util.func public @two_targets(%arg0: index) -> index {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@device>) tensor<?x4xf32, #iree_encoding.testing<>>{%arg0} : index
  util.return %0 : index
}
// CHECK:       #[[ENC:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1, tensor<?x4xf32>>, #iree_encoding.specialized<2, tensor<?x4xf32>>]>
// CHECK-LABEL: util.func public @two_targets
// CHECK:         tensor<?x4xf32, #[[ENC]]>

// -----

// Affinities other than #hal.device.affinity use the legacy
// hal.device.targets lookup; ops without an affinity are not candidates.
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<9>}>
module attributes {hal.device.targets = [#hal.device.target<"local", [#executable_target]> : !hal.device]} {
  util.func public @legacy_targets(%arg0: index) -> (index, index) {
    %0 = stream.tensor.sizeof on(#hal.device.promise<@dev>) tensor<?x4xf32, #iree_encoding.testing<>>{%arg0} : index
    %1 = stream.tensor.sizeof tensor<?x4xf32, #iree_encoding.testing<>>{%arg0} : index
    util.return %0, %1 : index, index
  }
}
// CHECK-DAG:   #[[ENC:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<9, tensor<?x4xf32>>]>
// CHECK-DAG:   #[[ORIG:.+]] = #iree_encoding.testing<>
// CHECK-LABEL: util.func public @legacy_targets
// CHECK:         stream.tensor.sizeof on(#hal.device.promise<@dev>) tensor<?x4xf32, #[[ENC]]>
// CHECK:         stream.tensor.sizeof tensor<?x4xf32, #[[ORIG]]>

//------------------------------------------------------------------------------
// Executable duplication (§7.1 step 3, encoding.md §8.1 items 6-9).
//------------------------------------------------------------------------------

// -----

// A tied operand: the tied result's encoding is not part of the binding list.
#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
#encoding = #iree_encoding.testing<>
util.global private @device_a = #device_target_local_0_
stream.executable private @executable {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: index) {
      %c0 = arith.constant 0 : index
      %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32, #encoding>>
      return
    }
  }
}
util.func public @tensor_dispatch_with_tied_operands(%arg0: !stream.resource<external>, %arg1: index, %arg2: index) -> !stream.resource<*> {
  %0 = stream.async.transfer %arg0 : !stream.resource<external>{%arg2} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_a>) !stream.resource<*>{%arg2}
  %1 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @executable::@dispatch(%0, %arg1) : (tensor<16xf32, #encoding> in !stream.resource<*>{%arg2}, index) -> tensor<16xf32, #encoding> in %0{%arg2}
  util.return %1 : !stream.resource<*>
}
// CHECK:       #[[ENC:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<123, tensor<16xf32>>]>
// CHECK:       stream.executable private @executable
// CHECK:         stream.binding.subspan {{.+}} -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32, #[[ENC]]>>
// CHECK-NOT:   stream.executable
// CHECK-LABEL: util.func public @tensor_dispatch_with_tied_operands
// CHECK:         stream.tensor.dispatch {{.+}} @executable::@dispatch
// CHECK-SAME:      (tensor<16xf32, #[[ENC]]> in !stream.resource<*>{%arg2}, index) -> tensor<16xf32, #[[ENC]]> in %{{.+}}{%arg2}

// -----

// Two devices with the same target: one executable, no duplicate.
#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
#device_target_local_1_ = #hal.device.target<"local", {ordinal = 1 : index}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
#encoding = #iree_encoding.testing<>
util.global private @device_a = #device_target_local_0_
util.global private @device_b = #device_target_local_1_
stream.executable private @executable {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: index, %arg2: !stream.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32, #encoding>>
      %1 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32, #encoding>>
      return
    }
  }
}
util.func public @multi_device_with_same_executable_targets(%arg0: !stream.resource<external>, %arg1: !stream.timepoint) {
  %c16 = arith.constant 16 : index
  %0 = stream.timepoint.await %arg1 => %arg0 : !stream.resource<external>{%c16}
  %1 = util.optimization_barrier %0 : !stream.resource<external>
  %2 = stream.async.transfer %1 : !stream.resource<external>{%c16} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_a>) !stream.resource<*>{%c16}
  %3 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @executable::@dispatch(%2, %c16) : (tensor<16xf32, #encoding> in !stream.resource<*>{%c16}, index) -> tensor<16xf32, #encoding> in !stream.resource<*>{%c16}
  %4 = stream.async.transfer %3 : !stream.resource<*>{%c16} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_b>) !stream.resource<*>{%c16}
  %5 = stream.tensor.dispatch on(#hal.device.affinity<@device_b>) @executable::@dispatch(%4, %c16) : (tensor<16xf32, #encoding> in !stream.resource<*>{%c16}, index) -> tensor<16xf32, #encoding> in !stream.resource<*>{%c16}
  util.return
}
// CHECK:       #[[ENC:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<123, tensor<16xf32>>]>
// CHECK:       stream.executable private @executable
// CHECK:         stream.binding.subspan {{.+}} -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32, #[[ENC]]>>
// CHECK:         stream.binding.subspan {{.+}} -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32, #[[ENC]]>>
// CHECK-NOT:   stream.executable
// CHECK-LABEL: util.func public @multi_device_with_same_executable_targets
// CHECK:         stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @executable::@dispatch
// CHECK:         stream.tensor.dispatch on(#hal.device.affinity<@device_b>) @executable::@dispatch

// -----

// Two devices with different resolvers: the original receives the first
// variant (123/123), `_dup0` the second (123/456: the operand comes from a
// transfer executing on device_a).
#executable_target_a = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#executable_target_b = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<456>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_a]> : !hal.device
#device_target_local_1_ = #hal.device.target<"local", {ordinal = 1 : index}, [#executable_target_b]> : !hal.device
#encoding = #iree_encoding.testing<>
util.global private @device_a = #device_target_local_0_
util.global private @device_b = #device_target_local_1_
stream.executable private @executable {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: index, %arg2: !stream.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32, #encoding>>
      %1 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32, #encoding>>
      return
    }
  }
}
util.func public @multi_device_with_different_executable_targets(%arg0: !stream.resource<external>, %arg1: !stream.timepoint) {
  %c16 = arith.constant 16 : index
  %0 = stream.timepoint.await %arg1 => %arg0 : !stream.resource<external>{%c16}
  %1 = util.optimization_barrier %0 : !stream.resource<external>
  %2 = stream.async.transfer %1 : !stream.resource<external>{%c16} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_a>) !stream.resource<*>{%c16}
  %3 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @executable::@dispatch(%2, %c16) : (tensor<16xf32, #encoding> in !stream.resource<*>{%c16}, index) -> tensor<16xf32, #encoding> in !stream.resource<*>{%c16}
  %4 = stream.async.transfer %3 : !stream.resource<*>{%c16} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_b>) !stream.resource<*>{%c16}
  %5 = stream.tensor.dispatch on(#hal.device.affinity<@device_b>) @executable::@dispatch(%4, %c16) : (tensor<16xf32, #encoding> in !stream.resource<*>{%c16}, index) -> tensor<16xf32, #encoding> in !stream.resource<*>{%c16}
  util.return
}
// CHECK-DAG:   #[[ENC_A:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<123, tensor<16xf32>>]>
// CHECK-DAG:   #[[ENC_B:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<456, tensor<16xf32>>]>
// CHECK:       stream.executable private @executable {
// CHECK:         stream.binding.subspan {{.+}} -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32, #[[ENC_A]]>>
// CHECK:         stream.binding.subspan {{.+}} -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32, #[[ENC_A]]>>
// CHECK:       stream.executable private @executable_dup0 {
// CHECK:         stream.binding.subspan {{.+}} -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32, #[[ENC_A]]>>
// CHECK:         stream.binding.subspan {{.+}} -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32, #[[ENC_B]]>>
// CHECK-LABEL: util.func public @multi_device_with_different_executable_targets
// CHECK:         stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @executable::@dispatch
// CHECK-SAME:      (tensor<16xf32, #[[ENC_A]]> in !stream.resource<*>{%{{.+}}}, index) -> tensor<16xf32, #[[ENC_A]]>
// CHECK:         stream.tensor.dispatch on(#hal.device.affinity<@device_b>) @executable_dup0::@dispatch
// CHECK-SAME:      (tensor<16xf32, #[[ENC_A]]> in !stream.resource<*>{%{{.+}}}, index) -> tensor<16xf32, #[[ENC_B]]>

// -----

// set_encoding / unset_encoding / gemm executables used on two devices: the
// bindings are rewritten per variant; the ops inside keep their encodings.
#executable_target_a = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#executable_target_b = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<456>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_a]> : !hal.device
#device_target_local_1_ = #hal.device.target<"local", {ordinal = 1 : index}, [#executable_target_b]> : !hal.device
#map0 = affine_map<(m, n, k) -> (m, k)>
#map1 = affine_map<(m, n, k) -> (k, n)>
#map2 = affine_map<(m, n, k) -> (m, n)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map0, #map1, #map2]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map0, #map1, #map2]>
#out = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map0, #map1, #map2]>
util.global private @device_a = #device_target_local_0_
util.global private @device_b = #device_target_local_1_
stream.executable private @set_encoding {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: index, %arg2: index, %arg3: !stream.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x?xf32>>{%arg1, %arg2}
      %1 = stream.binding.subspan %arg3[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x?xf32, #lhs>>{%arg1, %arg2}
      %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [%arg1, %arg2], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x?xf32>>{%arg1, %arg2} -> tensor<?x?xf32>
      %3 = iree_encoding.set_encoding %2 : tensor<?x?xf32> -> tensor<?x?xf32, #lhs>
      iree_tensor_ext.dispatch.tensor.store %3, %1, offsets = [0, 0], sizes = [%arg1, %arg2], strides = [1, 1] : tensor<?x?xf32, #lhs> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x?xf32, #lhs>>{%arg1, %arg2}
      return
    }
  }
}
stream.executable private @gemm {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: !stream.binding, %arg3: index, %arg4: index, %arg5: index) {
      %c0 = arith.constant 0 : index
      %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x?xf32, #lhs>>{%arg3, %arg5}
      %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x?xf32, #rhs>>{%arg5, %arg4}
      %2 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?x?xf32, #out>>{%arg3, %arg4}
      return
    }
  }
}
util.func public @multi_device_gemm(%arg0: !stream.resource<external>, %arg1: !stream.resource<external>, %m: index, %n: index, %k: index, %s: index) {
  %0 = stream.async.transfer %arg0 : !stream.resource<external>{%s} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_a>) !stream.resource<*>{%s}
  %1 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @set_encoding::@dispatch(%0, %m, %k) : (tensor<?x?xf32>{%m, %k} in !stream.resource<*>{%s}, index, index) -> tensor<?x?xf32, #lhs>{%m, %k} in !stream.resource<*>{%s}
  %2 = stream.async.transfer %arg1 : !stream.resource<external>{%s} from(#hal.device.affinity<@device_b>) -> to(#hal.device.affinity<@device_b>) !stream.resource<*>{%s}
  %3 = stream.tensor.dispatch on(#hal.device.affinity<@device_b>) @set_encoding::@dispatch(%2, %m, %k) : (tensor<?x?xf32>{%m, %k} in !stream.resource<*>{%s}, index, index) -> tensor<?x?xf32, #lhs>{%m, %k} in !stream.resource<*>{%s}
  %4 = stream.tensor.dispatch on(#hal.device.affinity<@device_b>) @gemm::@dispatch(%3, %3, %3, %m, %n, %k) : (tensor<?x?xf32, #lhs>{%m, %k} in !stream.resource<*>{%s}, tensor<?x?xf32, #rhs>{%k, %n} in !stream.resource<*>{%s}, tensor<?x?xf32, #out>{%m, %n} in !stream.resource<*>{%s}, index, index, index) -> tensor<?x?xf32, #out>{%m, %n} in !stream.resource<*>{%s}
  util.return
}
// CHECK-DAG:   #[[LHS:.+]] = #iree_encoding.encoding<operand_index = 0 : index
// CHECK-DAG:   #[[L123:.+]] = #iree_encoding.layout<[#iree_encoding.specialized<123, tensor<?x?xf32>>]>
// CHECK-DAG:   #[[L456:.+]] = #iree_encoding.layout<[#iree_encoding.specialized<456, tensor<?x?xf32>>]>
// CHECK:       stream.executable private @set_encoding {
// CHECK:         %[[BINDING:.+]] = stream.binding.subspan %arg3{{.+}} -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x?xf32, #[[L123]]>>
// CHECK:         %[[SET:.+]] = iree_encoding.set_encoding %{{.+}} : tensor<?x?xf32> -> tensor<?x?xf32, #[[LHS]]>
// CHECK:         iree_tensor_ext.dispatch.tensor.store %[[SET]], %[[BINDING]]{{.+}} : tensor<?x?xf32, #[[LHS]]> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x?xf32, #[[L123]]>>
// CHECK:       stream.executable private @set_encoding_dup0 {
// CHECK:         stream.binding.subspan %arg3{{.+}} -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x?xf32, #[[L456]]>>
// CHECK:       stream.executable private @gemm {
// CHECK:         stream.binding.subspan %arg0{{.+}} -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x?xf32, #[[L456]]>>
// CHECK:         stream.binding.subspan %arg1{{.+}} -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x?xf32, #[[L456]]>>
// CHECK:         stream.binding.subspan %arg2{{.+}} -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?x?xf32, #[[L456]]>>
// CHECK-NOT:   stream.executable
// CHECK-LABEL: util.func public @multi_device_gemm
// CHECK:         stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @set_encoding::@dispatch
// CHECK:         stream.tensor.dispatch on(#hal.device.affinity<@device_b>) @set_encoding_dup0::@dispatch
// CHECK:         stream.tensor.dispatch on(#hal.device.affinity<@device_b>) @gemm::@dispatch

// -----

// An unknown encoding next to a serializable one: only the serializable
// encodings are written into the bindings (serialized ones too).
#executable_target_a = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_a]> : !hal.device
util.global private @device_a = #device_target_local_0_
stream.executable private @executable {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: !stream.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>>
      %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>>
      %2 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32>>
      return
    }
  }
}
util.func public @unknown_and_serializable(%arg0: !stream.resource<external>, %c16: index) {
  %0 = stream.async.transfer %arg0 : !stream.resource<external>{%c16} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_a>) !stream.resource<*>{%c16}
  %1 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @executable::@dispatch(%0, %0) : (tensor<16xf32, #iree_encoding.unknown> in !stream.resource<*>{%c16}, tensor<16xf32, #iree_encoding.identity> in !stream.resource<*>{%c16}) -> tensor<16xf32, #iree_encoding.testing<>> in !stream.resource<*>{%c16}
  util.return
}
// CHECK-DAG:   #[[ENC:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<123, tensor<16xf32>>]>
// CHECK:       stream.executable private @executable {
// CHECK:         stream.binding.subspan %arg0{{.+}} -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>>
// CHECK:         stream.binding.subspan %arg1{{.+}} -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32, #iree_encoding.identity>>
// CHECK:         stream.binding.subspan %arg2{{.+}} -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32, #[[ENC]]>>
// CHECK-LABEL: util.func public @unknown_and_serializable

// -----

// Dispatches to hal.executable.source exports are not recognized: nothing
// changes.
#executable_target_a = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_a]> : !hal.device
#encoding = #iree_encoding.testing<>
util.global private @device_a = #device_target_local_0_
hal.executable.source public @executable {
  hal.executable.export public @dispatch ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>)
}
util.func public @hal_executable_source(%arg0: !stream.resource<external>, %c16: index) {
  %0 = stream.async.transfer %arg0 : !stream.resource<external>{%c16} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_a>) !stream.resource<*>{%c16}
  %1 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @executable::@dispatch(%0) : (tensor<16xf32, #encoding> in !stream.resource<*>{%c16}) -> tensor<16xf32, #encoding> in !stream.resource<*>{%c16}
  util.return
}
// CHECK:       #[[ENC:.+]] = #iree_encoding.testing<>
// CHECK-LABEL: util.func public @hal_executable_source
// CHECK:         stream.tensor.dispatch {{.+}} : (tensor<16xf32, #[[ENC]]> in {{.+}}) -> tensor<16xf32, #[[ENC]]> in

// -----

// A binding used by something other than a subspan: not recognized.
#executable_target_a = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_a]> : !hal.device
#encoding = #iree_encoding.testing<>
util.global private @device_a = #device_target_local_0_
stream.executable private @executable {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding) {
      util.optimization_barrier %arg0 : !stream.binding
      return
    }
  }
}
util.func public @unrecognized_binding_use(%arg0: !stream.resource<external>, %c16: index) {
  %0 = stream.async.transfer %arg0 : !stream.resource<external>{%c16} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_a>) !stream.resource<*>{%c16}
  %1 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @executable::@dispatch(%0) : (tensor<16xf32, #encoding> in !stream.resource<*>{%c16}) -> tensor<16xf32, #encoding> in !stream.resource<*>{%c16}
  util.return
}
// CHECK:       #[[ENC:.+]] = #iree_encoding.testing<>
// CHECK-LABEL: util.func public @unrecognized_binding_use
// CHECK:         stream.tensor.dispatch {{.+}} : (tensor<16xf32, #[[ENC]]> in {{.+}}) -> tensor<16xf32, #[[ENC]]> in

//------------------------------------------------------------------------------
// Control flow and nothing to do.
//------------------------------------------------------------------------------

// -----

// Candidates in nested regions, non-entry and unreachable blocks.
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<5>}>
util.global private @dev = #hal.device.target<"local", [#executable_target]> : !hal.device
util.func public @control_flow(%arg0: index, %arg1: i1) -> index {
  %0 = scf.if %arg1 -> index {
    %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?xf32, #iree_encoding.testing<>>{%arg0} : index
    scf.yield %1 : index
  } else {
    scf.yield %arg0 : index
  }
  cf.br ^bb1(%0 : index)
^bb1(%2: index):
  cf.cond_br %arg1, ^bb1(%2 : index), ^bb2
^bb2:
  %3 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?xf32, #iree_encoding.testing<>>{%2} : index
  util.return %3 : index
^bb3:
  %4 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?xf32, #iree_encoding.testing<>>{%arg0} : index
  util.return %4 : index
}
// CHECK:       #[[ENC:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<5, tensor<?xf32>>]>
// CHECK-LABEL: util.func public @control_flow
// CHECK:         scf.if
// CHECK:           tensor<?xf32, #[[ENC]]>
// CHECK:       ^bb2:
// CHECK:         tensor<?xf32, #[[ENC]]>
// CHECK:       ^bb3:
// CHECK:         tensor<?xf32, #[[ENC]]>

// -----

// CHECK-LABEL: util.func public @nothing_to_do
util.func public @nothing_to_do(%arg0: index) -> index {
  // CHECK: stream.tensor.sizeof tensor<?xf32>{%arg0}
  %0 = stream.tensor.sizeof tensor<?xf32>{%arg0} : index
  util.return %0 : index
}
