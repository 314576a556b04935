"""Writes a generated .pl input to stdout, for the tests that need inputs
too large or too odd to commit: make_input.py KIND [N].

Every program starts with the same five lines (import, blank, decorator,
class, method decorator) and the method header on line 6, so the tests can
name the line of the first statement (7).
"""
import sys

HEAD = (
    "import pypto.language as pl\n"
    "\n"
    "@pl.program\n"
    "class Big:\n"
    "    @pl.function(type=pl.FunctionType.Orchestration)\n"
    "    def main(self, x: pl.Tensor[[4, 4], pl.FP32],\n"
    "             out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:\n"
)
AT = "with pl.at(level=pl.Level.CORE_GROUP):"
STORE = "out = pl.store(pl.load(x, [0, 0], [4, 4]), [0, 0], out)"
MB = 1 << 20


def body(lines):
    return HEAD + "".join("        " + l + "\n" for l in lines)


def main():
    kind = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    out = sys.stdout
    if kind == "parens":          # a = ((((...1...))))
        out.write(body(["a = " + "(" * n + "1" + ")" * n, "return out"]))
    elif kind == "lists":         # a = [[[[...]]]]
        out.write(body(["a = " + "[" * n + "1" + "]" * n, "return out"]))
    elif kind == "unary":         # a = - - - ... 1
        out.write(body(["a = " + "-" * n + "1", "return out"]))
    elif kind == "nots":          # a = not not ... True
        out.write(body(["a = " + "not " * n + "True", "return out"]))
    elif kind == "chain":         # a = 1 + 1 + ... (n operators)
        out.write(body(["a = 1" + " + 1" * n, "return out"]))
    elif kind == "right-chain":   # a = 1 + (1 + (1 + ...)) with every bracket closed early
        out.write(body(["a = " + "1 + (" * n + "1" + ")" * n, "return out"]))
    elif kind == "scopes":        # n nested CORE_GROUP scopes
        lines = []
        for d in range(n):
            lines.append("    " * d + AT)
        lines.append("    " * n + STORE)
        lines.append("return out")
        out.write(body(lines))
    elif kind == "ifs":           # n nested ifs
        lines = ["    " * d + "if x[0, 0] > 0.0:" for d in range(n)]
        lines.append("    " * n + "pass")
        lines.append("return out")
        out.write(body(lines))
    elif kind == "line-chain":    # one line of about n MB: a = 1 + 1 + ...
        out.write(body(["a = 1" + " + 1" * (n * MB // 4), "return out"]))
    elif kind == "line-list":     # one line of about n MB: a = [0, 0, ...]
        out.write(body(["a = [" + "0, " * (n * MB // 3) + "0]", "return out"]))
    elif kind == "line-name":     # one line of about n MB: a name never defined
        out.write(body(["a = " + "v" * (n * MB), "return out"]))
    elif kind == "line-comment":  # a valid program with an n MB comment line
        out.write(body(["# " + "c" * (n * MB), STORE, "return out"]))
    elif kind == "line-string":   # a string literal of n MB as a name hint
        out.write(body(['with pl.cluster(name_hint="' + "s " * (n * MB // 2) + '"):',
                        "    " + STORE, "return out"]))
    elif kind == "size":          # a valid program padded to n MB with comment lines
        text = body([STORE, "return out"])
        line = "# " + "p" * 1021 + "\n"
        out.write(text)
        for _ in range((n * MB - len(text)) // len(line) + 1):
            out.write(line)
    elif kind == "statements":    # n small statements
        out.write(body(["a%d = 1" % i for i in range(n)] + ["return out"]))
    else:
        sys.exit("make_input.py: unknown kind " + kind)


main()
