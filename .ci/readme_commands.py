"""Print the first N ```bash blocks of a Markdown file, each ended by a NUL
(parsed by tests/doc_examples.py, which runs the README's python blocks)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from doc_examples import code_blocks  # noqa: E402

path, count = sys.argv[1], int(sys.argv[2])
for block in code_blocks(path, "bash")[:count]:
    sys.stdout.write(block.code.strip() + "\0")
