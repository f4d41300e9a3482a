#!/usr/bin/env python3
"""Writes the tiny PNGs of the render fixtures (run from anywhere; deterministic, stdlib only).

tiles32.png  64x64: 2x2 tiles of 32x32 (isometric tall tiles on a 32x16 grid): each has a
             diamond base and an asymmetric marker (a bar on the left, a dot top-right) so
             every flip shows, and a semi-transparent band.
flat.png     64x16: 2 tiles of 32x16 (flat diamonds), solid colours.
prop.png     12x20: one image of an image-collection tileset (a post with a lighter top).
sky.png      40x12: an image layer with a horizontal gradient and half-transparent rows.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import pngwrite  # noqa: E402 (tests/data/pngwrite.py)


def write_png(name, w, h, pixel):
    pngwrite.write_png(os.path.join(HERE, name), w, h, pixel)


def in_diamond(x, y, w, h):
    # Pixel centre inside the diamond of a w x h cell.
    cx, cy = x + 0.5 - w / 2, y + 0.5 - h / 2
    return abs(cx) / (w / 2) + abs(cy) / (h / 2) < 1.0


TILE_COLOURS = [(200, 60, 40), (40, 160, 70), (50, 80, 200), (210, 190, 40)]


def tiles32(x, y):
    t = (y // 32) * 2 + x // 32
    lx, ly = x % 32, y % 32
    r, g, b = TILE_COLOURS[t]
    if ly >= 16 and in_diamond(lx, ly - 16, 32, 16):
        return (r, g, b, 255)
    if 2 <= lx < 6 and 4 <= ly < 22:  # bar on the left
        return (255, 255, 255, 255)
    if 24 <= lx < 28 and 2 <= ly < 6:  # dot top-right
        return (0, 0, 0, 255)
    if 8 <= ly < 11:  # semi-transparent band
        return (r, g, b, 100 + 40 * t)
    return (0, 0, 0, 0)


def flat(x, y):
    t = x // 32
    if in_diamond(x % 32, y, 32, 16):
        return [(90, 140, 60, 255), (120, 110, 90, 255)][t]
    return (0, 0, 0, 0)


def prop(x, y):
    if 4 <= x < 8:
        return (240, 220, 120, 255) if y < 6 else (120, 80, 40, 255)
    return (0, 0, 0, 0)


def sky(x, y):
    return (6 * x, 100, 255 - 6 * x, 255 if y < 6 else 128)


write_png("tiles32.png", 64, 64, tiles32)
write_png("flat.png", 64, 16, flat)
write_png("prop.png", 12, 20, prop)
write_png("sky.png", 40, 12, sky)
