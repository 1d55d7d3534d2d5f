# lit configuration for Sluice's IR and tool tests.
import os

import lit.formats
import lit.util

config.name = "Sluice"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "testdata", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.sluice_obj_root, "test")

# Tools: Sluice's own first, then LLVM 22's FileCheck, not, count, split-file.
path = os.pathsep.join([config.sluice_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
config.environment["PATH"] = path

config.substitutions.append(("%testdata", config.sluice_testdata_dir))
# The source tree, for tests of scripts under bench/ and scripts/.
config.substitutions.append(("%sluice_src", config.sluice_src_root))
# The interpreter running lit, for Python-driven checks.
import sys
config.substitutions.append(("%python", sys.executable))

if os.path.exists(os.path.join(config.sluice_tools_dir, "sluice-opt")):
    config.available_features.add("sluice-opt")
if os.path.exists(os.path.join(config.sluice_tools_dir, "sluice-params")):
    config.available_features.add("sluice-params")
if os.path.exists(os.path.join(config.sluice_tools_dir, "sluice-run")):
    config.available_features.add("sluice-run")
if os.path.exists(os.path.join(config.sluice_tools_dir, "sluice-compile")):
    config.available_features.add("sluice-compile")
# The hand-written test module of unittests/Runtime/Module (a stand-in for
# sluice-compile output) for the sluice-run tests.
config.substitutions.append(("%test_module", os.path.join(config.sluice_obj_root, "lib", "libsluice_test_module.so")))
if os.path.exists(os.path.join(config.sluice_obj_root, "lib", "libsluice_test_module.so")):
    config.available_features.add("test-module")
