util.global private @scalar = 1 : i32
