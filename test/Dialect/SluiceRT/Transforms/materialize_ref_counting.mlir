// RUN: sluice-opt --split-input-file --sluice-materialize-ref-counting %s | FileCheck %s
// REQUIRES: sluice-opt

util.global private @imm : !hal.buffer
util.global private mutable @mut : !hal.buffer
util.func private @make() -> !hal.buffer
util.func private @use(%b: !hal.buffer)

// An owned call result: not released on the error edge of its own call (it is
// NULL there), released on the later error edges (splitting the edge into the
// shared error block) and after its last use, which is a fallible op: the
// release moves to both edges of that op's check. The unused subspan result is
// released on the continuation edge only.
// CHECK-LABEL: util.func public @straight
// CHECK: %[[B:.+]] = util.call @make()
// CHECK-NEXT: sluice_rt.check_status ^[[OK:bb[0-9]+]], ^[[ERR:bb[0-9]+]]
// CHECK-NEXT: ^[[OK]]:
// CHECK-NEXT: util.call @use(%[[B]])
// CHECK-NEXT: sluice_rt.check_status ^[[OK2:bb[0-9]+]], ^[[E1:bb[0-9]+]]
// CHECK-NEXT: ^[[E1]]:
// CHECK-NEXT: sluice_rt.release %[[B]] : !hal.buffer
// CHECK-NEXT: cf.br ^[[ERR]]
// CHECK-NEXT: ^[[OK2]]:
// CHECK-NEXT: %[[S:.+]] = hal.buffer.subspan<%[[B]] : !hal.buffer>
// CHECK-NEXT: sluice_rt.check_status ^[[OK3:bb[0-9]+]], ^[[E2:bb[0-9]+]]
// CHECK-NEXT: ^[[E2]]:
// CHECK-NEXT: sluice_rt.release %[[B]] : !hal.buffer
// CHECK-NEXT: cf.br ^[[ERR]]
// CHECK-NEXT: ^[[OK3]]:
// CHECK-NEXT: sluice_rt.release %[[B]] : !hal.buffer
// CHECK-NEXT: sluice_rt.release %[[S]] : !hal.buffer
// CHECK-NEXT: util.return
// CHECK-NEXT: ^[[ERR]]:
// CHECK-NEXT: sluice_rt.fail
util.func public @straight(%n: index) {
  %b = util.call @make() : () -> !hal.buffer
  sluice_rt.check_status ^ok, ^err
^ok:
  util.call @use(%b) : (!hal.buffer) -> ()
  sluice_rt.check_status ^ok2, ^err
^ok2:
  %s = hal.buffer.subspan<%b : !hal.buffer>[%n, %n] : !hal.buffer
  sluice_rt.check_status ^ok3, ^err
^ok3:
  util.return
^err:
  sluice_rt.fail
}

// Returned values: borrowed ones (entry arguments, immutable global loads)
// are retained; a mutable global load is retained where it is loaded (and
// released on the error edge); an owned value at its last use moves.
// CHECK-LABEL: util.func public @returns
// CHECK-SAME: (%[[ARG:.+]]: !hal.buffer)
// CHECK: %[[IMM:.+]] = util.global.load immutable @imm
// CHECK-NEXT: %[[MUT:.+]] = util.global.load @mut
// CHECK-NEXT: %[[RMUT:.+]] = sluice_rt.retain %[[MUT]] : !hal.buffer
// CHECK-NEXT: %[[CALL:.+]] = util.call @make()
// CHECK-NEXT: sluice_rt.check_status ^[[OK:bb[0-9]+]], ^[[ERR:bb[0-9]+]]
// CHECK-NEXT: ^[[OK]]:
// CHECK-NEXT: %[[RARG:.+]] = sluice_rt.retain %[[ARG]] : !hal.buffer
// CHECK-NEXT: %[[RIMM:.+]] = sluice_rt.retain %[[IMM]] : !hal.buffer
// CHECK-NEXT: util.return %[[RARG]], %[[RIMM]], %[[RMUT]], %[[CALL]]
// CHECK-NEXT: ^[[ERR]]:
// CHECK-NEXT: sluice_rt.release %[[RMUT]] : !hal.buffer
// CHECK-NEXT: sluice_rt.fail
util.func public @returns(%arg: !hal.buffer) -> (!hal.buffer, !hal.buffer, !hal.buffer, !hal.buffer) {
  %i = util.global.load immutable @imm : !hal.buffer
  %m = util.global.load @mut : !hal.buffer
  %b = util.call @make() : () -> !hal.buffer
  sluice_rt.check_status ^ok, ^err
^ok:
  util.return %arg, %i, %m, %b : !hal.buffer, !hal.buffer, !hal.buffer, !hal.buffer
^err:
  sluice_rt.fail
}

