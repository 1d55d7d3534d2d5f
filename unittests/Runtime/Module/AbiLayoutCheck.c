/* Compiled as C11: ModuleAbi.h must be valid C, with the layouts of
 * execution.md §3.2–§3.4 and §4.5 (the C++ test checks them one by one). */
#include "sluice/Runtime/Module/ModuleAbi.h"
#include "sluice/Runtime/Core/CApi.h" /* both headers together */

#include <stddef.h>

#define SLUICE_CHECK_OFFSET(T, f, o) _Static_assert(offsetof(T, f) == (o), #T "." #f)
#define SLUICE_CHECK_SIZE(T, s) _Static_assert(sizeof(T) == (s), "sizeof " #T)

SLUICE_CHECK_SIZE(sluice_ref_header_t, 8);
SLUICE_CHECK_SIZE(sluice_buffer_abi_t, 48);
SLUICE_CHECK_OFFSET(sluice_buffer_abi_t, data_slot, 8);
SLUICE_CHECK_OFFSET(sluice_buffer_abi_t, byte_offset, 16);
SLUICE_CHECK_OFFSET(sluice_buffer_abi_t, byte_length, 24);
SLUICE_CHECK_OFFSET(sluice_buffer_abi_t, memory_type, 32);
SLUICE_CHECK_OFFSET(sluice_buffer_abi_t, allowed_access, 40);
SLUICE_CHECK_SIZE(sluice_buffer_view_abi_t, 32);
SLUICE_CHECK_OFFSET(sluice_buffer_view_abi_t, buffer, 8);
SLUICE_CHECK_OFFSET(sluice_buffer_view_abi_t, element_type, 16);
SLUICE_CHECK_OFFSET(sluice_buffer_view_abi_t, encoding_type, 20);
SLUICE_CHECK_OFFSET(sluice_buffer_view_abi_t, rank, 24);
SLUICE_CHECK_OFFSET(sluice_buffer_view_abi_t, shape, 32);
SLUICE_CHECK_SIZE(sluice_util_buffer_t, 16);
SLUICE_CHECK_SIZE(sluice_value_t, 8);
SLUICE_CHECK_SIZE(sluice_context_abi_t, 32);
SLUICE_CHECK_OFFSET(sluice_context_abi_t, globals, 16);
SLUICE_CHECK_OFFSET(sluice_context_abi_t, runtime_context, 24);
SLUICE_CHECK_SIZE(sluice_module_function_t, 48);
SLUICE_CHECK_OFFSET(sluice_module_function_t, reflection_keys, 32);
SLUICE_CHECK_SIZE(sluice_module_export_info_t, 32);
SLUICE_CHECK_SIZE(sluice_module_descriptor_t, 104);
SLUICE_CHECK_OFFSET(sluice_module_descriptor_t, ref_global_offsets, 56);
SLUICE_CHECK_OFFSET(sluice_module_descriptor_t, functions, 72);
SLUICE_CHECK_OFFSET(sluice_module_descriptor_t, initialize, 80);
SLUICE_CHECK_OFFSET(sluice_module_descriptor_t, export_infos, 96);
SLUICE_CHECK_SIZE(sluice_environment_t, 96);
SLUICE_CHECK_OFFSET(sluice_environment_t, processor_data, 32);
SLUICE_CHECK_SIZE(sluice_dispatch_state_t, 48);
SLUICE_CHECK_OFFSET(sluice_dispatch_state_t, workgroup_count_x, 12);
SLUICE_CHECK_OFFSET(sluice_dispatch_state_t, workgroup_count_z, 20);
SLUICE_CHECK_OFFSET(sluice_dispatch_state_t, max_concurrency, 22);
SLUICE_CHECK_OFFSET(sluice_dispatch_state_t, binding_count, 23);
SLUICE_CHECK_OFFSET(sluice_dispatch_state_t, binding_lengths, 40);
SLUICE_CHECK_SIZE(sluice_workgroup_state_t, 32);
SLUICE_CHECK_OFFSET(sluice_workgroup_state_t, processor_id, 12);
SLUICE_CHECK_OFFSET(sluice_workgroup_state_t, local_memory_size, 24);
SLUICE_CHECK_SIZE(sluice_wave_item_t, 32);
SLUICE_CHECK_OFFSET(sluice_wave_item_t, dispatch.fn, 8);
SLUICE_CHECK_OFFSET(sluice_wave_item_t, dispatch.cost_ns_per_workgroup, 24);
SLUICE_CHECK_OFFSET(sluice_wave_item_t, fill.pattern_length, 28);
SLUICE_CHECK_OFFSET(sluice_wave_item_t, copy.length, 24);
SLUICE_CHECK_SIZE(sluice_exec_t, 16);
SLUICE_CHECK_SIZE(sluice_rt_imports_v1_t, 288);
SLUICE_CHECK_OFFSET(sluice_rt_imports_v1_t, ref_destroy, 32);
SLUICE_CHECK_OFFSET(sluice_rt_imports_v1_t, queue_execute, 248);
SLUICE_CHECK_OFFSET(sluice_rt_imports_v1_t, wave, 256);
SLUICE_CHECK_OFFSET(sluice_rt_imports_v1_t, parameters_scatter, 280);

int sluice_abi_layout_c_check(void) {
  sluice_wave_item_t item;
  item.kind = SLUICE_WAVE_ITEM_FILL;
  item.fill.pattern_length = 4;
  return item.kind == 1 && item.fill.pattern_length == 4 &&
         SLUICE_MODULE_ABI_VERSION == 1;
}
