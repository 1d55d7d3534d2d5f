// REQUIRES: sluice-opt
// vm data op errors (support-dialects.md §5.3-§5.5).

// RUN: sluice-opt --split-input-file --verify-diagnostics %s

vm.module @module {
  vm.func private @f(%list: !vm.list<i32>, %index: i32) {
    // expected-error @+1 {{'vm.list.get.ref' op cannot convert between list type 'i32' and result type '!vm.ref<!hal.buffer>'}}
    %0 = vm.list.get.ref %list, %index : (!vm.list<i32>, i32) -> !vm.ref<!hal.buffer>
    vm.return
  }
}

// -----

vm.module @module {
  vm.func private @f(%list: !vm.list<!vm.ref<!hal.fence>>, %index: i32) {
    // expected-error @+1 {{'vm.list.get.ref' op list contains '!vm.ref<!hal.fence>' that cannot be accessed as '!vm.ref<!hal.buffer>'}}
    %0 = vm.list.get.ref %list, %index : (!vm.list<!vm.ref<!hal.fence>>, i32) -> !vm.ref<!hal.buffer>
    vm.return
  }
}

// -----

vm.module @module {
  vm.func private @f() {
    // expected-error @+1 {{'vm.rodata.inline' op value 42 : index is not serializable}}
    %0 = vm.rodata.inline : !vm.buffer = 42 : index
    vm.return
  }
}

// -----

vm.module @module {
  vm.func private @f() {
    // expected-error @+1 {{'vm.rodata.table.inline' op table type must be i32 or i64, got 'i16'}}
    %0:2 = vm.rodata.table.inline i16 : !vm.buffer, !vm.buffer = ["a"]
    vm.return
  }
}

// -----

vm.module @module {
  vm.func private @f() {
    // expected-error @+1 {{'vm.rodata.table.inline' op value unit is not serializable}}
    %0:2 = vm.rodata.table.inline i32 : !vm.buffer, !vm.buffer = ["a", unit]
    vm.return
  }
}

// -----

vm.module @module {
  vm.func private @f() {
    // expected-error @+1 {{'vm.const.ref.zero' op result #0 must be !vm.ref, but got 'i32'}}
    %0 = vm.const.ref.zero : i32
    vm.return
  }
}

// -----

vm.module @module {
  vm.func private @f(%b: !vm.list<?>) {
    // expected-error @+1 {{'vm.buffer.length' op operand #0 must be !vm.buffer, but got '!vm.list<?>'}}
    %0 = vm.buffer.length %b : !vm.list<?> -> i64
    vm.return
  }
}

// -----

vm.module @module {
  vm.func private @f(%b: !vm.buffer, %v: i64, %i: i64) {
    // expected-error @+1 {{'vm.buffer.store.i32' op operand #0 must be 32-bit signless integer, but got 'i64'}}
    vm.buffer.store.i32 %v, %b[%i] : i64 -> !vm.buffer
    vm.return
  }
}
