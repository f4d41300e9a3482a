#!/usr/bin/env python3
"""Writes the hexagonal render fixtures of tests/data/hex (run after changing them; stdlib only):

hex16.png                 64x32: 4x2 tiles of 16x16. Row 0: pointy-top hexagons (stagger y),
                          row 1: flat-top ones (stagger x); each a colour of its own with a dark
                          dot off-centre so every flip and turn shows.
hex_{x,y}_{odd,even}.tmx  7x6 hexagonal maps of 16x16 cells, side 8, one per stagger axis and
                          index, with what a layer can hold: flips H/V, the 60 and 120 degree
                          turns (bits 29 and 28), a group with offset and opacity holding tall
                          tiles (../render/tiles32.png: tile offset, flips, an animation), a tinted
                          layer with opacity and offset, tile objects (an image collection,
                          flipped; none stretched: Tiled smooths those, the turned tiles need
                          its smoothing on), an image layer and a hidden layer.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import pngwrite  # noqa: E402 (tests/data/pngwrite.py)
T = 16
SIDE = 8
W, H = 7, 6
H_FLIP, V_FLIP, D_FLIP, R120 = 0x80000000, 0x40000000, 0x20000000, 0x10000000


def write_png(name, w, h, pixel):
    pngwrite.write_png(os.path.join(HERE, name), w, h, pixel)


def in_hexagon(x, y, pointy):
    """Pixel centre inside the hexagon of a T x T cell with side SIDE (Tiled's polygon)."""
    px, py = x + 0.5, y + 0.5
    if not pointy:
        px, py = py, px
    off = (T - SIDE) / 2  # the slanted part's height
    if py < off:
        return abs(px - T / 2) < (T / 2) * py / off
    if py > T - off:
        return abs(px - T / 2) < (T / 2) * (T - py) / off
    return 0 <= px < T


COLOURS = [(90, 150, 60), (150, 120, 80), (60, 110, 190), (200, 180, 60)]


def hex16(x, y):
    t, pointy = x // T, y < T
    lx, ly = x % T, y % T
    if not in_hexagon(lx, ly, pointy):
        return (0, 0, 0, 0)
    if 4 <= lx < 7 and 5 <= ly < 8:
        return (20, 20, 20, 255)
    r, g, b = COLOURS[t]
    return (r, g, b, 255) if lx < 12 else (r // 2 + 100, g // 2 + 100, b // 2 + 100, 255)


def ground(axis):
    flips = [0, H_FLIP, V_FLIP, D_FLIP, R120, D_FLIP | R120, H_FLIP | R120, V_FLIP | D_FLIP]
    base = 1 if axis == "y" else 5
    rows = []
    for y in range(H):
        row = []
        for x in range(W):
            if (x, y) == (6, 5):
                row.append(0)  # an empty cell
                continue
            row.append((base + (x + 2 * y) % 4) | flips[(x * 3 + y) % len(flips)])
        rows.append(",".join(str(g) for g in row))
    return ",\n".join(rows)


def tall():
    cells = {(1, 0): 9, (3, 1): 10 | H_FLIP, (5, 2): 12, (0, 3): 11 | V_FLIP, (4, 4): 9 | H_FLIP | V_FLIP,
             (2, 5): 12}
    return ",\n".join(",".join(str(cells.get((x, y), 0)) for x in range(W)) for y in range(H))


def tinted():
    return ",\n".join(",".join(str(10 if (x, y) == (2, 2) else 0) for x in range(W)) for y in range(H))


def hidden():
    return ",\n".join(",".join("9" for _ in range(W)) for _ in range(H))


def tmx(axis, index):
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" width="{W}" height="{H}" tilewidth="{T}" tileheight="{T}" infinite="0" hexsidelength="{SIDE}" staggeraxis="{axis}" staggerindex="{index}" nextlayerid="8" nextobjectid="4">
 <tileset firstgid="1" name="hex16" tilewidth="{T}" tileheight="{T}" tilecount="8" columns="4">
  <image source="hex16.png" width="64" height="32"/>
 </tileset>
 <tileset firstgid="9" name="tall" tilewidth="32" tileheight="32" tilecount="4" columns="2">
  <tileoffset x="-8" y="2"/>
  <image source="../render/tiles32.png" width="64" height="64"/>
  <tile id="3">
   <animation>
    <frame tileid="1" duration="200"/>
    <frame tileid="2" duration="300"/>
   </animation>
  </tile>
 </tileset>
 <tileset firstgid="13" name="props" tilewidth="12" tileheight="20" tilecount="1" columns="0">
  <grid orientation="orthogonal" width="1" height="1"/>
  <tile id="0">
   <image width="12" height="20" source="../render/prop.png"/>
  </tile>
 </tileset>
 <layer id="1" name="ground" width="{W}" height="{H}">
  <data encoding="csv">
{ground(axis)}
</data>
 </layer>
 <group id="2" name="raised" offsetx="3" offsety="-5" opacity="0.8">
  <layer id="3" name="tall" width="{W}" height="{H}">
   <data encoding="csv">
{tall()}
</data>
  </layer>
 </group>
 <layer id="4" name="tinted" width="{W}" height="{H}" opacity="0.6" tintcolor="#ff8080" offsetx="-4" offsety="6">
  <data encoding="csv">
{tinted()}
</data>
 </layer>
 <objectgroup id="5" name="things">
  <object id="1" gid="13" x="24" y="40" width="12" height="20"/>
  <object id="2" gid="{13 | H_FLIP}" x="60" y="30" width="12" height="20"/>
  <object id="3" gid="13" x="40" y="70" width="12" height="20"/>
 </objectgroup>
 <imagelayer id="6" name="sky" offsetx="5" offsety="2" opacity="0.7">
  <image source="../render/sky.png" width="40" height="12"/>
 </imagelayer>
 <layer id="7" name="hidden" width="{W}" height="{H}" visible="0">
  <data encoding="csv">
{hidden()}
</data>
 </layer>
</map>
'''


write_png("hex16.png", 64, 32, hex16)
for axis in ("x", "y"):
    for index in ("odd", "even"):
        with open(os.path.join(HERE, f"hex_{axis}_{index}.tmx"), "w") as f:
            f.write(tmx(axis, index))
