// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-specialize-encodings --verify-diagnostics %s

// Diagnostics of --iree-stream-specialize-encodings (stream-passes-1.md §7.1,
// encoding.md §8.1 items 2 and 8).

// A padding the GPU padding resolver cannot resolve (dynamic last dimension).
// The loop stops at the first failing candidate: the second empty, which
// would also fail, gets no diagnostic.
#executable_target_rocm = #hal.executable.target<"rocm", "rocm-hsaco-fb", {iree.encoding.resolver = #iree_gpu.gpu_padding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp32, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x4_F32>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 16384>>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_rocm]> : !hal.device
// expected-error @+1 {{failed to add layouts to Stream::TensorPhaseOp with encodings}}
module {
  util.global private @device_a = #device_target_local_0_
  util.func public @unsupported_padding(%d0: index, %d1: index) {
    // expected-error @+2 {{failed to resolve recognized layout}}
    // expected-error @+1 {{failed to convert unserialized encoding to serialized encoding}}
    %0 = stream.tensor.empty on(#hal.device.affinity<@device_a>) : tensor<2048x?xf16, #iree_encoding.padding<[0, ?]>>{%d0} in !stream.resource<*>{%d1}
    %1 = stream.tensor.empty on(#hal.device.affinity<@device_a>) : tensor<2048x?xf16, #iree_encoding.padding<[64, ?]>>{%d0} in !stream.resource<*>{%d1}
    util.return
  }
}

// -----

// With cache info the padding resolver resolves only paddings.
#executable_target_rocm = #hal.executable.target<"rocm", "rocm-hsaco-fb", {iree.encoding.resolver = #iree_gpu.gpu_padding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx90a", features = "", wgp = <compute = fp32, storage = b32, subgroup = none, subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647]>>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_rocm]> : !hal.device
// expected-error @+1 {{failed to add layouts to Stream::TensorPhaseOp with encodings}}
module {
  util.global private @device_a = #device_target_local_0_
  util.func public @padding_resolver_testing(%d0: index) -> index {
    // expected-error @+2 {{failed to resolve recognized layout}}
    // expected-error @+1 {{failed to convert unserialized encoding to serialized encoding}}
    %0 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x2048xf16, #iree_encoding.testing<>>{%d0} : index
    util.return %0 : index
  }
}

// -----

#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.unsupported_resolver}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
// expected-error @+1 {{failed to add layouts to Stream::TensorPhaseOp with encodings}}
module {
  util.global private @device_a = #device_target_local_0_
  util.func public @unsupported_resolver(%arg0: index) -> index {
    // expected-error @+2 {{failed to resolve recognized layout}}
    // expected-error @+1 {{failed to convert unserialized encoding to serialized encoding}}
    %0 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x4xf32, #iree_encoding.testing<>>{%arg0} : index
    util.return %0 : index
  }
}

// -----

#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
// expected-error @+1 {{failed to add layouts to Stream::TensorPhaseOp with encodings}}
module {
  util.global private @device_a = #device_target_local_0_
  util.func public @constant_unserialized() {
    // expected-error @+1 {{failed to convert unserialized encoding to serialized encoding}}
    %0 = stream.tensor.constant on(#hal.device.affinity<@device_a>) : tensor<1xf32, #iree_encoding.testing<>> in !stream.resource<*> = dense<[5.0]> : tensor<1xf32>
    util.return
  }
}

// -----

#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
// expected-error @+1 {{failed to add layouts to Stream::TensorPhaseOp with encodings}}
module {
  util.global private @device_a = #device_target_local_0_
  util.func public @clone_unserialized(%arg0: !stream.resource<*>, %arg1: index) {
    // expected-error @+1 {{failed to convert unserialized encoding to serialized encoding}}
    %0 = stream.tensor.clone on(#hal.device.affinity<@device_a>) %arg0 : tensor<4xf32, #iree_encoding.testing<>> in !stream.resource<*>{%arg1} -> tensor<4xf32, #iree_encoding.testing<>> in !stream.resource<*>{%arg1}
    util.return
  }
}

// -----

#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
// expected-error @+1 {{failed to add layouts to Stream::TensorPhaseOp with encodings}}
module {
  util.global private @device_a = #device_target_local_0_
  util.func public @slice_unserialized(%arg0: !stream.resource<*>, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{failed to convert unserialized encoding to serialized encoding}}
    %0 = stream.tensor.slice on(#hal.device.affinity<@device_a>) %arg0[%c0 for %c1] : tensor<4xf32, #iree_encoding.testing<>> in !stream.resource<*>{%arg1} -> tensor<1xf32> in !stream.resource<*>{%arg1}
    util.return
  }
}

// -----

#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
// expected-error @+1 {{failed to add layouts to Stream::TensorPhaseOp with encodings}}
module {
  util.global private @device_a = #device_target_local_0_
  util.func public @update_unserialized(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{failed to convert unserialized encoding to serialized encoding}}
    %0 = stream.tensor.update on(#hal.device.affinity<@device_a>) %arg0, %arg2[%c0] : tensor<1xf32> in !stream.resource<*>{%arg1} -> tensor<4xf32, #iree_encoding.testing<>> in %arg2 as !stream.resource<*>{%arg1}
    util.return
  }
}

// -----

// [fix] encoding.md §8.1 item 2: a device without executable targets cannot
// resolve an unserialized encoding.
// expected-error @+1 {{failed to add layouts to Stream::TensorPhaseOp with encodings}}
module {
  util.global private @device_a : !hal.device
  util.func public @no_targets(%arg0: index) -> index {
    // expected-error @+2 {{failed to resolve recognized layout}}
    // expected-error @+1 {{failed to convert unserialized encoding to serialized encoding}}
    %0 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x4xf32, #iree_encoding.testing<>>{%arg0} : index
    util.return %0 : index
  }
}

// -----

// A dispatch whose result cannot be resolved.
#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.unsupported_resolver}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
// expected-error @+1 {{failed to add layouts to Stream::TensorPhaseOp with encodings}}
module {
  util.global private @device_a = #device_target_local_0_
  stream.executable private @executable {
    stream.executable.export public @dispatch
    builtin.module {
      func.func @dispatch(%arg0: !stream.binding) {
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32>>
        return
      }
    }
  }
  util.func public @dispatch_unresolved(%c16: index) {
    // expected-error @+2 {{failed to resolve recognized layout}}
    // expected-error @+1 {{failed to convert unserialized encoding to serialized encoding}}
    %0 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @executable::@dispatch() : () -> tensor<16xf32, #iree_encoding.testing<>> in !stream.resource<*>{%c16}
    util.return
  }
}
