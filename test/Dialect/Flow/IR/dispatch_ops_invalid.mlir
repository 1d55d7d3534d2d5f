// REQUIRES: sluice-opt
// RUN: sluice-opt %s --split-input-file --verify-diagnostics

util.func public @no_entry_points(%a: tensor<4xf32>) {
  // expected-error @+1 {{at least one entry point reference is required}}
  %0 = "flow.dispatch"(%a) <{entry_points = [], operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (tensor<4xf32>) -> tensor<4xf32>
  util.return
}

// -----

util.func public @dispatch_dims(%a: tensor<?xf32>) {
  // expected-error @+1 {{value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = "flow.dispatch"(%a) <{entry_points = [@ex::@entry], operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (tensor<?xf32>) -> tensor<4xf32>
  util.return
}

// -----

flow.executable private @ex {
  flow.executable.export public @entry workgroups(%x: index, %y: index) -> (index, index, index) {
    flow.return %x, %y, %x : index, index, index
  }
}
util.func public @workload_count(%a: tensor<4xf32>, %c: index) {
  // expected-error @+1 {{workload mismatch; entry point expects 2 arguments but dispatch provides 1}}
  %0 = flow.dispatch @ex::@entry[%c](%a) : (tensor<4xf32>) -> tensor<4xf32>
  util.return
}

// -----

flow.executable private @ex {
  flow.executable.export public @entry workgroups(%device: !hal.device, %x: index, %y: i32) -> (index, index, index) {
    flow.return %x, %x, %x : index, index, index
  }
}
util.func public @workload_type(%a: tensor<4xf32>, %c: index) {
  // expected-error @+1 {{workload operand 1 type mismatch; expected 'i32' but passed 'index'}}
  %0 = flow.dispatch @ex::@entry[%c, %c](%a) : (tensor<4xf32>) -> tensor<4xf32>
  util.return
}

// -----

flow.executable private @ex {
  // expected-error @+1 {{workgroup count region must return the XYZ dimension counts}}
  flow.executable.export public @entry workgroups(%x: index) -> (index, index) {
    flow.return %x, %x : index, index
  }
}

// -----

flow.executable private @ex {
  flow.executable.export public @entry workgroups(%x: index) -> (index, index, index) {
    // expected-error @+1 {{operands do not match expected region return types}}
    flow.return %x, %x : index, index
  }
}

// -----

flow.executable private @ex {
  util.func private @f() {
    // expected-error @+1 {{'flow.executable.export' op expects parent op 'flow.executable'}}
    flow.executable.export public @entry
    util.return
  }
}

// -----

util.func public @workgroup_id() {
  // expected-error @+1 {{dimension 3 out of bounds of dispatch dimensions; expected [0, 3)}}
  %0 = flow.dispatch.workgroup.id[3] : index
  util.return
}

// -----

util.func public @workgroup_count() {
  // expected-error @+1 {{dimension 4 out of bounds of dispatch dimensions; expected [0, 3)}}
  %0 = flow.dispatch.workgroup.count[4] : index
  util.return
}

// -----

util.func public @workgroup_size() {
  // expected-error @+1 {{dimension 5 out of bounds of dispatch dimensions; expected [0, 3)}}
  %0 = flow.dispatch.workgroup.size[5] : index
  util.return
}

// -----

util.func public @tie_shape(%arg0: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>) {
  // expected-error @+1 {{value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = flow.dispatch.tie_shape %arg0 : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>
  util.return
}

// -----

util.func public @workgroups_index_type(%arg0: tensor<4xindex>) {
  // expected-error @+1 {{I/O type 'tensor<4xindex>' is invalid: index types must not cross the dispatch boundary}}
  flow.dispatch.workgroups(%arg0) : (tensor<4xindex>) -> () =
      (%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xindex>>) {
    flow.return
  }
  util.return
}

// -----

util.func public @workgroups_workload(%arg0: tensor<4xf32>, %c: index) {
  // expected-error @+1 {{workload operands and workgroup count args mismatch (1 vs 2)}}
  flow.dispatch.workgroups[%c](%arg0) : (tensor<4xf32>) -> () =
      (%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>) {
    flow.return
  } count(%x: index, %y: index) -> (index, index, index) {
    flow.return %x, %y, %x : index, index, index
  }
  util.return
}

// -----

util.func public @workgroups_workload_type(%arg0: tensor<4xf32>, %c: index) {
  // expected-error @+1 {{workload value 0 type mismatch; operand is 'index' but region captures 'i32'}}
  flow.dispatch.workgroups[%c](%arg0) : (tensor<4xf32>) -> () =
      (%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>) {
    flow.return
  } count(%x: i32) -> (index, index, index) {
    %i = arith.index_cast %x : i32 to index
    flow.return %i, %i, %i : index, index, index
  }
  util.return
}

// -----

flow.executable private @ex {
  "flow.executable.export"() ({
  ^bb0(%x: index):
    // expected-error @+1 {{workgroup count region must return the XYZ dimension counts}}
    "flow.return"(%x) : (index) -> ()
  }) {sym_name = "entry", function_ref = @entry} : () -> ()
}
