// REQUIRES: sluice-opt
// vm type errors (support-dialects.md §5.1).

// RUN: sluice-opt --split-input-file --verify-diagnostics %s

// expected-error @+1 {{invalid object type for a ref: 'i32'}}
util.func private @ref_of_integer(!vm.ref<i32>)

// -----

// expected-error @+1 {{invalid object type for a ref: '!vm.buffer'}}
util.func private @ref_of_ref(!vm.ref<!vm.buffer>)

// -----

// expected-error @+1 {{invalid object type for a ref: 'index'}}
util.func private @ref_of_index(!vm.ref<index>)

// -----

// expected-error @+1 {{invalid element type for a list: 'i1'}}
util.func private @list_of_i1(!vm.list<i1>)

// -----

// expected-error @+1 {{malformed list type 'list'}}
util.func private @list_without_brackets(!vm.list)

// -----

// expected-error @+1 {{invalid list element type specification: 'list<!vm.nope>'}}
util.func private @list_bad_element(!vm.list<!vm.nope>)

// -----

// expected-error @+1 {{malformed ref type 'ref'}}
util.func private @ref_without_brackets(!vm.ref)

// -----

// expected-error @+1 {{invalid ref object type specification: 'ref<!hal.nope>'}}
util.func private @ref_bad_object(!vm.ref<!hal.nope>)

// -----

// expected-error @+1 {{unknown VM type: thing}}
util.func private @unknown(!vm.thing)

// -----

// expected-error @+1 {{unknown VM type: "quoted"}}
util.func private @unknown_string(!vm<"quoted">)
