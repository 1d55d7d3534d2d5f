// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

// expected-error @+1 {{'util.global' op initial value type mismatch; global "bad" is 'i32' but initial value provided is 'i64'}}
"util.global"() <{sym_name = "bad", sym_visibility = "private", type = i32, initial_value = 4 : i64}> : () -> ()

// -----

// expected-error @+1 {{'util.global' op initial value type mismatch; global "shape" is 'tensor<4xf32>' but initial value provided is 'tensor<8xf32>'}}
util.global private @shape : tensor<4xf32> = dense<0.0> : tensor<8xf32>

// -----

util.func public @undefined() -> i32 {
  // expected-error @+1 {{'util.global.load' op undefined global: @missing}}
  %0 = util.global.load @missing : i32
  util.return %0 : i32
}

// -----

util.global private @g : i32
util.func public @load_type() -> i64 {
  // expected-error @+1 {{'util.global.load' op global type mismatch; global "g" is 'i32' but load is 'i64'}}
  %0 = util.global.load @g : i64
  util.return %0 : i64
}

// -----

util.global private mutable @m : i32
util.func public @immutable_of_mutable() -> i32 {
  // expected-error @+1 {{'util.global.load' op is marked as immutable but the global is mutable}}
  %0 = util.global.load immutable @m : i32
  util.return %0 : i32
}

// -----

util.global private mutable @t : tensor<4xf32>
util.func public @store_type(%v: tensor<?xf32>) {
  // Stores need an exact type match (no shape relaxation).
  // expected-error @+1 {{'util.global.store' op global type mismatch; global "t" is 'tensor<4xf32>' but store is 'tensor<?xf32>'}}
  util.global.store %v, @t : tensor<?xf32>
  util.return
}

// -----

util.func public @store_undefined(%v: i32) {
  // expected-error @+1 {{'util.global.store' op undefined global: @nope}}
  util.global.store %v, @nope : i32
  util.return
}
