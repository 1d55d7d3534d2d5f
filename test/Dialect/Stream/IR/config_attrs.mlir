// RUN: sluice-opt %s | FileCheck %s
// RUN: sluice-opt %s --emit-bytecode | sluice-opt | FileCheck %s
// REQUIRES: sluice-opt

// Both config attributes print in a form their parsers do not accept (the
// reference's printers, reproduced on purpose): they are checked after one
// print only. The bytecode form does round-trip (the dialect encodes both
// attributes natively instead of through their textual form).

// The partitioning config prints `favor-<keyword>` (the reference's printer).
// CHECK: util.global private @part {stream.partitioning = #stream.partitioning_config<favor-max-concurrency>} : i32
util.global private @part {stream.partitioning = #stream.partitioning_config<"max-concurrency">} : i32
// CHECK: util.global private @res {stream.resources = #stream.resource_config<{max_allocation_size = 16, min_buffer_offset_alignment = 0, max_buffer_range = 0, min_buffer_range_alignment = 0, index_bits = 32, alias_mutable_bindings = 1, memory_model = Unified}>} : i32
util.global private @res {stream.resources = #stream.resource_config<{max_allocation_size = 16 alias_mutable_bindings = true, memory_model = Unified}>} : i32

