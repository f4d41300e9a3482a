#!/usr/bin/env python3
"""Writes the hexagonal maps of tests/data/hexedit (run after changing them), which the editor's
save tests paint and rasterize: hex_{x,y}_{odd,even}.tmx, 7x8 hexagonal maps (both stagger axes,
both indexes, hexsidelength 8) of grass with a wall at column 3, rows 1-5.
Tiles: 32x16, ../render/flat.png (tile 0 grass, tile 1 wall)."""
import os

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hexedit")
TW, TH, SIDE = 32, 16, 8
W, H = 7, 8


def gid(x, y):
    return 2 if x == 3 and 1 <= y <= 5 else 1


def hexagonal(axis, index):
    rows = ",\n".join(",".join(str(gid(x, y)) for x in range(W)) for y in range(H))
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" width="{W}" height="{H}" tilewidth="{TW}" tileheight="{TH}" infinite="0" hexsidelength="{SIDE}" staggeraxis="{axis}" staggerindex="{index}" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="flat" tilewidth="{TW}" tileheight="{TH}" tilecount="2" columns="2">
  <image source="../render/flat.png" width="64" height="16"/>
  <tile id="0"><properties><property name="terrain" value="grass"/></properties></tile>
  <tile id="1"><properties><property name="terrain" value="wall"/></properties></tile>
 </tileset>
 <layer id="1" name="ground" width="{W}" height="{H}">
  <data encoding="csv">
{rows}
</data>
 </layer>
</map>
'''


def main():
    os.makedirs(HERE, exist_ok=True)
    for axis in ("x", "y"):
        for index in ("odd", "even"):
            with open(os.path.join(HERE, f"hex_{axis}_{index}.tmx"), "w") as f:
                f.write(hexagonal(axis, index))


if __name__ == "__main__":
    main()
