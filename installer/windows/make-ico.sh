#!/usr/bin/env bash
# Renders resources/icons/cudnn-setup.svg into installer/windows/cudnn-setup.ico (PNG-compressed entries, which
# Windows Vista on reads) for the .exe and the NSIS installer. The .ico is committed, because a Windows build has
# no SVG renderer; run this again after changing the SVG. Needs rsvg-convert (Debian: librsvg2-bin) and python3.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
svg="$here/../../resources/icons/cudnn-setup.svg"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
sizes=(16 24 32 48 64 128 256)
for size in "${sizes[@]}"; do
    rsvg-convert --width="$size" --height="$size" --keep-aspect-ratio --output="$tmp/$size.png" "$svg"
done
python3 - "$here/cudnn-setup.ico" "$tmp" "${sizes[@]}" <<'PY'
import struct, sys
out, folder, sizes = sys.argv[1], sys.argv[2], [int(s) for s in sys.argv[3:]]
images = [open(f"{folder}/{s}.png", "rb").read() for s in sizes]
header = struct.pack("<HHH", 0, 1, len(images))          # reserved, type 1 = icon, count
offset = len(header) + 16 * len(images)
entries, data = b"", b""
for size, png in zip(sizes, images):
    side = 0 if size >= 256 else size                     # 0 means 256 in an ICONDIRENTRY
    entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(data))
    data += png
open(out, "wb").write(header + entries + data)
PY
echo "wrote $here/cudnn-setup.ico"
