//===- WrapEntryPoints.cpp - --iree-abi-wrap-entry-points -----------------===//
//
// Wraps every public function in an ABI stub that takes and returns buffer
// views (execution.md §2.2 step 4, external-transients.md §2.2): imports,
// call, output aliasing, transient storage annotation, barrier, exports.
//
//===----------------------------------------------------------------------===//

#include "sluice/Bindings/Native/Transforms/Passes.h"

#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/Util/IR/DimBounds.h"
#include "sluice/Dialect/Util/IR/UtilAttrs.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

namespace sluice::abi {
#define GEN_PASS_DEF_WRAPENTRYPOINTSPASS
#include "sluice/Bindings/Native/Transforms/Passes.h.inc"
} // namespace sluice::abi

using namespace mlir;

namespace sluice::abi {
namespace {

constexpr llvm::StringLiteral kStubAttr = "iree.abi.stub";
constexpr llvm::StringLiteral kReflectionAttr = "iree.reflection";
constexpr llvm::StringLiteral kDeclarationKey = "iree.abi.declaration";
constexpr llvm::StringLiteral kModelAttr = "iree.abi.model";
constexpr llvm::StringLiteral kAffinityAttr = "iree.abi.affinity";
constexpr llvm::StringLiteral kEncodingAttr = "iree.abi.encoding";
constexpr llvm::StringLiteral kOutputAttr = "iree.abi.output";
constexpr llvm::StringLiteral kTransientsAttr = "iree.abi.transients";
constexpr llvm::StringLiteral kConsumeAttr = "iree.abi.consume";
constexpr llvm::StringLiteral kNameAttr = "iree.abi.name";

/// The ABI attributes the wrapper consumes and strips from the original.
constexpr llvm::StringLiteral kStrippedAttrs[] = {
    kAffinityAttr, kEncodingAttr,   kModelAttr,
    kOutputAttr,   kTransientsAttr, util::kDimBoundsAttr};

/// One `iree.abi.transients` argument.
struct Storage {
  unsigned argIndex;
  Attribute affinity; // the argument's iree.abi.affinity, may be null
};

/// What the wrapper needs to know about the original's ABI attributes.
struct Abi {
  InvocationModel model;
  Attribute affinity; // the function's iree.abi.affinity, may be null
  SmallVector<Storage> storages;
  /// Result index -> argument index holding its output storage.
  llvm::DenseMap<unsigned, unsigned> outputArgs;
  /// Argument index -> the (lo, hi) bounds of its dynamic dimensions
  /// (sluice.abi.dim_bounds, external-transients.md §9.6).
  llvm::DenseMap<unsigned, SmallVector<std::pair<uint64_t, uint64_t>>>
      dimBounds;
};

std::string ioName(DictionaryAttr attrs, llvm::StringRef prefix,
                   unsigned index) {
  if (attrs)
    if (auto name = attrs.getAs<StringAttr>(kNameAttr))
      return name.getValue().str();
  return (prefix + llvm::Twine(index)).str();
}

/// `sync func @f(%input0: T {attrs}, ...) -> (%output0: T, ...)`: the
/// argument attributes other than iree.abi.name are printed, so the
/// declaration shows which arguments are storage.
void printDeclarationList(llvm::raw_ostream &os, TypeRange types,
                          ArrayRef<DictionaryAttr> attrs,
                          llvm::StringRef prefix) {
  for (auto [i, type] : llvm::enumerate(types)) {
    if (i)
      os << ", ";
    DictionaryAttr dict = i < attrs.size() ? attrs[i] : DictionaryAttr();
    os << "%" << ioName(dict, prefix, i) << ": " << type;
    if (!dict)
      continue;
    NamedAttrList shown;
    for (NamedAttribute attr : dict)
      if (attr.getName() != kNameAttr)
        shown.push_back(attr);
    if (!shown.empty()) {
      os << " ";
      shown.getDictionary(type.getContext()).print(os);
    }
  }
}

std::string formatDeclaration(util::FuncOp funcOp, InvocationModel model,
                              llvm::StringRef publicName) {
  SmallVector<DictionaryAttr> argAttrs, resultAttrs;
  funcOp.getAllArgAttrs(argAttrs);
  funcOp.getAllResultAttrs(resultAttrs);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << (model == InvocationModel::Sync ? "sync" : "async") << " func @"
     << publicName << "(";
  printDeclarationList(os, funcOp.getArgumentTypes(), argAttrs, "input");
  os << ") -> (";
  printDeclarationList(os, funcOp.getResultTypes(), resultAttrs, "output");
  os << ")";
  return text;
}

/// Reads and checks the ABI attributes of `funcOp` (external-transients.md
/// §2.1, §9.3; execution.md §2.2 step 4).
LogicalResult readAbi(util::FuncOp funcOp, InvocationModel defaultModel,
                      Abi &abi) {
  abi.model = defaultModel;
  if (Attribute model = funcOp->getAttr(kModelAttr)) {
    auto text = dyn_cast<StringAttr>(model);
    if (text && text.getValue() == "sync")
      abi.model = InvocationModel::Sync;
    else if (text && text.getValue() == "coarse-fences")
      abi.model = InvocationModel::CoarseFences;
    else
      return funcOp.emitError("unsupported iree.abi.model ")
             << model << "; expected \"sync\" or \"coarse-fences\"";
  }
  abi.affinity = funcOp->getAttr(kAffinityAttr);

  unsigned numResults = funcOp.getNumResults();
  for (unsigned i = 0, e = funcOp.getNumArguments(); i < e; ++i) {
    Type type = funcOp.getArgumentTypes()[i];
    if (funcOp.getArgAttrOfType<UnitAttr>(i, kTransientsAttr)) {
      if (!isa<hal::BufferType, hal::BufferViewType>(type))
        return funcOp.emitError("transient storage argument ")
               << i << " has an invalid type " << type
               << "; must be a !hal.buffer or !hal.buffer_view";
      abi.storages.push_back({i, funcOp.getArgAttr(i, kAffinityAttr)});
    }
    if (auto output = funcOp.getArgAttrOfType<IntegerAttr>(i, kOutputAttr)) {
      if (!isa<hal::BufferType, hal::BufferViewType, RankedTensorType>(type))
        return funcOp.emitError("storage argument ")
               << i << " has an invalid type " << type
               << "; must be a !hal.buffer";
      int64_t result = output.getInt();
      if (result < 0 || result >= (int64_t)numResults ||
          !isa<TensorType>(funcOp.getResultTypes()[result]))
        return funcOp.emitError("iree.abi.output of argument ")
               << i << " names result " << result
               << ", which is not a tensor result of the function";
      if (!abi.outputArgs.try_emplace(result, i).second)
        return funcOp.emitError("arguments ")
               << abi.outputArgs[result] << " and " << i
               << " both provide the storage of result " << result;
    }
  }
  for (unsigned i = 0, e = funcOp.getNumArguments(); i < e; ++i) {
    Attribute attr = funcOp.getArgAttr(i, util::kDimBoundsAttr);
    if (!attr)
      continue;
    auto fail = [&](const llvm::Twine &why) {
      return funcOp.emitError() << "'" << util::kDimBoundsAttr
                                << "' on argument " << i << " " << why;
    };
    SmallVector<std::pair<uint64_t, uint64_t>> pairs;
    if (std::optional<std::string> why = util::parseDimBounds(attr, pairs))
      return fail(*why);
    auto tensorType = dyn_cast<RankedTensorType>(funcOp.getArgumentTypes()[i]);
    if (!tensorType)
      return fail("is only accepted on an argument imported as a tensor");
    if (pairs.size() != tensorType.getNumDynamicDims())
      return fail("has " + llvm::Twine(pairs.size()) +
                  " pairs but the imported tensor has " +
                  llvm::Twine(tensorType.getNumDynamicDims()) +
                  " dynamic dimensions");
    abi.dimBounds[i] = std::move(pairs);
  }
  if (abi.storages.size() > 1) {
    if (llvm::all_of(abi.storages,
                     [](const Storage &s) { return !s.affinity; }))
      return funcOp.emitError(
          "only one argument may have the iree.abi.transients attribute");
    llvm::SmallPtrSet<Attribute, 4> seen;
    for (const Storage &storage : abi.storages)
      if (!storage.affinity || !seen.insert(storage.affinity).second)
        return funcOp.emitError("multiple iree.abi.transients arguments must "
                                "have distinct iree.abi.affinity values");
  }
  return success();
}

/// The dynamic dims of tensor `value`, rebuilt with `tensor.dim`.
SmallVector<Value> resultDims(OpBuilder &builder, Location loc, Value value) {
  SmallVector<Value> dims;
  auto type = cast<ShapedType>(value.getType());
  for (int64_t i = 0, e = type.getRank(); i < e; ++i)
    if (type.isDynamicDim(i))
      dims.push_back(tensor::DimOp::create(builder, loc, value, i));
  return dims;
}

/// Returns a copy of `dict` without the stripped ABI attributes.
DictionaryAttr stripAbiAttrs(DictionaryAttr dict) {
  if (!dict)
    return dict;
  NamedAttrList kept;
  for (NamedAttribute attr : dict)
    if (!llvm::is_contained(kStrippedAttrs, attr.getName().getValue()))
      kept.push_back(attr);
  return kept.getDictionary(dict.getContext());
}

struct WrapEntryPointsPass
    : public impl::WrapEntryPointsPassBase<WrapEntryPointsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    SmallVector<util::FuncOp> entryPoints;
    for (auto funcOp : moduleOp.getOps<util::FuncOp>())
      if (funcOp.isPublic() && !funcOp.isExternal() &&
          !funcOp->hasAttr(kStubAttr))
        entryPoints.push_back(funcOp);
    SymbolTable symbolTable(moduleOp);
    llvm::DenseMap<StringAttr, StringAttr> renamed;
    for (util::FuncOp funcOp : entryPoints)
      if (failed(wrap(symbolTable, funcOp, renamed)))
        return signalPassFailure();
    renameUses(moduleOp, renamed);
  }

