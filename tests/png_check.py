#!/usr/bin/env python3
"""Checks that a PNG screenshot is not blank.

usage: png_check.py FILE MIN_INK [MIN_RED]

Decodes the PNG with zlib alone (8-bit RGB or RGBA, non-interlaced, as
Chromium writes screenshots), takes the most common colour as the
background, and fails (exit 1) when fewer than MIN_INK of the pixels differ
from it, or, with MIN_RED, when fewer than MIN_RED of them are red (the red
suits of the cards). Prints what it measured.
"""
import struct
import sys
import zlib
from collections import Counter


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError("unsupported PNG: depth %d colour type %d interlace %d" % (depth, colour, interlace))
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + ((a + b) >> 1)) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    pixels = [tuple(r[x * bpp:x * bpp + 3]) for r in rows for x in range(width)]
    return width, height, pixels


def main():
    path, min_ink = sys.argv[1], float(sys.argv[2])
    min_red = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
    width, height, pixels = decode(path)
    counts = Counter(pixels)
    background, n_background = counts.most_common(1)[0]
    total = len(pixels)
    ink = 1 - n_background / total
    red = sum(n for (r, g, b), n in counts.items() if r > 150 and g < 90 and b < 110) / total
    print("%s: %dx%d, background %s, ink %.3f, red %.4f, %d colours" %
          (path, width, height, background, ink, red, len(counts)))
    if ink < min_ink:
        print("FAIL: blank or nearly blank (ink %.3f < %.3f)" % (ink, min_ink))
        return 1
    if red < min_red:
        print("FAIL: too little red (%.4f < %.4f)" % (red, min_red))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
