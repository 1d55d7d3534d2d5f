//===- PipelineParameterUploads.cpp - --sluice-pipeline-parameter-uploads -===//
//
// Splits a parameter gather/load and the single execute that consumes it into
// chunks, so that the runtime reads chunk k+1 while chunk k's dispatches run
// (execution.md §2.4 step 2, §7 E9).
//
// For every `stream.cmd.parameter.gather` / `stream.cmd.parameter.load` S
// whose result timepoint T is awaited by exactly one `stream.cmd.execute` E
// whose body is one wave:
//   * rows of S touched by one command of E form one group; rows touched by
//     several commands merge their groups (union-find); untouched rows form
//     their own group;
//   * groups are packed in row order into chunks of at least `chunk-bytes`;
//   * with more than one chunk, S becomes one S per chunk and E one execute
//     per chunk; other uses of T and every use of E's timepoint take the
//     `stream.timepoint.join` of the new timepoints.
// Anything the rewrite cannot prove safe is left unchanged (see the pass
// description in Passes.td for the list).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/IntEqClasses.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <limits>
#include <optional>

namespace sluice::stream {
#define GEN_PASS_DEF_PIPELINEPARAMETERUPLOADSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

constexpr uint64_t kUnknownEnd = std::numeric_limits<uint64_t>::max();

/// One resource range a command accesses: `arg` is a block argument of the
/// execute body; [begin, end) is the byte range ([0, max) when not constant).
struct Access {
  unsigned command;
  unsigned arg;
  uint64_t begin;
  uint64_t end;
  bool read;
  bool write;
};

static std::optional<uint64_t> constantIndex(Value value) {
  APInt constant;
  if (!value || !matchPattern(value, m_ConstantInt(&constant)))
    return std::nullopt;
  if (constant.isNegative())
    return std::nullopt;
  return constant.getZExtValue();
}

/// The byte range [offset, offset + length), or [0, max) when either is not
/// a constant (overlaps everything).
static std::pair<uint64_t, uint64_t> byteRange(Value offset, Value length) {
  std::optional<uint64_t> begin = constantIndex(offset);
  std::optional<uint64_t> size = constantIndex(length);
  if (!begin || !size || *begin > kUnknownEnd - *size)
    return {0, kUnknownEnd};
  return {*begin, *begin + *size};
}

static bool accessBit(ArrayAttr accesses, unsigned index,
                      ResourceAccessBitfield bit) {
  if (!accesses || index >= accesses.size())
    return true; // unknown: assume the access
  auto attr = dyn_cast<IntegerAttr>(accesses[index]);
  if (!attr)
    return true;
  return (static_cast<uint32_t>(attr.getInt()) & static_cast<uint32_t>(bit)) !=
         0;
}

/// The commands of an execute body that is one wave, with their accesses.
struct Wave {
  /// The `stream.cmd.concurrent` holding every command, if any.
  CmdConcurrentOp concurrent;
  SmallVector<Operation *> commands;
  SmallVector<Access> accesses;
};

/// Appends the accesses of `op` (command number `index`); false for an op the
/// pass does not model (the execute is then left unchanged).
static bool collectAccesses(Operation *op, unsigned index, Block &body,
                            SmallVectorImpl<Access> &accesses) {
  bool ok = true;
  auto add = [&](Value resource, Value offset, Value length, bool read,
                 bool write) {
    auto arg = dyn_cast<BlockArgument>(resource);
    if (!arg || arg.getOwner() != &body) {
      ok = false; // resources must be captured by the execute
      return;
    }
    auto [begin, end] = byteRange(offset, length);
    accesses.push_back({index, arg.getArgNumber(), begin, end, read, write});
  };
  auto addResources = [&](ValueRange resources, ValueRange offsets,
                          ValueRange lengths, ArrayAttr modes) {
    if (offsets.size() != resources.size() ||
        lengths.size() != resources.size()) {
      ok = false;
      return;
    }
    for (unsigned i = 0, e = resources.size(); i < e; ++i)
      add(resources[i], offsets[i], lengths[i],
          accessBit(modes, i, ResourceAccessBitfield::Read),
          accessBit(modes, i, ResourceAccessBitfield::Write));
  };
  bool known =
      TypeSwitch<Operation *, bool>(op)
          .Case([&](CmdDispatchOp dispatch) {
            addResources(dispatch.getResources(), dispatch.getResourceOffsets(),
                         dispatch.getResourceLengths(),
                         dispatch.getResourceAccesses());
            return true;
          })
          .Case([&](CmdCollectiveOp collective) {
            addResources(collective.getResources(),
                         collective.getResourceOffsets(),
                         collective.getResourceLengths(),
                         collective.getResourceAccesses());
            return true;
          })
          .Case([&](CmdCopyOp copy) {
            add(copy.getSource(), copy.getSourceOffset(), copy.getLength(),
                /*read=*/true, /*write=*/false);
            add(copy.getTarget(), copy.getTargetOffset(), copy.getLength(),
                /*read=*/false, /*write=*/true);
            return true;
          })
          .Case([&](CmdFillOp fill) {
            add(fill.getTarget(), fill.getTargetOffset(),
                fill.getTargetLength(), /*read=*/false, /*write=*/true);
            return true;
          })
          .Case<CmdFlushOp, CmdInvalidateOp, CmdDiscardOp>([&](auto range) {
            // Visibility operations: modelled as reading and writing.
            add(range.getTarget(), range.getTargetOffset(),
                range.getTargetLength(), /*read=*/true, /*write=*/true);
            return true;
          })
          .Default([](Operation *) { return false; });
  return known && ok;
}

/// The commands of `executeOp` if its body is one wave: no
/// `stream.cmd.serial`, at most one `stream.cmd.concurrent` holding every
/// command, and no command writing a range another command reads (nor, to
/// keep the order of a serial body irrelevant, a range another writes).
static std::optional<Wave> getWave(CmdExecuteOp executeOp) {
  Region &region = executeOp.getBody();
  if (!region.hasOneBlock())
    return std::nullopt;
  Block &body = region.front();
  Wave wave;
  Block *commandBlock = &body;
  for (Operation &op : body.without_terminator()) {
    if (auto concurrent = dyn_cast<CmdConcurrentOp>(op)) {
      if (wave.concurrent || !wave.commands.empty())
        return std::nullopt;
      wave.concurrent = concurrent;
      continue;
    }
    if (wave.concurrent)
      return std::nullopt; // commands beside the concurrent region
    wave.commands.push_back(&op);
  }
  if (wave.concurrent) {
    Region &inner = wave.concurrent.getBody();
    if (!inner.hasOneBlock())
      return std::nullopt;
    commandBlock = &inner.front();
    if (!commandBlock->mightHaveTerminator() ||
        !isa<YieldOp>(commandBlock->getTerminator()) ||
        commandBlock->getTerminator()->getNumOperands() != 0)
      return std::nullopt;
    for (Operation &op : commandBlock->without_terminator())
      wave.commands.push_back(&op);
  }
  for (auto [index, op] : llvm::enumerate(wave.commands)) {
    if (op->getNumRegions() != 0 || op->getNumResults() != 0)
      return std::nullopt; // serial/concurrent nests, calls with results
    if (!collectAccesses(op, index, body, wave.accesses))
      return std::nullopt;
  }

  // Hazards, per captured resource: captures of one value (or of subviews
  // of one value, whose ranges then count as the whole resource) share one
  // list. Sort each list by begin and scan the ranges overlapping each write
  // (prefix maximum of the ends).
  SmallVector<Access> ranges(wave.accesses);
  {
    DenseMap<Value, unsigned> rootArg;
    SmallVector<unsigned> canonical(body.getNumArguments());
    SmallVector<bool> aliased(body.getNumArguments(), false);
    for (auto [i, operand] : llvm::enumerate(executeOp.getResourceOperands())) {
      Value root = operand;
      while (auto subview = root.getDefiningOp<ResourceSubviewOp>())
        root = subview.getSource();
      aliased[i] = root != operand;
      canonical[i] = rootArg.try_emplace(root, i).first->second;
    }
    for (Access &range : ranges) {
      if (aliased[range.arg]) {
        range.begin = 0;
        range.end = kUnknownEnd;
      }
      range.arg = canonical[range.arg];
    }
  }
  SmallVector<SmallVector<unsigned>> byArg(body.getNumArguments());
  for (auto [index, access] : llvm::enumerate(ranges))
    byArg[access.arg].push_back(index);
  for (SmallVector<unsigned> &list : byArg) {
    if (list.size() < 2)
      continue;
    llvm::sort(list, [&](unsigned a, unsigned b) {
      return ranges[a].begin < ranges[b].begin;
    });
    SmallVector<uint64_t> maxEnd(list.size());
    for (unsigned i = 0; i < list.size(); ++i)
      maxEnd[i] = std::max(i ? maxEnd[i - 1] : 0, ranges[list[i]].end);
    for (unsigned w : list) {
      const Access &write = ranges[w];
      if (!write.write)
        continue;
      // The first entry whose begin is >= write.end.
      unsigned hi = std::partition_point(list.begin(), list.end(),
                                         [&](unsigned a) {
                                           return ranges[a].begin < write.end;
                                         }) -
                    list.begin();
      for (unsigned i = hi; i > 0 && maxEnd[i - 1] > write.begin; --i) {
        const Access &other = ranges[list[i - 1]];
        if (other.command == write.command || other.end <= write.begin ||
            other.begin >= write.end)
          continue;
        return std::nullopt;
      }
    }
  }
  return wave;
}

/// The rows of a gather/load as byte ranges of what E captures.
struct RowLayout {
  /// Per row: the value E must capture to see it (gather target or load
  /// result) and the byte range in it ([0, size) for a load result).
  SmallVector<Value> values;
  SmallVector<uint64_t> begins, ends;
  SmallVector<uint64_t> bytes;
};

class Splitter {
public:
  Splitter(Operation *sourceOp, uint64_t chunkBytes)
      : sourceOp(sourceOp), chunkBytes(chunkBytes) {}