  /// Renames every use of a wrapped function to its private name, in one walk
  /// of the module (SymbolTable::rename walks it once per function, quadratic
  /// in the entry points). Like SymbolTable::replaceAllSymbolUses, it does not
  /// look inside nested symbol tables.
  static void
  renameUses(ModuleOp moduleOp,
             const llvm::DenseMap<StringAttr, StringAttr> &renamed) {
    if (renamed.empty())
      return;
    AttrTypeReplacer replacer;
    // Only the root of a reference names a top-level function: the nested
    // parts of `@executable::@name` are never renamed, even when a wrapped
    // function is also called `@name` (hence the skip).
    replacer.addReplacement(
        [&](SymbolRefAttr ref)
            -> std::optional<std::pair<Attribute, WalkResult>> {
          auto it = renamed.find(ref.getRootReference());
          if (it == renamed.end())
            return std::make_pair(Attribute(ref), WalkResult::skip());
          return std::make_pair(Attribute(SymbolRefAttr::get(
                                    it->second, ref.getNestedReferences())),
                                WalkResult::skip());
        });
    for (Operation &top : moduleOp.getBody()->getOperations())
      top.walk<WalkOrder::PreOrder>([&](Operation *op) {
        replacer.replaceElementsIn(op, /*replaceAttrs=*/true,
                                   /*replaceLocs=*/false,
                                   /*replaceTypes=*/false);
        return op->hasTrait<OpTrait::SymbolTable>() ? WalkResult::skip()
                                                    : WalkResult::advance();
      });
  }

