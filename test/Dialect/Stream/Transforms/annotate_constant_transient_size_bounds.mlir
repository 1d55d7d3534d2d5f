// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-annotate-constant-transient-size=reference-compat=false --verify-diagnostics %s | FileCheck %s
// RUN: sluice-opt --split-input-file --iree-stream-annotate-constant-transient-size %s | FileCheck %s --check-prefix=COMPAT
// RUN: not sluice-opt --split-input-file --iree-stream-annotate-constant-transient-size="reference-compat=false upper-bound=required" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REQUIRED

// external-transients.md §9.6: a query that is not constant gets
// `iree.abi.transients.size.upper_bound` when integer range analysis over it
// finds a finite maximum (util.assume.int, sluice.abi.dim_bounds). The
// standalone pass (reference-compat=true) adds nothing but the constant key.

// CHECK-LABEL: util.func public @assumed
// CHECK-SAME: iree.reflection = {iree.abi.transients.size = @assumed_transients_size, iree.abi.transients.size.upper_bound = "4160"}
// COMPAT-LABEL: util.func public @assumed
// COMPAT-SAME: iree.reflection = {iree.abi.transients.size = @assumed_transients_size}
util.func public @assumed(%n: index) attributes {iree.reflection = {iree.abi.transients.size = @assumed_transients_size}} {
  util.return
}
util.func public @assumed_transients_size(%n: index) -> index {
  %c64 = arith.constant 64 : index
  %c4 = arith.constant 4 : index
  %m = util.assume.int %n<umin = 1, umax = 1024> : index
  %bytes = arith.muli %m, %c4 : index
  %total = arith.addi %bytes, %c64 : index
  util.return %total : index
}

// -----

// sluice.abi.dim_bounds on a buffer view imported as tensor<?x4x?xf32>: the
// pairs bound dimensions 0 and 2 (what the query reads with
// hal.buffer_view.dim); 16 * 4 * 8 * 4 bytes, aligned to 64.
// CHECK-LABEL: util.func public @dim_bounds
// CHECK-SAME: iree.abi.transients.size.upper_bound = "2048"
// COMPAT-LABEL: util.func public @dim_bounds
// COMPAT-NOT: upper_bound
util.func public @dim_bounds(%view: !hal.buffer_view {sluice.abi.dim_bounds = [[1, 16], [2, 8]]}, %storage: !hal.buffer) attributes {iree.reflection = {iree.abi.transients.size = @dim_bounds_transients_size}} {
  %d0 = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  %d2 = hal.buffer_view.dim<%view : !hal.buffer_view>[2] : index
  %t = hal.tensor.import %view : !hal.buffer_view -> tensor<?x4x?xf32>{%d0, %d2}
  util.return
}
util.func public @dim_bounds_transients_size(%view: !hal.buffer_view, %storage: !hal.buffer) -> index {
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %d0 = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  %d2 = hal.buffer_view.dim<%view : !hal.buffer_view>[2] : index
  %rows = arith.muli %d0, %d2 : index
  %bytes = arith.muli %rows, %c16 : index
  %aligned = util.align %bytes, %c64 : index
  util.return %aligned : index
}

// -----

// No bound: no key; upper-bound=required makes it an error.
// CHECK-LABEL: util.func public @unbounded
// CHECK-SAME: iree.reflection = {iree.abi.transients.size = @unbounded_transients_size}}
// REQUIRED: error: cannot derive an upper bound for the transient size of 'unbounded'; add sluice.abi.dim_bounds
util.func public @unbounded(%view: !hal.buffer_view) attributes {iree.reflection = {iree.abi.transients.size = @unbounded_transients_size}} {
  util.return
}
util.func public @unbounded_transients_size(%view: !hal.buffer_view) -> index {
  %d0 = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  util.return %d0 : index
}

// -----

// A constant query gets the constant key only.
// CHECK-LABEL: util.func public @constant
// CHECK-SAME: iree.reflection = {iree.abi.transients.size = @constant_transients_size, iree.abi.transients.size.constant = 512 : index}}
// REQUIRED-NOT: error: cannot derive an upper bound for the transient size of 'constant'
util.func public @constant() attributes {iree.reflection = {iree.abi.transients.size = @constant_transients_size}} {
  util.return
}
util.func public @constant_transients_size() -> index {
  %c512 = arith.constant 512 : index
  util.return %c512 : index
}

// -----

// Two storages: one bound per result, comma-separated.
// CHECK-LABEL: util.func public @two_storages
// CHECK-SAME: iree.abi.transients.size.upper_bound = "512,800"
util.func public @two_storages(%a: !hal.buffer, %b: !hal.buffer, %n: index) attributes {iree.reflection = {iree.abi.transients.args = "0,1", iree.abi.transients.size = @two_storages_transients_size}} {
  util.return
}
util.func public @two_storages_transients_size(%a: !hal.buffer, %b: !hal.buffer, %n: index) -> (index, index) {
  %c512 = arith.constant 512 : index
  %m = util.assume.int %n<umin = 0, umax = 800> : index
  util.return %c512, %m : index, index
}

// -----

// A malformed sluice.abi.dim_bounds is an error.
// expected-error @+1 {{'sluice.abi.dim_bounds' on argument 0 has 1 pairs but the imported tensor has 2 dynamic dimensions}}
util.func public @dim_bounds_count(%view: !hal.buffer_view {sluice.abi.dim_bounds = [[1, 16]]}) attributes {iree.reflection = {iree.abi.transients.size = @dim_bounds_count_transients_size}} {
  %d0 = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  %d1 = hal.buffer_view.dim<%view : !hal.buffer_view>[1] : index
  %t = hal.tensor.import %view : !hal.buffer_view -> tensor<?x?xf32>{%d0, %d1}
  util.return
}
util.func public @dim_bounds_count_transients_size(%view: !hal.buffer_view) -> index {
  %d0 = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  util.return %d0 : index
}

// -----

// expected-error @+1 {{'sluice.abi.dim_bounds' on argument 0 has a pair [8, 2]; bounds need 0 <= lo <= hi}}
util.func public @dim_bounds_order(%view: !hal.buffer_view {sluice.abi.dim_bounds = [[8, 2]]}) attributes {iree.reflection = {iree.abi.transients.size = @dim_bounds_order_transients_size}} {
  %d0 = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  %t = hal.tensor.import %view : !hal.buffer_view -> tensor<?xf32>{%d0}
  util.return
}
util.func public @dim_bounds_order_transients_size(%view: !hal.buffer_view) -> index {
  %d0 = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  util.return %d0 : index
}

// -----

// expected-error @+1 {{'sluice.abi.dim_bounds' on argument 0 is only accepted on an argument imported as a tensor}}
util.func public @dim_bounds_not_tensor(%n: index {sluice.abi.dim_bounds = [[1, 2]]}) attributes {iree.reflection = {iree.abi.transients.size = @dim_bounds_not_tensor_transients_size}} {
  util.return
}
util.func public @dim_bounds_not_tensor_transients_size(%n: index) -> index {
  util.return %n : index
}

// -----

// expected-error @+1 {{'sluice.abi.dim_bounds' on argument 0 must be a list of [lo, hi] pairs}}
util.func public @dim_bounds_shape(%view: !hal.buffer_view {sluice.abi.dim_bounds = [1, 2]}) attributes {iree.reflection = {iree.abi.transients.size = @dim_bounds_shape_transients_size}} {
  util.return
}
util.func public @dim_bounds_shape_transients_size(%view: !hal.buffer_view) -> index {
  %d0 = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  util.return %d0 : index
}
