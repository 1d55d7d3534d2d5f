//===- ExternalModelsTest.cpp - cross-dialect interface models ------------===//

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/InitAll.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice::stream;

namespace {

class ExternalModelsTest : public ::testing::Test {
protected:
  ExternalModelsTest() {
    DialectRegistry registry;
    sluice::registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// The first op named `name` in `module`.
  Operation *find(ModuleOp module, StringRef name) {
    Operation *found = nullptr;
    module.walk([&](Operation *op) {
      if (!found && op->getName().getStringRef() == name)
        found = op;
    });
    return found;
  }

  MLIRContext context;
};

TEST_F(ExternalModelsTest, AffinityKindsFollowTheSpec) {
  auto module = parseSourceString<ModuleOp>(R"mlir(
    util.global private @t : tensor<4xf32>
    util.global private @s : i32
    util.func public @f(%v: f32, %view: !hal.buffer_view) -> tensor<4xf32>
        attributes {stream.affinity = #hal.device.affinity<@dev>} {
      %c = arith.constant 1 : i32
      %ct = arith.constant dense<1.0> : tensor<4xf32>
      %s = flow.tensor.splat %v : tensor<4xf32>
      %i = hal.tensor.import on(#hal.device.affinity<@other>) %view "in" : !hal.buffer_view -> tensor<4xf32>
      %r = flow.tensor.reshape %s : tensor<4xf32> -> tensor<2x2xf32>
      util.return %s : tensor<4xf32>
    }
  )mlir", &context);
  ASSERT_TRUE(module);
  auto requires_ = [&](StringRef name, unsigned index = 0) {
    Operation *op = find(*module, name);
    unsigned seen = 0;
    module->walk([&](Operation *candidate) {
      if (candidate->getName().getStringRef() == name && seen++ == index)
        op = candidate;
    });
    auto affinityOp = dyn_cast_or_null<AffinityOpInterface>(op);
    EXPECT_TRUE(affinityOp) << name.str();
    return affinityOp && affinityOp.requiresAffinity();
  };
  EXPECT_FALSE(requires_("arith.constant", 0)); // scalar
  EXPECT_TRUE(requires_("arith.constant", 1));  // tensor
  EXPECT_TRUE(requires_("flow.tensor.splat"));
  EXPECT_FALSE(requires_("util.func"));
  EXPECT_TRUE(requires_("util.global", 0));
  EXPECT_FALSE(requires_("util.global", 1));
  EXPECT_FALSE(requires_("hal.tensor.import"));

  // No affinity model on util.return or flow.tensor.reshape.
  EXPECT_FALSE(isa<AffinityOpInterface>(find(*module, "util.return")));
  EXPECT_FALSE(isa<AffinityOpInterface>(find(*module, "flow.tensor.reshape")));

  // The import's own affinity wins and pins; the splat inherits the
  // function's stream.affinity through lookup.
  auto import = cast<AffinityOpInterface>(find(*module, "hal.tensor.import"));
  EXPECT_TRUE(import.pinsValueAffinity());
  EXPECT_EQ(AffinityAttr::lookup(import),
            import.getAffinityAttr());
  Operation *splat = find(*module, "flow.tensor.splat");
  AffinityAttr inherited = AffinityAttr::lookup(splat);
  ASSERT_TRUE(inherited);
  EXPECT_EQ(inherited, AffinityAttr::lookup(find(*module, "util.func")));

  // Streamable models: splat and reshape prefer cloning to consumers.
  auto streamable = dyn_cast<StreamableOpInterface>(splat);
  ASSERT_TRUE(streamable);
  EXPECT_TRUE(streamable.preferCloneToConsumers());
  EXPECT_TRUE(isa<StreamableOpInterface>(find(*module, "flow.tensor.reshape")));
}

TEST_F(ExternalModelsTest, HALAffinitiesAreStreamAffinities) {
  auto module = parseSourceString<ModuleOp>(R"mlir(
    util.global private @a {test.a = #hal.device.affinity<@dev, [0]>, test.b = #hal.device.affinity<@dev, [1]>, test.o = #hal.device.optimal<[#hal.device.affinity<@x>, #hal.device.affinity<@y>]>} : i32
  )mlir", &context);
  ASSERT_TRUE(module);
  Operation *global = find(*module, "util.global");
  auto a = dyn_cast<AffinityAttr>(global->getAttr("test.a"));
  auto b = dyn_cast<AffinityAttr>(global->getAttr("test.b"));
  auto o = dyn_cast<AffinityAttr>(global->getAttr("test.o"));
  ASSERT_TRUE(a && b && o);
  EXPECT_FALSE(a.isExecutableWith(b));
  AffinityAttr joined = a.joinOR(b);
  ASSERT_TRUE(joined);
  EXPECT_TRUE(a.isExecutableWith(joined));
  EXPECT_TRUE(b.isExecutableWith(joined));
  EXPECT_FALSE(a.joinAND(b)); // queue 0 is not within queue 1
  EXPECT_TRUE(AffinityAttr::canExecuteTogether(a, {}));
  EXPECT_EQ(AffinityAttr::joinOR({a, b}), joined);
}

} // namespace
