// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --sluice-assign-cpu-device %s | FileCheck %s
// RUN: sluice-opt --split-input-file "--sluice-assign-cpu-device=cpu=x86-64-v2" %s | FileCheck %s --check-prefix=V2
// RUN: sluice-opt "--sluice-assign-cpu-device=cpu=skylake-avx512" %s | FileCheck %s --check-prefix=AVX512
// RUN: not sluice-opt "--sluice-assign-cpu-device=cpu=cortex-a57" %s 2>&1 | FileCheck %s --check-prefix=ARM

// execution.md §2.2 step 6 and the §5.1 target.

// No device global: @__device_0 is created at the top with the sluice-native
// target of the default CPU, and becomes the default affinity.
// CHECK: #[[TARGET:.+]] = #hal.executable.target<"llvm-cpu", "sluice-native", {cpu = "x86-64-v3", cpu_features = "+avx,+avx2,{{.*}}+fma,{{.*}}", native_vector_size = 32 : i64, target_triple = "x86_64-unknown-linux-gnu"}>
// CHECK: #[[DEVICE:.+]] = #hal.device.target<"local", [#[[TARGET]]]> : !hal.device
// CHECK-LABEL: module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>}
// CHECK-NEXT: util.global private @__device_0 = #[[DEVICE]]
// CHECK-NEXT: util.func
// V2: #hal.executable.target<"llvm-cpu", "sluice-native", {cpu = "x86-64-v2", cpu_features = "{{[^"]*}}+sse4.2{{[^"]*}}", native_vector_size = 16 : i64
// V2-NOT: +avx
// AVX512: native_vector_size = 64 : i64
// ARM: error: sluice-compile targets x86-64 only; 'cortex-a57' is not an x86-64 CPU
util.func public @f() {
  util.return
}

// -----

// One device global with another target list: the list is replaced, the
// device id and configuration are kept; an existing default affinity stays.
// CHECK: #[[TARGET2:.+]] = #hal.executable.target<"llvm-cpu", "sluice-native", {cpu = "x86-64-v3"
// CHECK: #[[DEVICE2:.+]] = #hal.device.target<"local", {ordinal = 0 : index}, [#[[TARGET2]]]> : !hal.device
// CHECK-LABEL: module attributes {stream.affinity.default = #hal.device.affinity<@other>}
// CHECK-NOT: __device_0
// CHECK: util.global private @dev = #[[DEVICE2]]
#foreign = #hal.executable.target<"vulkan-spirv", "vulkan-spirv-fb">
module attributes {stream.affinity.default = #hal.device.affinity<@other>} {
  util.global private @dev = #hal.device.target<"local", {ordinal = 0 : index}, [#foreign, #foreign]> : !hal.device
}

// -----

// Several device globals (one without an initial value): every one gets the
// target, no default affinity is chosen.
// CHECK: #[[TARGET3:.+]] = #hal.executable.target<"llvm-cpu", "sluice-native"
// CHECK: #[[DEVICE3:.+]] = #hal.device.target<"local", [#[[TARGET3]]]> : !hal.device
// CHECK-LABEL: module {
// CHECK-NEXT: util.global private @a = #[[DEVICE3]]
// CHECK-NEXT: util.global private @b = #[[DEVICE3]]
// CHECK-NEXT: util.global private @other : tensor<4xf32>
util.global private @a = #hal.device.target<"local"> : !hal.device
util.global private @b : !hal.device
util.global private @other : tensor<4xf32>

// -----

// One existing device global without a default affinity: it becomes the
// default; its name is kept.
// CHECK-LABEL: module attributes {stream.affinity.default = #hal.device.affinity<@gpu>}
// CHECK-NEXT: util.global private @gpu = #{{.+}}
// CHECK-NOT: util.global
util.global private @gpu : !hal.device
