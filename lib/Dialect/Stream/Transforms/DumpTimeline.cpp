//===- DumpTimeline.cpp - sluice-stream-dump-timeline ---------------------===//
//
// Issue 21 item 4: an SVG picture per function of the execution regions on
// a static timeline (rows per affinity and queue lane), their waits, host
// waits, and the transient slabs with each slot's lifetime and offset. The
// IR is not modified. Layout rules are in docs/memory-report.md.
//
//===----------------------------------------------------------------------===//

#include "ReportOutput.h"

#include "sluice/Dialect/Stream/Analysis/MemoryModel.h"
#include "sluice/Dialect/Stream/Analysis/ResourceLiveness.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace sluice::stream {
#define GEN_PASS_DEF_DUMPTIMELINEPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

std::string escape(StringRef text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      // Control characters are not allowed in XML 1.0.
      if (static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t')
        out += c;
    }
  }
  return out;
}

/// Coordinates with one decimal.
/// `@name` of a callee.
std::string symbolName(Operation *op) {
  if (auto name =
          op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
    return ("@" + name.getValue()).str();
  return "@<unnamed>";
}

std::string num(double v) {
  std::string s;
  llvm::raw_string_ostream(s) << llvm::format("%.1f", v);
  if (StringRef(s).ends_with(".0"))
    s.resize(s.size() - 2);
  return s;
}

constexpr double kLeft = 190; // row labels
constexpr double kRight = 20;
constexpr double kRowHeight = 22;
constexpr double kCharWidth = 6.5; // 11px monospace-ish
constexpr double kMinLevelWidth = 3;
constexpr double kMaxLevelWidth = 160;
constexpr double kMinTickSpacing = 70;

const char *kPalette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#b07aa1",
                          "#76b7b2", "#edc948", "#e15759", "#9c755f"};

class TimelineWriter {
public:
  TimelineWriter(raw_ostream &os, unsigned maxWidth)
      : os(os), maxWidth(std::max(maxWidth, 400u)) {}

  /// Draws one function at vertical offset `top`; returns the height used.
  double drawFunction(const ReportedFunction &fn,
                      const FunctionMemoryModel &model, double top);

  double width = 400;

private:
  bool fits(StringRef label, double w, double h) const {
    return h >= 10 && w >= label.size() * kCharWidth + 4;
  }
  void text(double x, double y, StringRef s, StringRef cls,
            StringRef anchor = "start") {
    os << "<text class=\"" << cls << "\" x=\"" << num(x) << "\" y=\"" << num(y)
       << "\" text-anchor=\"" << anchor << "\">" << escape(s) << "</text>\n";
  }

  raw_ostream &os;
  double maxWidth;
};

