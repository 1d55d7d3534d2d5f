// REQUIRES: sluice-opt
// RUN: sluice-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{unknown TensorExt type: dispatch.tensorx}}
util.func private @unknown_type(%a: !iree_tensor_ext.dispatch.tensorx<readonly:f32>)

// -----

// expected-error @+1 {{unknown dispatch tensor access 'readmostly'}}
util.func private @bad_access(%a: !iree_tensor_ext.dispatch.tensor<readmostly:f32>)

// -----

// expected-error @+1 {{unhandled bounded type in dispatch. Must by int, float or ranked tensor type}}
util.func private @bad_bound(%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<*xf32>>)

// -----

// expected-error @+1 {{unhandled bounded type in dispatch. Must by int, float or ranked tensor type}}
util.func private @bad_bound_index(%a: !iree_tensor_ext.dispatch.tensor<readonly:index>)
