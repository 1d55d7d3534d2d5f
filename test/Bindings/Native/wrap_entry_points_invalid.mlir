// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-abi-wrap-entry-points --verify-diagnostics %s

// The errors of external-transients.md §2.1 / §9.3 and execution.md §2.2
// step 4, on the function.

// expected-error @+1 {{transient storage argument 1 has an invalid type 'tensor<4xf32>'; must be a !hal.buffer or !hal.buffer_view}}
util.func public @badStorageType(%a: tensor<4xf32>, %st: tensor<4xf32> {iree.abi.transients}) -> tensor<4xf32> {
  util.return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{only one argument may have the iree.abi.transients attribute}}
util.func public @twoStorages(%a: tensor<4xf32>, %s0: !hal.buffer {iree.abi.transients}, %s1: !hal.buffer {iree.abi.transients}) -> tensor<4xf32> {
  util.return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{multiple iree.abi.transients arguments must have distinct iree.abi.affinity values}}
util.func public @sameAffinity(%a: tensor<4xf32>,
    %s0: !hal.buffer {iree.abi.transients, iree.abi.affinity = #hal.device.promise<@a>},
    %s1: !hal.buffer {iree.abi.transients, iree.abi.affinity = #hal.device.promise<@a>}) -> tensor<4xf32> {
  util.return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{multiple iree.abi.transients arguments must have distinct iree.abi.affinity values}}
util.func public @oneWithoutAffinity(%a: tensor<4xf32>,
    %s0: !hal.buffer {iree.abi.transients, iree.abi.affinity = #hal.device.promise<@a>},
    %s1: !hal.buffer {iree.abi.transients}) -> tensor<4xf32> {
  util.return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{storage argument 1 has an invalid type 'index'; must be a !hal.buffer}}
util.func public @badOutputType(%a: tensor<4xf32>, %o: index {iree.abi.output = 0 : index}) -> tensor<4xf32> {
  util.return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{iree.abi.output of argument 1 names result 1, which is not a tensor result of the function}}
util.func public @outputOutOfRange(%a: tensor<4xf32>, %o: !hal.buffer {iree.abi.output = 1 : index}) -> tensor<4xf32> {
  util.return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{arguments 1 and 2 both provide the storage of result 0}}
util.func public @twoOutputs(%a: tensor<4xf32>, %o: !hal.buffer {iree.abi.output = 0 : index}, %p: !hal.buffer {iree.abi.output = 0 : index}) -> tensor<4xf32> {
  util.return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{unsupported iree.abi.model "fine-fences"; expected "sync" or "coarse-fences"}}
util.func public @badModel(%a: tensor<4xf32>) -> tensor<4xf32> attributes {iree.abi.model = "fine-fences"} {
  util.return %a : tensor<4xf32>
}

// -----

util.func private @_clash() {
  util.return
}
// expected-error @+1 {{cannot wrap '@clash': the symbol '@_clash' already exists}}
util.func public @clash(%a: tensor<4xf32>) -> tensor<4xf32> {
  util.return %a : tensor<4xf32>
}

// -----

// sluice.abi.dim_bounds (external-transients.md §9.6): the texts of the
// stream-level analysis, checked by the wrapper that consumes the attribute.
// expected-error @+1 {{'sluice.abi.dim_bounds' on argument 0 must be a list of [lo, hi] pairs}}
util.func public @boundsNotPairs(%a: tensor<?xf32> {sluice.abi.dim_bounds = [1, 2]}) -> tensor<?xf32> {
  util.return %a : tensor<?xf32>
}

// -----

// expected-error @+1 {{'sluice.abi.dim_bounds' on argument 0 has a pair [8, 4]; bounds need 0 <= lo <= hi}}
util.func public @boundsReversed(%a: tensor<?xf32> {sluice.abi.dim_bounds = [[8, 4]]}) -> tensor<?xf32> {
  util.return %a : tensor<?xf32>
}

// -----

// expected-error @+1 {{'sluice.abi.dim_bounds' on argument 0 has 1 pairs but the imported tensor has 2 dynamic dimensions}}
util.func public @boundsCount(%a: tensor<?x?xf32> {sluice.abi.dim_bounds = [[1, 4]]}) -> tensor<?x?xf32> {
  util.return %a : tensor<?x?xf32>
}

// -----

// expected-error @+1 {{'sluice.abi.dim_bounds' on argument 1 is only accepted on an argument imported as a tensor}}
util.func public @boundsOnBuffer(%a: tensor<4xf32>, %b: !hal.buffer {sluice.abi.dim_bounds = [[1, 4]]}) -> tensor<4xf32> {
  util.return %a : tensor<4xf32>
}
