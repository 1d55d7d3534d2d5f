//===- AbiBuilder.h - Building runtime-ABI code in the LLVM dialect -*- C++
//-*-===//
//
// Shared by the phase-llvm passes: the import-table indices of execution.md
// §3.4, calls through ctx->rt, field loads at the §3.2 offsets, private
// string constants and the function metadata attributes that
// --sluice-convert-host-to-llvm leaves for --sluice-emit-module-descriptor.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_LIB_TARGET_NATIVE_ABIBUILDER_H
#define SLUICE_LIB_TARGET_NATIVE_ABIBUILDER_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace sluice::native {

/// Import-table entries (1-based, §3.4).
enum class Import : unsigned {
  StatusMake = 1,
  StatusAnnotate = 2,
  StatusCode = 3,
  StatusFree = 4,
  RefDestroy = 5,
  DevicesGet = 6,
  DeviceQueryI64 = 7,
  AllocatorAllocate = 8,
  AllocatorImport = 9,
  QueueAlloca = 10,
  QueueDealloca = 11,
  BufferSubspan = 15,
  BufferAssert = 16,
  BufferLoad = 17,
  BufferStore = 18,
  BufferViewCreate = 19,
  BufferViewAssert = 20,
  FileFromMemory = 22,
  QueueFill = 23,
  QueueCopy = 24,
  QueueRead = 25,
  QueueWrite = 26,
  QueueBarrier = 27,
  FenceCreate = 28,
  FenceJoin = 29,
  FenceSignal = 30,
  FenceAwait = 31,
  QueueExecute = 32,
  Wave = 33,
  ParametersLoad = 34,
  ParametersGather = 35,
  ParametersScatter = 36,
};

/// Attributes on converted functions.
inline constexpr llvm::StringLiteral kExportAttr = "sluice.export";
inline constexpr llvm::StringLiteral kCconvAttr = "sluice.cconv";
inline constexpr llvm::StringLiteral kReflectionAttr = "sluice.reflection";
inline constexpr llvm::StringLiteral kResultTypesAttr = "sluice.result_types";
inline constexpr llvm::StringLiteral kInitializerAttr = "sluice.initializer";
inline constexpr llvm::StringLiteral kStatusSlotAttr = "sluice.status_slot";
/// Module attributes: the global storage layout (§3.3).
inline constexpr llvm::StringLiteral kGlobalStorageSizeAttr =
    "sluice.global_storage_size";
inline constexpr llvm::StringLiteral kGlobalImageAttr = "sluice.global_image";
inline constexpr llvm::StringLiteral kRefGlobalOffsetsAttr =
    "sluice.ref_global_offsets";

/// While one is alive (on this thread), `hasSymbol`/`noteSymbol` answer for
/// `module` from a hash set built once, instead of a linear scan of the
/// module per lookup (the lowerings create and look up thousands of private
/// constants; a scan each time is quadratic).
class ModuleSymbolCache {
public:
  explicit ModuleSymbolCache(mlir::ModuleOp module);
  ~ModuleSymbolCache();
  ModuleSymbolCache(const ModuleSymbolCache &) = delete;
  ModuleSymbolCache &operator=(const ModuleSymbolCache &) = delete;
};
/// Whether `module` has a symbol `name`; `noteSymbol` records one just
/// created.
bool hasSymbol(mlir::ModuleOp module, llvm::StringRef name);
void noteSymbol(mlir::ModuleOp module, llvm::StringRef name);

/// Helpers bound to one builder and location.
class AbiBuilder {
public:
  AbiBuilder(mlir::OpBuilder &builder, mlir::Location loc)
      : b(builder), loc(loc) {}

  mlir::Type ptrType() const;
  mlir::Value i32(int64_t v);
  mlir::Value i64(int64_t v);
  mlir::Value null();

  /// Loads a value of `type` at byte offset `offset` from `base`.
  mlir::Value loadField(mlir::Type type, mlir::Value base, int64_t offset);
  void storeField(mlir::Value value, mlir::Value base, int64_t offset);
  /// `base + offset` bytes.
  mlir::Value bytePtr(mlir::Value base, int64_t offset);
  mlir::Value bytePtr(mlir::Value base, mlir::Value offset);

  /// Calls import `which` of ctx->rt. `result` may be null (void).
  mlir::Value callImport(mlir::Value ctx, Import which, mlir::Type result,
                         mlir::ValueRange args);
  /// An alloca of `bytes` bytes in the entry block of the enclosing
  /// function (aligned to 16).
  mlir::Value stackBytes(mlir::Operation *at, int64_t bytes);
  /// The address of a private NUL-terminated constant holding `text`, and
  /// its length (without the NUL).
  std::pair<mlir::Value, mlir::Value> string(mlir::ModuleOp module,
                                             llvm::StringRef text);
  /// `int snprintf(char *, size_t, const char *, ...)`, declared once in
  /// `module`.
  mlir::LLVM::LLVMFuncOp snprintf(mlir::ModuleOp module);

private:
  mlir::OpBuilder &b;
  mlir::Location loc;
};

} // namespace sluice::native

#endif // SLUICE_LIB_TARGET_NATIVE_ABIBUILDER_H
