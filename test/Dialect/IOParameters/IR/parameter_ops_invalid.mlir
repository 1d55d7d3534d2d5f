// RUN: sluice-opt --split-input-file --verify-diagnostics --allow-unregistered-dialect %s
// REQUIRES: sluice-opt

// Parser consistency rules: the first row fixes the scope (and, for gather
// and scatter, the buffer and its type); later rows must match. Errors are
// reported at the token after the offending row.

util.func public @load_scope_presence(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %scope: !util.buffer, %key: !util.buffer, %offset: i64, %length: index, %mem: i32, %use: i32) {
  %r:2 = io_parameters.load<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) type(%mem) usage(%use) {
    %key[%offset] : !hal.buffer{%length},
    // expected-error @+1 {{each operation must use the same scope}}
    %scope::%key[%offset] : !hal.buffer{%length} }
  util.return
}

// -----

util.func public @load_scope_name(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %scope0: !util.buffer, %scope1: !util.buffer, %key: !util.buffer, %offset: i64, %length: index, %mem: i32, %use: i32) {
  %r:2 = io_parameters.load<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) type(%mem) usage(%use) {
    %scope0::%key[%offset] : !hal.buffer{%length},
    // expected-error @+1 {{each operation must use the same scope}}
    %scope1::%key[%offset] : !hal.buffer{%length} }
  util.return
}

// -----

// Sluice compares the result number too: %s#0 and %s#1 are different scopes.
util.func public @load_scope_result_number(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer, %offset: i64, %length: index, %mem: i32, %use: i32) {
  %s:2 = "test.scopes"() : () -> (!util.buffer, !util.buffer)
  %r:2 = io_parameters.load<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) type(%mem) usage(%use) {
    %s#0::%key[%offset] : !hal.buffer{%length},
    // expected-error @+1 {{each operation must use the same scope}}
    %s#1::%key[%offset] : !hal.buffer{%length} }
  util.return
}

// -----

util.func public @gather_scope(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %scope: !util.buffer, %key: !util.buffer, %offset: i64, %target: !hal.buffer, %toff: index, %length: index) {
  io_parameters.gather<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) {
    %scope::%key[%offset] -> %target[%toff for %length] : !hal.buffer,
    // expected-error @+1 {{each operation must use the same scope and target resource}}
    %key[%offset] -> %target[%toff for %length] : !hal.buffer }
  util.return
}

// -----

util.func public @gather_target(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer, %offset: i64, %target0: !hal.buffer, %target1: !hal.buffer, %toff: index, %length: index) {
  io_parameters.gather<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) {
    %key[%offset] -> %target0[%toff for %length] : !hal.buffer,
    // expected-error @+1 {{each operation must use the same scope and target resource}}
    %key[%offset] -> %target1[%toff for %length] : !hal.buffer }
  util.return
}

// -----

util.func public @gather_target_type(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer, %offset: i64, %target: !hal.buffer, %toff: index, %length: index) {
  io_parameters.gather<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) {
    %key[%offset] -> %target[%toff for %length] : !hal.buffer,
    // expected-error @+1 {{each operation must use the same scope and target resource}}
    %key[%offset] -> %target[%toff for %length] : !hal.buffer_view }
  util.return
}

// -----

util.func public @scatter_source(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer, %offset: i64, %source0: !hal.buffer, %source1: !hal.buffer, %soff: index, %length: index) {
  io_parameters.scatter<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) {
    %source0[%soff for %length] : !hal.buffer -> %key[%offset],
    // expected-error @+1 {{each operation must use the same source resource and scope}}
    %source1[%soff for %length] : !hal.buffer -> %key[%offset] }
  util.return
}

// -----

util.func public @scatter_scope(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %scope: !util.buffer, %key: !util.buffer, %offset: i64, %source: !hal.buffer, %soff: index, %length: index) {
  io_parameters.scatter<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) {
    %source[%soff for %length] : !hal.buffer -> %key[%offset],
    // expected-error @+1 {{each operation must use the same source resource and scope}}
    %source[%soff for %length] : !hal.buffer -> %scope::%key[%offset] }
  util.return
}

// -----

util.func public @mixed_forms(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer, %offset: i64, %length: index, %mem: i32, %use: i32) {
  %r:2 = io_parameters.load<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) type(%mem) usage(%use) {
    %key[%offset] : !hal.buffer{%length},
    // expected-error @+1 {{each operation must use the same parameter reference form (all SSA values or all string literals)}}
    "key"[%offset] : !hal.buffer{%length} }
  util.return
}

// -----

util.func public @mixed_forms_literal_first(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %key: !util.buffer, %offset: i64, %target: !hal.buffer, %toff: index, %length: index) {
  io_parameters.gather<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) {
    "key"[%offset] -> %target[%toff for %length] : !hal.buffer,
    // expected-error @+1 {{each operation must use the same parameter reference form (all SSA values or all string literals)}}
    %key[%offset] -> %target[%toff for %length] : !hal.buffer }
  util.return
}

// -----

// Literal scopes must agree too; the old parser's "first row without a scope
// lets a later row set it" quirk is not reproduced.
util.func public @literal_scope_presence(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %offset: i64, %length: index, %mem: i32, %use: i32) {
  %r:2 = io_parameters.load<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) type(%mem) usage(%use) {
    "w0"[%offset] : !hal.buffer{%length},
    // expected-error @+1 {{each operation must use the same scope}}
    "scope"::"w1"[%offset] : !hal.buffer{%length} }
  util.return
}

// -----

util.func public @literal_scope_value(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %source: !hal.buffer, %soff: index, %length: index, %offset: i64) {
  io_parameters.scatter<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) {
    %source[%soff for %length] : !hal.buffer -> "a"::"k0"[%offset],
    // expected-error @+1 {{each operation must use the same source resource and scope}}
    %source[%soff for %length] : !hal.buffer -> "b"::"k1"[%offset] }
  util.return
}

// -----

util.func public @bad_reference(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %offset: i64, %length: index, %mem: i32, %use: i32) {
  %r = io_parameters.load<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) type(%mem) usage(%use) {
    // expected-error @+1 {{expected a parameter reference (an SSA value or a string literal)}}
    42[%offset] : !hal.buffer{%length}
  }
  util.return
}

// -----

util.func public @zero_row_gather(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence) {
  // expected-error @+1 {{a gather with no rows has no target buffer; use the generic form}}
  io_parameters.gather<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) {}
  util.return
}
