"""The zip container of torch.save's files, written byte for byte as torch
2.13's PyTorchStreamWriter (miniz) writes it: records stored uncompressed,
each record's data aligned to 64 bytes by an "FB" extra field of 'Z'
padding, a data descriptor after each record, a zip64 end of central
directory always, zero dates, and the .data/serialization_id record torch
derives from the record names and contents. Written sequentially, so f may
be a stream that cannot seek."""
import bisect
import struct
import zlib

ALIGNMENT = 64
_U32 = 0xFFFFFFFF
_ZIP64_AT = _U32  # sizes and offsets from here on are zip64 fields (lowered by a test)
_U64 = (1 << 64) - 1


class ZipWriter:
    """Records of one archive named prefix (torch: the file's stem, or
    "archive" for a buffer), written to the binary file f."""

    def __init__(self, f, prefix):
        self.f, self.prefix = f, prefix
        self.offset = 0
        self.entries = []  # (name, flags, crc, size, header offset)
        self.names = []  # without the prefix, in the order written
        self.combined_crc = 0

    def _write(self, data):
        self.f.write(data)
        self.offset += len(data)

    def write_record(self, name, data):
        """data: bytes or a buffer of bytes (written without a copy)."""
        data = memoryview(data).cast("B")
        size = len(data)
        full = (self.prefix + "/" + name).encode()
        header_at = self.offset
        zip64 = _zip64_extra(size, size, header_at)
        start = self.offset + 30 + len(full) + len(zip64) + 4
        padding = -start % ALIGNMENT
        extra = zip64 + b"FB" + struct.pack("<H", padding) + b"Z" * padding
        # miniz marks a data descriptor (flag 8) only when there is data to describe
        flags = 0x0808 if size else 0x0800
        self._write(struct.pack("<IHHHHHIIIHH", 0x04034B50, 0, flags, 0, 0, 0, 0, 0, 0,
                                len(full), len(extra)))
        self._write(full)
        self._write(extra)
        self._write(data)
        crc = zlib.crc32(data)
        if size:  # the data descriptor, 64-bit sizes after a zip64 header
            self._write(struct.pack("<IIQQ" if zip64 else "<IIII", 0x08074B50, crc, size, size))
        self.entries.append((full, flags, crc, size, header_at))
        self.names.append(name)
        if size:  # torch combines the CRCs of the records with data only
            self.combined_crc = _hash_combine(self.combined_crc, crc)

    def finish(self):
        """The version and serialization id records, then the directory."""
        self.write_record("version", b"3\n")
        self.write_record(".data/serialization_id", self._serialization_id())
        directory_at = self.offset
        for full, flags, crc, size, header_at in self.entries:
            big_size, big_offset = size >= _ZIP64_AT, header_at >= _ZIP64_AT
            extra = _zip64_extra(size if big_size else None, size if big_size else None,
                                 header_at if big_offset else None, central=True)
            self._write(struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 0, 0, flags, 0, 0, 0, crc,
                                    _U32 if big_size else size, _U32 if big_size else size,
                                    len(full), len(extra), 0, 0, 0, 0,
                                    _U32 if big_offset else header_at))
            self._write(full)
            self._write(extra)
        directory_size = self.offset - directory_at
        count = len(self.entries)
        end64_at = self.offset
        self._write(struct.pack("<IQHHIIQQQQ", 0x06064B50, 44, 0x031E, 0x002D, 0, 0, count, count,
                                directory_size, directory_at))
        self._write(struct.pack("<IIQI", 0x07064B50, 0, end64_at, 1))
        self._write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, min(count, 0xFFFF),
                                min(count, 0xFFFF),
                                _U32 if directory_size >= _ZIP64_AT else directory_size,
                                _U32 if directory_at >= _ZIP64_AT else directory_at, 0))

    def _serialization_id(self):
        """torch's: the record names (without the prefix) hashed by
        libstdc++'s std::hash, combined in the iteration order of the
        std::unordered_set that holds them, then the CRCs of the records
        with data combined in the order written; 20 decimal digits each."""
        names = 0
        for name in _unordered_set_order(self.names):
            names = _hash_combine(names, _std_hash(name.encode()))
        return b"%020d%020d" % (names, self.combined_crc)


