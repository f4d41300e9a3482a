#!/usr/bin/env python3
"""Writes the binary-encoded map fixtures of tests/data/map (base64 + zlib/gzip/zstd).
The csv and hand-written fixtures are edited directly; run this after changing GRID."""
import base64, gzip, struct, subprocess, zlib, os

HERE = os.path.dirname(os.path.abspath(__file__))
GRID = [1, 2, 3, 4,
        5, 6, 7, 8,
        0, 1, 0, 2,
        8, 7, 6, 5]

def raw(gids):
    return b"".join(struct.pack("<I", g) for g in gids)

def zstd(data):
    return subprocess.run(["zstd", "-q", "-c", "-19"], input=data, capture_output=True, check=True).stdout

def write_map(name, encoding, compression, payload):
    comp = f' compression="{compression}"' if compression else ""
    text = f'''<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="4" height="4" tilewidth="64" tileheight="32" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" source="tiles.tsx"/>
 <layer id="1" name="ground" width="4" height="4">
  <data encoding="{encoding}"{comp}>
   {payload}
  </data>
 </layer>
</map>
'''
    with open(os.path.join(HERE, "map", name), "w") as f:
        f.write(text)

data = raw(GRID)
write_map("base64_plain.tmx", "base64", "", base64.b64encode(data).decode())
write_map("base64_zlib.tmx", "base64", "zlib", base64.b64encode(zlib.compress(data)).decode())
write_map("base64_gzip.tmx", "base64", "gzip", base64.b64encode(gzip.compress(data, mtime=0)).decode())
write_map("base64_zstd.tmx", "base64", "zstd", base64.b64encode(zstd(data)).decode())

def png(path, w, h, rgb):
    """A plain RGBA PNG filled with one colour (fixtures' images: only their size matters)."""
    row = b"\x00" + bytes(rgb + (255,)) * w
    raw_rows = row * h
    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xffffffff)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)) \
        + chunk(b"IDAT", zlib.compress(raw_rows, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(data)

os.makedirs(os.path.join(HERE, "images"), exist_ok=True)
png(os.path.join(HERE, "images", "terrain.png"), 264, 68, (90, 160, 60))
png(os.path.join(HERE, "images", "tree.png"), 48, 64, (20, 100, 20))
png(os.path.join(HERE, "images", "rock.png"), 32, 32, (120, 120, 120))
png(os.path.join(HERE, "images", "sky.png"), 640, 480, (120, 170, 230))
png(os.path.join(HERE, "images", "extra.png"), 64, 64, (200, 60, 60))
