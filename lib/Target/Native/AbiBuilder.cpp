//===- AbiBuilder.cpp - Building runtime-ABI code in the LLVM dialect -----===//

#include "AbiBuilder.h"

#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

namespace sluice::native {

namespace {
struct SymbolCacheState {
  Operation *module = nullptr;
  llvm::StringSet<> names;
};
thread_local SymbolCacheState *activeCache = nullptr;
} // namespace

ModuleSymbolCache::ModuleSymbolCache(ModuleOp module) {
  auto *state = new SymbolCacheState;
  state->module = module.getOperation();
  for (Operation &op : module.getBody()->getOperations())
    if (auto name =
            op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
      state->names.insert(name.getValue());
  activeCache = state;
}
ModuleSymbolCache::~ModuleSymbolCache() {
  delete activeCache;
  activeCache = nullptr;
}

bool hasSymbol(ModuleOp module, llvm::StringRef name) {
  if (activeCache && activeCache->module == module.getOperation())
    return activeCache->names.contains(name);
  return module.lookupSymbol(name) != nullptr;
}
void noteSymbol(ModuleOp module, llvm::StringRef name) {
  if (activeCache && activeCache->module == module.getOperation())
    activeCache->names.insert(name);
}

Type AbiBuilder::ptrType() const {
  return LLVM::LLVMPointerType::get(b.getContext());
}

Value AbiBuilder::i32(int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr((int32_t)v));
}
Value AbiBuilder::i64(int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                  b.getI64IntegerAttr(v));
}
Value AbiBuilder::null() { return LLVM::ZeroOp::create(b, loc, ptrType()); }

Value AbiBuilder::bytePtr(Value base, int64_t offset) {
  if (offset == 0)
    return base;
  return LLVM::GEPOp::create(b, loc, ptrType(), b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{(int32_t)offset});
}
Value AbiBuilder::bytePtr(Value base, Value offset) {
  return LLVM::GEPOp::create(b, loc, ptrType(), b.getI8Type(), base,
                             ValueRange{offset});
}

Value AbiBuilder::loadField(Type type, Value base, int64_t offset) {
  return LLVM::LoadOp::create(b, loc, type, bytePtr(base, offset));
}
void AbiBuilder::storeField(Value value, Value base, int64_t offset) {
  LLVM::StoreOp::create(b, loc, value, bytePtr(base, offset));
}

Value AbiBuilder::callImport(Value ctx, Import which, Type result,
                             ValueRange args) {
  Value rt = LLVM::LoadOp::create(b, loc, ptrType(), ctx);
  Value fn = loadField(ptrType(), rt, 8 * ((int64_t)which - 1));
  SmallVector<Type> argTypes;
  for (Value arg : args)
    argTypes.push_back(arg.getType());
  auto type = LLVM::LLVMFunctionType::get(
      result ? result : LLVM::LLVMVoidType::get(b.getContext()), argTypes);
  SmallVector<Value> operands = {fn};
  operands.append(args.begin(), args.end());
  auto call = LLVM::CallOp::create(b, loc, type, operands);
  return result ? call.getResult() : Value();
}

Value AbiBuilder::stackBytes(Operation *at, int64_t bytes) {
  Operation *func = at->getParentOfType<LLVM::LLVMFuncOp>();
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&func->getRegion(0).front());
  Value size = i64(bytes);
  return LLVM::AllocaOp::create(b, loc, ptrType(), b.getI8Type(), size,
                                /*alignment=*/16);
}

std::pair<Value, Value> AbiBuilder::string(ModuleOp module,
                                           llvm::StringRef text) {
  std::string name = "__sluice_str_" +
                     llvm::utohexstr(llvm::hash_value(text), true) + "_" +
                     std::to_string(text.size());
  if (!hasSymbol(module, name)) {
    noteSymbol(module, name);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    std::string value = text.str();
    value.push_back('\0');
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(), value.size());
    LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                           LLVM::Linkage::Private, name,
                           b.getStringAttr(value));
  }
  Value address = LLVM::AddressOfOp::create(b, loc, ptrType(), name);
  return {address, i64((int64_t)text.size())};
}

LLVM::LLVMFuncOp AbiBuilder::snprintf(ModuleOp module) {
  if (hasSymbol(module, "snprintf"))
    if (auto decl = module.lookupSymbol<LLVM::LLVMFuncOp>("snprintf"))
      return decl;
  noteSymbol(module, "snprintf");
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  Type ptr = ptrType();
  return LLVM::LLVMFuncOp::create(
      b, loc, "snprintf",
      LLVM::LLVMFunctionType::get(b.getI32Type(), {ptr, b.getI64Type(), ptr},
                                  /*isVarArg=*/true));
}

} // namespace sluice::native
