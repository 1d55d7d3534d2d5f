//===- SplitParameterEncoderModule.cpp - the encoder module ---------------===//
//
// stream-passes-2.md §14.3: the detached `module @encoder` holding the
// detect-target, indices, steps and encode functions of the target `all`
// and the objects (executables) its cloned expressions reference.
//
// Every function body is one entry block filled by appending; each function
// has its own memoized i64 and index constants, created where first asked
// for. This fixes the op order the reference tests check.
//
//===----------------------------------------------------------------------===//

#include "SplitParameterEncoder.h"

#include "sluice/Dialect/HAL/IR/HALAttrs.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/IR/UtilTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace sluice::stream::parameter_encoder {

AffinityAttr getEncodingAffinity(MLIRContext *context) {
  return llvm::cast<AffinityAttr>(hal::DevicePromiseAttr::get(
      context, StringAttr::get(context, "__device_0"), /*queue_mask=*/-1));
}

NamedParameterAttr getParameterAttr(MLIRContext *context, StringRef scope,
                                    const Subrange &subrange) {
  auto type =
      RankedTensorType::get({static_cast<int64_t>(subrange.parameterLength)},
                            IntegerType::get(context, 8));
  return NamedParameterAttr::get(context, type, StringAttr::get(context, scope),
                                 StringAttr::get(context, subrange.key),
                                 /*config=*/nullptr);
}

namespace {

/// Appends to the entry block of one function, with the function's memoized
/// constants.
class Body {
public:
  Body(util::FuncOp func, Location loc)
      : builder(OpBuilder::atBlockEnd(&func.getBody().front())), loc(loc) {}

  Value i64(int64_t value) { return memo(i64s, builder.getI64Type(), value); }
  Value index(int64_t value) {
    return memo(indices, builder.getIndexType(), value);
  }
  /// The memo of `value + n` for a constant `value`, else `value + memo(n)`.
  Value indexAdd(Value value, int64_t n) {
    APInt constant;
    if (matchPattern(value, m_ConstantInt(&constant)))
      return index(constant.getSExtValue() + n);
    Value addend = index(n);
    return arith::AddIOp::create(builder, loc, value, addend);
  }
  Value bufferConstant(StringRef text) {
    return util::BufferConstantOp::create(
        builder, loc, util::BufferType::get(builder.getContext()),
        /*name=*/nullptr, builder.getStringAttr(text), /*alignment=*/nullptr,
        /*mime_type=*/nullptr);
  }
  Value list(ValueRange values) {
    MLIRContext *context = builder.getContext();
    auto type = util::ListType::get(context, util::VariantType::get(context));
    return util::ListConstructOp::create(builder, loc, type, values);
  }

  OpBuilder builder;
  Location loc;

private:
  Value memo(llvm::DenseMap<int64_t, Value> &table, Type type, int64_t value) {
    Value &slot = table[value];
    if (!slot)
      slot = arith::ConstantOp::create(builder, loc, type,
                                       builder.getIntegerAttr(type, value));
    return slot;
  }

  llvm::DenseMap<int64_t, Value> i64s, indices;
};

class EncoderModuleBuilder {
public:
  EncoderModuleBuilder(ModuleOp sourceModule, const TargetPlan &plan,
                       ArrayRef<Expression> expressions)
      : context(sourceModule.getContext()), loc(sourceModule.getLoc()),
        sourceSymbols(sourceModule), plan(plan), expressions(expressions),
        affinity(getEncodingAffinity(context)) {}

