# lit configuration of the bad-input corpus: every .pl file here is a
# malformed or invalid program that plc must reject with a located
# diagnostic and exit status 1 -- never a crash, a hang or an internal
# error. The plc build's lit site configuration supplies the tools:
#   lit --param plc_site_config=BUILD/tests/lit/lit.site.cfg.py tests/bad
# (ctest runs this as the `lit-bad` test).
import os
import shlex
import sys

site = lit_config.params.get("plc_site_config")
if not site:
    lit_config.fatal("run with --param plc_site_config=BUILD/tests/lit/lit.site.cfg.py")
# Loads tests/lit/lit.cfg.py: the test format and %plc, FileCheck, not.
lit_config.load_config(config, site)

config.name = "plc-bad"
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.plc_obj_root, "tests", "bad")

plc = os.path.join(config.plc_tools_dir, "plc")
# `%plc-rejects FILE [ARG...]` runs plc, prints what it said (stderr and
# stdout) and fails unless the exit status is exactly 1: `not` would also
# accept an internal error (2) or a sanitizer's report.
rejects = ("bash -c '\"$0\" \"$@\" 2>&1; s=$?; [ $s -eq 1 ] || "
           "{ echo \"plc-rejects: exit status $s, expected 1\"; exit 1; }' "
           + shlex.quote(plc))
# Ahead of the inherited %plc, which would otherwise rewrite the prefix.
config.substitutions.insert(0, ("%plc-rejects", rejects))
config.substitutions.insert(0, ("%python", shlex.quote(sys.executable)))

# Sanitizers report with a status of their own, so that %plc-rejects tells
# their reports from diagnostics.
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS"):
    opts = config.environment.get(var, os.environ.get(var, ""))
    config.environment[var] = (opts + ":" if opts else "") + "exitcode=86"
