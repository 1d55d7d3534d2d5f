// REQUIRES: sluice-compile, sluice-run
// A hand-written phase-native program (what --sluice-native-pipeline makes
// of an elementwise stream.cmd.dispatch, with the workgroup function already
// linked): compiled by phase llvm and run JIT and AOT (execution.md §2.8,
// §2.9, §3, §4.4).

// RUN: sluice-run --module=%s --jit_flags="--compile-from=native --sluice-opt-level=1" --input=4xf32=1,2,3,4 --input=4xf32=10 | FileCheck %s --match-full-lines
// RUN: sluice-compile --compile-from=native %s -o %t.so
// RUN: sluice-run --module=%t.so --input=4xf32=1,2,3,4 --input=4xf32=10 | FileCheck %s --match-full-lines
// RUN: sluice-run --module=%t.so --input=1000xf32=0.5 --input=1000xf32=0.25 --output_max_element_count=3 --worker_threads=2 | FileCheck %s --check-prefix=LARGE --match-full-lines
// RUN: sluice-run --module=%t.so --input=1000xf32=0.5 --input=1000xf32=0.25 --output_max_element_count=3 --worker_threads=2 --inline_threshold_ns=1 --benchmark=10 --benchmark_warmup=2 | FileCheck %s --check-prefix=LARGEBENCH --match-full-lines
// LARGEBENCH:      1000xf32=0.75 0.75 0.75...
// LARGEBENCH-NEXT: BENCHMARK @add calls=10 warmup=2
// CHECK:      EXEC @add
// CHECK-NEXT: result[0]: hal.buffer_view
// CHECK-NEXT: 4xf32=11 12 13 14
// LARGE: 1000xf32=0.75 0.75 0.75...

// The function checks its inputs like IREE's ABI wrappers.
// RUN: not sluice-run --module=%t.so --input=4xf32=1 --input=3xf32=1 2>&1 | FileCheck %s --check-prefix=SHAPE --match-full-lines
// SHAPE: Error: INVALID_ARGUMENT; input1 shape dimension 0 mismatch; expected 4 but have 3; expected shape `4`, actual shape `3`; invoking function 'add'
// RUN: not sluice-run --module=%t.so --input=4xi32=1 --input=4xf32=1 2>&1 | FileCheck %s --check-prefix=TYPE --match-full-lines
// TYPE: Error: INVALID_ARGUMENT; input0 element type mismatch; expected f32 (21000020) but have i32 (10000020); invoking function 'add'

module @elementwise {
  // out[x] = a[x] + b[x], one element per workgroup.
  llvm.func internal @add_workgroup(%env: !llvm.ptr, %dispatch: !llvm.ptr, %wg: !llvm.ptr) -> i32 {
    %ptrs_at = llvm.getelementptr %dispatch[32] : (!llvm.ptr) -> !llvm.ptr, i8
    %ptrs = llvm.load %ptrs_at : !llvm.ptr -> !llvm.ptr
    %a = llvm.load %ptrs : !llvm.ptr -> !llvm.ptr
    %b_at = llvm.getelementptr %ptrs[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %b = llvm.load %b_at : !llvm.ptr -> !llvm.ptr
    %o_at = llvm.getelementptr %ptrs[2] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %o = llvm.load %o_at : !llvm.ptr -> !llvm.ptr
    %x = llvm.load %wg : !llvm.ptr -> i32
    %x64 = llvm.zext %x : i32 to i64
    %pa = llvm.getelementptr %a[%x64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %pb = llvm.getelementptr %b[%x64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %po = llvm.getelementptr %o[%x64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %va = llvm.load %pa : !llvm.ptr -> f32
    %vb = llvm.load %pb : !llvm.ptr -> f32
    %sum = llvm.fadd %va, %vb : f32
    llvm.store %sum, %po : f32, !llvm.ptr
    %ok = llvm.mlir.constant(0 : i32) : i32
    llvm.return %ok : i32
  }
  sluice_rt.executable_info @add_workgroup executable("ex") export("add") layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>) cost(2)

  util.func private @add$cmd0(%a: !hal.buffer, %b: !hal.buffer, %out: !hal.buffer, %n: index, %bytes: index) attributes {sluice_rt.command_function} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    sluice_rt.wave {
      sluice_rt.dispatch @add_workgroup workgroups([%n, %c1, %c1]) bindings([%a[%c0, %bytes], %b[%c0, %bytes], %out[%c0, %bytes]])
    }
    util.return
  }

  util.func public @add(%va: !hal.buffer_view, %vb: !hal.buffer_view) -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c0_i64 = arith.constant 0 : i64
    %aff = arith.constant -1 : i64
    %timeout = arith.constant -1 : i32
    %n = hal.buffer_view.dim<%va : !hal.buffer_view>[0] : index
    %f32 = hal.element_type<f32> : i32
    %dense = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%va : !hal.buffer_view> message("input0") shape([%n]) type(%f32) encoding(%dense)
    sluice_rt.check_status ^bb1, ^error
  ^bb1:
    hal.buffer_view.assert<%vb : !hal.buffer_view> message("input1") shape([%n]) type(%f32) encoding(%dense)
    sluice_rt.check_status ^bb2, ^error
  ^bb2:
    %a = hal.buffer_view.buffer<%va : !hal.buffer_view> : !hal.buffer
    %b = hal.buffer_view.buffer<%vb : !hal.buffer_view> : !hal.buffer
    %bytes = arith.muli %n, %c4 : index
    %device = hal.devices.get %c0 : !hal.device
    %none = util.null : !hal.fence
    %mem = hal.memory_type<"HostVisible|DeviceVisible|DeviceLocal"> : i32
    %usage = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage|MappingScoped|MappingAccessRandom|Mapping"> : i32
    %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
    sluice_rt.check_status ^bb3, ^error
  ^bb3:
    %out = hal.device.queue.alloca<%device : !hal.device> affinity(%aff) wait(%none) signal(%none) pool(%c0_i64) type(%mem) usage(%usage) flags("None") : !hal.buffer{%bytes}
    sluice_rt.check_status ^bb4, ^error_fence
  ^bb4:
    sluice_rt.queue.execute<%device : !hal.device> affinity(%aff) wait(%none) signal(%fence) call(@add$cmd0(%a, %b, %out, %n, %bytes)) : (!hal.buffer, !hal.buffer, !hal.buffer, index, index)
    sluice_rt.check_status ^bb5, ^error_fence_out
  ^bb5:
    %code = hal.fence.await until([%fence]) timeout_millis(%timeout) flags("None") : i32
    sluice_rt.release %fence : !hal.fence
    sluice_rt.check_code %code, "waiting for the dispatch" ^bb6, ^error_out
  ^bb6:
    %view = hal.buffer_view.create buffer(%out : !hal.buffer)[%c0, %bytes] shape([%n]) type(%f32) encoding(%dense) : !hal.buffer_view
    sluice_rt.check_status ^bb7, ^error_out
  ^bb7:
    sluice_rt.release %out : !hal.buffer
    util.return %view : !hal.buffer_view
  ^error_fence_out:
    sluice_rt.release %out : !hal.buffer
    sluice_rt.release %fence : !hal.fence
    sluice_rt.fail
  ^error_fence:
    sluice_rt.release %fence : !hal.fence
    sluice_rt.fail
  ^error_out:
    sluice_rt.release %out : !hal.buffer
    sluice_rt.fail
  ^error:
    sluice_rt.fail
  }
}
