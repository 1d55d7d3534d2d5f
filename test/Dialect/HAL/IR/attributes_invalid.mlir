// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

// expected-error @+1 {{unknown HAL attribute: bogus}}
util.func private @unknown() attributes {hal.a = #hal.bogus<1>}

// -----

// expected-error @+1 {{must have at least one device affinity}}
util.func private @optimal_empty() attributes {hal.a = #hal.device.optimal<[]>}

// -----

// expected-error @+1 {{can only select between HAL affinity attrs}}
util.func private @optimal_nested() attributes {hal.a = #hal.device.optimal<[#hal.device.affinity<@a>, #hal.device.optimal<[#hal.device.affinity<@b>]>]>}

// -----

// expected-error @+1 {{can only select between HAL affinity attrs}}
util.func private @optimal_other() attributes {hal.a = #hal.device.optimal<[1 : i32]>}

// -----

// expected-error @+1 {{queue index out of range [0, 64)}}
util.func private @queue_range() attributes {hal.a = #hal.device.affinity<@a, [64]>}

// -----

// expected-error @+1 {{expected one of [uniform_buffer, storage_buffer] for valid DescriptorType, got: bogus}}
util.func private @binding_type() attributes {hal.a = #hal.pipeline.binding<bogus>}

// -----

// expected-error @+1 {{expected one of [None, ReadOnly, Indirect] for valid Descriptor flags, got: ReadOnly|Bogus}}
util.func private @binding_flags() attributes {hal.a = #hal.pipeline.binding<storage_buffer, "ReadOnly|Bogus">}

// -----

// expected-error @+1 {{expected keyword for valid DescriptorType}}
util.func private @binding_not_keyword() attributes {hal.a = #hal.pipeline.binding<7>}

// -----

// expected-error @+1 {{expected 'true' or 'false'}}
util.func private @link_bool() attributes {hal.a = #hal.device.link<(@a -> @b = {unified_memory = 1})>}

// -----

// expected-error @+1 {{expected a parameter name in struct}}
util.func private @link_field() attributes {hal.a = #hal.device.link<(@a -> @b = {bogus = true})>}

// -----

// expected-error @+1 {{expected one of [synchronous, coarse_fences] for IREE HAL execution model, got: fences}}
util.func private @abi_convention() attributes {hal.a = #hal.abi.convention<fences>}
