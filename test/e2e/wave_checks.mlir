// REQUIRES: sluice-compile, sluice-run
// Command-function waves at the LLVM level (execution.md §4.4): the inline
// fill/copy and direct-call fast paths, the general rt->wave path, and the
// OUT_OF_RANGE checks of binding/fill/copy ranges and workgroup counts;
// JIT and AOT.

// RUN: sluice-compile --compile-from=hal %s -o %t.so
// One fill of 8 constant bytes is done inline; a 4-byte pattern is a store
// loop.
// RUN: sluice-run --module=%t.so --function=fill --input=16xi8=0 --input=4 | FileCheck %s --check-prefix=FILL --match-full-lines
// RUN: sluice-run --module=%s --function=fill --jit_flags="--compile-from=hal" --input=16xi8=0 --input=4 | FileCheck %s --check-prefix=FILL --match-full-lines
// FILL: 16xi8=0 0 0 0 7 7 7 7 7 7 7 7 0 0 0 0
// RUN: not sluice-run --module=%t.so --function=fill --input=16xi8=0 --input=12 2>&1 | FileCheck %s --check-prefix=FILLRANGE --match-full-lines
// FILLRANGE: Error: OUT_OF_RANGE; fill range [12, 20) is outside buffer length 16; waiting for the fill; invoking function 'fill'
// An offset past the end cannot wrap around.
// RUN: not sluice-run --module=%t.so --function=fill --input=16xi8=0 --input=-4 2>&1 | FileCheck %s --check-prefix=WRAP --match-full-lines
// WRAP: Error: OUT_OF_RANGE; fill range [18446744073709551612, 4) is outside buffer length 16; waiting for the fill; invoking function 'fill'

// A fill and a copy in one wave go through rt->wave.
// RUN: sluice-run --module=%t.so --function=fill_copy --input=8xi16=0 --input=4 | FileCheck %s --check-prefix=PAIR --match-full-lines
// RUN: sluice-run --module=%s --function=fill_copy --jit_flags="--compile-from=hal" --input=8xi16=0 --input=4 | FileCheck %s --check-prefix=PAIR --match-full-lines
// PAIR: 8xi16=-1 -1 0 0 0 0 0 0
// RUN: not sluice-run --module=%t.so --function=fill_copy --input=8xi16=0 --input=20 2>&1 | FileCheck %s --check-prefix=COPYRANGE --match-full-lines
// COPYRANGE: Error: OUT_OF_RANGE; copy source range [0, 20) is outside buffer length 16; waiting for the fill; invoking function 'fill_copy'

// A one-workgroup dispatch is called directly; its failure code is reported.
// RUN: not sluice-run --module=%t.so --function=direct --input=4xi32=0 2>&1 | FileCheck %s --check-prefix=DIRECT --match-full-lines
// RUN: not sluice-run --module=%s --function=direct --jit_flags="--compile-from=hal" --input=4xi32=0 2>&1 | FileCheck %s --check-prefix=DIRECT --match-full-lines
// DIRECT: Error: INTERNAL; dispatch 'ex::check' workgroup (0, 0, 0) failed with code 7; waiting for the fill; invoking function 'direct'

// Dynamic workgroup counts are checked before rt->wave.
// RUN: sluice-run --module=%t.so --function=counts --input=4xi32=0 --input=3 | FileCheck %s --check-prefix=COUNTS --match-full-lines
// COUNTS: 4xi32=0 0 0 0
// RUN: not sluice-run --module=%t.so --function=counts --input=4xi32=0 --input=4294967296 2>&1 | FileCheck %s --check-prefix=TOOMANY --match-full-lines
// TOOMANY: Error: OUT_OF_RANGE; dispatch 'ex::zero' workgroup count (4294967296, 1, 1) exceeds (4294967295, 4294967295, 65535); waiting for the fill; invoking function 'counts'
// RUN: not sluice-run --module=%t.so --function=bindings --input=4xi32=0 --input=32 2>&1 | FileCheck %s --check-prefix=BINDING --match-full-lines
// BINDING: Error: OUT_OF_RANGE; dispatch 'ex::zero' binding 0 range [0, 32) is outside buffer length 16; waiting for the fill; invoking function 'bindings'

