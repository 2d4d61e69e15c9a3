"""zstandard's streaming decompression. zstandard 0.18.0's C backend leaks a
reference to the empty bytes b'' each time decompressobj().decompress() is
given a piece of a frame that yields no output yet (fixed in 0.19.0: "calls to
this method could have leaked memory")."""
import zstandard

TEXT = b"th leak check, real releases. " * 200
FRAME = zstandard.ZstdCompressor(level=3).compress(TEXT)


def test_decompress_frame_in_pieces():
    for size in (1, 7, 64):
        obj = zstandard.ZstdDecompressor().decompressobj()
        pieces = [obj.decompress(FRAME[i:i + size]) for i in range(0, len(FRAME), size)]
        assert b"".join(pieces) == TEXT


def test_decompress_whole_frame():
    obj = zstandard.ZstdDecompressor().decompressobj()
    assert obj.decompress(FRAME) == TEXT


def test_compress_decompress_round_trip():
    for level in (1, 3, 19):
        frame = zstandard.ZstdCompressor(level=level).compress(TEXT)
        assert zstandard.ZstdDecompressor().decompress(frame) == TEXT
