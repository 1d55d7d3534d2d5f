// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

#layout = #hal.pipeline.layout<constants = 2, bindings = [
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer>
]>

// CHECK-LABEL: func.func @interface_ops
func.func @interface_ops(%offset: index, %dim: index) {
  // CHECK: %workgroup_id_x = hal.interface.workgroup.id[0] : index
  %0 = hal.interface.workgroup.id[0] : index
  // CHECK: %workgroup_count_y = hal.interface.workgroup.count[1] upper_bound 64 : index
  %1 = hal.interface.workgroup.count[1] upper_bound 64 : index
  // CHECK: %workgroup_size_z = hal.interface.workgroup.size[2] : index
  %2 = hal.interface.workgroup.size[2] : index
  // CHECK: hal.interface.constant.load layout(#pipeline_layout) ordinal(0) : i32
  %3 = hal.interface.constant.load layout(#layout) ordinal(0) : i32
  // CHECK: hal.interface.constant.load layout(#pipeline_layout) ordinal(1) alignment(16) values([32 : i32, 64 : i32]) : i32
  %4 = hal.interface.constant.load layout(#layout) ordinal(1) alignment(16) values([32 : i32, 64 : i32]) : i32
  // CHECK: hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%arg0) flags(ReadOnly) : memref<?x4xf32>{%arg1}
  %5 = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%offset) flags(ReadOnly) : memref<?x4xf32>{%dim}
  // CHECK: hal.interface.binding.subspan layout(#pipeline_layout) binding(1) offset(%arg0) flags("ReadOnly|Indirect") : memref<16xf32>
  %6 = hal.interface.binding.subspan layout(#layout) binding(1) offset(%offset) flags("ReadOnly|Indirect") : memref<16xf32>
  // CHECK: hal.interface.binding.subspan layout(#pipeline_layout) binding(1) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?xf32>>{%arg1}
  %7 = hal.interface.binding.subspan layout(#layout) binding(1) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?xf32>>{%dim}
  return
}
