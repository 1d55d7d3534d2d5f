//===- EmitModuleDescriptor.cpp - --sluice-emit-module-descriptor ---------===//
//
// execution.md §3.3: packed thunks of the exported functions, the function
// table (sorted by name), `initialize`, the export infos, the descriptor and
// sluice_module_query.
//
//===----------------------------------------------------------------------===//

#include "AbiBuilder.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/SluiceRT/IR/SluiceRTOps.h"
#include "sluice/Target/Native/NativeTarget.h"
#include "sluice/Target/Native/Passes.h"
#include "llvm/Target/TargetMachine.h"

namespace sluice::native {
#define GEN_PASS_DEF_EMITMODULEDESCRIPTORPASS
#include "sluice/Target/Native/Passes.h.inc"
} // namespace sluice::native

using namespace mlir;

namespace sluice::native {
namespace {

/// Builds private constant globals in the module.
class GlobalBuilder {
public:
  GlobalBuilder(ModuleOp module)
      : module(module), b(module.getContext()), loc(module.getLoc()) {
    b.setInsertionPointToEnd(module.getBody());
  }

  Type ptr() { return LLVM::LLVMPointerType::get(b.getContext()); }

  /// A NUL-terminated string global; returns its name.
  std::string string(StringRef text) {
    std::string name = "__sluice_desc_str_" + std::to_string(counter++);
    std::string value = text.str();
    value.push_back('\0');
    LLVM::GlobalOp::create(
        b, loc, LLVM::LLVMArrayType::get(b.getI8Type(), value.size()), true,
        LLVM::Linkage::Private, name, b.getStringAttr(value));
    return name;
  }

  /// A constant global of `type` whose initializer `fill` builds from an
  /// undef value; returns its name.
  std::string aggregate(Type type,
                        llvm::function_ref<Value(OpBuilder &, Value)> fill) {
    std::string name = "__sluice_desc_" + std::to_string(counter++);
    auto global = LLVM::GlobalOp::create(
        b, loc, type, true, LLVM::Linkage::Private, name, Attribute());
    OpBuilder inner(b.getContext());
    Block *block = inner.createBlock(&global.getInitializerRegion());
    inner.setInsertionPointToStart(block);
    Value value = LLVM::UndefOp::create(inner, loc, type);
    value = fill(inner, value);
    LLVM::ReturnOp::create(inner, loc, value);
    return name;
  }

  /// An array of pointers to the named globals/functions (NULL for "").
  std::string pointerArray(ArrayRef<std::string> names) {
    auto type = LLVM::LLVMArrayType::get(ptr(), names.size());
    return aggregate(type, [&](OpBuilder &ib, Value v) {
      for (auto [i, name] : llvm::enumerate(names)) {
        Value element =
            name.empty()
                ? (Value)LLVM::ZeroOp::create(ib, loc, ptr())
                : (Value)LLVM::AddressOfOp::create(ib, loc, ptr(), name);
        v = LLVM::InsertValueOp::create(ib, loc, v, element,
                                        ArrayRef<int64_t>{(int64_t)i});
      }
      return v;
    });
  }

  ModuleOp module;
  OpBuilder b;
  Location loc;
  int counter = 0;
};

Value constant(OpBuilder &b, Location loc, Type type, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, v));
}

