// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func private @affinities
// CHECK-SAME: hal.a = #hal.device.affinity<@dev>
// CHECK-SAME: hal.b = #hal.device.affinity<@dev, [0]>
// CHECK-SAME: hal.c = #hal.device.affinity<@dev, [1, 4, 63]>
// CHECK-SAME: hal.d = #hal.device.affinity<@dev, []>
// CHECK-SAME: hal.e = #hal.device.affinity<@outer::@inner>
util.func private @affinities() attributes {
  hal.a = #hal.device.affinity<@dev>,
  hal.b = #hal.device.affinity<@dev, [0]>,
  hal.c = #hal.device.affinity<@dev, [63, 4, 1, 4]>,
  hal.d = #hal.device.affinity<@dev, []>,
  hal.e = #hal.device.affinity<@outer::@inner>
}

// -----

// The promise prints the raw name after `@`.
// CHECK-LABEL: util.func private @promises
// CHECK-SAME: hal.a = #hal.device.promise<@a>
// CHECK-SAME: hal.b = #hal.device.promise<@b, [2, 3]>
util.func private @promises() attributes {
  hal.a = #hal.device.promise<@a>,
  hal.b = #hal.device.promise<@b, [3, 2]>
}

// -----

// CHECK-LABEL: util.func private @optimal
// CHECK-SAME: hal.a = #hal.device.optimal<[#hal.device.promise<@a>, #hal.device.promise<@b>]>
// CHECK-SAME: hal.b = #hal.device.optimal<[#hal.device.affinity<@x, [0]>]>
util.func private @optimal() attributes {
  hal.a = #hal.device.optimal<[#hal.device.promise<@a>, #hal.device.promise<@b>]>,
  hal.b = #hal.device.optimal<[#hal.device.affinity<@x, [0]>]>
}

// -----

// CHECK: module attributes {stream.topology = #hal.device.topology<links = [(@gpu -> @cpu = {unified_memory = true, transparent_access = true}), (@cpu -> @gpu = {}), (@a -> @b = {transparent_access = true}, {bandwidth = 4 : i64})]>}
module attributes {stream.topology = #hal.device.topology<links = [
  (@gpu -> @cpu = {unified_memory = true, transparent_access = true}),
  (@cpu -> @gpu = {unified_memory = false}),
  (@a -> @b = {transparent_access = true, unified_memory = false}, {bandwidth = 4 : i64})
]>} {}

// -----

// CHECK: module attributes {hal.links = [#hal.device.link<(@a -> @b = {unified_memory = true})>], stream.topology = #hal.device.topology<links = []>}
module attributes {stream.topology = #hal.device.topology<links = []>, hal.links = [#hal.device.link<(@a -> @b = {unified_memory = true})>]} {}

// -----

// Targets print through the dialect's aliases.
// CHECK-DAG: #executable_target_embedded_elf_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {target_triple = "x86_64-none-elf"}>
// CHECK-DAG: #executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
// CHECK-DAG: #device_target_local = #hal.device.target<"local", [#executable_target_embedded_elf_x86_64, #executable_target_vmvx_bytecode_fb]> : !hal.device
// CHECK-DAG: #device_target_cuda_1_ = #hal.device.target<"CUDA", {ordinal = 1 : index}> : !hal.device
// CHECK-DAG: #device_target_vulkan = #hal.device.target<"vulkan", {legacy_sync}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
// CHECK-DAG: #device_target_null = #hal.device.target<"null"> : !hal.device
// CHECK-LABEL: util.func private @targets
// CHECK-SAME: hal.a = #device_target_local
// CHECK-SAME: hal.b = #device_target_cuda_1_
// CHECK-SAME: hal.c = #device_target_vulkan
// CHECK-SAME: hal.d = #device_target_null
// CHECK-SAME: hal.e = #executable_target_vmvx_bytecode_fb
util.func private @targets() attributes {
  hal.a = #hal.device.target<"local", [
    #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {target_triple = "x86_64-none-elf"}>,
    #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {}>
  ]> : !hal.device,
  hal.b = #hal.device.target<"CUDA", {ordinal = 1 : index}> : !hal.device,
  hal.c = #hal.device.target<"vulkan", {legacy_sync}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device,
  hal.d = #hal.device.target<"null", {}, []> : !hal.device,
  hal.e = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
}

// -----

// CHECK: #pipeline_layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
// CHECK: #pipeline_layout1 = #hal.pipeline.layout<constants = 3, bindings = [#hal.pipeline.binding<uniform_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>
// CHECK: #pipeline_layout2 = #hal.pipeline.layout<bindings = [], flags = None>
// CHECK-LABEL: util.func private @layouts
// CHECK-SAME: hal.a = #pipeline_layout
// CHECK-SAME: hal.b = #pipeline_layout1
// CHECK-SAME: hal.c = #pipeline_layout2
// CHECK-SAME: hal.d = #hal.pipeline.binding<storage_buffer, ReadOnly>
util.func private @layouts() attributes {
  hal.a = #hal.pipeline.layout<constants = 0, bindings = [#hal.pipeline.binding<storage_buffer>]>,
  hal.b = #hal.pipeline.layout<constants = 3, bindings = [
    #hal.pipeline.binding<"uniform_buffer", "ReadOnly">,
    #hal.pipeline.binding<storage_buffer, "ReadOnly | Indirect">,
    #hal.pipeline.binding<storage_buffer, Indirect>
  ], flags = Indirect>,
  hal.c = #hal.pipeline.layout<bindings = [], flags = None>,
  hal.d = #hal.pipeline.binding<storage_buffer, ReadOnly>
}

// -----

// CHECK-LABEL: util.func private @enum_attrs
// CHECK-SAME: hal.a = #hal.abi.convention<coarse_fences>
// CHECK-SAME: hal.b = #hal.abi.convention<synchronous>
// CHECK-SAME: hal.c = #hal.descriptor_type<storage_buffer>
util.func private @enum_attrs() attributes {
  hal.a = #hal.abi.convention<coarse_fences>,
  hal.b = #hal.abi.convention<"synchronous">,
  hal.c = #hal.descriptor_type<storage_buffer>
}
