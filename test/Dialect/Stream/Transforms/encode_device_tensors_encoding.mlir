// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-encode-device-tensors %s | FileCheck %s

// --iree-stream-encode-device-tensors with encodings (encoding.md §8.3,
// §9.5): packed_storage types are legal storage types, so nothing changes;
// a widened binding keeps its encoding [fix].

// CHECK-LABEL: @packedI1
stream.executable private @packedI1 {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: !stream.binding) {
      %c0 = arith.constant 0 : index
      // CHECK: -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xi1, #iree_encoding.packed_storage>>
      %input = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xi1, #iree_encoding.packed_storage>>
      // CHECK: -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xi1, #iree_encoding.packed_storage>>
      %output = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xi1, #iree_encoding.packed_storage>>
      // CHECK: iree_tensor_ext.dispatch.tensor.load {{.+}} -> tensor<16xi1, #iree_encoding.packed_storage>
      %tile = iree_tensor_ext.dispatch.tensor.load %input, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xi1, #iree_encoding.packed_storage>> -> tensor<16xi1, #iree_encoding.packed_storage>
      // CHECK-NOT: arith.trunci
      // CHECK-NOT: arith.extui
      // CHECK: iree_tensor_ext.dispatch.tensor.store %{{.+}} : tensor<16xi1, #iree_encoding.packed_storage> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xi1, #iree_encoding.packed_storage>>
      iree_tensor_ext.dispatch.tensor.store %tile, %output, offsets = [0], sizes = [16], strides = [1] : tensor<16xi1, #iree_encoding.packed_storage> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xi1, #iree_encoding.packed_storage>>
      return
    }
  }
}

// -----

// CHECK-LABEL: @packedI1Ori
stream.executable private @packedI1Ori {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: !stream.binding) {
      %c0 = arith.constant 0 : index
      %input = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xi1, #iree_encoding.packed_storage>>
      %output = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xi1, #iree_encoding.packed_storage>>
      %a = iree_tensor_ext.dispatch.tensor.load %input, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xi1, #iree_encoding.packed_storage>> -> tensor<16xi1, #iree_encoding.packed_storage>
      %b = iree_tensor_ext.dispatch.tensor.load %output, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xi1, #iree_encoding.packed_storage>> -> tensor<16xi1, #iree_encoding.packed_storage>
      // CHECK: arith.ori %{{.+}}, %{{.+}} : tensor<16xi1, #iree_encoding.packed_storage>
      %c = arith.ori %a, %b : tensor<16xi1, #iree_encoding.packed_storage>
      // CHECK-NOT: arith.extui
      iree_tensor_ext.dispatch.tensor.store %c, %output, offsets = [0], sizes = [16], strides = [1] : tensor<16xi1, #iree_encoding.packed_storage> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xi1, #iree_encoding.packed_storage>>
      return
    }
  }
}

// -----

// CHECK-LABEL: @packedI4
stream.executable private @packedI4 {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding) {
      %c0 = arith.constant 0 : index
      // CHECK: -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xi4, #iree_encoding.packed_storage>>
      %input = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xi4, #iree_encoding.packed_storage>>
      // CHECK: iree_tensor_ext.dispatch.tensor.load {{.+}} -> tensor<8xi4, #iree_encoding.packed_storage>
      // CHECK-NOT: arith.trunci
      %tile = iree_tensor_ext.dispatch.tensor.load %input, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xi4, #iree_encoding.packed_storage>> -> tensor<8xi4, #iree_encoding.packed_storage>
      util.optimization_barrier %tile : tensor<8xi4, #iree_encoding.packed_storage>
      return
    }
  }
}

// -----

// CHECK-LABEL: @storeI4Packed
stream.executable private @storeI4Packed {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: tensor<8xi4, #iree_encoding.packed_storage>) {
      %c0 = arith.constant 0 : index
      %output = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xi4, #iree_encoding.packed_storage>>
      // CHECK-NOT: arith.extui
      // CHECK: iree_tensor_ext.dispatch.tensor.store %arg1, {{.+}} -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xi4, #iree_encoding.packed_storage>>
      iree_tensor_ext.dispatch.tensor.store %arg1, %output, offsets = [0], sizes = [8], strides = [1] : tensor<8xi4, #iree_encoding.packed_storage> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xi4, #iree_encoding.packed_storage>>
      return
    }
  }
}

// -----

// [fix] encoding.md §8.3 item 1: widening keeps the bound tensor's encoding.
// CHECK: #[[ENC:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.identity]>
// CHECK-LABEL: @widenKeepsEncoding
stream.executable private @widenKeepsEncoding {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding) {
      %c0 = arith.constant 0 : index
      // CHECK: -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi8, #[[ENC]]>>
      %input = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi1, #iree_encoding.testing<layouts = [#iree_encoding.identity]>>>
      // CHECK: iree_tensor_ext.dispatch.tensor.load {{.+}} -> tensor<4xi8, #[[ENC]]>
      // CHECK: arith.trunci
      %tile = iree_tensor_ext.dispatch.tensor.load %input, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi1, #iree_encoding.testing<layouts = [#iree_encoding.identity]>>> -> tensor<4xi1, #iree_encoding.testing<layouts = [#iree_encoding.identity]>>
      util.optimization_barrier %tile : tensor<4xi1, #iree_encoding.testing<layouts = [#iree_encoding.identity]>>
      return
    }
  }
}
