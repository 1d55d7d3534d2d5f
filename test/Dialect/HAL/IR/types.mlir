// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func private @all_types
// CHECK-SAME: (%arg0: !hal.allocator, %arg1: !hal.buffer, %arg2: !hal.buffer_view, %arg3: !hal.channel, %arg4: !hal.command_buffer, %arg5: !hal.device, %arg6: !hal.event, %arg7: !hal.executable, %arg8: !hal.fence, %arg9: !hal.file, %arg10: !hal.semaphore)
util.func private @all_types(!hal.allocator, !hal.buffer, !hal.buffer_view, !hal.channel, !hal.command_buffer, !hal.device, !hal.event, !hal.executable, !hal.fence, !hal.file, !hal.semaphore)
