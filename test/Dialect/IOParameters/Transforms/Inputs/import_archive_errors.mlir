// Source of the archives used by import_parameters_errors.mlir.
util.global private @data = dense<[1, 2]> : tensor<2xi32>
util.global private @packed = dense<[1, 2, 3, 4]> : tensor<4xi4>
util.global private @splat_i8 = #flow.parameter.named<"data"> : tensor<8xi8>
