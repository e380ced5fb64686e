#!/usr/bin/env bash
# Builds target/java/hupai.jar: the class hupai.Hupai and the C library
# (stripped) at linux-x86-64/libhupai_c.so (or linux-aarch64/...), where
# JNA looks for a native library on the class path. With the jar and JNA's
# on the class path a program needs no -Djna.library.path:
#
#   bash bindings/java/build.sh [--no-build]
#   java -cp target/java/hupai.jar:/usr/share/java/jna.jar:. YourApp
#
# Builds the C library first (cargo build --release -p hupai-c), unless
# --no-build: then it packs what target/release (or target/release/deps)
# holds. Needs a JDK and
# JNA (Debian: apt-get install libjna-java; JNA_JAR names another jna.jar).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=1
[ "${1:-}" = "--no-build" ] && build=0
jna=${JNA_JAR:-/usr/share/java/jna.jar}
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) platform=linux-x86-64 ;;
  Linux-aarch64) platform=linux-aarch64 ;;
  *) echo "no JNA resource prefix known for $(uname -s) $(uname -m)" >&2; exit 1 ;;
esac

if [ "$build" = 1 ]; then
  cargo build --release --locked --quiet -p hupai-c
fi
target_dir=${CARGO_TARGET_DIR:-target}
lib_dir="$target_dir/release"
[ -f "$lib_dir/libhupai_c.so" ] || lib_dir="$target_dir/release/deps"
out="$target_dir/java"
rm -rf "$out/classes" "$out/hupai.jar"
mkdir -p "$out/classes/$platform"
javac -Xlint:all -Werror -d "$out/classes" -cp "$jna" bindings/java/src/hupai/Hupai.java
cp "$lib_dir/libhupai_c.so" "$out/classes/$platform/libhupai_c.so"
strip --strip-unneeded "$out/classes/$platform/libhupai_c.so"
jar --create --file "$out/hupai.jar" -C "$out/classes" .
printf '%s\t%s bytes\n' "$out/hupai.jar" "$(wc -c <"$out/hupai.jar")"
