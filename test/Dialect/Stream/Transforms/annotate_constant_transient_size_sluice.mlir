// RUN: sluice-opt --split-input-file --iree-stream-annotate-constant-transient-size=reference-compat=false --verify-diagnostics %s | FileCheck %s
// REQUIRES: sluice-opt

// external-transients.md §9.3: one constant per storage argument, in
// argument order, as a string.
// CHECK-LABEL: util.func public @two_storages
// CHECK-SAME: iree.abi.transients.size.constant = "512,1024"
util.func public @two_storages(%a: !hal.buffer, %b: !hal.buffer) attributes {iree.reflection = {iree.abi.transients.args = "0,1", iree.abi.transients.size = @two_storages_transients_size}} {
  util.return
}
util.func public @two_storages_transients_size(%a: !hal.buffer, %b: !hal.buffer) -> (index, index) {
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  util.return %c512, %c1024 : index, index
}

// -----

// Not every size is constant: no key.
// CHECK-LABEL: util.func public @two_storages_dynamic
// CHECK-NOT: size.constant
util.func public @two_storages_dynamic(%a: !hal.buffer, %b: !hal.buffer, %n: index) attributes {iree.reflection = {iree.abi.transients.args = "0,1", iree.abi.transients.size = @two_storages_dynamic_transients_size}} {
  util.return
}
util.func public @two_storages_dynamic_transients_size(%a: !hal.buffer, %b: !hal.buffer, %n: index) -> (index, index) {
  %c512 = arith.constant 512 : index
  util.return %c512, %n : index, index
}

// -----

// A single storage keeps the reference's IntegerAttr.
// CHECK-LABEL: util.func public @one_storage
// CHECK-SAME: iree.abi.transients.size.constant = 262144 : index
util.func public @one_storage(%a: !hal.buffer) attributes {iree.reflection = {iree.abi.transients.args = "0", iree.abi.transients.size = @one_storage_transients_size}} {
  util.return
}
util.func public @one_storage_transients_size(%a: !hal.buffer) -> index {
  %c = arith.constant 262144 : index
  util.return %c : index
}

// -----

// A multi-result query without two listed storages still warns.
// CHECK-LABEL: util.func public @multi_value
// CHECK-NOT: size.constant
util.func public @multi_value() attributes {iree.reflection = {iree.abi.transients.args = "0", iree.abi.transients.size = @multi_value_transients_size}} {
  util.return
}
// expected-warning @+1 {{transient size query with multiple return values not yet supported for constant annotation}}
util.func public @multi_value_transients_size() -> (index, index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  util.return %c1, %c2 : index, index
}
