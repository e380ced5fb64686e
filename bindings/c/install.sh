#!/usr/bin/env bash
# Installs the C library under a prefix, as a C library is installed:
#   PREFIX/include/hupai.h
#   PREFIX/lib/libhupai_c.so and libhupai_c.a (debug symbols stripped)
#   PREFIX/lib/pkgconfig/hupai.pc
# so that `gcc app.c $(pkg-config --cflags --libs hupai)` builds and the
# program finds the shared library at run time (hupai.pc adds an rpath to
# PREFIX/lib, so no LD_LIBRARY_PATH or ldconfig is needed).
#
#   bash bindings/c/install.sh [--no-build] [PREFIX]   # PREFIX: /usr/local
#   export PKG_CONFIG_PATH=PREFIX/lib/pkgconfig   # when PREFIX is not searched
#
# Builds the library first (cargo build --release -p hupai-c), unless
# --no-build: then it installs what target/release (or, after `cargo test
# --release`, target/release/deps) holds.
set -euo pipefail
build=1
if [ "${1:-}" = "--no-build" ]; then
  build=0
  shift
fi
prefix=${1:-/usr/local}
case $prefix in
  /*) ;;
  *) prefix="$PWD/$prefix" ;;
esac
cd "$(dirname "$0")/../.."

if [ "$build" = 1 ]; then
  cargo build --release --locked --quiet -p hupai-c
fi
target_dir=${CARGO_TARGET_DIR:-target}
lib_dir="$target_dir/release"
[ -f "$lib_dir/libhupai_c.so" ] || lib_dir="$target_dir/release/deps"
version=$(awk '/^\[workspace.package\]/ { w = 1 } w && /^version = / { gsub(/[^0-9.]/, ""); print; exit }' Cargo.toml)

mkdir -p "$prefix/include" "$prefix/lib/pkgconfig"
install -m 644 bindings/c/include/hupai.h "$prefix/include/hupai.h"
# Symbols a user does not link against are stripped. What stays is mostly
# the default tables the library carries: about 7 MB shared, 24 MB static
# (the static library holds the Rust standard library too).
install -m 755 "$lib_dir/libhupai_c.so" "$prefix/lib/libhupai_c.so"
strip --strip-unneeded "$prefix/lib/libhupai_c.so"
install -m 644 "$lib_dir/libhupai_c.a" "$prefix/lib/libhupai_c.a"
strip --strip-debug "$prefix/lib/libhupai_c.a"

cat >"$prefix/lib/pkgconfig/hupai.pc" <<EOF
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: hupai
Description: Exact mahjong win checks with any number of jokers (C library)
Version: $version
URL: https://github.com/hupai-rs/hupai
Cflags: -I\${includedir}
Libs: -L\${libdir} -Wl,-rpath,\${libdir} -lhupai_c
Libs.private: -lpthread -ldl -lm
EOF

for f in include/hupai.h lib/libhupai_c.so lib/libhupai_c.a lib/pkgconfig/hupai.pc; do
  printf '%s\t%s bytes\n' "$prefix/$f" "$(wc -c <"$prefix/$f")"
done
