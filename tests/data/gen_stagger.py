#!/usr/bin/env python3
"""Writes the staggered and infinite test maps of tests/data/stagger (run after changing them):
stagger_{x,y}_{odd,even}.tmx  7x8 staggered maps (both axes, both indexes) with a wall, an
                              empty cell, `start`/`goal` points at cell centres and a
                              tile object standing on cell (5,2);
infinite_negative.tmx         an infinite isometric map whose 8x8 chunks start at (-8,-8), one
                              chunk of the bounding box missing and a few empty cells (void).
Tiles: 32x16, ../render/flat.png (tile 0 grass, tile 1 wall)."""
import os

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "stagger")
TW, TH = 32, 16
W, H = 7, 8
TILESET = f''' <tileset firstgid="1" name="flat" tilewidth="{TW}" tileheight="{TH}" tilecount="2" columns="2">
  <image source="../render/flat.png" width="64" height="16"/>
  <tile id="0"><properties><property name="terrain" value="grass"/></properties></tile>
  <tile id="1"><properties><property name="terrain" value="wall"/></properties></tile>
 </tileset>
'''
START, GOAL = (1, 1), (5, 6)


def gid(x, y):
    if (x, y) == (6, 7):
        return 0
    return 2 if x == 3 and 1 <= y <= 5 else 1


def centre(axis, index, x, y):
    """Pixel centre of staggered cell (x, y), as Tiled's staggered renderer places it."""
    shifted = lambda i: (i % 2 == 1) != (index == "even")
    if axis == "y":
        return x * TW + (TW // 2 if shifted(y) else 0) + TW // 2, y * TH // 2 + TH // 2
    return x * TW // 2 + TW // 2, y * TH + (TH // 2 if shifted(x) else 0) + TH // 2


def points(cells):
    out = []
    for i, (name, (px, py)) in enumerate(cells, start=1):
        out.append(f'  <object id="{i}" name="{name}" x="{px}" y="{py}"><point/></object>')
    return "\n".join(out)


def prop(axis, index, x, y):
    """A tile object (the wall tile) standing on cell (x, y): anchored, as Tiled places tile
    objects on staggered maps by default, at the bottom-left of the cell's bounding box."""
    cx, cy = centre(axis, index, x, y)
    return f''' <objectgroup id="3" name="props">
  <object id="3" gid="2" x="{cx - TW // 2}" y="{cy + TH // 2}" width="{TW}" height="{TH}"/>
 </objectgroup>
'''


def staggered(axis, index):
    rows = ",\n".join(",".join(str(gid(x, y)) for x in range(W)) for y in range(H))
    objs = points([("start", centre(axis, index, *START)), ("goal", centre(axis, index, *GOAL))])
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="staggered" renderorder="right-down" width="{W}" height="{H}" tilewidth="{TW}" tileheight="{TH}" infinite="0" staggeraxis="{axis}" staggerindex="{index}" nextlayerid="4" nextobjectid="4">
{TILESET} <layer id="1" name="ground" width="{W}" height="{H}">
  <data encoding="csv">
{rows}
</data>
 </layer>
 <objectgroup id="2" name="spawns">
{objs}
 </objectgroup>
{prop(axis, index, 5, 2)}</map>
'''


def infinite():
    chunks = []
    for cx, cy in [(-8, -8), (0, -8), (-8, 0)]:
        cells = []
        for y in range(cy, cy + 8):
            cells.append(",".join("0" if (x + y) % 13 == 5 and x > -6 else
                                  "2" if x == -2 and y < 2 and y != -7 else "1" for x in range(cx, cx + 8)))
        data = ",\n".join(cells)
        chunks.append(f'''   <chunk x="{cx}" y="{cy}" width="8" height="8">
{data}
</chunk>''')
    iso = lambda x, y: ((x + 0.5) * TH, (y + 0.5) * TH)
    objs = points([("start", iso(-6, -6)), ("goal", iso(5, -3))])
    body = "\n".join(chunks)
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="isometric" renderorder="right-down" width="16" height="16" tilewidth="{TW}" tileheight="{TH}" infinite="1" nextlayerid="3" nextobjectid="3">
{TILESET} <layer id="1" name="ground" width="16" height="16">
  <data encoding="csv">
{body}
  </data>
 </layer>
 <objectgroup id="2" name="spawns">
{objs}
 </objectgroup>
</map>
'''


os.makedirs(HERE, exist_ok=True)
for axis in ("x", "y"):
    for index in ("odd", "even"):
        with open(os.path.join(HERE, f"stagger_{axis}_{index}.tmx"), "w") as f:
            f.write(staggered(axis, index))
with open(os.path.join(HERE, "infinite_negative.tmx"), "w") as f:
    f.write(infinite())