  OwningOpRef<ModuleOp> build() {
    OwningOpRef<ModuleOp> encoder = ModuleOp::create(loc, "encoder");
    encoder->getOperation()->setAttr(
        "iree.reflection",
        dictionary({{"iree.encode.version", i32Attr(1)},
                    {"iree.tool", str("iree-encode-parameters")}}));
    moduleBuilder = OpBuilder::atBlockEnd(encoder->getBody());
    buildDetectTarget();
    buildIndices();
    util::FuncOp stepsFunc = buildSteps();
    if (failed(buildEncode()))
      return nullptr;
    // Objects go between the steps and encode functions.
    OpBuilder objectBuilder(context);
    objectBuilder.setInsertionPointAfter(stepsFunc);
    for (Operation *object : objects)
      objectBuilder.insert(object->clone());
    return encoder;
  }

private:
  Attribute str(StringRef text) { return StringAttr::get(context, text); }
  Attribute i32Attr(int32_t value) {
    return IntegerAttr::get(IntegerType::get(context, 32), value);
  }
  DictionaryAttr dictionary(ArrayRef<std::pair<StringRef, Attribute>> entries) {
    SmallVector<NamedAttribute> attrs;
    for (auto [name, value] : entries)
      attrs.emplace_back(StringAttr::get(context, name), value);
    return DictionaryAttr::get(context, attrs);
  }

  util::FuncOp createFunction(StringRef name, FunctionType type,
                              DictionaryAttr reflection) {
    auto func = util::FuncOp::create(moduleBuilder, loc, name, type);
    func->setAttr("iree.reflection", reflection);
    func.addEntryBlock();
    return func;
  }

  Type bufferType() { return util::BufferType::get(context); }
  Type listType() {
    return util::ListType::get(context, util::VariantType::get(context));
  }
  Type fenceType() { return hal::FenceType::get(context); }
  Type timepointType() { return TimepointType::get(context); }
  Type transientType() {
    return ResourceType::get(context, Lifetime::Transient);
  }

  void buildDetectTarget() {
    auto deviceList =
        util::ListType::get(context, hal::DeviceType::get(context));
    auto func = createFunction(
        "__encode_parameter_detect_target",
        FunctionType::get(context, {deviceList}, {bufferType()}),
        dictionary({{"iree.encode.function", str("detect_target")}}));
    Body body(func, loc);
    Value target = body.bufferConstant(plan.name);
    util::ReturnOp::create(body.builder, loc, target);
  }

  void buildIndices() {
    SmallVector<std::pair<StringRef, Attribute>> reflection = {
        {"iree.encode.function", str("indices")},
        {"iree.encode.target", str(plan.name)}};
    if (!plan.scope.empty())
      reflection.push_back({"iree.encode.scopes", str(plan.scope)});
    auto func = createFunction("__encode_parameter_indices_" + plan.name,
                               FunctionType::get(context, {}, {listType()}),
                               dictionary(reflection));
    Body body(func, loc);
    // One index (the output scope).
    Value scope = body.bufferConstant(plan.scope);
    SmallVector<Value> entries;
    for (const IndexEntry &entry : plan.entries) {
      bool splat = entry.kind == IndexEntry::Kind::Splat;
      SmallVector<Value> fields;
      fields.push_back(body.i64(splat ? 0 : 1));
      fields.push_back(body.bufferConstant(entry.key));
      fields.push_back(util::NullOp::create(body.builder, loc, bufferType()));
      fields.push_back(body.i64(static_cast<int64_t>(entry.length)));
      if (splat) {
        fields.push_back(body.i64(static_cast<int64_t>(entry.pattern)));
        fields.push_back(body.i64(static_cast<int64_t>(entry.patternLength)));
      } else {
        fields.push_back(
            body.i64(static_cast<int64_t>(entry.minimumAlignment)));
      }
      entries.push_back(body.list(fields));
    }
    Value entryList = body.list(entries);
    Value index = body.list({scope, entryList});
    Value indices = body.list({index});
    util::ReturnOp::create(body.builder, loc, indices);
  }

  util::FuncOp buildSteps() {
    auto func =
        createFunction("__encode_parameter_steps_" + plan.name,
                       FunctionType::get(context, {}, {listType()}),
                       dictionary({{"iree.encode.function", str("steps")},
                                   {"iree.encode.target", str(plan.name)}}));
    Body body(func, loc);
    Value device = ContextResolveOp::create(
                       body.builder, loc,
                       TypeRange{hal::DeviceType::get(context)}, affinity)
                       .getResult(0);
    auto flags = body.builder.getI64IntegerAttr(0);
    SmallVector<Value> steps;
    for (const Step &step : plan.steps) {
      Value begin = hal::FenceCreateOp::create(body.builder, loc, fenceType(),
                                               device, flags);
      Value end = hal::FenceCreateOp::create(body.builder, loc, fenceType(),
                                             device, flags);
      Value description = body.bufferConstant(step.description);
      Value zero = body.i64(0);
      Value offset = body.i64(static_cast<int64_t>(step.globalOffset));
      Value length = body.i64(static_cast<int64_t>(step.globalLength));
      steps.push_back(
          body.list({zero, begin, end, description, offset, length}));
    }
    Value list = body.list(steps);
    util::ReturnOp::create(body.builder, loc, list);
    return func;
  }