/// The packed thunk of exported function `func` (§3.3).
LLVM::LLVMFuncOp buildThunk(LLVM::LLVMFuncOp func, GlobalBuilder &globals) {
  OpBuilder &b = globals.b;
  Location loc = func.getLoc();
  Type ptr = globals.ptr();
  auto results = func->getAttrOfType<ArrayAttr>(kResultTypesAttr);
  auto thunk = LLVM::LLVMFuncOp::create(
      b, loc, ("__sluice_thunk_" + func.getName()).str(),
      LLVM::LLVMFunctionType::get(ptr, {ptr, ptr, ptr}),
      LLVM::Linkage::Internal);
  OpBuilder fb(b.getContext());
  Block *entry =
      fb.createBlock(&thunk.getBody(), {}, {ptr, ptr, ptr}, {loc, loc, loc});
  AbiBuilder abi(fb, loc);
  Value ctx = entry->getArgument(0);
  Value args = entry->getArgument(1);
  Value resultSlots = entry->getArgument(2);
  size_t resultCount = results.size();
  size_t argCount = func.getNumArguments() - 1 - resultCount;
  SmallVector<Value> operands = {ctx};
  for (size_t i = 0; i < argCount; ++i) {
    Type type = func.getArgument(1 + i).getType();
    if (type.isInteger() && type.getIntOrFloatBitWidth() < 32)
      operands.push_back(LLVM::TruncOp::create(
          fb, loc, type, abi.loadField(fb.getI32Type(), args, 8 * (int64_t)i)));
    else
      operands.push_back(abi.loadField(type, args, 8 * (int64_t)i));
  }
  SmallVector<Value> outs;
  for (size_t j = 0; j < resultCount; ++j) {
    Value out =
        LLVM::AllocaOp::create(fb, loc, ptr, fb.getI64Type(), abi.i64(1), 8);
    LLVM::StoreOp::create(fb, loc, abi.i64(0), out);
    outs.push_back(out);
    operands.push_back(out);
  }
  auto call = LLVM::CallOp::create(fb, loc, func, operands);
  Value failed = LLVM::ICmpOp::create(fb, loc, LLVM::ICmpPredicate::ne,
                                      call.getResult(), abi.null());
  Block *fail = fb.createBlock(&thunk.getBody());
  Block *pack = fb.createBlock(&thunk.getBody());
  fb.setInsertionPointToEnd(entry);
  LLVM::CondBrOp::create(fb, loc, failed, fail, pack);
  fb.setInsertionPointToEnd(fail);
  LLVM::ReturnOp::create(fb, loc, call.getResult());
  fb.setInsertionPointToEnd(pack);
  for (size_t j = 0; j < resultCount; ++j) {
    Type type = cast<TypeAttr>(results[j]).getValue();
    Value v = LLVM::LoadOp::create(fb, loc, type, outs[j]);
    if (type.isInteger() && type.getIntOrFloatBitWidth() < 32) {
      v = type.isInteger(1)
              ? (Value)LLVM::ZExtOp::create(fb, loc, fb.getI32Type(), v)
              : (Value)LLVM::SExtOp::create(fb, loc, fb.getI32Type(), v);
    }
    if (v.getType().isInteger(32))
      v = LLVM::ZExtOp::create(fb, loc, fb.getI64Type(), v);
    if (v.getType().isF32()) {
      abi.storeField(abi.i64(0), resultSlots, 8 * (int64_t)j);
      abi.storeField(v, resultSlots, 8 * (int64_t)j);
    } else {
      abi.storeField(v, resultSlots, 8 * (int64_t)j);
    }
  }
  LLVM::ReturnOp::create(fb, loc, abi.null());
  return thunk;
}

/// `initialize`: every initializer in order, the first failure returned.
std::string buildInitialize(ArrayRef<LLVM::LLVMFuncOp> initializers,
                            GlobalBuilder &globals) {
  if (initializers.empty())
    return "";
  Location loc = globals.loc;
  Type ptr = globals.ptr();
  auto func = LLVM::LLVMFuncOp::create(globals.b, loc, "__sluice_initialize",
                                       LLVM::LLVMFunctionType::get(ptr, {ptr}),
                                       LLVM::Linkage::Internal);
  OpBuilder fb(globals.b.getContext());
  Block *block = fb.createBlock(&func.getBody(), {}, {ptr}, {loc});
  for (LLVM::LLVMFuncOp init : initializers) {
    AbiBuilder abi(fb, loc);
    auto call =
        LLVM::CallOp::create(fb, loc, init, ValueRange{block->getArgument(0)});
    Value failed = LLVM::ICmpOp::create(fb, loc, LLVM::ICmpPredicate::ne,
                                        call.getResult(), abi.null());
    Block *fail = fb.createBlock(&func.getBody());
    Block *next = fb.createBlock(&func.getBody());
    fb.setInsertionPointAfter(failed.getDefiningOp());
    LLVM::CondBrOp::create(fb, loc, failed, fail, next);
    fb.setInsertionPointToEnd(fail);
    LLVM::ReturnOp::create(fb, loc, call.getResult());
    fb.setInsertionPointToEnd(next);
  }
  LLVM::ReturnOp::create(fb, loc, AbiBuilder(fb, loc).null());
  return func.getName().str();
}

