# lit configuration for plc. Loaded from the build's lit.site.cfg.py, which
# supplies the paths below; tests live in tests/lit/<area>/*.pl.
import os

import lit.formats

config.name = "plc"
# Tests run under bash so RUN lines can inspect exact exit codes ($?).
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".pl"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.plc_obj_root, "tests", "lit")

# Every FileCheck scopes its variables to one CHECK-LABEL block.
config.environment["FILECHECK_OPTS"] = "-enable-var-scope"

# In a sanitizer build a report must fail the test even under `not`: abort
# instead of exiting, and `not` counts a killed process as a failure.
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS"):
    opts = config.environment.get(var, os.environ.get(var, ""))
    config.environment[var] = (opts + ":" if opts else "") + "abort_on_error=1"


def tool(name, path):
    """Replaces `name` where it stands as a command word: after the start of
    the line, whitespace or a shell operator, and followed by whitespace, so
    paths, option values and quoted text keep the word."""
    config.substitutions.append((r"(?<![^\s|;&(])" + name + r"(?=\s|$)", path))


# Longest first: lit applies substitutions in order and %plc-version starts
# with %plc. Tests verify the IR after every pass (%plc); %plc-user is the
# command as a user runs it, verifying only the output of the pipeline. The
# `run` subcommand must stay the first argument.
plc = os.path.join(config.plc_tools_dir, "plc")
config.substitutions.append(("%plc-version", config.plc_version))
config.substitutions.append(("%plc-user", plc))
config.substitutions.append((r"%plc run(?=\s|$)", plc + " run"))
config.substitutions.append(("%plc", plc + " --verify-each"))
config.substitutions.append(
    ("%examples", os.path.join(config.plc_src_root, "examples")))
tool("FileCheck", config.filecheck_path)
tool("not", config.not_path)
tool("count", config.count_path)