  /// Records the objects `op` (and its nested ops) references; errors on
  /// symbols that are missing or not objects.
  LogicalResult recordObjects(Operation *op) {
    std::optional<SymbolTable::UseRange> uses = SymbolTable::getSymbolUses(op);
    if (!uses)
      return success();
    for (const SymbolTable::SymbolUse &use : *uses) {
      SymbolRefAttr ref = use.getSymbolRef();
      Operation *target = sourceSymbols.lookup(ref.getRootReference());
      if (!target)
        return op->emitOpError("reference to undefined symbol ") << ref;
      if (!target->hasTrait<util::OpTrait::ObjectLike>())
        return op->emitOpError("reference to non-object-like symbol ") << ref;
      objects.insert(target);
    }
    return success();
  }

  struct Reservation {
    NamedParameterAttr parameter;
    unsigned ordinal;
    uint64_t length;
    uint64_t offset;
    Value lengthValue;
    Value produced;
  };

  LogicalResult buildEncode() {
    auto func = createFunction(
        "__encode_parameters_" + plan.name,
        FunctionType::get(context, {listType(), fenceType(), fenceType()}, {}),
        dictionary({{"iree.abi.model", str("coarse-fences")},
                    {"iree.encode.function", str("encode")},
                    {"iree.encode.target", str(plan.name)}}));
    Block &entry = func.getBody().front();
    Body body(func, loc);
    OpBuilder &b = body.builder;
    Value timepoint = TimepointImportOp::create(
        b, loc, timepointType(), ValueRange{entry.getArgument(1)}, affinity);
    for (const Expression &expression : expressions) {
      // a. Reservations, one per output with a subrange.
      SmallVector<Reservation> reservations;
      for (auto [output, subrange] :
           llvm::zip_equal(expression.outputs, expression.subranges)) {
        if (!subrange)
          continue;
        reservations.push_back(
            {getParameterAttr(context, plan.scope, *subrange),
             static_cast<unsigned>(reservations.size()), subrange->length,
             subrange->offset,
             body.index(static_cast<int64_t>(subrange->length)),
             output.produced});
      }
      // b, c. The slab holding every output of the step.
      SmallVector<Value> sizes;
      for (const Reservation &r : reservations)
        sizes.push_back(r.lengthValue);
      auto pack =
          ResourcePackOp::create(b, loc, /*offset=*/Value(), sizes, affinity);
      Value slabSize = pack.getTotalLength();
      auto alloca = ResourceAllocaOp::create(
          b, loc, transientType(), timepointType(), slabSize, timepoint,
          /*indeterminate_lifetime=*/nullptr, affinity);
      Value slab = TimepointAwaitOp::create(
                       b, loc, ValueRange{alloca.getResult()},
                       ValueRange{slabSize}, alloca.getResultTimepoint())
                       .getResult(0);

      // d. The expression, with parameter constants read from parameters.
      IRMapping mapping;
      for (Operation *op : expression.ops) {
        Operation *clone = b.clone(*op, mapping);
        if (auto affinityOp = llvm::dyn_cast<AffinityOpInterface>(clone))
          affinityOp.removeAffinityAttrs();
        if (auto constant = llvm::dyn_cast<AsyncConstantOp>(clone)) {
          if (auto parameter =
                  llvm::dyn_cast<NamedParameterAttr>(constant.getValue())) {
            Value value = loadParameter(body, constant, parameter, timepoint);
            mapping.map(op->getResult(0), value);
            clone->erase();
            continue;
          }
          constant.getAwaitTimepointMutable().assign(timepoint);
        }
        if (failed(recordObjects(clone)))
          return failure();
      }

      // e. Copy every output into its slab range.
      SmallVector<Value> packOffsets(pack.getPackedOffsets());
      for (Reservation &r : reservations) {
        Value offset = packOffsets[r.ordinal];
        Value end = body.indexAdd(offset, static_cast<int64_t>(r.length));
        Value produced = mapping.lookup(r.produced);
        slab = AsyncUpdateOp::create(b, loc, slab.getType(), slab, slabSize,
                                     offset, end, produced, r.lengthValue,
                                     affinity);
      }
      // f.
      auto barrier = TimepointBarrierOp::create(
          b, loc, slab.getType(), timepointType(), slab, slabSize, affinity);
      // g. One scatter per scope (there is one scope).
      SmallVector<Value> keys, keyOffsets, ends, offsets, lengths;
      for (Reservation &r : reservations) {
        keys.push_back(body.bufferConstant(r.parameter.getKey().getValue()));
        keyOffsets.push_back(body.i64(static_cast<int64_t>(r.offset)));
      }
      for (Reservation &r : reservations) {
        Value offset = packOffsets[r.ordinal];
        offsets.push_back(offset);
        lengths.push_back(r.lengthValue);
        ends.push_back(
            b.createOrFold<arith::AddIOp>(loc, offset, r.lengthValue));
      }
      Value scope = body.bufferConstant(plan.scope);
      auto scatter = AsyncParameterScatterOp::create(
          b, loc, transientType(), timepointType(), barrier.getResult(),
          slabSize, offsets, ends, lengths, scope, keys, keyOffsets,
          barrier.getResultTimepoint(), affinity);
      // h. Created directly: a single timepoint is still joined.
      Value joined = TimepointJoinOp::create(
          b, loc, timepointType(), ValueRange{scatter.getResultTimepoint()});
      // i.
      timepoint = ResourceDeallocaOp::create(
          b, loc, timepointType(), scatter.getResult(), slabSize, joined,
          /*prefer_origin=*/nullptr, affinity);
    }
    TimepointChainExternalOp::create(
        b, loc, timepoint, ValueRange{entry.getArgument(2)}, affinity);
    util::ReturnOp::create(b, loc);
    return success();
  }

