// REQUIRES: sluice-opt
// `output-file` of --iree-stream-split-parameter-encoder (stream-passes-2.md
// §14.6): the encoder module goes to the file (missing parent directories are
// created; `.mlirbc` writes bytecode) instead of standard output.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sluice-opt '--iree-stream-split-parameter-encoder=output-file=%t/sub/dir/encoder.mlir' %s | FileCheck %s --check-prefix=MAIN
// RUN: FileCheck %s --check-prefix=FILE --input-file=%t/sub/dir/encoder.mlir
// RUN: sluice-opt '--iree-stream-split-parameter-encoder=output-file=%t/encoder.mlirbc' %s > /dev/null
// RUN: sluice-opt %t/encoder.mlirbc | FileCheck %s --check-prefix=FILE
// A module without expressions removes a stale output file and prints
// nothing else.
// RUN: sluice-opt '--iree-stream-split-parameter-encoder=output-file=%t/encoder.mlirbc' %S/Inputs/split_parameter_encoder_nothing.mlir | FileCheck %s --check-prefix=NOTHING
// RUN: not test -e %t/encoder.mlirbc
// An unwritable path is an error and the pass fails.
// RUN: touch %t/file
// RUN: not sluice-opt '--iree-stream-split-parameter-encoder=output-file=%t/file/encoder.mlir' %s 2>&1 | FileCheck %s --check-prefix=ERROR

// MAIN-NOT: module @encoder
// MAIN: util.global private @w
// MAIN: stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<""::"parameter0"> : tensor<512xi8>

// FILE: module @encoder attributes {iree.reflection = {iree.encode.version = 1 : i32, iree.tool = "iree-encode-parameters"}}
// FILE: util.func public @__encode_parameter_detect_target
// FILE: util.func public @__encode_parameter_indices_all
// FILE: util.func public @__encode_parameter_steps_all
// FILE: util.func public @__encode_parameters_all
// FILE: stream.async.parameter.scatter

// NOTHING-NOT: module @encoder
// NOTHING: util.global private @scalar

// ERROR: error: while dumping to '{{.*}}/file/encoder.mlir':

util.global private @w : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c7_i32 = arith.constant 7 : i32
  %p = stream.async.constant : !stream.resource<constant>{%c512} = #stream.parameter.named<"src"::"w"> : vector<512xi8>
  %f = stream.async.fill %c7_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c512}
  util.global.store %f, @w : !stream.resource<constant>
  util.return
}