double TimelineWriter::drawFunction(const ReportedFunction &fn,
                                    const FunctionMemoryModel &model,
                                    double top) {
  int64_t levels = std::max<int64_t>(model.levelCount, 1);
  double levelWidth = std::clamp((maxWidth - kLeft - kRight) / levels,
                                 kMinLevelWidth, kMaxLevelWidth);
  double right = kLeft + levels * levelWidth;
  width = std::max(width, right + kRight);
  auto levelX = [&](double level) { return kLeft + level * levelWidth; };

  // Rows: affinities in order of first appearance, one row per lane.
  llvm::MapVector<StringRef, unsigned> laneCounts;
  for (const ExecutionRegion &region : model.regions) {
    unsigned &count = laneCounts[region.affinity];
    count = std::max(count, region.lane + 1);
  }
  llvm::StringMap<unsigned> rowBase, colorIndex;
  unsigned rows = 0;
  for (auto [affinity, lanes] : laneCounts) {
    colorIndex[affinity] = colorIndex.size();
    rowBase[affinity] = rows;
    rows += lanes;
  }

  os << "<g class=\"function\" id=\"" << escape(fn.name) << "\">\n";
  double y = top;
  std::string heading;
  llvm::raw_string_ostream(heading)
      << fn.name << ": " << model.regions.size() << " execution regions, "
      << model.levelCount << " levels, " << model.slabs.size()
      << " transient slabs";
  if (!model.callees.empty()) {
    unsigned calls = 0;
    for (const ModelledCallee &callee : model.callees)
      calls += callee.calls;
    llvm::raw_string_ostream(heading)
        << ", " << calls << " call" << (calls == 1 ? "" : "s")
        << " looked into";
  }
  text(8, y + 16, heading, "heading");
  y += 28;

  // Level axis: a tick every `step` levels, at least kMinTickSpacing apart.
  // Steps run 1, 2, 5, 10, 20, 50, ...
  int64_t step = 1;
  for (int64_t base = 1; step * levelWidth < kMinTickSpacing;) {
    if (step == base)
      step = 2 * base;
    else if (step == 2 * base)
      step = 5 * base;
    else
      step = base *= 10;
  }
  os << "<g class=\"axis\">\n";
  for (int64_t level = 0; level <= levels; level += step) {
    double x = levelX(level);
    os << "<line class=\"tick\" x1=\"" << num(x) << "\" y1=\"" << num(y)
       << "\" x2=\"" << num(x) << "\" y2=\"" << num(y + 6) << "\"/>\n";
    text(x + 2, y + 15, std::to_string(level), "tick-label");
  }
  text(8, y + 15, "level", "row-label");
  os << "</g>\n";
  y += 20;

  // Schedule rows.
  double scheduleTop = y;
  auto rowY = [&](const ExecutionRegion &region) {
    return scheduleTop + (rowBase[region.affinity] + region.lane) * kRowHeight;
  };
  for (auto [affinity, lanes] : laneCounts) {
    for (unsigned lane = 0; lane < lanes; ++lane) {
      double ry = scheduleTop + (rowBase[affinity] + lane) * kRowHeight;
      std::string label = affinity.str();
      if (label.size() > 22)
        label = label.substr(0, 21) + "…";
      label += " q" + std::to_string(lane);
      os << "<g class=\"row\"><title>" << escape(affinity) << ", queue lane "
         << lane << "</title>";
      os << "<rect class=\"lane\" x=\"" << num(kLeft) << "\" y=\"" << num(ry)
         << "\" width=\"" << num(right - kLeft) << "\" height=\""
         << num(kRowHeight) << "\"/>";
      text(8, ry + 15, label, "row-label");
      os << "</g>\n";
    }
  }
  y = scheduleTop + rows * kRowHeight;

  // Waits first so that regions are drawn over them.
  os << "<g class=\"waits\">\n";
  for (auto [index, region] : llvm::enumerate(model.regions)) {
    for (unsigned producer : region.waits) {
      const ExecutionRegion &from = model.regions[producer];
      os << "<line class=\"wait\" x1=\"" << num(levelX(from.level + 1) - 1)
         << "\" y1=\"" << num(rowY(from) + kRowHeight / 2) << "\" x2=\""
         << num(levelX(region.level) + 1) << "\" y2=\""
         << num(rowY(region) + kRowHeight / 2) << "\"><title>#" << index
         << " waits for #" << producer << "</title></line>\n";
    }
  }
  os << "</g>\n";

  os << "<g class=\"regions\">\n";
  for (auto [index, region] : llvm::enumerate(model.regions)) {
    double x = levelX(region.level) + 0.5, w = std::max(levelWidth - 1, 1.0);
    double ry = rowY(region) + 2, h = kRowHeight - 4;
    std::string label = "#" + std::to_string(index);
    os << "<g><title>execute " << label;
    if (region.callee)
      os << " in " << escape(symbolName(region.callee));
    os << ": level " << region.level << ", " << escape(region.affinity)
       << " queue lane " << region.lane << ", " << region.commandCount
       << " commands, " << region.transientAccesses << " transient accesses";
    if (!region.waits.empty()) {
      os << ", waits for";
      for (unsigned producer : region.waits)
        os << " #" << producer;
      if (region.waitsTruncated)
        os << " and more";
    }
    os << "</title><rect class=\"region" << (region.callee ? " in-callee" : "")
       << "\" x=\"" << num(x) << "\" y=\"" << num(ry) << "\" width=\"" << num(w)
       << "\" height=\"" << num(h) << "\" fill=\""
       << kPalette[colorIndex[region.affinity] % std::size(kPalette)] << "\"/>";
    if (fits(label, w, h))
      text(x + w / 2, ry + h - 5, label, "region-label", "middle");
    os << "</g>\n";
  }
  os << "</g>\n";

  for (const HostWait &wait : model.hostWaits) {
    double x = levelX(wait.level);
    os << "<line class=\"host-wait\" x1=\"" << num(x) << "\" y1=\""
       << num(scheduleTop - 4) << "\" x2=\"" << num(x) << "\" y2=\""
       << num(y + 4) << "\"><title>host wait (stream.timepoint.await) at "
       << "level " << wait.level << "</title></line>\n";
  }
  y += 16;

  // Transient memory: x of a command, from its region's level and ordinal
  // (positions as recorded in the slots: a callee's command has one per
  // call).
  auto commandX = [&](std::pair<unsigned, unsigned> position, bool end) {
    if (position.first >= model.regions.size())
      return levelX(0);
    const ExecutionRegion &region = model.regions[position.first];
    double fraction = double(position.second + (end ? 1 : 0)) /
                      std::max(region.commandCount, 1u);
    return levelX(region.level + fraction);
  };
  struct SlabBox {
    double x0 = 0, x1 = 0;
    uint64_t size = 0;
  };
  SmallVector<SlabBox> boxes;
  SmallVector<PackSlice> arenaSlices;
  for (const TransientSlab &slab : model.slabs) {
    SlabBox box;
    box.x0 = right;
    box.x1 = kLeft;
    uint64_t extent = 0;
    for (const TransientSlot &slot : slab.slots) {
      box.x0 = std::min(box.x0, commandX(slot.firstPosition, false));
      box.x1 = std::max(box.x1, commandX(slot.lastPosition, true));
      extent = std::max(extent, slot.offset.value_or(0) + slot.size);
    }
    if (box.x0 > box.x1)
      box.x0 = box.x1 = kLeft;
    box.size = std::max(slab.staticSize.value_or(0), extent);
    boxes.push_back(box);
    // Slabs are stacked as if allocated from one arena, packed by the
    // levels they span.
    arenaSlices.push_back(
        {static_cast<int64_t>(box.x0), static_cast<int64_t>(box.x1), box.size});
  }
  if (!boxes.empty()) {
    std::optional<StaticPackResult> arena =
        packSlicesReference(arenaSlices, 1, 1);
    uint64_t arenaSize = arena ? arena->totalSize : 0;
    double panelHeight =
        std::clamp(40.0 + 12.0 * model.slabs.size(), 120.0, 600.0);
    double scale = arenaSize ? panelHeight / arenaSize : 0;
    std::string memoryLabel = "transient memory: " + formatBytes(arenaSize);
    text(8, y + 12, memoryLabel, "heading");
    y += 20;
    os << "<rect class=\"memory\" x=\"" << num(kLeft) << "\" y=\"" << num(y)
       << "\" width=\"" << num(right - kLeft) << "\" height=\""
       << num(panelHeight) << "\"/>\n";
    text(8, y + 14, "offset 0", "row-label");
    text(8, y + panelHeight, formatBytes(arenaSize), "row-label");
    os << "<g class=\"slabs\">\n";
    for (auto [i, slab] : llvm::enumerate(model.slabs)) {
      const SlabBox &box = boxes[i];
      double sy = y + (arena ? arena->offsets[i] : 0) * scale;
      double sh = std::max(box.size * scale, 1.0);
      double sw = std::max(box.x1 - box.x0, 1.0);
      std::string sizeText = formatSlabSize(slab);
      os << "<g><title>slab " << i << (slab.external ? " (external)" : "");
      if (slab.callee)
        os << " in " << escape(symbolName(slab.callee));
      os << ": " << escape(sizeText) << ", " << slab.slots.size() << " slots";
      if (slab.calleeSlots)
        os << " (" << slab.calleeSlots << " from callees)";
      os << "</title><rect class=\"slab\" x=\"" << num(box.x0) << "\" y=\""
         << num(sy) << "\" width=\"" << num(sw) << "\" height=\"" << num(sh)
         << "\"/></g>\n";
      for (const TransientSlot &slot : slab.slots) {
        double x0 = commandX(slot.firstPosition, false),
               x1 = commandX(slot.lastPosition, true);
        double oy = sy + slot.offset.value_or(0) * scale;
        double oh = std::max(slot.size * scale, 1.0);
        double ow = std::max(x1 - x0, 1.0);
        auto pos = [&](std::pair<unsigned, unsigned> position) {
          std::string s;
          if (position.first < model.regions.size())
            llvm::raw_string_ostream(s)
                << "command " << position.second << " of #" << position.first;
          return s;
        };
        os << "<g><title>slot of slab " << i << ": offset "
           << (slot.offset ? std::to_string(*slot.offset) : "dynamic") << ", "
           << escape(formatBytes(slot.size)) << ", live from "
           << pos(slot.firstPosition) << " to " << pos(slot.lastPosition)
           << ", " << slot.accessCount << " accesses";
        if (slot.callee)
          os << ", by " << escape(symbolName(slot.callee));
        os << "</title><rect class=\"slot" << (slot.offset ? "" : " unplaced")
           << (slot.callee ? " in-callee" : "") << "\" x=\"" << num(x0)
           << "\" y=\"" << num(oy) << "\" width=\"" << num(ow) << "\" height=\""
           << num(oh) << "\"/>";
        std::string label = formatBytes(slot.size);
        label = label.substr(0, label.find(" ("));
        if (fits(label, ow, oh))
          text(x0 + 3, oy + std::min(oh, 24.0) / 2 + 4, label, "slot-label");
        os << "</g>\n";
      }
    }
    os << "</g>\n";
    y += panelHeight + 10;
  }
  os << "</g>\n";
  return y - top + 20;
}