// The same value twice on one edge (moved once, retained once); a loop whose
// block arguments are owned; a cond_br edge passing references is split into
// a block ending in cf.br; the argument dropped on the exit edge is released
// at the start of the exit block.
// CHECK-LABEL: util.func public @loop
// CHECK: %[[B:.+]] = util.call @make()
// CHECK: ^bb1:
// CHECK-NEXT: %[[R:.+]] = sluice_rt.retain %[[B]] : !hal.buffer
// CHECK-NEXT: cf.br ^[[LOOP:bb[0-9]+]](%[[B]], %[[R]] : !hal.buffer, !hal.buffer)
// CHECK-NEXT: ^[[LOOP]](%[[X:.+]]: !hal.buffer, %[[Y:.+]]: !hal.buffer):
// CHECK-NEXT: util.call @use(%[[X]])
// CHECK-NEXT: sluice_rt.check_status ^[[BODY:bb[0-9]+]], ^[[E:bb[0-9]+]]
// CHECK-NEXT: ^[[E]]:
// CHECK-NEXT: sluice_rt.release %[[X]] : !hal.buffer
// CHECK-NEXT: sluice_rt.release %[[Y]] : !hal.buffer
// CHECK-NEXT: cf.br ^[[ERR:bb[0-9]+]]
// CHECK-NEXT: ^[[BODY]]:
// CHECK-NEXT: cf.cond_br %arg1, ^[[BACK:bb[0-9]+]], ^[[EXIT:bb[0-9]+]]
// CHECK-NEXT: ^[[BACK]]:
// CHECK-NEXT: cf.br ^[[LOOP]](%[[Y]], %[[X]] : !hal.buffer, !hal.buffer)
// CHECK-NEXT: ^[[EXIT]]:
// CHECK-NEXT: sluice_rt.release %[[X]] : !hal.buffer
// CHECK-NEXT: util.return %[[Y]] : !hal.buffer
// CHECK-NEXT: ^[[ERR]]:
// CHECK-NEXT: sluice_rt.fail
util.func public @loop(%n: index, %c: i1) -> !hal.buffer {
  %b = util.call @make() : () -> !hal.buffer
  sluice_rt.check_status ^ok, ^err
^ok:
  cf.br ^loop(%b, %b : !hal.buffer, !hal.buffer)
^loop(%x: !hal.buffer, %y: !hal.buffer):
  util.call @use(%x) : (!hal.buffer) -> ()
  sluice_rt.check_status ^body, ^err
^body:
  cf.cond_br %c, ^loop(%y, %x : !hal.buffer, !hal.buffer), ^exit
^exit:
  util.return %y : !hal.buffer
^err:
  sluice_rt.fail
}

// -----

util.global private @imm : !hal.buffer
util.global private mutable @mut : !hal.buffer
util.func private @make() -> !hal.buffer
util.func private @use(%b: !hal.buffer)

// The buffer of a borrowed view is borrowed; the buffer of an owned view is
// retained before the view is released.
// CHECK-LABEL: util.func public @views
// CHECK: %[[B0:.+]] = hal.buffer_view.buffer<%arg0 : !hal.buffer_view>
// CHECK-NOT: sluice_rt.retain
// CHECK: %[[V:.+]] = hal.buffer_view.create
// CHECK: %[[B1:.+]] = hal.buffer_view.buffer<%[[V]] : !hal.buffer_view>
// CHECK-NEXT: %[[R1:.+]] = sluice_rt.retain %[[B1]] : !hal.buffer
// CHECK-NEXT: sluice_rt.release %[[V]] : !hal.buffer_view
// CHECK-NEXT: %[[R0:.+]] = sluice_rt.retain %[[B0]] : !hal.buffer
// CHECK-NEXT: util.return %[[R0]], %[[R1]]
util.func public @views(%v: !hal.buffer_view, %n: index, %e: i32) -> (!hal.buffer, !hal.buffer) {
  %b0 = hal.buffer_view.buffer<%v : !hal.buffer_view> : !hal.buffer
  %shape = arith.constant 4 : index
  %v2 = hal.buffer_view.create buffer(%b0 : !hal.buffer)[%n, %n] shape([%shape]) type(%e) encoding(%e) : !hal.buffer_view
  sluice_rt.check_status ^ok, ^err
^ok:
  %b1 = hal.buffer_view.buffer<%v2 : !hal.buffer_view> : !hal.buffer
  util.return %b0, %b1 : !hal.buffer, !hal.buffer
^err:
  sluice_rt.fail
}

