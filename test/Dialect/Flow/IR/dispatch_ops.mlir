// REQUIRES: sluice-opt
// RUN: sluice-opt %s --split-input-file | sluice-opt --split-input-file | FileCheck %s
// RUN: sluice-opt %s --split-input-file --mlir-print-op-generic | sluice-opt --split-input-file | FileCheck %s

// CHECK-LABEL: flow.executable private @ex
flow.executable private @ex {
  // CHECK-NEXT: flow.executable.export public @entry workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
  // CHECK-NEXT:   flow.return %arg0, %arg1, %arg0 : index, index, index
  // CHECK-NEXT: }
  flow.executable.export public @entry workgroups(%x: index, %y: index) -> (index, index, index) {
    flow.return %x, %y, %x : index, index, index
  }
  // CHECK-NEXT: flow.executable.export public @inplace
  flow.executable.export @inplace
  // CHECK-NEXT: flow.executable.export public @main as("entry_v2") workgroups(%arg0: index) -> (index, index, index) {
  flow.executable.export @main as("entry_v2") workgroups(%n: index) -> (index, index, index) {
    // CHECK-NEXT: %[[X:.+]], %[[Y:.+]], %[[Z:.+]] = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg0)
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
    // CHECK-NEXT: flow.return %[[X]], %[[Y]], %[[Z]] : index, index, index
    flow.return %x, %y, %z : index, index, index
  }
  // CHECK: builtin.module {
  builtin.module {
    // CHECK: func.func @entry
    func.func @entry(%arg0: !iree_tensor_ext.dispatch.tensor<readonly:tensor<7x?xf32>>, %arg1: index, %arg2: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>) {
      // CHECK: %[[W:.+]] = iree_tensor_ext.dispatch.workload.ordinal %arg1, 0 : index
      %d = iree_tensor_ext.dispatch.workload.ordinal %arg1, 0 : index
      // CHECK: flow.dispatch.tie_shape %arg0 : !iree_tensor_ext.dispatch.tensor<readonly:tensor<7x?xf32>>{%[[W]]}
      %in = flow.dispatch.tie_shape %arg0 : !iree_tensor_ext.dispatch.tensor<readonly:tensor<7x?xf32>>{%d}
      // CHECK: flow.dispatch.tie_shape %arg2 {some.attr} : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%[[W]]}
      %out = flow.dispatch.tie_shape %arg2 {some.attr} : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%d}
      // CHECK: %workgroup_id_0 = flow.dispatch.workgroup.id[0] : index
      %id = flow.dispatch.workgroup.id[0] : index
      // CHECK: %workgroup_count_1 = flow.dispatch.workgroup.count[1] : index
      %count = flow.dispatch.workgroup.count[1] : index
      // CHECK: %workgroup_size_2 = flow.dispatch.workgroup.size[2] : index
      %size = flow.dispatch.workgroup.size[2] : index
      return
    }
  }
  // CHECK-NOT: flow.executable_end
}

// CHECK-LABEL: util.func public @dispatch
util.func public @dispatch(%in: tensor<7x?xf32>, %d: index, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  // CHECK: flow.dispatch @ex::@entry[%c1, %c2](%arg0, %arg1) : (tensor<7x?xf32>{%arg1}, index) -> tensor<?xf32>{%arg1}
  %0 = flow.dispatch @ex::@entry[%c1, %c2](%in, %d) : (tensor<7x?xf32>{%d}, index) -> tensor<?xf32>{%d}
  // CHECK: flow.dispatch @ex::@inplace(%arg2, %arg3) : (tensor<4xf32>, tensor<4xf32>) -> %arg3
  %1 = flow.dispatch @ex::@inplace(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> %b
  // CHECK: flow.dispatch @dispatch(%arg2) {stream.affinity = #hal.device.promise<@dev_b>} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = flow.dispatch @dispatch(%a) {stream.affinity = #hal.device.promise<@dev_b>} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: flow.dispatch {@ex::@entry, @ex::@inplace}[%c3, %c3](%arg2) : (tensor<4xf32>) -> (tensor<4xf32>, %arg2)
  %3:2 = flow.dispatch {@ex::@entry, @ex::@inplace}[%c3, %c3](%a) : (tensor<4xf32>) -> (tensor<4xf32>, %a)
  // CHECK: flow.dispatch @ex::@inplace(%arg2) : (tensor<4xf32>) -> ()
  flow.dispatch @ex::@inplace(%a) : (tensor<4xf32>) -> ()
  // CHECK: flow.dispatch @ex::@inplace(%arg2, %arg3) : (tensor<4xf32>, tensor<4xf32>) -> %arg3 as tensor<2x2xf32>
  %4 = flow.dispatch @ex::@inplace(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> %b as tensor<2x2xf32>
  util.return %0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: util.func public @dispatch_workgroups
util.func public @dispatch_workgroups(%arg0: tensor<4xf32>, %arg1: tensor<?xf32>, %d: index) -> tensor<4xf32> {
  %c1 = arith.constant 1 : index
  // CHECK: flow.dispatch.workgroups[%c1](%arg0, %arg1) : (tensor<4xf32>, tensor<?xf32>{%arg2}) -> %arg0 =
  // CHECK-NEXT: (%[[A:.+]]: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>>, %[[B:.+]]: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>) {
  // CHECK-NEXT:   flow.return
  // CHECK-NEXT: } count(%[[N:.+]]: index) -> (index, index, index) {
  // CHECK-NEXT:   flow.return %[[N]], %[[N]], %[[N]] : index, index, index
  // CHECK-NEXT: }
  %0 = flow.dispatch.workgroups[%c1](%arg0, %arg1) : (tensor<4xf32>, tensor<?xf32>{%d}) -> %arg0 =
      (%a: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>>, %b: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>) {
    flow.return
  } count(%n: index) -> (index, index, index) {
    flow.return %n, %n, %n : index, index, index
  }
  // CHECK: flow.dispatch.workgroups(%arg0) : (tensor<4xf32>) -> tensor<4xf32> attributes {some.attr} =
  // CHECK-NEXT: (%{{.+}}: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>, %{{.+}}: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>) {
  %1 = flow.dispatch.workgroups(%arg0) : (tensor<4xf32>) -> tensor<4xf32> attributes {some.attr} =
      (%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>, %r: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>) {
    flow.return
  }
  util.return %0 : tensor<4xf32>
}
