// REQUIRES: sluice-opt
// vm constants, rodata, buffer, list and integer ops (support-dialects.md
// §5.3-§5.5): round trip and generic form.

// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// RUN: sluice-opt --split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

vm.module @module {
  // CHECK-LABEL: vm.func private @constants
  vm.func private @constants() {
    // CHECK-NEXT: %c48 = vm.const.i32 48{{$}}
    // GENERIC: "vm.const.i32"() <{value = 48 : i32}> : () -> i32
    %0 = vm.const.i32 48
    // CHECK-NEXT: %zero = vm.const.i32 0{{$}}
    %1 = vm.const.i32 0
    // CHECK-NEXT: %c-1 = vm.const.i64 -1{{$}}
    // GENERIC: "vm.const.i64"() <{value = -1 : i64}> : () -> i64
    %2 = vm.const.i64 -1
    // CHECK-NEXT: %c527363 = vm.const.i32 527363 {test.attr}{{$}}
    %3 = vm.const.i32 527363 {test.attr}
    // CHECK-NEXT: %zero_0 = vm.const.i32.zero{{$}}
    // GENERIC: "vm.const.i32.zero"() : () -> i32
    %4 = vm.const.i32.zero
    // CHECK-NEXT: %zero_1 = vm.const.i64.zero{{$}}
    %5 = vm.const.i64.zero
    // CHECK-NEXT: %null = vm.const.ref.zero : !vm.buffer{{$}}
    // GENERIC: "vm.const.ref.zero"() : () -> !vm.buffer
    %6 = vm.const.ref.zero : !vm.buffer
    // CHECK-NEXT: %null_2 = vm.const.ref.zero : !vm.ref<!hal.fence>{{$}}
    %7 = vm.const.ref.zero : !vm.ref<!hal.fence>
    vm.return
  }

  // CHECK-LABEL: vm.func private @rodata
  vm.func private @rodata() {
    // CHECK-NEXT: %0 = vm.rodata.inline : !vm.buffer = "scope"{{$}}
    // GENERIC: "vm.rodata.inline"() <{value = "scope"}> : () -> !vm.buffer
    %0 = vm.rodata.inline : !vm.buffer = "scope"
    // CHECK-NEXT: %1 = vm.rodata.inline "_name" {alignment = 16 : i64, mime_type = "text/plain"} : !vm.buffer = "with \22quotes\22"{{$}}
    %1 = vm.rodata.inline "_name" {alignment = 16 : i64, mime_type = "text/plain"} : !vm.buffer = "with \"quotes\""
    // CHECK-NEXT: %2 = vm.rodata.inline : !vm.buffer = dense<[50, 0, 100, 51, 0, 101]> : vector<6xi64>{{$}}
    %2 = vm.rodata.inline : !vm.buffer = dense<[50, 0, 100, 51, 0, 101]> : vector<6xi64>
    // CHECK-NEXT: %table_result, %data_result = vm.rodata.table.inline i32 : !vm.buffer, !vm.buffer = ["key0", "key1"]{{$}}
    // GENERIC: "vm.rodata.table.inline"() <{data_array = ["key0", "key1"], table_type = i32}> : () -> (!vm.buffer, !vm.buffer)
    %3:2 = vm.rodata.table.inline i32 : !vm.buffer, !vm.buffer = ["key0", "key1"]
    // CHECK-NEXT: vm.rodata.table.inline i64 {data_alignment = 8 : i64, table_name = "t"} : !vm.buffer, !vm.buffer = []{{$}}
    %4:2 = vm.rodata.table.inline i64 {table_name = "t", data_alignment = 8 : i64} : !vm.buffer, !vm.buffer = []
    vm.return
  }

  // CHECK-LABEL: vm.func private @buffers
  vm.func private @buffers(%src: !vm.buffer, %index: i32, %list: !vm.list<!vm.ref<!hal.buffer>>, %any: !vm.list<?>) -> !vm.ref<!hal.buffer> {
    %c4 = vm.const.i32 4
    %c8 = vm.const.i64 8
    %zero = vm.const.i64.zero
    // CHECK: %[[LEN:.+]] = vm.buffer.length %arg0 : !vm.buffer -> i64
    %len = vm.buffer.length %src : !vm.buffer -> i64
    // CHECK-NEXT: %[[SUM:.+]] = vm.add.i64 %[[LEN]], %c8 : i64
    %sum = vm.add.i64 %len, %c8 : i64
    // CHECK-NEXT: %[[DST:.+]] = vm.buffer.alloc %[[SUM]], %c4 : !vm.buffer
    // GENERIC: "vm.buffer.alloc"(%{{.+}}, %{{.+}}) : (i64, i32) -> !vm.buffer
    %dst = vm.buffer.alloc %sum, %c4 : !vm.buffer
    // CHECK-NEXT: vm.buffer.copy %arg0, %zero, %[[DST]], %c8, %[[LEN]] : !vm.buffer -> !vm.buffer
    vm.buffer.copy %src, %zero, %dst, %c8, %len : !vm.buffer -> !vm.buffer
    // CHECK-NEXT: %[[CLONE:.+]] = vm.buffer.clone %[[DST]], %zero, %[[LEN]], %c4 : !vm.buffer -> !vm.buffer
    %clone = vm.buffer.clone %dst, %zero, %len, %c4 : !vm.buffer -> !vm.buffer
    // CHECK-NEXT: %[[TRUNC:.+]] = vm.trunc.i64.i32 %[[LEN]] : i64 -> i32
    %trunc = vm.trunc.i64.i32 %len : i64 -> i32
    // CHECK-NEXT: vm.buffer.store.i32 %[[TRUNC]], %[[CLONE]][%c8] : i32 -> !vm.buffer
    vm.buffer.store.i32 %trunc, %clone[%c8] : i32 -> !vm.buffer
    // CHECK-NEXT: %[[EXT:.+]] = vm.ext.i32.i64.u %arg1 : i32 -> i64
    %ext = vm.ext.i32.i64.u %index : i32 -> i64
    // CHECK-NEXT: vm.buffer.store.i64 %[[EXT]], %[[CLONE]][%zero] : i64 -> !vm.buffer
    vm.buffer.store.i64 %ext, %clone[%zero] : i64 -> !vm.buffer
    // CHECK-NEXT: vm.add.i32 %[[TRUNC]], %c4 : i32
    %sum32 = vm.add.i32 %trunc, %c4 : i32
    // CHECK-NEXT: %[[ELEMENT:.+]] = vm.list.get.ref %arg2, %arg1 : (!vm.list<!vm.ref<!hal.buffer>>, i32) -> !vm.ref<!hal.buffer>
    %element = vm.list.get.ref %list, %index : (!vm.list<!vm.ref<!hal.buffer>>, i32) -> !vm.ref<!hal.buffer>
    // CHECK-NEXT: vm.list.get.ref %arg3, %arg1 : (!vm.list<?>, i32) -> !vm.ref<!hal.buffer>
    %opaque = vm.list.get.ref %any, %index : (!vm.list<?>, i32) -> !vm.ref<!hal.buffer>
    vm.return %element : !vm.ref<!hal.buffer>
  }
}