// An unused owned fence is released at the start of its check's continuation
// (nothing may separate a fallible op from its check) and not on the error
// edge. Global stores borrow. An unused retained global load is released
// right after its retain. A value passed on one edge of a cond_br only is
// released on the other edge, split because its target has two
// predecessors; an unused owned block argument is released at its block's
// start. util.null is returned as is (NULL carries no count).
// CHECK-LABEL: util.func public @one_edge
// CHECK: %[[NULL:.+]] = util.null : !hal.buffer
// CHECK-NEXT: %[[F:.+]] = hal.fence.create
// CHECK-NEXT: sluice_rt.check_status ^[[OK:bb[0-9]+]], ^[[ERR:bb[0-9]+]]
// CHECK-NEXT: ^[[OK]]:
// CHECK-NEXT: sluice_rt.release %[[F]] : !hal.fence
// CHECK-NEXT: %[[B:.+]] = util.call @make()
// CHECK-NEXT: sluice_rt.check_status ^[[OK2:bb[0-9]+]], ^[[ERR]]
// CHECK-NEXT: ^[[OK2]]:
// CHECK-NEXT: util.global.store %[[B]], @mut
// CHECK-NEXT: %[[M:.+]] = util.global.load @mut
// CHECK-NEXT: %[[RM:.+]] = sluice_rt.retain %[[M]]
// CHECK-NEXT: sluice_rt.release %[[RM]]
// CHECK-NEXT: cf.cond_br %arg0, ^[[PASS:bb[0-9]+]], ^[[DROP:bb[0-9]+]]
// CHECK-NEXT: ^[[DROP]]:
// CHECK-NEXT: sluice_rt.release %[[B]] : !hal.buffer
// CHECK-NEXT: cf.br ^[[JOIN:bb[0-9]+]]
// CHECK-NEXT: ^[[PASS]]:
// CHECK-NEXT: cf.br ^[[ARG:bb[0-9]+]](%[[B]] : !hal.buffer)
// CHECK-NEXT: ^[[ARG]](%[[X:.+]]: !hal.buffer):
// CHECK-NEXT: sluice_rt.release %[[X]] : !hal.buffer
// CHECK-NEXT: cf.br ^[[JOIN]]
// CHECK-NEXT: ^[[JOIN]]:
// CHECK-NEXT: util.return %[[NULL]] : !hal.buffer
util.func public @one_edge(%c: i1, %d: !hal.device) -> !hal.buffer {
  %null = util.null : !hal.buffer
  %f = hal.fence.create device(%d : !hal.device) flags("None") : !hal.fence
  sluice_rt.check_status ^ok, ^err
^ok:
  %b = util.call @make() : () -> !hal.buffer
  sluice_rt.check_status ^ok2, ^err
^ok2:
  util.global.store %b, @mut : !hal.buffer
  %m = util.global.load @mut : !hal.buffer
  cf.cond_br %c, ^pass(%b : !hal.buffer), ^join
^pass(%x: !hal.buffer):
  cf.br ^join
^join:
  util.return %null : !hal.buffer
^err:
  sluice_rt.fail
}

// Initializers retain loads of immutable globals too.
// CHECK-LABEL: util.initializer
// CHECK-NEXT: %[[I:.+]] = util.global.load immutable @imm
// CHECK-NEXT: %[[R:.+]] = sluice_rt.retain %[[I]]
// CHECK-NEXT: util.call @use(%[[R]])
// CHECK-NEXT: sluice_rt.check_status ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: sluice_rt.release %[[R]]
// CHECK-NEXT: util.return
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: sluice_rt.release %[[R]]
// CHECK-NEXT: sluice_rt.fail
util.initializer {
  %i = util.global.load immutable @imm : !hal.buffer
  util.call @use(%i) : (!hal.buffer) -> ()
  sluice_rt.check_status ^ok, ^err
^ok:
  util.return
^err:
  sluice_rt.fail
}

// -----

// Command functions borrow their captures: nothing to count. Functions
// without references, declarations and empty bodies are left alone; blocks
// without predecessors do not disturb the analysis.
// CHECK-LABEL: util.func private @cmd
// CHECK-NOT: sluice_rt.re
// CHECK: util.return
util.func private @cmd(%b: !hal.buffer, %n: index) attributes {sluice_rt.command_function} {
  %c0 = arith.constant 0 : index
  %p = arith.constant 0 : i32
  sluice_rt.wave {
    sluice_rt.fill target(%b : !hal.buffer)[%c0, %n] pattern(%p : i32)
  }
  util.return
}
// CHECK-LABEL: util.func private @declared(%arg0: !hal.buffer){{$}}
util.func private @declared(%b: !hal.buffer)
// CHECK-LABEL: util.func public @dead_block
// CHECK: util.return %arg0
// CHECK: ^bb1(%[[D:.+]]: !hal.buffer):
// CHECK-NEXT: sluice_rt.release %[[D]]
// CHECK-NEXT: util.return %arg1
util.func public @dead_block(%a: index, %b: index) -> index {
  util.return %a : index
^dead(%x: !hal.buffer):
  util.return %b : index
}