struct DumpTimelinePass
    : public ReportPassBase<DumpTimelinePass, impl::DumpTimelinePassBase> {
  using ReportPassBase::ReportPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (outputFile.empty()) {
      module.emitError() << "--sluice-stream-dump-timeline needs an output "
                            "file: --sluice-stream-dump-timeline=FILE.svg";
      return signalPassFailure();
    }
    // The body is written to a buffer: the header needs the final size.
    std::string body;
    llvm::raw_string_ostream bodyOs(body);
    TimelineWriter writer(bodyOs, maxWidth);
    double height = 10;
    unsigned drawn = 0;
    for (const ReportedFunction &fn : getReportedFunctions(module)) {
      FunctionMemoryModel model = buildFunctionMemoryModel(fn.func);
      if (model.regions.empty() && model.slabs.empty())
        continue;
      height += writer.drawFunction(fn, model, height);
      ++drawn;
    }
    if (!drawn) {
      bodyOs << "<text class=\"heading\" x=\"8\" y=\"26\">no execution "
                "regions</text>\n";
      height = 40;
    }

    std::unique_ptr<llvm::ToolOutputFile> file;
    raw_ostream *os = openReportOutput(outputFile, file, module);
    if (!os)
      return signalPassFailure();
    *os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
        << num(writer.width) << "\" height=\"" << num(height)
        << "\" viewBox=\"0 0 " << num(writer.width) << " " << num(height)
        << "\" font-family=\"monospace\" font-size=\"11\">\n"
        << "<style>\n"
        << ".heading{font-weight:bold;font-size:13px}"
        << ".row-label,.tick-label{fill:#333}"
        << ".lane{fill:#f6f6f6;stroke:#e0e0e0;stroke-width:0.5}"
        << ".tick{stroke:#999}"
        << ".region{stroke:#222;stroke-width:0.5}"
        << ".region-label{fill:#fff}"
        << ".wait{stroke:#555;stroke-width:0.8;stroke-opacity:0.45}"
        << ".host-wait{stroke:#d62728;stroke-width:1.2;"
           "stroke-dasharray:4 3}"
        << ".memory{fill:#fbfbfb;stroke:#ccc}"
        << ".slab{fill:#e8eef7;stroke:#7a8fb0;stroke-width:0.6}"
        << ".slot{fill:#f1a340;fill-opacity:0.8;stroke:#8a5a00;"
           "stroke-width:0.4}"
        << ".slot.unplaced{fill:#bbb;stroke-dasharray:2 2}"
        << ".slot-label{fill:#222;font-size:10px}"
        << "g:hover>rect{stroke:#000;stroke-width:1.5}\n"
        << "</style>\n"
        << body << "</svg>\n";
    os->flush();
    markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace sluice::stream
