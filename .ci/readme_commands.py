"""Print the first N ```bash blocks of a Markdown file, each ended by a NUL."""
import sys

path, count = sys.argv[1], int(sys.argv[2])
blocks, block = [], None
for line in open(path, encoding="utf-8"):
    if block is None and line.strip() == "```bash":
        block = []
    elif block is not None and line.strip() == "```":
        blocks.append("".join(block))
        block = None
    elif block is not None:
        block.append(line)
for text in blocks[:count]:
    sys.stdout.write(text.strip() + "\0")
