//===- sluice-params.cpp - Parameter archive tool
//---------------------------===//
//
// `sluice-params <create|dump|convert|verify> [flags]`: the equivalents of
// iree-create-parameters, iree-dump-parameters and iree-convert-parameters
// (parameter-runtime.md §12), plus `verify`.
//
//===----------------------------------------------------------------------===//

#include "Common.h"

#include <cstdio>
#include <cstring>

namespace {

void usage(FILE *out) {
  std::fprintf(
      out,
      "Usage: sluice-params <command> [flags]\n\n"
      "Commands:\n"
      "  create   create an .irpa archive from --data/--splat/--external "
      "declarations\n"
      "  dump     print the index of --parameters files (.irpa, .gguf, "
      ".safetensors)\n"
      "  convert  convert --parameters files into one .irpa archive\n"
      "  verify   check every bound and checksum of --parameters files\n\n"
      "Run `sluice-params <command> --help` for the flags of a command.\n");
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    usage(stderr);
    return 1;
  }
  std::string_view command = argv[1];
  std::vector<std::string_view> args(argv + 2, argv + argc);
  using namespace sluice::params;
  if (command == "create")
    return runCreate(args);
  if (command == "dump")
    return runDump(args);
  if (command == "convert")
    return runConvert(args);
  if (command == "verify")
    return runVerify(args);
  if (command == "--help" || command == "-h" || command == "help") {
    usage(stdout);
    return 0;
  }
  std::fprintf(stderr, "Error: unknown command '%s'\n\n", argv[1]);
  usage(stderr);
  return 1;
}
