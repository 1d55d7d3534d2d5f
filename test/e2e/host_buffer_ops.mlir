// REQUIRES: sluice-compile, sluice-run
// Host buffer ops of phase llvm (execution.md §2.8 step 2, §3.4 entries 8,
// 9, 17, 18): hal.buffer.load/store of several widths, hal.allocator.import
// of module rodata (zero-copy when aligned and SharingImmutable, else the
// program copies), hal.allocator.allocate; JIT and AOT.

// RUN: sluice-run --module=%s --function=poke --jit_flags="--compile-from=hal --sluice-opt-level=1" --input=4xi32=1,2,3,4 --input=2 --input=7 | FileCheck %s --check-prefix=POKE --match-full-lines
// RUN: sluice-compile --compile-from=hal %s -o %t.so
// RUN: sluice-run --module=%t.so --function=poke --input=4xi32=1,2,3,4 --input=2 --input=7 | FileCheck %s --check-prefix=POKE --match-full-lines
// POKE:      EXEC @poke
// POKE-NEXT: result[0]: i32=3
// POKE-NEXT: result[1]: hal.buffer_view
// POKE-NEXT: 4xi32=1 2 7 4

// RUN: sluice-run --module=%t.so --function=widths --input=8xi8=1,2,3,4,5,6,7,8 | FileCheck %s --check-prefix=WIDTHS --match-full-lines
// RUN: sluice-run --module=%s --function=widths --jit_flags="--compile-from=hal" --input=8xi8=1,2,3,4,5,6,7,8 | FileCheck %s --check-prefix=WIDTHS --match-full-lines
// WIDTHS:      EXEC @widths
// WIDTHS-NEXT: result[0]: i32=3
// WIDTHS-NEXT: result[1]: i64=578437695752307201
// WIDTHS-NEXT: result[2]: i32=1
// WIDTHS-NEXT: result[3]: hal.buffer_view
// WIDTHS-NEXT: 8xi8=1 0 3 4 0 0 0 65

// Out-of-range accesses fail with the import's message (§3.4 entry 17/18).
// RUN: not sluice-run --module=%t.so --function=poke --input=4xi32=1,2,3,4 --input=4 --input=7 2>&1 | FileCheck %s --check-prefix=OOR --match-full-lines
// OOR: Error: OUT_OF_RANGE; load of 4 bytes at offset 16 is outside buffer length 16; invoking function 'poke'
// RUN: not sluice-run --module=%t.so --function=widths --input=4xi8=1,2,3,4 2>&1 | FileCheck %s --check-prefix=STORE --match-full-lines
// STORE: Error: OUT_OF_RANGE; load of 8 bytes at offset 0 is outside buffer length 4; invoking function 'widths'

// RUN: sluice-run --module=%t.so --function=rodata --input=0 | FileCheck %s --check-prefix=IMPORTED --match-full-lines
// RUN: sluice-run --module=%s --function=rodata --jit_flags="--compile-from=hal" --input=0 | FileCheck %s --check-prefix=IMPORTED --match-full-lines
// IMPORTED:      EXEC @rodata
// IMPORTED-NEXT: result[0]: i32=1
// IMPORTED-NEXT: result[1]: hal.buffer_view
// IMPORTED-NEXT: 2xf32=1.5 2.5
// RUN: sluice-run --module=%t.so --function=rodata --input=4 | FileCheck %s --check-prefix=COPIED --match-full-lines
// COPIED:      result[0]: i32=0
// COPIED:      2xf32=7 8
// RUN: not sluice-run --module=%t.so --function=rodata --input=12 2>&1 | FileCheck %s --check-prefix=RANGE --match-full-lines
// RANGE: Error: OUT_OF_RANGE; import range [12, 20) is outside buffer length 16; invoking function 'rodata'

module @host_buffer_ops {
  // Returns element i of the view and replaces it with v.
  util.func public @poke(%view: !hal.buffer_view, %i: index, %v: i32) -> (i32, !hal.buffer_view) {
    %c4 = arith.constant 4 : index
    %b = hal.buffer_view.buffer<%view : !hal.buffer_view> : !hal.buffer
    %off = arith.muli %i, %c4 : index
    %old = hal.buffer.load<%b : !hal.buffer>[%off] : i32
    hal.buffer.store<%b : !hal.buffer>[%off] value(%v : i32)
    util.return %old, %view : i32, !hal.buffer_view
  }

  // Loads an i8, an i64 and an i1; stores an i1 (false), an i16 (0) and an
  // f16 (2.5 = 0x4100) over the same bytes.
  util.func public @widths(%view: !hal.buffer_view) -> (i32, i64, i32, !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %b = hal.buffer_view.buffer<%view : !hal.buffer_view> : !hal.buffer
    %whole = hal.buffer.load<%b : !hal.buffer>[%c0] : i64
    %byte = hal.buffer.load<%b : !hal.buffer>[%c2] : i8
    %bit = hal.buffer.load<%b : !hal.buffer>[%c0] : i1
    %false = arith.constant false
    %zero = arith.constant 0 : i16
    %half = arith.constant 2.5 : f16
    hal.buffer.store<%b : !hal.buffer>[%c1] value(%false : i1)
    hal.buffer.store<%b : !hal.buffer>[%c4] value(%zero : i16)
    hal.buffer.store<%b : !hal.buffer>[%c6] value(%half : f16)
    %byte32 = arith.extui %byte : i8 to i32
    %bit32 = arith.extui %bit : i1 to i32
    util.return %byte32, %whole, %bit32, %view : i32, i64, i32, !hal.buffer_view
  }

  // Imports 8 bytes of module rodata at `offset` when the allocator can
  // (64-byte aligned start), else allocates and fills a copy with 7, 8.
  util.func public @rodata(%offset: index) -> (i32, !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %aff = arith.constant -1 : i64
    %device = hal.devices.get %c0 : !hal.device
    %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
    %data = util.buffer.constant {alignment = 64 : index} : !util.buffer = dense<[1.5, 2.5, 3.5, 4.5]> : tensor<4xf32>
    %mt = hal.memory_type<"HostVisible|DeviceVisible|DeviceLocal"> : i32
    %bu = hal.buffer_usage<"Transfer|DispatchStorage|SharingImmutable"> : i32
    %did, %buffer = hal.allocator.import<%allocator : !hal.allocator> source(%data : !util.buffer)[%offset, %c8] affinity(%aff) type(%mt) usage(%bu) : i1, !hal.buffer
    %r = scf.if %did -> !hal.buffer {
      scf.yield %buffer : !hal.buffer
    } else {
      %copy = hal.allocator.allocate<%allocator : !hal.allocator> affinity(%aff) type(%mt) usage(%bu) : !hal.buffer{%c8}
      %x = arith.constant 7.0 : f32
      %y = arith.constant 8.0 : f32
      hal.buffer.store<%copy : !hal.buffer>[%c0] value(%x : f32)
      hal.buffer.store<%copy : !hal.buffer>[%c4] value(%y : f32)
      scf.yield %copy : !hal.buffer
    }
    %et = hal.element_type<f32> : i32
    %enc = hal.encoding_type<dense_row_major> : i32
    %view = hal.buffer_view.create buffer(%r : !hal.buffer)[%c0, %c8] shape([%c2]) type(%et) encoding(%enc) : !hal.buffer_view
    %d = arith.extui %did : i1 to i32
    util.return %d, %view : i32, !hal.buffer_view
  }
}