  LogicalResult wrap(SymbolTable &symbolTable, util::FuncOp funcOp,
                     llvm::DenseMap<StringAttr, StringAttr> &renamed) {
    Abi abi;
    if (failed(readAbi(funcOp, invocationModel, abi)))
      return failure();
    MLIRContext *context = funcOp.getContext();
    std::string publicName = funcOp.getName().str();
    std::string privateName = "_" + publicName;
    if (symbolTable.lookup(privateName))
      return funcOp.emitError("cannot wrap '@")
             << publicName << "': the symbol '@" << privateName
             << "' already exists";
    Location loc = funcOp.getLoc();
    auto bufferViewType = hal::BufferViewType::get(context);
    auto fenceType = hal::FenceType::get(context);
    bool async = abi.model == InvocationModel::CoarseFences;

    // Signature: tensors become buffer views; fences go last.
    SmallVector<Type> argTypes, resultTypes;
    for (Type type : funcOp.getArgumentTypes())
      argTypes.push_back(isa<TensorType>(type) ? bufferViewType : type);
    if (async)
      argTypes.append({fenceType, fenceType});
    for (Type type : funcOp.getResultTypes())
      resultTypes.push_back(isa<TensorType>(type) ? bufferViewType : type);
    auto wrapperOp = util::FuncOp::create(
        loc, publicName, FunctionType::get(context, argTypes, resultTypes));
    SmallVector<DictionaryAttr> argAttrs, resultAttrs;
    funcOp.getAllArgAttrs(argAttrs);
    funcOp.getAllResultAttrs(resultAttrs);
    argAttrs.resize(argTypes.size(), DictionaryAttr::get(context));
    wrapperOp.setAllArgAttrs(argAttrs);
    wrapperOp.setAllResultAttrs(resultAttrs);
    wrapperOp->setAttr(kStubAttr, UnitAttr::get(context));
    if (abi.affinity)
      wrapperOp->setAttr("stream.affinity", abi.affinity);

    // Reflection: the original's entries, the model, the declaration.
    NamedAttrList reflection;
    if (auto dict = funcOp->getAttrOfType<DictionaryAttr>(kReflectionAttr))
      reflection.append(dict.getValue());
    if (async)
      reflection.set(kModelAttr, StringAttr::get(context, "coarse-fences"));
    if (!reflection.get(kDeclarationKey)) {
      Attribute declaration = funcOp->getAttr(kDeclarationKey);
      if (!declaration)
        declaration = StringAttr::get(
            context, formatDeclaration(funcOp, abi.model, publicName));
      reflection.set(kDeclarationKey, declaration);
    }
    wrapperOp->setAttr(kReflectionAttr, reflection.getDictionary(context));

    Block *entry = wrapperOp.addEntryBlock();
    OpBuilder builder = OpBuilder::atBlockBegin(entry);
    unsigned numArgs = funcOp.getNumArguments();
    Value waitFence = async ? entry->getArgument(numArgs) : Value();
    Value signalFence = async ? entry->getArgument(numArgs + 1) : Value();
    auto affinityOf = [&](Attribute own) { return own ? own : abi.affinity; };

    // 1. Imports.
    SmallVector<Value> callArgs;
    for (unsigned i = 0; i < numArgs; ++i) {
      Value arg = entry->getArgument(i);
      auto tensorType = dyn_cast<TensorType>(funcOp.getArgumentTypes()[i]);
      if (!tensorType) {
        callArgs.push_back(arg);
        continue;
      }
      Type encoding = tensorType;
      if (auto attr = funcOp.getArgAttrOfType<TypeAttr>(i, kEncodingAttr))
        encoding = attr.getValue();
      SmallVector<Value> dims;
      for (int64_t d = 0, e = tensorType.getRank(); d < e; ++d)
        if (tensorType.isDynamicDim(d))
          dims.push_back(
              hal::BufferViewDimOp::create(builder, loc, builder.getIndexType(),
                                           arg, builder.getIndexAttr(d)));
      // §9.6: the caller promises the dimensions stay within the bounds.
      if (auto bounds = abi.dimBounds.find(i);
          bounds != abi.dimBounds.end() && !dims.empty()) {
        SmallVector<Attribute> rows;
        for (auto [lo, hi] : bounds->second)
          rows.push_back(ArrayAttr::get(
              context,
              {util::IntAssumptionAttr::get(context, lo, hi, std::nullopt)}));
        auto assumeOp = util::AssumeIntOp::create(
            builder, loc, dims, ArrayAttr::get(context, rows));
        dims.assign(assumeOp.getResults().begin(), assumeOp.getResults().end());
      }
      bool consume = funcOp.getArgAttr(i, kConsumeAttr) ||
                     funcOp.getArgAttr(i, kOutputAttr);
      callArgs.push_back(hal::TensorImportOp::create(
          builder, loc, tensorType, arg, TypeAttr::get(encoding), dims,
          waitFence, /*byte_offset=*/Value(),
          consume ? builder.getUnitAttr() : UnitAttr(),
          builder.getStringAttr(ioName(argAttrs[i], "input", i)),
          affinityOf(funcOp.getArgAttr(i, kAffinityAttr))));
    }

    // 2. The call.
    auto callOp = util::CallOp::create(
        builder, loc, funcOp.getResultTypes(), privateName, callArgs,
        /*tied_operands=*/ArrayAttr(), /*arg_attrs=*/ArrayAttr(),
        /*res_attrs=*/ArrayAttr());

    // 3-4. Output aliasing, then transient storage, per tensor result.
    SmallVector<Value> results(callOp.getResults());
    SmallVector<unsigned> tensorResults;
    for (auto [r, result] : llvm::enumerate(results)) {
      if (!isa<TensorType>(result.getType()))
        continue;
      tensorResults.push_back(r);
      Attribute affinity = affinityOf(funcOp.getResultAttr(r, kAffinityAttr));
      auto output = abi.outputArgs.find(r);
      if (output != abi.outputArgs.end())
        result = hal::TensorAliasOp::create(
            builder, loc, result.getType(), result,
            resultDims(builder, loc, result),
            entry->getArgument(output->second), waitFence, affinity);
      if (std::optional<unsigned> storage = storageFor(abi, affinity))
        result = hal::TensorTransientsOp::create(
            builder, loc, result.getType(), result,
            resultDims(builder, loc, result), entry->getArgument(*storage),
            affinity);
    }

    // Coarse fences: signal once every tensor result is ready.
    if (async) {
      if (tensorResults.empty()) {
        hal::FenceSignalOp::create(builder, loc, signalFence);
      } else {
        SmallVector<Value> sources;
        SmallVector<Type> types;
        for (unsigned r : tensorResults) {
          sources.push_back(results[r]);
          types.push_back(results[r].getType());
        }
        auto barrier = hal::TensorBarrierOp::create(builder, loc, types,
                                                    sources, signalFence);
        for (auto [r, ready] : llvm::zip(tensorResults, barrier.getResults()))
          results[r] = ready;
      }
    }

    // Exports.
    for (unsigned r : tensorResults) {
      Value result = results[r];
      Type encoding = result.getType();
      if (auto attr = funcOp.getResultAttrOfType<TypeAttr>(r, kEncodingAttr))
        encoding = attr.getValue();
      results[r] = hal::TensorExportOp::create(
          builder, loc, bufferViewType, result, TypeAttr::get(encoding),
          resultDims(builder, loc, result),
          builder.getStringAttr(ioName(resultAttrs[r], "output", r)),
          affinityOf(funcOp.getResultAttr(r, kAffinityAttr)));
    }
    util::ReturnOp::create(builder, loc, results);

    // The original becomes the private implementation; calls from other
    // functions follow it (they pass tensors): renameUses updates them for
    // every wrapped function at the end.
    StringAttr oldName = funcOp.getSymNameAttr();
    symbolTable.remove(funcOp);
    SymbolTable::setSymbolName(funcOp, privateName);
    symbolTable.insert(funcOp);
    renamed[oldName] = funcOp.getSymNameAttr();
    symbolTable.insert(wrapperOp, Block::iterator(funcOp));
    funcOp.setPrivate();
    for (unsigned i = 0; i < numArgs; ++i)
      funcOp.setArgAttrs(i, stripAbiAttrs(funcOp.getArgAttrDict(i)));
    for (unsigned r = 0, e = funcOp.getNumResults(); r < e; ++r)
      funcOp.setResultAttrs(r, stripAbiAttrs(funcOp.getResultAttrDict(r)));
    funcOp->removeAttr(kModelAttr);
    funcOp->removeAttr(kReflectionAttr);
    if (Attribute affinity = funcOp->getAttr(kAffinityAttr)) {
      funcOp->removeAttr(kAffinityAttr);
      funcOp->setAttr("stream.affinity", affinity);
    }
    return success();
  }

  /// The storage argument for a result of `affinity`: the only storage, or
  /// the one whose affinity matches (external-transients.md §9.3).
  static std::optional<unsigned> storageFor(const Abi &abi,
                                            Attribute affinity) {
    if (abi.storages.size() == 1)
      return abi.storages.front().argIndex;
    for (const Storage &storage : abi.storages)
      if (storage.affinity == affinity)
        return storage.argIndex;
    return std::nullopt;
  }
};

} // namespace
} // namespace sluice::abi