module @wave_checks {
  // Returns 7 (a failing workgroup).
  llvm.func internal @check_workgroup(%env: !llvm.ptr, %dispatch: !llvm.ptr, %wg: !llvm.ptr) -> i32 {
    %c7 = llvm.mlir.constant(7 : i32) : i32
    llvm.return %c7 : i32
  }
  sluice_rt.executable_info @check_workgroup executable("ex") export("check") layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) cost(1)
  // Does nothing.
  llvm.func internal @zero_workgroup(%env: !llvm.ptr, %dispatch: !llvm.ptr, %wg: !llvm.ptr) -> i32 {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    llvm.return %c0 : i32
  }
  sluice_rt.executable_info @zero_workgroup executable("ex") export("zero") layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) cost(1)

  util.func private @fill$cmd0(%b: !hal.buffer, %off: index) attributes {sluice_rt.command_function} {
    %c8 = arith.constant 8 : index
    %p = arith.constant 117901063 : i32
    sluice_rt.wave {
      sluice_rt.fill target(%b : !hal.buffer)[%off, %c8] pattern(%p : i32)
    }
    util.return
  }
  util.func private @fill_copy$cmd0(%b: !hal.buffer, %len: index) attributes {sluice_rt.command_function} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %p = arith.constant -1 : i16
    %z = arith.constant 0 : i16
    sluice_rt.wave {
      sluice_rt.fill target(%b : !hal.buffer)[%c8, %c4] pattern(%p : i16)
      sluice_rt.copy source(%b : !hal.buffer)[%c0] target(%b : !hal.buffer)[%c0] length(%len)
    }
    sluice_rt.wave {
      sluice_rt.copy source(%b : !hal.buffer)[%c8] target(%b : !hal.buffer)[%c0] length(%c4)
    }
    sluice_rt.wave {
      sluice_rt.fill target(%b : !hal.buffer)[%c8, %c4] pattern(%z : i16)
    }
    util.return
  }
  util.func private @direct$cmd0(%b: !hal.buffer) attributes {sluice_rt.command_function} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    sluice_rt.wave {
      sluice_rt.dispatch @check_workgroup workgroups([%c1, %c1, %c1]) bindings([%b[%c0, %c16]])
    }
    util.return
  }
  util.func private @counts$cmd0(%b: !hal.buffer, %n: index, %len: index) attributes {sluice_rt.command_function} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    sluice_rt.wave {
      sluice_rt.dispatch @zero_workgroup workgroups([%n, %c1, %c1]) bindings([%b[%c0, %len]])
    }
    util.return
  }

  // Each public function runs its command function on the view's buffer,
  // waits and returns the view.
  util.func public @fill(%view: !hal.buffer_view, %off: index) -> !hal.buffer_view {
    %b = hal.buffer_view.buffer<%view : !hal.buffer_view> : !hal.buffer
    util.call @run_fill(%b, %off) : (!hal.buffer, index) -> ()
    util.return %view : !hal.buffer_view
  }
  util.func private @run_fill(%b: !hal.buffer, %off: index) {
    %c0 = arith.constant 0 : index
    %aff = arith.constant -1 : i64
    %timeout = arith.constant -1 : i32
    %device = hal.devices.get %c0 : !hal.device
    %none = util.null : !hal.fence
    %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
    sluice_rt.queue.execute<%device : !hal.device> affinity(%aff) wait(%none) signal(%fence) call(@fill$cmd0(%b, %off)) : (!hal.buffer, index)
    %code = hal.fence.await until([%fence]) timeout_millis(%timeout) flags("None") : i32
    util.status.check_ok %code, "waiting for the fill"
    util.return
  }
  util.func public @fill_copy(%view: !hal.buffer_view, %len: index) -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %aff = arith.constant -1 : i64
    %timeout = arith.constant -1 : i32
    %b = hal.buffer_view.buffer<%view : !hal.buffer_view> : !hal.buffer
    %device = hal.devices.get %c0 : !hal.device
    %none = util.null : !hal.fence
    %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
    sluice_rt.queue.execute<%device : !hal.device> affinity(%aff) wait(%none) signal(%fence) call(@fill_copy$cmd0(%b, %len)) : (!hal.buffer, index)
    %code = hal.fence.await until([%fence]) timeout_millis(%timeout) flags("None") : i32
    util.status.check_ok %code, "waiting for the fill"
    util.return %view : !hal.buffer_view
  }
  util.func public @direct(%view: !hal.buffer_view) -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %aff = arith.constant -1 : i64
    %timeout = arith.constant -1 : i32
    %b = hal.buffer_view.buffer<%view : !hal.buffer_view> : !hal.buffer
    %device = hal.devices.get %c0 : !hal.device
    %none = util.null : !hal.fence
    %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
    sluice_rt.queue.execute<%device : !hal.device> affinity(%aff) wait(%none) signal(%fence) call(@direct$cmd0(%b)) : (!hal.buffer)
    %code = hal.fence.await until([%fence]) timeout_millis(%timeout) flags("None") : i32
    util.status.check_ok %code, "waiting for the fill"
    util.return %view : !hal.buffer_view
  }
  util.func private @run_counts(%b: !hal.buffer, %n: index, %len: index) {
    %c0 = arith.constant 0 : index
    %aff = arith.constant -1 : i64
    %timeout = arith.constant -1 : i32
    %device = hal.devices.get %c0 : !hal.device
    %none = util.null : !hal.fence
    %fence = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
    sluice_rt.queue.execute<%device : !hal.device> affinity(%aff) wait(%none) signal(%fence) call(@counts$cmd0(%b, %n, %len)) : (!hal.buffer, index, index)
    %code = hal.fence.await until([%fence]) timeout_millis(%timeout) flags("None") : i32
    util.status.check_ok %code, "waiting for the fill"
    util.return
  }
  util.func public @counts(%view: !hal.buffer_view, %n: index) -> !hal.buffer_view {
    %c16 = arith.constant 16 : index
    %b = hal.buffer_view.buffer<%view : !hal.buffer_view> : !hal.buffer
    util.call @run_counts(%b, %n, %c16) : (!hal.buffer, index, index) -> ()
    util.return %view : !hal.buffer_view
  }
  util.func public @bindings(%view: !hal.buffer_view, %len: index) -> !hal.buffer_view {
    %c2 = arith.constant 2 : index
    %b = hal.buffer_view.buffer<%view : !hal.buffer_view> : !hal.buffer
    util.call @run_counts(%b, %c2, %len) : (!hal.buffer, index, index) -> ()
    util.return %view : !hal.buffer_view
  }
}
