// source: cmd_folding.mlir(generic) mutations: change-type int-literal rc=-11
"builtin.module"() ({
  "stream.cmd.func"() <{arg_attrs = [{}, {}, {}, {}, {}, {}, {}], function_type = (i32, i1, index, index, !stream.resource<*>, index, index) -> (), sym_name = "hook", sym_visibility = "private"}> ({
  }) : () -> ()
  "util.func"() <{function_type = (!stream.resource<external>, index, !stream.resource<transient>, index, i32) -> !stream.timepoint, sym_name = "fold_subviews_into_call", sym_visibility = "public", tied_operands = [-1 : index]}> ({
  ^bb0(%arg0: !stream.resource<external>, %arg1: index, %arg2: !stream.resource<transient>, %arg3: index, %arg4: i32):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 0 : index}> : () -> index
    %2 = "arith.constant"() <{value = 32 : index}> : () -> index
    %3 = "stream.resource.subview"(%arg2, %arg3, %2, %2) : (!stream.resource<transient>, index, index, index) -> !stream.resource<transient>
    %4 = "stream.cmd.execute"(%arg0, %3, %arg1, %2) <{operandSegmentSizes = array<i32: 2, 2, 0>}> ({
    ^bb0(%arg5: !stream.resource<external>, %arg6: !stream.resource<transient>):
      "stream.cmd.call"(%arg4, %arg5, %arg6, %arg1, %2, %0, %1, %arg1, %1) <{callee = @hook, operandSegmentSizes = array<i32: 3, 2, 2, 2, 0>, resource_operand_accesses = [1 : i32, 3 : i32]}> : (i32, !stream.resource<external>, !stream.resource<transient>, index, index, index, index, index, index) -> ()
      "stream.yield"() : () -> ()
    }) : (!stream.resource<external>, !stream.resource<transient>, index, index) -> !stream.timepoint
    "util.return"(%4) : (!stream.timepoint) -> ()
  }) : () -> ()
}) : () -> ()
