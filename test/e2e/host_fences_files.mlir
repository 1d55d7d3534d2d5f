// REQUIRES: sluice-compile, sluice-run
// Fences and file queue ops of phase llvm (execution.md §3.4 entries 22, 25,
// 26, 29, 30): a queue read from a memory file (hal.ex.file.from_memory)
// waits on the join of two fences that the host signals; queue writes to
// a read-only memory file fail; JIT and AOT.

// RUN: sluice-run --module=%s --function=read --jit_flags="--compile-from=hal --sluice-opt-level=1" --input=4xi32=1,2,3,4 | FileCheck %s --match-full-lines
// RUN: sluice-compile --compile-from=hal %s -o %t.so
// RUN: sluice-run --module=%t.so --function=read --input=4xi32=1,2,3,4 | FileCheck %s --match-full-lines
// CHECK:      EXEC @read
// CHECK-NEXT: result[0]: i32=0
// CHECK-NEXT: result[1]: hal.buffer_view
// CHECK-NEXT: 4xi32=1 2 20 30

// A join of no fence (all NULL) is reached at once.
// RUN: sluice-run --module=%t.so --function=join_nulls | FileCheck %s --check-prefix=NULLS --match-full-lines
// NULLS: result[0]: i32=0

// RUN: not sluice-run --module=%t.so --function=write --input=4xi32=1,2,3,4 2>&1 | FileCheck %s --check-prefix=WRITE --match-full-lines
// RUN: not sluice-run --module=%s --function=write --jit_flags="--compile-from=hal" --input=4xi32=1,2,3,4 2>&1 | FileCheck %s --check-prefix=WRITE --match-full-lines
// WRITE: Error: PERMISSION_DENIED; cannot write to a memory file (read-only); invoking function 'write'

// A range outside the memory file's source.
// RUN: not sluice-run --module=%t.so --function=read_range --input=4xi32=1,2,3,4 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: Error: OUT_OF_RANGE; {{.+}}; invoking function 'read_range'

module @host_fences_files {
  util.func public @read(%view: !hal.buffer_view) -> (i32, !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c4_i64 = arith.constant 4 : i64
    %c0_i32 = arith.constant 0 : i32
    %cm1_i32 = arith.constant -1 : i32
    %aff = arith.constant -1 : i64
    %device = hal.devices.get %c0 : !hal.device
    %b = hal.buffer_view.buffer<%view : !hal.buffer_view> : !hal.buffer
    %data = util.buffer.constant : !util.buffer = dense<[10, 20, 30, 40]> : tensor<4xi32>
    %file = hal.ex.file.from_memory device(%device : !hal.device) affinity(%aff) access(Read) buffer(%data : !util.buffer)[%c0 for %c16] flags(%c0_i32) : !hal.file
    %f0 = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
    %f1 = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
    %joined = hal.fence.join at([%f0, %f1]) flags("None") -> !hal.fence
    %done = hal.fence.create device(%device : !hal.device) flags("None") : !hal.fence
    hal.device.queue.read<%device : !hal.device> affinity(%aff) wait(%joined) signal(%done) source(%file : !hal.file)[%c4_i64] target(%b : !hal.buffer)[%c8] length(%c8) flags("None")
    hal.fence.signal<%f0 : !hal.fence>
    hal.fence.signal<%f1 : !hal.fence>
    %status = hal.fence.await until([%done]) timeout_millis(%cm1_i32) flags("None") : i32
    util.status.check_ok %status, "read failed"
    util.return %status, %view : i32, !hal.buffer_view
  }

  util.func public @join_nulls() -> i32 {
    %cm1_i32 = arith.constant -1 : i32
    %null = util.null : !hal.fence
    %joined = hal.fence.join at([%null, %null]) flags("None") -> !hal.fence
    %status = hal.fence.await until([%joined]) timeout_millis(%cm1_i32) flags("None") : i32
    util.return %status : i32
  }

  util.func public @write(%view: !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c0_i64 = arith.constant 0 : i64
    %c0_i32 = arith.constant 0 : i32
    %aff = arith.constant -1 : i64
    %device = hal.devices.get %c0 : !hal.device
    %b = hal.buffer_view.buffer<%view : !hal.buffer_view> : !hal.buffer
    %data = util.buffer.constant : !util.buffer = dense<[10, 20, 30, 40]> : tensor<4xi32>
    %file = hal.ex.file.from_memory device(%device : !hal.device) affinity(%aff) access(Read) buffer(%data : !util.buffer)[%c0 for %c4] flags(%c0_i32) : !hal.file
    %null = util.null : !hal.fence
    hal.device.queue.write<%device : !hal.device> affinity(%aff) wait(%null) signal(%null) source(%b : !hal.buffer)[%c0] target(%file : !hal.file)[%c0_i64] length(%c4) flags("None")
    util.return
  }

  util.func public @read_range(%view: !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c0_i32 = arith.constant 0 : i32
    %aff = arith.constant -1 : i64
    %device = hal.devices.get %c0 : !hal.device
    %data = util.buffer.constant : !util.buffer = dense<[10, 20, 30, 40]> : tensor<4xi32>
    %file = hal.ex.file.from_memory device(%device : !hal.device) affinity(%aff) access(Read) buffer(%data : !util.buffer)[%c8 for %c32] flags(%c0_i32) : !hal.file
    util.return
  }
}
