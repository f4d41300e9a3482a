"""The fixture generators' PNG writer: 8-bit RGBA, no filtering, zlib level 9 (byte-stable)."""
import struct
import zlib


def write_png(path, w, h, pixel):
    """Writes a w x h image to `path`; pixel(x, y) gives the (r, g, b, a) of each pixel."""
    raw = b""
    for y in range(h):
        raw += b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(w))

    def chunk(tag, data):
        c = struct.pack(">I", len(data)) + tag + data
        return c + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)
