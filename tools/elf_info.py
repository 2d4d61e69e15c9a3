"""What the dynamic loader and a wheel check read from an ELF shared object:
its DT_NEEDED, DT_RPATH and DT_RUNPATH entries and its section names. Plain
Python (struct), so the suite and a clean venv need neither binutils nor
pyelftools.

    python tools/elf_info.py FILE...   prints each file's RUNPATH, RPATH and
                                       NEEDED; exits 1 if one names a directory
                                       not relative to $ORIGIN or keeps debug info
"""
import struct
import sys
from typing import NamedTuple

PT_LOAD, PT_DYNAMIC = 1, 2
DT_NULL, DT_NEEDED, DT_STRTAB, DT_RPATH, DT_RUNPATH = 0, 1, 5, 15, 29


class ElfInfo(NamedTuple):
    needed: list  # sonames, in order
    rpath: list  # DT_RPATH's directories (deprecated: searched before LD_LIBRARY_PATH)
    runpath: list  # DT_RUNPATH's directories
    sections: list  # section names (.debug_info, ... unless stripped)


def read_elf(path):
    """The dynamic entries and section names of the ELF file at path; raises
    ValueError for a file that is not ELF."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF":
        raise ValueError(f"{path} is not an ELF file")
    wide = {1: False, 2: True}[data[4]]  # EI_CLASS: ELFCLASS32 / ELFCLASS64
    order = {1: "<", 2: ">"}[data[5]]  # EI_DATA: little / big endian
    word = "Q" if wide else "I"

    def unpack(fmt, offset):
        return struct.unpack_from(order + fmt, data, offset)

    # the header's fields after e_ident, e_type, e_machine, e_version, e_entry
    phoff, shoff = unpack(word * 2, 24 + (8 if wide else 4))
    header_tail = 24 + 3 * (8 if wide else 4) + 4  # past e_entry, e_phoff, e_shoff, e_flags
    _, phentsize, phnum, shentsize, shnum, shstrndx = unpack("HHHHHH", header_tail)

    segments = []
    for i in range(phnum):
        at = phoff + i * phentsize
        if wide:  # p_type, p_flags, p_offset, p_vaddr, p_paddr, p_filesz
            p_type, _, p_offset, p_vaddr, _, p_filesz = unpack("IIQQQQ", at)
        else:  # p_type, p_offset, p_vaddr, p_paddr, p_filesz
            p_type, p_offset, p_vaddr, _, p_filesz = unpack("IIIII", at)
        segments.append((p_type, p_offset, p_vaddr, p_filesz))

    def file_offset(address):  # a virtual address inside a loaded segment
        for p_type, p_offset, p_vaddr, p_filesz in segments:
            if p_type == PT_LOAD and p_vaddr <= address < p_vaddr + p_filesz:
                return address - p_vaddr + p_offset
        raise ValueError(f"{path}: address {address:#x} is in no loaded segment")

    entries = []
    for p_type, p_offset, _, p_filesz in segments:
        if p_type == PT_DYNAMIC:
            size = struct.calcsize(word * 2)
            for at in range(p_offset, p_offset + p_filesz, size):
                tag, value = unpack(word * 2, at)
                if tag == DT_NULL:
                    break
                entries.append((tag, value))
    strtab = [file_offset(v) for t, v in entries if t == DT_STRTAB]

    def string(table, offset):
        start = table + offset
        return data[start:data.index(b"\0", start)].decode()

    def values(tag):
        return [string(strtab[0], v) for t, v in entries if t == tag]

    def paths(tag):
        return [p for s in values(tag) for p in s.split(":") if p]

    sections = []
    if shoff and shnum:
        # sh_name, sh_type, sh_flags, sh_addr, sh_offset: the names table's offset
        names = unpack(word, shoff + shstrndx * shentsize + (24 if wide else 16))[0]
        sections = [string(names, unpack("I", shoff + i * shentsize)[0]) for i in range(shnum)]
    return ElfInfo(values(DT_NEEDED), paths(DT_RPATH), paths(DT_RUNPATH), sections)


def problems(path):
    """What keeps the shared object at path from going into a wheel as is:
    a search directory not relative to $ORIGIN (the build machine's), a
    DT_RPATH (searched before LD_LIBRARY_PATH), debug info."""
    info = read_elf(path)
    found = [f"{path}: RUNPATH entry {p!r} is not relative to $ORIGIN"
             for p in info.runpath if not p.startswith(("$ORIGIN", "${ORIGIN}"))]
    found += [f"{path}: has an RPATH {info.rpath}, not a RUNPATH" for _ in info.rpath[:1]]
    debug = [s for s in info.sections if s.startswith(".debug_")]
    found += [f"{path}: not stripped ({', '.join(debug)})" for _ in debug[:1]]
    return found


def main(paths):
    bad = []
    for path in paths:
        info = read_elf(path)
        print(f"{path}\n  RUNPATH {':'.join(info.runpath)}\n  RPATH {':'.join(info.rpath)}"
              f"\n  NEEDED {' '.join(info.needed)}")
        bad += problems(path)
    print("\n".join(bad), file=sys.stderr)
    return 1 if bad or not paths else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
