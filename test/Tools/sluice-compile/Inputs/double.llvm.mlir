// A phase-llvm module written by hand: one exported function
// `double(i32) -> i32` and its descriptor (execution.md §3.3).
module @double_module {
  llvm.mlir.global private constant @name("double_module\00") : !llvm.array<14 x i8>
  llvm.mlir.global private constant @cpu("x86-64\00") : !llvm.array<7 x i8>
  llvm.mlir.global private constant @features("\00") : !llvm.array<1 x i8>
  llvm.mlir.global private constant @fn_name("double\00") : !llvm.array<7 x i8>
  llvm.mlir.global private constant @fn_cconv("0i_i\00") : !llvm.array<5 x i8>

  llvm.func internal @double_entry(%ctx: !llvm.ptr, %args: !llvm.ptr, %results: !llvm.ptr) -> !llvm.ptr {
    %v = llvm.load %args : !llvm.ptr -> i32
    %two = llvm.mlir.constant(2 : i32) : i32
    %r = llvm.mul %v, %two : i32
    llvm.store %r, %results : i32, !llvm.ptr
    %null = llvm.mlir.zero : !llvm.ptr
    llvm.return %null : !llvm.ptr
  }

  // {name, entry, cconv, reflection_count, keys, values}
  llvm.mlir.global private constant @functions() : !llvm.array<1 x struct<(ptr, ptr, ptr, i32, ptr, ptr)>> {
    %u = llvm.mlir.undef : !llvm.array<1 x struct<(ptr, ptr, ptr, i32, ptr, ptr)>>
    %s0 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, ptr, i32, ptr, ptr)>
    %name = llvm.mlir.addressof @fn_name : !llvm.ptr
    %entry = llvm.mlir.addressof @double_entry : !llvm.ptr
    %cconv = llvm.mlir.addressof @fn_cconv : !llvm.ptr
    %zero = llvm.mlir.constant(0 : i32) : i32
    %null = llvm.mlir.zero : !llvm.ptr
    %s1 = llvm.insertvalue %name, %s0[0] : !llvm.struct<(ptr, ptr, ptr, i32, ptr, ptr)>
    %s2 = llvm.insertvalue %entry, %s1[1] : !llvm.struct<(ptr, ptr, ptr, i32, ptr, ptr)>
    %s3 = llvm.insertvalue %cconv, %s2[2] : !llvm.struct<(ptr, ptr, ptr, i32, ptr, ptr)>
    %s4 = llvm.insertvalue %zero, %s3[3] : !llvm.struct<(ptr, ptr, ptr, i32, ptr, ptr)>
    %s5 = llvm.insertvalue %null, %s4[4] : !llvm.struct<(ptr, ptr, ptr, i32, ptr, ptr)>
    %s6 = llvm.insertvalue %null, %s5[5] : !llvm.struct<(ptr, ptr, ptr, i32, ptr, ptr)>
    %a = llvm.insertvalue %s6, %u[0] : !llvm.array<1 x struct<(ptr, ptr, ptr, i32, ptr, ptr)>>
    llvm.return %a : !llvm.array<1 x struct<(ptr, ptr, ptr, i32, ptr, ptr)>>
  }

  // {abi_version, flags, name, target_cpu, target_features,
  //  global_storage_size, global_initial_image, ref_global_count,
  //  ref_global_offsets, function_count, functions, initialize,
  //  export_info_count, export_infos}
  llvm.mlir.global private constant @descriptor() : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr)> {
    %d0 = llvm.mlir.undef : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr)>
    %one = llvm.mlir.constant(1 : i32) : i32
    %zero = llvm.mlir.constant(0 : i32) : i32
    %zero64 = llvm.mlir.constant(0 : i64) : i64
    %null = llvm.mlir.zero : !llvm.ptr
    %name = llvm.mlir.addressof @name : !llvm.ptr
    %cpu = llvm.mlir.addressof @cpu : !llvm.ptr
    %features = llvm.mlir.addressof @features : !llvm.ptr
    %functions = llvm.mlir.addressof @functions : !llvm.ptr
    %d1 = llvm.insertvalue %one, %d0[0] : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr)>
    %d2 = llvm.insertvalue %zero, %d1[1] : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr)>
    %d3 = llvm.insertvalue %name, %d2[2] : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr)>
    %d4 = llvm.insertvalue %cpu, %d3[3] : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr)>
    %d5 = llvm.insertvalue %features, %d4[4] : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr)>
    %d6 = llvm.insertvalue %zero64, %d5[5] : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr)>
    %d7 = llvm.insertvalue %null, %d6[6] : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr)>
    %d8 = llvm.insertvalue %zero, %d7[7] : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr)>
    %d9 = llvm.insertvalue %null, %d8[8] : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr)>
    %d10 = llvm.insertvalue %one, %d9[9] : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr)>
    %d11 = llvm.insertvalue %functions, %d10[10] : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr)>
    %d12 = llvm.insertvalue %null, %d11[11] : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr)>
    %d13 = llvm.insertvalue %zero, %d12[12] : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr)>
    %d14 = llvm.insertvalue %null, %d13[13] : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr)>
    llvm.return %d14 : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr)>
  }

  llvm.func @sluice_module_query(%version: i32) -> !llvm.ptr {
    %one = llvm.mlir.constant(1 : i32) : i32
    %ok = llvm.icmp "eq" %version, %one : i32
    %d = llvm.mlir.addressof @descriptor : !llvm.ptr
    %null = llvm.mlir.zero : !llvm.ptr
    %r = llvm.select %ok, %d, %null : i1, !llvm.ptr
    llvm.return %r : !llvm.ptr
  }
}