/// Serializes one reflection value (strings as they are, integers in
/// decimal, booleans as true/false).
FailureOr<std::string> reflectionValue(Attribute value) {
  if (auto s = dyn_cast<StringAttr>(value))
    return s.getValue().str();
  if (auto b = dyn_cast<BoolAttr>(value))
    return std::string(b.getValue() ? "true" : "false");
  if (auto i = dyn_cast<IntegerAttr>(value))
    return std::to_string(i.getInt());
  // external-transients.md §2.4: a symbol (the transients size query) is
  // written as its bare name.
  if (auto symbol = dyn_cast<FlatSymbolRefAttr>(value))
    return symbol.getValue().str();
  return failure();
}

struct EmitModuleDescriptorPass
    : impl::EmitModuleDescriptorPassBase<EmitModuleDescriptorPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::string error;
    NativeTargetOptions targetOptions;
    targetOptions.cpu = targetCpu;
    std::unique_ptr<llvm::TargetMachine> machine =
        createTargetMachine(targetOptions, error);
    if (!machine) {
      module.emitError(error);
      return signalPassFailure();
    }
    std::string cpu, features;
    describeTarget(*machine, cpu, features);

    SmallVector<LLVM::LLVMFuncOp> exports, initializers;
    for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
      if (func->hasAttr(kExportAttr))
        exports.push_back(func);
      if (func->hasAttr(kInitializerAttr))
        initializers.push_back(func);
    }
    llvm::sort(exports, [](LLVM::LLVMFuncOp a, LLVM::LLVMFuncOp b) {
      return a->getAttrOfType<StringAttr>(kExportAttr)
                 .getValue()
                 .compare(
                     b->getAttrOfType<StringAttr>(kExportAttr).getValue()) < 0;
    });
    llvm::sort(initializers, [](LLVM::LLVMFuncOp a, LLVM::LLVMFuncOp b) {
      return a->getAttrOfType<IntegerAttr>(kInitializerAttr).getInt() <
             b->getAttrOfType<IntegerAttr>(kInitializerAttr).getInt();
    });

    GlobalBuilder globals(module);
    Location loc = module.getLoc();
    Type ptr = globals.ptr();
    Type i32 = globals.b.getI32Type();
    Type i64 = globals.b.getI64Type();

    // Function table.
    auto functionType = LLVM::LLVMStructType::getLiteral(
        &getContext(), {ptr, ptr, ptr, i32, ptr, ptr});
    struct Entry {
      std::string name, thunk, cconv, keys, values;
      int64_t reflectionCount = 0;
    };
    SmallVector<Entry> entries;
    for (LLVM::LLVMFuncOp func : exports) {
      Entry e;
      e.name = globals.string(func->getAttrOfType<StringAttr>(kExportAttr));
      e.cconv = globals.string(func->getAttrOfType<StringAttr>(kCconvAttr));
      e.thunk = buildThunk(func, globals).getName().str();
      if (auto reflection =
              func->getAttrOfType<DictionaryAttr>(kReflectionAttr)) {
        SmallVector<std::string> keys, values;
        for (NamedAttribute entry : reflection) {
          FailureOr<std::string> value = reflectionValue(entry.getValue());
          if (failed(value)) {
            func.emitError("unsupported reflection attribute value for key '")
                << entry.getName().getValue() << "'";
            return signalPassFailure();
          }
          keys.push_back(globals.string(entry.getName().getValue()));
          values.push_back(globals.string(*value));
        }
        e.reflectionCount = (int64_t)keys.size();
        if (!keys.empty()) {
          e.keys = globals.pointerArray(keys);
          e.values = globals.pointerArray(values);
        }
      }
      entries.push_back(e);
    }
    auto addressOrNull = [&](OpBuilder &ib, const std::string &name) -> Value {
      if (name.empty())
        return LLVM::ZeroOp::create(ib, loc, ptr);
      return LLVM::AddressOfOp::create(ib, loc, ptr, name);
    };
    std::string functionTable;
    if (!entries.empty())
      functionTable = globals.aggregate(
          LLVM::LLVMArrayType::get(functionType, entries.size()),
          [&](OpBuilder &ib, Value array) {
            for (auto [i, e] : llvm::enumerate(entries)) {
              Value s = LLVM::UndefOp::create(ib, loc, functionType);
              s = LLVM::InsertValueOp::create(
                  ib, loc, s, addressOrNull(ib, e.name), ArrayRef<int64_t>{0});
              s = LLVM::InsertValueOp::create(
                  ib, loc, s, addressOrNull(ib, e.thunk), ArrayRef<int64_t>{1});
              s = LLVM::InsertValueOp::create(
                  ib, loc, s, addressOrNull(ib, e.cconv), ArrayRef<int64_t>{2});
              s = LLVM::InsertValueOp::create(
                  ib, loc, s, constant(ib, loc, i32, e.reflectionCount),
                  ArrayRef<int64_t>{3});
              s = LLVM::InsertValueOp::create(
                  ib, loc, s, addressOrNull(ib, e.keys), ArrayRef<int64_t>{4});
              s = LLVM::InsertValueOp::create(ib, loc, s,
                                              addressOrNull(ib, e.values),
                                              ArrayRef<int64_t>{5});
              array = LLVM::InsertValueOp::create(
                  ib, loc, array, s, ArrayRef<int64_t>{(int64_t)i});
            }
            return array;
          });

    // Export infos, in sluice_rt.executable_info order (the wave lowering
    // numbers them the same way).
    auto infoType = LLVM::LLVMStructType::getLiteral(
        &getContext(), {ptr, ptr, i32, i32, i32, i32});
    struct Info {
      std::string executable, name;
      int64_t constants, bindings, cost;
    };
    SmallVector<Info> infos;
    for (auto info : llvm::make_early_inc_range(
             module.getOps<sluice_rt::ExecutableInfoOp>())) {
      infos.push_back({globals.string(info.getExecutable()),
                       globals.string(info.getExportName()),
                       info.getLayout().getConstants(),
                       (int64_t)info.getLayout().getBindings().size(),
                       std::min<int64_t>(info.getCost(), UINT32_MAX)});
      info.erase();
    }
    std::string infoTable;
    if (!infos.empty())
      infoTable = globals.aggregate(
          LLVM::LLVMArrayType::get(infoType, infos.size()),
          [&](OpBuilder &ib, Value array) {
            for (auto [i, info] : llvm::enumerate(infos)) {
              Value s = LLVM::UndefOp::create(ib, loc, infoType);
              s = LLVM::InsertValueOp::create(
                  ib, loc, s, addressOrNull(ib, info.executable),
                  ArrayRef<int64_t>{0});
              s = LLVM::InsertValueOp::create(ib, loc, s,
                                              addressOrNull(ib, info.name),
                                              ArrayRef<int64_t>{1});
              s = LLVM::InsertValueOp::create(
                  ib, loc, s, constant(ib, loc, i32, info.constants),
                  ArrayRef<int64_t>{2});
              s = LLVM::InsertValueOp::create(
                  ib, loc, s, constant(ib, loc, i32, info.bindings),
                  ArrayRef<int64_t>{3});
              s = LLVM::InsertValueOp::create(ib, loc, s,
                                              constant(ib, loc, i32, info.cost),
                                              ArrayRef<int64_t>{4});
              s = LLVM::InsertValueOp::create(
                  ib, loc, s, constant(ib, loc, i32, 0), ArrayRef<int64_t>{5});
              array = LLVM::InsertValueOp::create(
                  ib, loc, array, s, ArrayRef<int64_t>{(int64_t)i});
            }
            return array;
          });

    // Global storage (left on the module by --sluice-convert-host-to-llvm).
    int64_t storageSize = 0;
    if (auto attr = module->getAttrOfType<IntegerAttr>(kGlobalStorageSizeAttr))
      storageSize = attr.getInt();
    std::string image;
    if (auto attr = module->getAttrOfType<StringAttr>(kGlobalImageAttr)) {
      image = "__sluice_desc_global_image";
      auto global = LLVM::GlobalOp::create(
          globals.b, loc,
          LLVM::LLVMArrayType::get(globals.b.getI8Type(), attr.size()), true,
          LLVM::Linkage::Private, image, attr);
      global.setAlignment(64);
    }
    std::string refOffsets;
    int64_t refCount = 0;
    if (auto attr =
            module->getAttrOfType<DenseI32ArrayAttr>(kRefGlobalOffsetsAttr)) {
      refCount = attr.size();
      refOffsets = "__sluice_desc_ref_global_offsets";
      LLVM::GlobalOp::create(
          globals.b, loc, LLVM::LLVMArrayType::get(i32, attr.size()), true,
          LLVM::Linkage::Private, refOffsets,
          DenseElementsAttr::get(
              RankedTensorType::get({(int64_t)attr.size()}, i32),
              attr.asArrayRef()));
    }
    for (StringRef attr :
         {kGlobalStorageSizeAttr.data(), kGlobalImageAttr.data(),
          kRefGlobalOffsetsAttr.data()})
      module->removeAttr(attr);

    std::string initialize = buildInitialize(initializers, globals);
    std::string name = globals.string(moduleName);
    std::string cpuName = globals.string(cpu);
    std::string featureString = globals.string(features);
    auto descriptorType = LLVM::LLVMStructType::getLiteral(
        &getContext(),
        {i32, i32, ptr, ptr, ptr, i64, ptr, i32, ptr, i32, ptr, ptr, i32, ptr});
    std::string descriptor =
        globals.aggregate(descriptorType, [&](OpBuilder &ib, Value d) {
          auto set = [&](Value v, int64_t i) {
            d = LLVM::InsertValueOp::create(ib, loc, d, v,
                                            ArrayRef<int64_t>{i});
          };
          set(constant(ib, loc, i32, 1), 0);
          set(constant(ib, loc, i32, 0), 1);
          set(addressOrNull(ib, name), 2);
          set(addressOrNull(ib, cpuName), 3);
          set(addressOrNull(ib, featureString), 4);
          set(constant(ib, loc, i64, storageSize), 5);
          set(addressOrNull(ib, image), 6);
          set(constant(ib, loc, i32, refCount), 7);
          set(addressOrNull(ib, refOffsets), 8);
          set(constant(ib, loc, i32, (int64_t)entries.size()), 9);
          set(addressOrNull(ib, functionTable), 10);
          set(addressOrNull(ib, initialize), 11);
          set(constant(ib, loc, i32, (int64_t)infos.size()), 12);
          set(addressOrNull(ib, infoTable), 13);
          return d;
        });

    // The only exported symbol.
    auto query = LLVM::LLVMFuncOp::create(
        globals.b, loc, "sluice_module_query",
        LLVM::LLVMFunctionType::get(ptr, {i32}), LLVM::Linkage::External);
    OpBuilder fb(&getContext());
    Block *block = fb.createBlock(&query.getBody(), {}, {i32}, {loc});
    Value ok =
        LLVM::ICmpOp::create(fb, loc, LLVM::ICmpPredicate::eq,
                             block->getArgument(0), constant(fb, loc, i32, 1));
    Value address = LLVM::AddressOfOp::create(fb, loc, ptr, descriptor);
    Value result = LLVM::SelectOp::create(fb, loc, ok, address,
                                          LLVM::ZeroOp::create(fb, loc, ptr));
    LLVM::ReturnOp::create(fb, loc, result);

    // The metadata attributes are not LLVM's.
    for (auto func : module.getOps<LLVM::LLVMFuncOp>())
      for (StringRef attr :
           {kExportAttr.data(), kCconvAttr.data(), kReflectionAttr.data(),
            kResultTypesAttr.data(), kInitializerAttr.data()})
        func->removeAttr(attr);
    module.walk([](LLVM::AllocaOp op) { op->removeAttr(kStatusSlotAttr); });
  }
};

} // namespace
} // namespace sluice::native