  /// Rewrites `sourceOp` and its execute; false when left unchanged.
  bool run();

private:
  bool layoutRows();
  Value resultTimepoint() {
    if (auto gather = dyn_cast<CmdParameterGatherOp>(sourceOp))
      return gather.getResultTimepoint();
    return cast<CmdParameterLoadOp>(sourceOp).getResultTimepoint();
  }
  SmallVector<Value> buildSources(ArrayRef<SmallVector<unsigned>> chunkRows,
                                  DenseMap<Value, Value> &resultMap);
  void buildExecutes(CmdExecuteOp executeOp, const Wave &wave,
                     ArrayRef<unsigned> commandChunk, unsigned chunkCount,
                     ArrayRef<Value> chunkTimepoints,
                     const DenseMap<Value, Value> &resultMap);

  Operation *sourceOp;
  uint64_t chunkBytes;
  RowLayout rows;
};

bool Splitter::layoutRows() {
  if (auto gather = dyn_cast<CmdParameterGatherOp>(sourceOp)) {
    for (auto [offset, length] : llvm::zip_equal(gather.getTargetOffsets(),
                                                 gather.getTargetLengths())) {
      std::optional<uint64_t> begin = constantIndex(offset);
      std::optional<uint64_t> size = constantIndex(length);
      if (!begin || !size || *begin > kUnknownEnd - *size)
        return false; // dynamic rows: chunk sizes are unknown
      rows.values.push_back(gather.getTarget());
      rows.begins.push_back(*begin);
      rows.ends.push_back(*begin + *size);
      rows.bytes.push_back(*size);
    }
    return true;
  }
  auto load = cast<CmdParameterLoadOp>(sourceOp);
  for (auto [result, size] :
       llvm::zip_equal(load.getResults(), load.getResultSizes())) {
    std::optional<uint64_t> bytes = constantIndex(size);
    if (!bytes)
      return false;
    rows.values.push_back(result);
    rows.begins.push_back(0);
    rows.ends.push_back(kUnknownEnd);
    rows.bytes.push_back(*bytes);
  }
  return true;
}

/// True when `value` is (a subview chain of) one of `roots` but not a root
/// itself: E would see rows through an alias the pass does not follow.
static bool isAliasOf(Value value, const DenseMap<Value, unsigned> &roots) {
  while (auto subview = value.getDefiningOp<ResourceSubviewOp>()) {
    value = subview.getSource();
    if (roots.contains(value))
      return true;
  }
  return false;
}

SmallVector<Value>
Splitter::buildSources(ArrayRef<SmallVector<unsigned>> chunkRows,
                       DenseMap<Value, Value> &resultMap) {
  OpBuilder builder(sourceOp);
  SmallVector<Value> timepoints;
  if (auto gather = dyn_cast<CmdParameterGatherOp>(sourceOp)) {
    for (ArrayRef<unsigned> list : chunkRows) {
      SmallVector<Value> keys, sourceOffsets, targetOffsets, targetLengths;
      for (unsigned row : list) {
        keys.push_back(gather.getSourceKeys()[row]);
        sourceOffsets.push_back(gather.getSourceOffsets()[row]);
        targetOffsets.push_back(gather.getTargetOffsets()[row]);
        targetLengths.push_back(gather.getTargetLengths()[row]);
      }
      auto chunk = CmdParameterGatherOp::create(
          builder, gather.getLoc(), gather.getResultTimepoint().getType(),
          gather.getSourceScope(), keys, sourceOffsets, gather.getTarget(),
          gather.getTargetSize(), targetOffsets, targetLengths,
          gather.getAwaitTimepoint(), gather.getAffinityAttr());
      chunk->setDiscardableAttrs(gather->getDiscardableAttrDictionary());
      timepoints.push_back(chunk.getResultTimepoint());
    }
    return timepoints;
  }
  auto load = cast<CmdParameterLoadOp>(sourceOp);
  for (ArrayRef<unsigned> list : chunkRows) {
    SmallVector<Value> keys, sourceOffsets, sizes;
    SmallVector<Type> types;
    for (unsigned row : list) {
      keys.push_back(load.getSourceKeys()[row]);
      sourceOffsets.push_back(load.getSourceOffsets()[row]);
      sizes.push_back(load.getResultSizes()[row]);
      types.push_back(load.getResults()[row].getType());
    }
    auto chunk = CmdParameterLoadOp::create(
        builder, load.getLoc(), types, load.getResultTimepoint().getType(),
        load.getSourceScope(), keys, sourceOffsets, sizes,
        load.getAwaitTimepoint(), load.getAffinityAttr());
    chunk->setDiscardableAttrs(load->getDiscardableAttrDictionary());
    for (auto [row, result] : llvm::zip_equal(list, chunk.getResults()))
      resultMap[load.getResults()[row]] = result;
    timepoints.push_back(chunk.getResultTimepoint());
  }
  return timepoints;
}

void Splitter::buildExecutes(CmdExecuteOp executeOp, const Wave &wave,
                             ArrayRef<unsigned> commandChunk,
                             unsigned chunkCount,
                             ArrayRef<Value> chunkTimepoints,
                             const DenseMap<Value, Value> &resultMap) {
  Block &body = executeOp.getBody().front();
  // The commands of each chunk, and the captures they use in the original
  // capture order (collected per chunk: linear in the commands' operands).
  SmallVector<SmallVector<Operation *>> chunkCommands(chunkCount);
  for (auto [index, op] : llvm::enumerate(wave.commands))
    chunkCommands[commandChunk[index]].push_back(op);
  SmallVector<unsigned> stamp(body.getNumArguments(), 0);

  OpBuilder builder(executeOp);
  SmallVector<Value> timepoints;
  for (unsigned chunk = 0; chunk < chunkCount; ++chunk) {
    SmallVector<unsigned> argNumbers;
    for (Operation *op : chunkCommands[chunk])
      for (Value operand : op->getOperands())
        if (auto arg = dyn_cast<BlockArgument>(operand))
          if (arg.getOwner() == &body &&
              stamp[arg.getArgNumber()] != chunk + 1) {
            stamp[arg.getArgNumber()] = chunk + 1;
            argNumbers.push_back(arg.getArgNumber());
          }
    llvm::sort(argNumbers);
    SmallVector<Value> operands, sizes;
    for (unsigned i : argNumbers) {
      Value operand = executeOp.getResourceOperands()[i];
      operands.push_back(resultMap.lookup_or(operand, operand));
      sizes.push_back(executeOp.getResourceOperandSizes()[i]);
    }
    auto newOp = CmdExecuteOp::create(builder, executeOp.getLoc(), operands,
                                      sizes, chunkTimepoints[chunk]);
    newOp->setDiscardableAttrs(executeOp->getDiscardableAttrDictionary());
    newOp.setOnce(executeOp.getOnce());
    if (AffinityAttr affinity = executeOp.getAffinityAttr())
      newOp.setAffinityAttr(affinity);
    Block *newBody = new Block();
    newOp.getBody().push_back(newBody);
    IRMapping mapping;
    for (unsigned i : argNumbers)
      mapping.map(body.getArgument(i),
                  newBody->addArgument(body.getArgument(i).getType(),
                                       body.getArgument(i).getLoc()));
    OpBuilder inner = OpBuilder::atBlockEnd(newBody);
    Block *commandBlock = newBody;
    // The concurrent region is kept, except around no command at all.
    CmdConcurrentOp original =
        chunkCommands[chunk].empty() ? nullptr : wave.concurrent;
    if (original) {
      auto concurrent = CmdConcurrentOp::create(inner, original.getLoc());
      concurrent->setDiscardableAttrs(original->getDiscardableAttrDictionary());
      commandBlock = new Block();
      concurrent.getBody().push_back(commandBlock);
    }
    OpBuilder commands = OpBuilder::atBlockEnd(commandBlock);
    for (Operation *op : chunkCommands[chunk])
      commands.clone(*op, mapping);
    if (original)
      YieldOp::create(commands, original.getLoc());
    YieldOp::create(inner, executeOp.getLoc());
    timepoints.push_back(newOp.getResultTimepoint());
  }
  if (!executeOp.getResultTimepoint().use_empty()) {
    Value joined = TimepointJoinOp::create(
        builder, executeOp.getLoc(), executeOp.getResultTimepoint().getType(),
        timepoints);
    executeOp.getResultTimepoint().replaceAllUsesWith(joined);
  }
}

bool Splitter::run() {
  Value timepoint = resultTimepoint();
  CmdExecuteOp executeOp;
  for (OpOperand &use : timepoint.getUses()) {
    auto user = dyn_cast<CmdExecuteOp>(use.getOwner());
    if (!user || use.get() != user.getAwaitTimepoint())
      continue;
    if (executeOp && executeOp != user)
      return false; // awaited by several executes
    executeOp = user;
  }
  if (!executeOp || !layoutRows() || rows.values.size() < 2)
    return false;
  std::optional<Wave> wave = getWave(executeOp);
  if (!wave)
    return false;

  // Rows per captured value of E; captures aliasing a row value through a
  // subview are not followed.
  DenseMap<Value, unsigned> rootIndex;
  for (Value value : rows.values)
    rootIndex.try_emplace(value, rootIndex.size());
  Block &body = executeOp.getBody().front();
  unsigned rowCount = rows.values.size();
  // Per block argument: the rows it reaches (sorted by begin) with the
  // prefix maximum of their ends.
  struct ArgRows {
    SmallVector<unsigned> rows;
    SmallVector<uint64_t> maxEnd;
  };
  SmallVector<std::optional<ArgRows>> argRows(body.getNumArguments());
  {
    DenseMap<Value, ArgRows> byValue;
    for (unsigned row = 0; row < rowCount; ++row)
      byValue[rows.values[row]].rows.push_back(row);
    for (auto &[value, entry] : byValue) {
      llvm::sort(entry.rows, [&](unsigned a, unsigned b) {
        return std::make_pair(rows.begins[a], a) <
               std::make_pair(rows.begins[b], b);
      });
      entry.maxEnd.resize(entry.rows.size());
      for (unsigned i = 0; i < entry.rows.size(); ++i)
        entry.maxEnd[i] =
            std::max(i ? entry.maxEnd[i - 1] : 0, rows.ends[entry.rows[i]]);
    }
    for (auto [i, operand] : llvm::enumerate(executeOp.getResourceOperands())) {
      if (isAliasOf(operand, rootIndex))
        return false;
      auto it = byValue.find(operand);
      if (it != byValue.end())
        argRows[i] = it->second;
    }
  }

  // Group rows: every command unites the rows it touches (reads, and also
  // writes: a command writing a row must wait for that row's chunk too).
  // Row groups; a group's leader is its smallest row.
  llvm::IntEqClasses sets(rowCount);
  SmallVector<int64_t> commandRow(wave->commands.size(), -1);
  // Per block argument: whether its rows are already one set (so a range
  // covering all of them only needs one union: no quadratic rescans).
  SmallVector<bool> allUnited(body.getNumArguments(), false);
  for (const Access &access : wave->accesses) {
    const std::optional<ArgRows> &entry = argRows[access.arg];
    if (!entry)
      continue;
    uint64_t lowest = rows.begins[entry->rows.front()];
    if (access.begin <= lowest && access.end >= entry->maxEnd.back() &&
        access.end > lowest) {
      int64_t &first = commandRow[access.command];
      unsigned anyRow = entry->rows.front();
      if (!allUnited[access.arg]) {
        for (unsigned row : entry->rows)
          sets.join(anyRow, row);
        allUnited[access.arg] = true;
      }
      if (first < 0)
        first = anyRow;
      else
        sets.join(first, anyRow);
      continue;
    }
    unsigned hi = std::partition_point(entry->rows.begin(), entry->rows.end(),
                                       [&](unsigned row) {
                                         return rows.begins[row] < access.end;
                                       }) -
                  entry->rows.begin();
    for (unsigned i = hi; i > 0 && entry->maxEnd[i - 1] > access.begin; --i) {
      unsigned row = entry->rows[i - 1];
      if (rows.ends[row] <= access.begin || rows.begins[row] >= access.end)
        continue;
      int64_t &first = commandRow[access.command];
      if (first < 0)
        first = row;
      else
        sets.join(first, row);
    }
  }

  // Number groups in row order (by their first row) and pack them into
  // chunks of at least chunk-bytes.
  SmallVector<int64_t> groupOfRoot(rowCount, -1);
  SmallVector<uint64_t> groupBytes;
  SmallVector<unsigned> rowGroup(rowCount);
  for (unsigned row = 0; row < rowCount; ++row) {
    unsigned root = sets.findLeader(row);
    if (groupOfRoot[root] < 0) {
      groupOfRoot[root] = groupBytes.size();
      groupBytes.push_back(0);
    }
    rowGroup[row] = groupOfRoot[root];
    uint64_t &sum = groupBytes[rowGroup[row]];
    sum = sum > kUnknownEnd - rows.bytes[row] ? kUnknownEnd
                                              : sum + rows.bytes[row];
  }
  SmallVector<unsigned> groupChunk(groupBytes.size());
  unsigned chunk = 0;
  uint64_t filled = 0;
  for (auto [group, bytes] : llvm::enumerate(groupBytes)) {
    groupChunk[group] = chunk;
    filled = filled > kUnknownEnd - bytes ? kUnknownEnd : filled + bytes;
    if (filled >= chunkBytes && group + 1 != groupBytes.size()) {
      ++chunk; // the last chunk keeps whatever is left
      filled = 0;
    }
  }
  unsigned chunkCount = chunk + 1;
  if (chunkCount < 2)
    return false;

  SmallVector<SmallVector<unsigned>> chunkRows(chunkCount);
  for (unsigned row = 0; row < rowCount; ++row)
    chunkRows[groupChunk[rowGroup[row]]].push_back(row);
  SmallVector<unsigned> commandChunk(wave->commands.size(), 0);
  for (auto [index, row] : llvm::enumerate(commandRow))
    if (row >= 0)
      commandChunk[index] = groupChunk[rowGroup[row]];

  DenseMap<Value, Value> resultMap;
  SmallVector<Value> chunkTimepoints = buildSources(chunkRows, resultMap);
  buildExecutes(executeOp, *wave, commandChunk, chunkCount, chunkTimepoints,
                resultMap);
  executeOp.erase();
  if (!timepoint.use_empty()) {
    OpBuilder builder(sourceOp);
    Value joined = TimepointJoinOp::create(
        builder, sourceOp->getLoc(), timepoint.getType(), chunkTimepoints);
    timepoint.replaceAllUsesWith(joined);
  }
  for (auto [oldResult, newResult] : resultMap)
    oldResult.replaceAllUsesWith(newResult);
  sourceOp->erase();
  return true;
}

struct PipelineParameterUploadsPass
    : impl::PipelineParameterUploadsPassBase<PipelineParameterUploadsPass> {
  using Base::Base;
  void runOnOperation() override {
    SmallVector<Operation *> sources;
    getOperation()->walk([&](Operation *op) {
      if (isa<CmdParameterGatherOp, CmdParameterLoadOp>(op))
        sources.push_back(op);
    });
    for (Operation *op : sources)
      (void)Splitter(op, chunkBytes).run();
  }
};

} // namespace
} // namespace sluice::stream
