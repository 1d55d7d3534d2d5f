"""Runs `--canonicalize='test-convergence=true'` on every .mlir file of a
directory that does not use --verify-diagnostics; fails (listing the files and
the first lines of their errors) if any split does not converge or errors."""
import glob
import os
import subprocess
import sys

tool, directory = sys.argv[1], sys.argv[2]
failures = []
checked = 0
for path in sorted(glob.glob(os.path.join(directory, "*.mlir"))):
    with open(path) as f:
        if "verify-diagnostics" in f.read():
            continue
    checked += 1
    result = subprocess.run(
        [tool, "--split-input-file", "--canonicalize=test-convergence=true", path],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        failures.append(f"{os.path.basename(path)}:\n" +
                        "\n".join(result.stderr.splitlines()[:5]))
if checked == 0:
    sys.exit("no test files found in " + directory)
if failures:
    sys.exit("canonicalization did not converge:\n" + "\n".join(failures))
print(f"{checked} files converge")
