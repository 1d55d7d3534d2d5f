// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @not_a_list(%i: index, %x: i32) {
  // expected-error @+1 {{expected !util.list<T> type}}
  %0 = util.list.get %x[%i] : i32
  util.return
}

// -----

util.func public @bad_access(%l: !util.list<i32>, %i: index) {
  // expected-error @+1 {{list access types must match the same base type as the list element type (when not variant)}}
  %0 = util.list.get %l[%i] : !util.list<i32> -> f32
  util.return
}

// -----

util.func public @bad_access_generic(%l: !util.list<i32>, %i: index) {
  // expected-error @+1 {{list contains 'i32' and cannot be accessed as 'f32'}}
  %0 = "util.list.get"(%l, %i) : (!util.list<i32>, index) -> f32
  util.return
}

// -----

util.func public @bad_set(%l: !util.list<i32>, %i: index, %v: f32) {
  // expected-error @+1 {{list contains 'i32' and cannot be mutated as 'f32'}}
  "util.list.set"(%l, %i, %v) : (!util.list<i32>, index, f32) -> ()
  util.return
}

// -----

util.func public @bad_construct(%v: f32) {
  // expected-error @+1 {{'util.list.construct' op list[0] type 'f32' cannot be be cast to list type 'i32'}}
  %0 = util.list.construct [%v : f32] : !util.list<i32>
  util.return
}

// -----

util.func public @get_bad_access_type(%l: !util.list<i32>, %i: index) {
  // expected-error @+2 {{expected non-function type}}
  // expected-error @+1 {{expected an element type when specifying list access types}}
  %0 = util.list.get %l[%i] : !util.list<i32> -> 5
  util.return
}

// -----

util.func public @set_bad_leading_type(%l: !util.list<i32>, %i: index, %v: i32) {
  // expected-error @+2 {{expected non-function type}}
  // expected-error @+1 {{expected element type or !util.list<T> type}}
  util.list.set %l[%i], %v : 5
  util.return
}

// -----

util.func public @set_arrow_not_a_list(%l: !util.list<i32>, %i: index, %v: i32) {
  // expected-error @+1 {{expected an !util.list<T> type}}
  util.list.set %l[%i], %v : i32 -> i32
  util.return
}

// -----

util.func public @set_not_a_list(%l: !util.list<i32>, %i: index, %v: i32) {
  // expected-error @+1 {{expected an !util.list<T> type}}
  util.list.set %l[%i], %v : i32
  util.return
}
