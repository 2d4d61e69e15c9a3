"""Run the ```python blocks of Markdown files as a reader would: in order, in
one namespace, each statement as written, checking the value a comment
states for an expression statement.

    v.shape, v.stride(), v.storage_offset()      # (2, 2), (4, 2), 4
    t.storage().refcount          # 3: t, v and the Storage object just made
    th.debug.live()               # Live(storages=2, tensors=3, bytes=96): t, v and c

A comment on an expression statement is a claim when its text (or the text
before its first ": ") parses as a Python expression other than a bare
word: the statement's value must equal the claim evaluated in the
namespace, or (when the claim names something the namespace lacks, such as
Live) its repr must be the claim's text. Other comments are prose.

An HTML comment on the line before a block's fence changes how it runs:
    <!-- doc-test: skip: why -->        the block is not run (a template)
    <!-- doc-test: requires numpy -->   run only when numpy can be imported

Usage: python doc_examples.py FILE.md ... (run by tests/project/test_readme.py in a
fresh interpreter in a temporary directory, so live counts are exact). Exits
non-zero with the Markdown file and line of the first failure; prints
"left out FILE:LINE (needs MODULE)" for each block whose module is missing.
"""
import ast
import importlib.util
import io
import os
import re
import sys
import tokenize
from typing import NamedTuple

MARKER = re.compile(r"<!--\s*doc-test:\s*(skip|requires)\b:?\s*(.*?)\s*-->")


class Block(NamedTuple):
    path: str
    line: int        # line of the block's first code line in the file
    language: str
    code: str
    skip: str        # why the block is never run, or ""
    requires: tuple  # modules the block needs


def code_blocks(path, language):
    """The fenced blocks of one language in a Markdown file, in order."""
    blocks, lines = [], open(path, encoding="utf-8").read().splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```" + language:
            start, i = i + 1, i + 1
            while lines[i].strip() != "```":
                i += 1
            marker = MARKER.search(lines[start - 2]) if start >= 2 else None
            kind, arg = marker.groups() if marker else ("", "")
            blocks.append(Block(path, start + 1, language, "\n".join(lines[start:i]) + "\n",
                                arg if kind == "skip" else "",
                                tuple(arg.split()) if kind == "requires" else ()))
        i += 1
    return blocks


def stated_value(comment):
    """The expression a comment claims as a value, or None for prose."""
    text = comment.lstrip("#").strip()
    for claim in (text, text.split(": ", 1)[0]):
        try:
            node = ast.parse(claim, mode="eval").body
        except SyntaxError:
            continue
        return None if isinstance(node, ast.Name) else claim
    return None


def end_of_line_comments(code):
    """{line: comment} for the comments that end a line of code."""
    return {tok.start[0]: tok.string
            for tok in tokenize.generate_tokens(io.StringIO(code).readline)
            if tok.type == tokenize.COMMENT}


def check_claim(value, claim, namespace, where):
    try:
        expected = eval(claim, namespace)
    except NameError:
        ok = repr(value) == claim
    else:
        ok = value == expected
    if not ok:
        raise AssertionError(f"{where}: the comment says {claim}, the value is {value!r}")


def run_block(block, namespace):
    tree = ast.parse(block.code, block.path)
    ast.increment_lineno(tree, block.line - 1)
    comments = {line + block.line - 1: text
                for line, text in end_of_line_comments(block.code).items()}
    for statement in tree.body:
        claim = stated_value(comments.get(statement.end_lineno, ""))
        where = f"{block.path}:{statement.lineno}"
        if isinstance(statement, ast.Expr) and claim is not None:
            code = compile(ast.Expression(statement.value), block.path, "eval")
            check_claim(eval(code, namespace), claim, namespace, where)
        else:
            exec(compile(ast.Module([statement], []), block.path, "exec"), namespace)


def main(paths):
    # the examples run as a user's script would: tests/ (this script's folder)
    # is not importable (tests/sparse would shadow pydata's sparse for dask)
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(
        os.path.abspath(__file__))]
    namespace = {"__name__": "__main__"}
    for path in paths:
        for block in code_blocks(path, "python"):
            missing = [m for m in block.requires if importlib.util.find_spec(m) is None]
            if block.skip:
                continue
            if missing:
                print(f"left out {block.path}:{block.line} (needs {', '.join(missing)})")
                continue
            run_block(block, namespace)


if __name__ == "__main__":
    main(sys.argv[1:])
