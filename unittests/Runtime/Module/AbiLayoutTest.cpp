//===- AbiLayoutTest.cpp - Offsets and sizes of the module ABI structs ----===//
//
// execution.md §3.2–§3.4 and §4.5 fix every offset; compiled code hard-codes
// them. AbiLayoutCheck.c checks the same layouts as C (static asserts).
//
//===----------------------------------------------------------------------===//

#include "sluice/Runtime/Module/ModuleAbi.h"

#include <gtest/gtest.h>

#include <cstddef>

extern "C" int sluice_abi_layout_c_check(void);

namespace {

#define EXPECT_FIELD(T, field, offset, size)                                   \
  do {                                                                         \
    EXPECT_EQ(offsetof(T, field), (size_t)(offset)) << #T "." #field;          \
    EXPECT_EQ(sizeof(((T *)nullptr)->field), (size_t)(size)) << #T "." #field; \
  } while (false)

TEST(AbiLayout, Version) { EXPECT_EQ(SLUICE_MODULE_ABI_VERSION, 1); }

TEST(AbiLayout, RefHeader) {
  EXPECT_EQ(sizeof(sluice_ref_header_t), 8u);
  EXPECT_FIELD(sluice_ref_header_t, ref_count, 0, 4);
  EXPECT_FIELD(sluice_ref_header_t, type, 4, 4);
  EXPECT_EQ(SLUICE_REF_TYPE_BUFFER, 1);
  EXPECT_EQ(SLUICE_REF_TYPE_BUFFER_VIEW, 2);
  EXPECT_EQ(SLUICE_REF_TYPE_FENCE, 3);
  EXPECT_EQ(SLUICE_REF_TYPE_SEMAPHORE, 4);
  EXPECT_EQ(SLUICE_REF_TYPE_FILE, 5);
}

TEST(AbiLayout, Buffer) {
  EXPECT_EQ(sizeof(sluice_buffer_abi_t), 48u);
  EXPECT_FIELD(sluice_buffer_abi_t, header, 0, 8);
  EXPECT_FIELD(sluice_buffer_abi_t, data_slot, 8, 8);
  EXPECT_FIELD(sluice_buffer_abi_t, byte_offset, 16, 8);
  EXPECT_FIELD(sluice_buffer_abi_t, byte_length, 24, 8);
  EXPECT_FIELD(sluice_buffer_abi_t, memory_type, 32, 4);
  EXPECT_FIELD(sluice_buffer_abi_t, usage, 36, 4);
  EXPECT_FIELD(sluice_buffer_abi_t, allowed_access, 40, 4);
  EXPECT_FIELD(sluice_buffer_abi_t, reserved, 44, 4);
}

TEST(AbiLayout, BufferView) {
  EXPECT_EQ(sizeof(sluice_buffer_view_abi_t), 32u);
  EXPECT_FIELD(sluice_buffer_view_abi_t, header, 0, 8);
  EXPECT_FIELD(sluice_buffer_view_abi_t, buffer, 8, 8);
  EXPECT_FIELD(sluice_buffer_view_abi_t, element_type, 16, 4);
  EXPECT_FIELD(sluice_buffer_view_abi_t, encoding_type, 20, 4);
  EXPECT_FIELD(sluice_buffer_view_abi_t, rank, 24, 4);
  EXPECT_FIELD(sluice_buffer_view_abi_t, reserved, 28, 4);
  EXPECT_EQ(offsetof(sluice_buffer_view_abi_t, shape), 32u);
  EXPECT_EQ(SLUICE_BUFFER_VIEW_MAX_RANK, 16);
  EXPECT_EQ(SLUICE_ENCODING_TYPE_DENSE_ROW_MAJOR, 1u);
}

TEST(AbiLayout, UtilBufferValueContext) {
  EXPECT_EQ(sizeof(sluice_util_buffer_t), 16u);
  EXPECT_FIELD(sluice_util_buffer_t, data, 0, 8);
  EXPECT_FIELD(sluice_util_buffer_t, length, 8, 8);

  EXPECT_EQ(sizeof(sluice_value_t), 8u);
  EXPECT_EQ(alignof(sluice_value_t), 8u);
  EXPECT_FIELD(sluice_value_t, i32, 0, 4);
  EXPECT_FIELD(sluice_value_t, i64, 0, 8);
  EXPECT_FIELD(sluice_value_t, f32, 0, 4);
  EXPECT_FIELD(sluice_value_t, f64, 0, 8);
  EXPECT_FIELD(sluice_value_t, ref, 0, 8);

  EXPECT_EQ(sizeof(sluice_context_abi_t), 32u);
  EXPECT_FIELD(sluice_context_abi_t, rt, 0, 8);
  EXPECT_FIELD(sluice_context_abi_t, device, 8, 8);
  EXPECT_FIELD(sluice_context_abi_t, globals, 16, 8);
  EXPECT_FIELD(sluice_context_abi_t, runtime_context, 24, 8);
}

TEST(AbiLayout, ModuleDescriptor) {
  EXPECT_EQ(sizeof(sluice_module_function_t), 48u);
  EXPECT_FIELD(sluice_module_function_t, name, 0, 8);
  EXPECT_FIELD(sluice_module_function_t, entry, 8, 8);
  EXPECT_FIELD(sluice_module_function_t, cconv, 16, 8);
  EXPECT_FIELD(sluice_module_function_t, reflection_count, 24, 4);
  EXPECT_FIELD(sluice_module_function_t, reflection_keys, 32, 8);
  EXPECT_FIELD(sluice_module_function_t, reflection_values, 40, 8);

  EXPECT_EQ(sizeof(sluice_module_export_info_t), 32u);
  EXPECT_FIELD(sluice_module_export_info_t, executable, 0, 8);
  EXPECT_FIELD(sluice_module_export_info_t, name, 8, 8);
  EXPECT_FIELD(sluice_module_export_info_t, constant_count, 16, 4);
  EXPECT_FIELD(sluice_module_export_info_t, binding_count, 20, 4);
  EXPECT_FIELD(sluice_module_export_info_t, workgroup_cost_ns, 24, 4);
  EXPECT_FIELD(sluice_module_export_info_t, reserved, 28, 4);

  EXPECT_EQ(sizeof(sluice_module_descriptor_t), 104u);
  EXPECT_FIELD(sluice_module_descriptor_t, abi_version, 0, 4);
  EXPECT_FIELD(sluice_module_descriptor_t, flags, 4, 4);
  EXPECT_FIELD(sluice_module_descriptor_t, name, 8, 8);
  EXPECT_FIELD(sluice_module_descriptor_t, target_cpu, 16, 8);
  EXPECT_FIELD(sluice_module_descriptor_t, target_features, 24, 8);
  EXPECT_FIELD(sluice_module_descriptor_t, global_storage_size, 32, 8);
  EXPECT_FIELD(sluice_module_descriptor_t, global_initial_image, 40, 8);
  EXPECT_FIELD(sluice_module_descriptor_t, ref_global_count, 48, 4);
  EXPECT_FIELD(sluice_module_descriptor_t, ref_global_offsets, 56, 8);
  EXPECT_FIELD(sluice_module_descriptor_t, function_count, 64, 4);
  EXPECT_FIELD(sluice_module_descriptor_t, functions, 72, 8);
  EXPECT_FIELD(sluice_module_descriptor_t, initialize, 80, 8);
  EXPECT_FIELD(sluice_module_descriptor_t, export_info_count, 88, 4);
  EXPECT_FIELD(sluice_module_descriptor_t, export_infos, 96, 8);
}

TEST(AbiLayout, WorkgroupAbi) {
  EXPECT_EQ(sizeof(sluice_environment_t), 96u);
  EXPECT_FIELD(sluice_environment_t, constants, 0, 8);
  EXPECT_FIELD(sluice_environment_t, import_thunk, 8, 8);
  EXPECT_FIELD(sluice_environment_t, import_funcs, 16, 8);
  EXPECT_FIELD(sluice_environment_t, import_contexts, 24, 8);
  EXPECT_FIELD(sluice_environment_t, processor_data, 32, 64);

  EXPECT_EQ(sizeof(sluice_dispatch_state_t), 48u);
  EXPECT_FIELD(sluice_dispatch_state_t, workgroup_size_x, 0, 4);
  EXPECT_FIELD(sluice_dispatch_state_t, workgroup_size_y, 4, 4);
  EXPECT_FIELD(sluice_dispatch_state_t, workgroup_size_z, 8, 2);
  EXPECT_FIELD(sluice_dispatch_state_t, constant_count, 10, 2);
  EXPECT_FIELD(sluice_dispatch_state_t, workgroup_count_x, 12, 4);
  EXPECT_FIELD(sluice_dispatch_state_t, workgroup_count_y, 16, 4);
  EXPECT_FIELD(sluice_dispatch_state_t, workgroup_count_z, 20, 2);
  EXPECT_FIELD(sluice_dispatch_state_t, max_concurrency, 22, 1);
  EXPECT_FIELD(sluice_dispatch_state_t, binding_count, 23, 1);
  EXPECT_FIELD(sluice_dispatch_state_t, constants, 24, 8);
  EXPECT_FIELD(sluice_dispatch_state_t, binding_ptrs, 32, 8);
  EXPECT_FIELD(sluice_dispatch_state_t, binding_lengths, 40, 8);

  EXPECT_EQ(sizeof(sluice_workgroup_state_t), 32u);
  EXPECT_FIELD(sluice_workgroup_state_t, workgroup_id_x, 0, 4);
  EXPECT_FIELD(sluice_workgroup_state_t, workgroup_id_y, 4, 4);
  EXPECT_FIELD(sluice_workgroup_state_t, workgroup_id_z, 8, 2);
  EXPECT_FIELD(sluice_workgroup_state_t, reserved, 10, 2);
  EXPECT_FIELD(sluice_workgroup_state_t, processor_id, 12, 4);
  EXPECT_FIELD(sluice_workgroup_state_t, local_memory, 16, 8);
  EXPECT_FIELD(sluice_workgroup_state_t, local_memory_size, 24, 4);

  EXPECT_EQ(sizeof(sluice_wave_item_t), 32u);
  EXPECT_FIELD(sluice_wave_item_t, kind, 0, 4);
  EXPECT_FIELD(sluice_wave_item_t, export_index, 4, 4);
  EXPECT_FIELD(sluice_wave_item_t, dispatch.fn, 8, 8);
  EXPECT_FIELD(sluice_wave_item_t, dispatch.state, 16, 8);
  EXPECT_FIELD(sluice_wave_item_t, dispatch.cost_ns_per_workgroup, 24, 8);
  EXPECT_FIELD(sluice_wave_item_t, fill.target, 8, 8);
  EXPECT_FIELD(sluice_wave_item_t, fill.length, 16, 8);
  EXPECT_FIELD(sluice_wave_item_t, fill.pattern, 24, 4);
  EXPECT_FIELD(sluice_wave_item_t, fill.pattern_length, 28, 4);
  EXPECT_FIELD(sluice_wave_item_t, copy.source, 8, 8);
  EXPECT_FIELD(sluice_wave_item_t, copy.target, 16, 8);
  EXPECT_FIELD(sluice_wave_item_t, copy.length, 24, 8);
  EXPECT_EQ(SLUICE_WAVE_ITEM_DISPATCH, 0);
  EXPECT_EQ(SLUICE_WAVE_ITEM_FILL, 1);
  EXPECT_EQ(SLUICE_WAVE_ITEM_COPY, 2);

  EXPECT_EQ(sizeof(sluice_exec_t), 16u);
  EXPECT_FIELD(sluice_exec_t, environment, 0, 8);
  EXPECT_FIELD(sluice_exec_t, participant, 8, 4);
  EXPECT_FIELD(sluice_exec_t, participant_count, 12, 4);
}

// Entry #k of execution.md §3.4 sits at byte offset 8 * (k - 1).
TEST(AbiLayout, ImportTableSlotOrder) {
  EXPECT_EQ(sizeof(sluice_rt_imports_v1_t), 8u * SLUICE_RT_IMPORTS_V1_COUNT);
  EXPECT_EQ(SLUICE_RT_IMPORTS_V1_COUNT, 36);
#define EXPECT_SLOT(k, field)                                                  \
  EXPECT_FIELD(sluice_rt_imports_v1_t, field, 8 * ((k) - 1), 8)
  EXPECT_SLOT(1, status_make);
  EXPECT_SLOT(2, status_annotate);
  EXPECT_SLOT(3, status_code);
  EXPECT_SLOT(4, status_free);
  EXPECT_SLOT(5, ref_destroy);
  EXPECT_SLOT(6, devices_get);
  EXPECT_SLOT(7, device_query_i64);
  EXPECT_SLOT(8, allocator_allocate);
  EXPECT_SLOT(9, allocator_import);
  EXPECT_SLOT(10, queue_alloca);
  EXPECT_SLOT(11, queue_dealloca);
  EXPECT_SLOT(12, buffer_allocation_preserve);
  EXPECT_SLOT(13, buffer_allocation_discard);
  EXPECT_SLOT(14, buffer_allocation_is_terminal);
  EXPECT_SLOT(15, buffer_subspan);
  EXPECT_SLOT(16, buffer_assert);
  EXPECT_SLOT(17, buffer_load);
  EXPECT_SLOT(18, buffer_store);
  EXPECT_SLOT(19, buffer_view_create);
  EXPECT_SLOT(20, buffer_view_assert);
  EXPECT_SLOT(21, buffer_view_trace);
  EXPECT_SLOT(22, file_from_memory);
  EXPECT_SLOT(23, queue_fill);
  EXPECT_SLOT(24, queue_copy);
  EXPECT_SLOT(25, queue_read);
  EXPECT_SLOT(26, queue_write);
  EXPECT_SLOT(27, queue_barrier);
  EXPECT_SLOT(28, fence_create);
  EXPECT_SLOT(29, fence_join);
  EXPECT_SLOT(30, fence_signal);
  EXPECT_SLOT(31, fence_await);
  EXPECT_SLOT(32, queue_execute);
  EXPECT_SLOT(33, wave);
  EXPECT_SLOT(34, parameters_load);
  EXPECT_SLOT(35, parameters_gather);
  EXPECT_SLOT(36, parameters_scatter);
#undef EXPECT_SLOT
}

// The same layouts seen by a C compiler.
TEST(AbiLayout, CompilesAsC) { EXPECT_EQ(sluice_abi_layout_c_check(), 1); }

} // namespace