def _zip64_extra(uncompressed, compressed, header_at, central=False):
    """miniz's zip64 extended information field: in a local header when the
    size or the header's offset reaches 4 GiB (then sizes and offset as
    needed), in the central directory only the fields that overflow."""
    if not central:
        big_size = uncompressed >= _ZIP64_AT
        big_offset = header_at >= _ZIP64_AT
        if not (big_size or big_offset):
            return b""
        uncompressed = uncompressed if big_size else None
        compressed = compressed if big_size else None
        header_at = header_at if big_offset else None
    fields = [v for v in (uncompressed, compressed, header_at) if v is not None]
    if not fields:
        return b""
    return struct.pack("<HH", 1, 8 * len(fields)) + b"".join(struct.pack("<Q", v) for v in fields)


def _hash_combine(seed, value):
    """c10::hash_combine on 64-bit size_t."""
    return (seed ^ ((value + 0x9E3779B9 + (seed << 6) + (seed >> 2)) & _U64)) & _U64


def _std_hash(data, seed=0xC70F6907):
    """libstdc++'s std::hash<std::string> on 64 bits (_Hash_bytes)."""
    mul = 0xC6A4A7935BD1E995

    def shift_mix(v):
        return v ^ (v >> 47)

    n = len(data)
    h = (seed ^ (n * mul)) & _U64
    aligned = n & ~7
    for p in range(0, aligned, 8):
        h ^= (shift_mix((int.from_bytes(data[p:p + 8], "little") * mul) & _U64) * mul) & _U64
        h = (h * mul) & _U64
    if n & 7:
        h ^= int.from_bytes(data[aligned:], "little")
        h = (h * mul) & _U64
    return shift_mix((shift_mix(h) * mul) & _U64)


_FAST_BUCKETS = (2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13)
# libstdc++'s std::__detail::__prime_list (bucket counts), as far as a checkpoint goes: past
# two million records the id's first half may differ from torch's (no reader checks it)
_PRIMES = (17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 103, 109,
           113, 127, 137, 139, 149, 157, 167, 179, 193, 199, 211, 227, 241, 257, 277, 293, 313,
           337, 359, 383, 409, 439, 467, 503, 541, 577, 619, 661, 709, 761, 823, 887, 953, 1031,
           1109, 1193, 1289, 1381, 1493, 1613, 1741, 1879, 2029, 2179, 2357, 2549, 2753, 2971,
           3209, 3469, 3739, 4027, 4349, 4703, 5087, 5503, 5953, 6427, 6949, 7517, 8123, 8783,
           9497, 10273, 11113, 12011, 12983, 14033, 15173, 16411, 17749, 19183, 20753, 22447,
           24281, 26267, 28411, 30727, 33223, 35933, 38873, 42043, 45481, 49201, 53201, 57557,
           62233, 67307, 72817, 78779, 85229, 92203, 99733, 107897, 116731, 126271, 136607,
           147793, 159871, 172933, 187091, 202409, 218971, 236897, 256279, 277261, 299951,
           324503, 351061, 379787, 410857, 444487, 480881, 520241, 562841, 608903, 658753,
           712697, 771049, 834181, 902483, 976369, 1056323, 1142821, 1236397, 1337629, 1447153,
           1565659, 1693859, 1832561, 1982627, 2144977)


def _next_bucket_count(n):
    """_Prime_rehash_policy::_M_next_bkt."""
    if n < len(_FAST_BUCKETS):
        return _FAST_BUCKETS[n]
    return _PRIMES[min(bisect.bisect_left(_PRIMES, n), len(_PRIMES) - 1)]


def _unordered_set_order(names):
    """The iteration order of a libstdc++ std::unordered_set<std::string>
    after inserting names in this order (prime rehash policy, load factor 1:
    eleven buckets wanted at the first insertion, twice as many when full).
    Its list holds each bucket's nodes together: a node goes first in its
    bucket, a new bucket first in the list, and a rehash reinserts the
    nodes in list order; so the list is the buckets, newest first, each
    with its nodes newest first."""
    hashes = {name: _std_hash(name.encode()) for name in names}
    buckets, next_resize = 1, 0
    groups = {}  # bucket -> its names in insertion order (the dict: buckets by creation)

    def listed():
        return [name for b in reversed(groups) for name in reversed(groups[b])]

    for count, name in enumerate(names):
        if count + 1 > next_resize:
            wanted = max(count + 1, 0 if next_resize else 11)
            buckets = _next_bucket_count(max(wanted + 1, buckets * 2))
            next_resize = buckets
            old, groups = listed(), {}
            for other in old:
                groups.setdefault(hashes[other] % buckets, []).append(other)
        groups.setdefault(hashes[name] % buckets, []).append(name)
    return listed()
