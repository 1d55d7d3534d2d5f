// REQUIRES: sluice-opt
// vm structural op errors (support-dialects.md §5.2).

// RUN: sluice-opt --split-input-file --verify-diagnostics %s

vm.module @module {
  // expected-error @+1 {{vm.func op named 'missing' not found for export}}
  vm.export @missing
}

// -----

vm.module @module {
  vm.import private @imp()
  // expected-error @+1 {{vm.func op named 'imp' not found for export}}
  vm.export @imp
}

// -----

vm.module @module {
  // expected-error @+1 {{invalid import name}}
  vm.import private "name"()
}

// -----

vm.module @module {
  // expected-error @+1 {{invalid operand}}
  vm.import private @f(%a i32)
}

// -----

vm.module @module {
  // expected-error @+1 {{invalid argument list (expected rparen)}}
  vm.import private @f(i32 i64)
}

// -----

vm.module @module {
  // expected-error @+1 {{invalid result type list}}
  vm.import private @f() -> (i32
}

// -----

vm.module @module {
  vm.func private @f() -> i32 {
    %c1 = vm.const.i32 1
    // expected-error @+1 {{'vm.return' op has 0 operands, but the enclosing function f returns 1}}
    vm.return
  }
}

// -----

vm.module @module {
  vm.func private @f() -> i32 {
    %c1 = vm.const.i64 1
    // expected-error @+1 {{'vm.return' op type of return operand 0 ('i64') does not match function result type ('i32')}}
    vm.return %c1 : i64
  }
}

// -----

vm.module @module {
  vm.func private @f() {
    // expected-error @+1 {{'vm.call' op callee @missing is not a vm.func or vm.import}}
    vm.call @missing() : () -> ()
    vm.return
  }
}

// -----

vm.module @module {
  vm.import private @imp(i32)
  vm.func private @f(%a: i64) {
    // expected-error @+1 {{'vm.call' op operand and result types do not match callee type '(i32) -> ()'}}
    vm.call @imp(%a) : (i64) -> ()
    vm.return
  }
}

// -----

// expected-error @+1 {{'vm.func' op expects parent op 'vm.module'}}
vm.func private @outside() {
  vm.return
}

// -----

vm.module @module {
  vm.func private @f() {
    // expected-error @+1 {{'vm.module_terminator' op expects parent op 'vm.module'}}
    "vm.module_terminator"() : () -> ()
  }
}
