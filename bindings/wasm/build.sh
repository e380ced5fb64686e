#!/usr/bin/env bash
# Builds the npm package (one ES module package for Node and the browser)
# into bindings/wasm/pkg: the wasm module for wasm32-unknown-unknown,
# wasm-bindgen's `web` bindings, and the two entries of js/ (index.js for
# the browser and bundlers, node.js for Node; each installs fast_calls.js
# and arguments.js). Then `npm install bindings/wasm/pkg` works in a Node
# project or a bundled web app.
#
# Needs the target (`rustup target add wasm32-unknown-unknown`) and
# wasm-bindgen-cli of exactly the wasm-bindgen version in Cargo.lock
# (`cargo install wasm-bindgen-cli --version =VERSION --no-default-features
# --bin wasm-bindgen`: the default feature and the other binaries serve
# wasm-bindgen's test runner only).
set -euo pipefail
cd "$(dirname "$0")/../.."

if command -v rustup >/dev/null 2>&1 &&
  ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "the wasm32-unknown-unknown target is required:" >&2
  echo "  rustup target add wasm32-unknown-unknown" >&2
  exit 1
fi
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
  echo "wasm-bindgen-cli $want is required (found: ${have:-none}):" >&2
  echo "  cargo install wasm-bindgen-cli --version =$want --no-default-features --bin wasm-bindgen" >&2
  exit 1
fi

# The workspace's release profile keeps line tables for profiling
# (debug = 1); the module leaves them out, and is built with LTO and one
# codegen unit (smaller and faster; only this target's build pays for it).
export CARGO_PROFILE_RELEASE_DEBUG=0
export CARGO_PROFILE_RELEASE_LTO=fat
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1
cargo build --release --locked --quiet -p hupai-wasm --target wasm32-unknown-unknown

target_dir=${CARGO_TARGET_DIR:-target}
out=bindings/wasm/pkg
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target web --out-dir "$out" --out-name hupai_wasm \
  "$target_dir/wasm32-unknown-unknown/release/hupai_wasm.wasm"
cp bindings/wasm/js/index.js bindings/wasm/js/node.js bindings/wasm/js/fast_calls.js bindings/wasm/js/arguments.js bindings/wasm/js/index.d.ts \
  bindings/wasm/README.md LICENSE-MIT LICENSE-APACHE "$out/"
# package.json with the workspace's version (Cargo.toml, [workspace.package]).
version=$(awk '/^\[workspace.package\]/ { w = 1 } w && /^version = / { gsub(/[^0-9.]/, ""); print; exit }' Cargo.toml)
node -e 'const fs = require("fs"); const p = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
p.version = process.argv[2]; fs.writeFileSync(process.argv[3], JSON.stringify(p, null, 2) + "\n");' \
  bindings/wasm/js/package.json "$version" "$out/package.json"

raw=$(wc -c <"$out/hupai_wasm_bg.wasm")
gz=$(gzip -9 -c "$out/hupai_wasm_bg.wasm" | wc -c)
echo "$out/hupai_wasm_bg.wasm: $raw bytes, $gz gzipped (gzip -9)"
# The issue's bound: the module, default tables included, under 1 MB gzipped.
if [ "$gz" -ge 1000000 ]; then
  echo "the gzipped module is $gz bytes: over the 1 MB bound" >&2
  exit 1
fi
