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

# Sanitizer e2e mode (scripts/sanitizers.sh e2e): `--param sanitized_tools_dir=<dir>` names the
# bin/ of a compiler-less ASan+UBSan or TSan build. `sluice-run`, `sluice-params` and
# `sluice-compile` then resolve to the wrappers in scripts/sanitizer-tools, which run that build's binaries (AOT modules) and
# this build's sluice-run for .mlir modules (the JIT is not in a compiler-less build);
# sluice-compile, sluice-opt and FileCheck stay this build's, so the RUN lines and expected
# outputs are the same as in the normal run. `--param sanitizer_log_dir=<dir>` is where the
# wrappers record each run (runs.txt); the script points the sanitizers' log_path there too.
sanitized_tools_dir = lit_config.params.get("sanitized_tools_dir")
if sanitized_tools_dir:
    sanitized_tools_dir = os.path.abspath(sanitized_tools_dir)
    for tool in ("sluice-run", "sluice-params"):
        if not os.path.exists(os.path.join(sanitized_tools_dir, tool)):
            lit_config.fatal("sanitized_tools_dir %s has no %s" % (sanitized_tools_dir, tool))
    wrappers = os.path.join(config.sluice_src_root, "scripts", "sanitizer-tools")
    config.environment["PATH"] = os.pathsep.join([wrappers, path])
    config.environment["SLUICE_SANITIZED_TOOLS_DIR"] = sanitized_tools_dir
    config.environment["SLUICE_UNSANITIZED_TOOLS_DIR"] = config.sluice_tools_dir
    log_dir = lit_config.params.get("sanitizer_log_dir")
    if log_dir:
        config.environment["SLUICE_SANITIZER_LOG_DIR"] = os.path.abspath(log_dir)
    for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS"):
        if var in os.environ:
            config.environment[var] = os.environ[var]
    # `--param sanitize_generated_code=address|thread`: the wrappers' sluice-compile adds
    # --sluice-sanitize=<v>, so the generated host and dispatch code is instrumented too.
    sanitize_generated = lit_config.params.get("sanitize_generated_code")
    if sanitize_generated:
        config.environment["SLUICE_SANITIZE_GENERATED"] = sanitize_generated
    config.available_features.add("sanitized-tools")

# Every pass's claim that it changed nothing (which skips the verifier after it) is checked
# against a fingerprint of the IR in every run of the suite (UnchangedIR.h).
config.environment["SLUICE_CHECK_UNCHANGED"] = "1"

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
# sluice-run compiles .mlir modules in-process only when the compiler is built
# (-DSLUICE_BUILD_COMPILER=ON); a runtime-only build's sluice-run is AOT-only.
if config.sluice_build_compiler:
    config.available_features.add("sluice-jit")
# The compiler tools' heap allocator (SLUICE_COMPILER_ALLOCATOR): jemalloc,
# system or sanitizer. The sanitized e2e mode runs other binaries.
if not sanitized_tools_dir:
    config.available_features.add("compiler-allocator-" + config.sluice_compiler_allocator)
# The hand-written test module of unittests/Runtime/Module (a stand-in for
# sluice-compile output) for the sluice-run tests.
# In the sanitizer e2e mode, the sanitizer build's copy (built with the same sanitizer).
test_module = os.path.join(config.sluice_obj_root, "lib", "libsluice_test_module.so")
if sanitized_tools_dir:
    sanitized_module = os.path.join(os.path.dirname(sanitized_tools_dir), "lib", "libsluice_test_module.so")
    if os.path.exists(sanitized_module):
        test_module = sanitized_module
config.substitutions.append(("%test_module", test_module))
if os.path.exists(test_module):
    config.available_features.add("test-module")