  /// A cloned parameter constant becomes a parameter load awaited before use
  /// (a constant would lose the await when lowered).
  Value loadParameter(Body &body, AsyncConstantOp constant,
                      NamedParameterAttr parameter, Value timepoint) {
    OpBuilder &b = body.builder;
    Value scope;
    if (parameter.getScope())
      scope = body.bufferConstant(parameter.getScope().getValue());
    Value key = body.bufferConstant(parameter.getKey().getValue());
    // [SLUICE] A `config.offset` is honoured (the reference always reads
    // from 0).
    int64_t offset = 0;
    if (DictionaryAttr config = parameter.getConfig())
      if (auto value = config.getAs<IntegerAttr>("offset"))
        offset = value.getInt();
    Value offsetValue = body.i64(offset);
    Value size = constant.getResultSize();
    auto load = AsyncParameterLoadOp::create(b, loc, constant.getType(),
                                             timepointType(), timepoint, scope,
                                             key, offsetValue, size, affinity);
    return TimepointAwaitOp::create(b, loc, ValueRange{load.getResult()},
                                    ValueRange{size}, load.getResultTimepoint())
        .getResult(0);
  }

  MLIRContext *context;
  Location loc;
  SymbolTable sourceSymbols;
  const TargetPlan &plan;
  ArrayRef<Expression> expressions;
  AffinityAttr affinity;
  OpBuilder moduleBuilder{context};
  llvm::SetVector<Operation *> objects;
};

} // namespace

OwningOpRef<ModuleOp> buildEncoderModule(ModuleOp sourceModule,
                                         const TargetPlan &plan,
                                         ArrayRef<Expression> expressions) {
  return EncoderModuleBuilder(sourceModule, plan, expressions).build();
}

} // namespace sluice::stream::parameter_encoder
