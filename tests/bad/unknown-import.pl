# Importing something other than pypto.language.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}unknown-import.pl:4:8: error: only 'pypto.language' can be imported, not 'numpy'
import numpy as np
