#!/usr/bin/env bash
# Builds Fairy-Stockfish (the independent UCI engine that plays the Game of the
# Amazons) from source, so our engine can be measured against it in the arena:
#
#   bash scripts/fairy-stockfish.sh            # prints the binary's path
#   cargo run --release -p amazons-engine -- arena --a full \
#       --b "uci:$(bash scripts/fairy-stockfish.sh)" --games 100 --movetime 1000
#
# Fairy-Stockfish's own repository is on GitHub, which the build machines here
# cannot reach; its full C++ source also ships as the source distribution of
# its Python binding `pyffish` on PyPI, which they can. The script downloads
# that (pinned version), compiles every engine source file except the two
# binding files with the flags the binding uses (large boards and all variants,
# which `amazons` needs), and keeps the binary in $FSF_DIR.
#
# Knobs (environment):
#   FSF_DIR       where to build            (default target/fairy-stockfish)
#   FSF_VERSION   pyffish version           (default 0.0.90)
#   CXX           C++ compiler              (default g++)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
dir=${FSF_DIR:-$root/target/fairy-stockfish}
version=${FSF_VERSION:-0.0.90}
binary=$dir/fairy-stockfish-$version

if [[ ! -x $binary ]]; then
    mkdir -p "$dir"
    (
        cd "$dir"
        python3 -m pip download "pyffish==$version" --no-binary :all: --no-deps -d . >&2
        tar xzf "pyffish-$version.tar.gz"
        cd "pyffish-$version"
        mapfile -t sources < <(ls src/*.cpp src/syzygy/*.cpp src/nnue/*.cpp src/nnue/features/*.cpp |
            grep -v -e 'src/pyffish.cpp' -e 'src/ffishjs.cpp')
        echo "compiling Fairy-Stockfish $version (${#sources[@]} files, a few minutes)" >&2
        "${CXX:-g++}" -std=c++17 -O3 -march=native -DNDEBUG -DIS_64BIT -DUSE_POPCNT \
            -DLARGEBOARDS -DALLVARS -DPRECOMPUTED_MAGICS -DNNUE_EMBEDDING_OFF \
            -pthread "${sources[@]}" -o "$binary"
    )
fi
# A smoke test: it must know the variant and agree with our perft at depth 1.
# (`go perft` runs on the search thread, so give it a moment before `quit`.)
count=$({
    printf 'setoption name UCI_Variant value amazons\nposition startpos\ngo perft 1\n'
    sleep 1
    echo quit
} | "$binary" | sed -n 's/^Nodes searched: //p')
if [[ $count != 2176 ]]; then
    echo "Fairy-Stockfish at $binary does not play amazons (perft 1 = '$count')" >&2
    exit 1
fi
echo "$binary"
