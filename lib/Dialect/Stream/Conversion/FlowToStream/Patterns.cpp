//===- Patterns.cpp - FlowToStream legality and pattern set ---------------===//
//
// stream-passes-1.md §3.2 (flow legality, !flow.channel) and §3.4.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Conversion/FlowToStream/Patterns.h"

#include "FlowToStreamPatterns.h"

#include "sluice/Dialect/Flow/IR/FlowDialect.h"
#include "sluice/Dialect/Flow/IR/FlowTypes.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"

using namespace mlir;

namespace sluice::stream {

void populateFlowToStreamConversionPatterns(MLIRContext *context,
                                            ConversionTarget &conversionTarget,
                                            TypeConverter &typeConverter,
                                            AffinityAnalysis *analysis,
                                            RewritePatternSet &patterns) {
  typeConverter.addConversion([](flow::ChannelType type) -> Type {
    return ChannelType::get(type.getContext());
  });
  conversionTarget.addIllegalDialect<flow::FlowDialect>();
  populateFlowTensorToStreamPatterns(context, typeConverter, analysis,
                                     patterns);
  populateFlowDispatchToStreamPatterns(context, typeConverter, analysis,
                                       patterns);
}

} // namespace sluice::stream
