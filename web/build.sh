#!/usr/bin/env bash
# Builds the page into target/web: the WebAssembly package
# (bindings/wasm/build.sh, which cargo keeps incremental), the files of the
# package a browser loads, and the page's own files (web/*.html, *.js,
# *.css). Any static host serves the folder, or locally:
#   bash web/build.sh && python3 -m http.server -d target/web 8000
# Prints the folder's size gzipped, file by file summed (gzip -9), and
# fails over the issue's bound of 1.2 MB.
set -euo pipefail
cd "$(dirname "$0")/.."

bash bindings/wasm/build.sh >/dev/null

out=${CARGO_TARGET_DIR:-target}/web
rm -rf "$out"
mkdir -p "$out/pkg"
cp web/index.html web/page.js web/tiles.js web/style.css "$out/"
# Every module of the browser's entry (index.js and what it imports; the
# package's Node entry, node.js, stays out), the wasm module and the licences.
for f in bindings/wasm/pkg/*.js; do
  [ "$(basename "$f")" = node.js ] || cp "$f" "$out/pkg/"
done
cp bindings/wasm/pkg/hupai_wasm_bg.wasm bindings/wasm/pkg/LICENSE-MIT bindings/wasm/pkg/LICENSE-APACHE "$out/pkg/"

gz=0
for f in $(find "$out" -type f); do
  gz=$((gz + $(gzip -9 -c "$f" | wc -c)))
done
echo "$out: $(find "$out" -type f | wc -l) files, $(du -sb "$out" | cut -f1) bytes, $gz gzipped (gzip -9)"
if [ "$gz" -gt 1200000 ]; then
  echo "the page is $gz bytes gzipped: over the 1.2 MB bound" >&2
  exit 1
fi
