#!/usr/bin/env bash
# The coverage-guided fuzzer over documents: libFuzzer with AddressSanitizer, over opening a
# snapshot, decoding and applying patches, opening a store's files (journal records included),
# and the JSON parser alone on raw bytes, with the test model (Tests/RippleTests/Model). See
# DocumentFuzzer.swift. With RIPPLE_FUZZ_TARGET=change-sets, over decoding and merging change
# sets instead (ChangeSetFuzzer.swift); with RIPPLE_FUZZ_TARGET=replica, over replica states,
# versions, change sets merged by a real model's mediator and shared folders' change files
# (ReplicaFuzzer.swift).
#
#   Tests/Fuzz/run.sh                 builds, writes the seeds, fuzzes for 60 s
#   RIPPLE_FUZZ_TIME=1800 Tests/Fuzz/run.sh       fuzzes for 30 minutes
#   Tests/Fuzz/run.sh .build/fuzz/crash-<hash>     replays an input (any arguments go to libFuzzer,
#                                                  in place of the corpus folders)
#
# Needs a toolchain that builds `swiftc -sanitize=fuzzer,address` (the swift.org toolchains on
# Linux do; Xcode's does not ship libFuzzer). The corpus grows in .build/fuzz/corpus; a crash
# leaves its input in .build/fuzz (`crash-...`), replayed by passing the file. Leak detection is
# off: a model whose nodes hold each other (a cycle, a back reference to the root) is never
# freed, by the nature of reference counting, not by a fault of what read it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=.build/fuzz
mkdir -p "$out/generated" "$out/corpus"

# The test model's files: the Library model links the breakers' models (see Gauge.swift), as
# FixtureInputs.swift lists them.
models=(Tests/RippleTests/Model/*.swift Tests/RippleTests/Breaker27/KanbanBoard.swift Tests/RippleTests/Breaker32/MusicCollection.swift
    Tests/RippleTests/Breaker33/GardenPlan.swift Tests/RippleTests/Breaker34/Storyboard.swift Tests/RippleTests/Breaker35/Outline.swift
    Tests/RippleTests/Breaker36/Drawing.swift Tests/RippleTests/Breaker37/Vault.swift Tests/RippleTests/Breaker38/OrgChart.swift
    Tests/RippleTests/Breaker39/Workbook.swift Tests/RippleTests/Breaker40/Planner.swift)

# The test model's generated code, as the build plugin writes it (the document fuzzer's).
target="${RIPPLE_FUZZ_TARGET:-documents}"
if [[ $target != change-sets ]]; then
    swift build --product ripple-gen >/dev/null
    "$(swift build --show-bin-path)/ripple-gen" --output "$out/generated" --config Tests/RippleTests/ripple.json \
        "${models[@]}"
fi

# RippleJSON, then Ripple against it, instrumented and testable (one package name, as SwiftPM
# gives them, for `package` access); then the harness, the model and the shared fuzz target.
flags=(-O -g -sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name Ripple)
rebuilt=""  # Ripple is rebuilt after RippleJSON is.
for module in RippleJSON Ripple; do
    if [[ -n $rebuilt || ! -f "$out/lib$module.a" || -n "$(find "Sources/$module" -newer "$out/lib$module.a" -name '*.swift' | head -1)" ]]; then
        rebuilt=1
        swiftc "${flags[@]}" -enable-testing -I "$out" -module-name "$module" -emit-library -static -emit-module \
            -emit-module-path "$out/$module.swiftmodule" -o "$out/lib$module.a" $(find "Sources/$module" -name '*.swift')
    fi
done
if [[ $target == change-sets ]]; then
    fuzzer="$out/change-set-fuzzer" corpus="$out/change-set-corpus" seeds="$out/change-set-seeds"
    swiftc "${flags[@]}" -I "$out" -L "$out" -lRipple -lRippleJSON -module-name ChangeSetFuzzer -o "$fuzzer" \
        Tests/RippleTests/Collaboration/TestReplica.swift Tests/RippleTests/Collaboration/VisibleDocument.swift \
        Tests/Fuzz/ChangeSetFuzzer.swift
elif [[ $target == replica ]]; then
    fuzzer="$out/replica-fuzzer" corpus="$out/replica-corpus" seeds="$out/replica-seeds"
    swiftc "${flags[@]}" -I "$out" -L "$out" -lRipple -lRippleJSON -module-name ReplicaFuzzer -o "$fuzzer" \
        "${models[@]}" "$out/generated/RippleGenerated.swift" \
        Tests/RippleTests/Runtime/Support.swift Tests/RippleTests/Breaker33/GardenReplicas.swift Tests/RippleTests/Breaker33/GardenConvergenceFuzzing.swift \
        Tests/Fuzz/ReplicaFuzzer.swift
else
    fuzzer="$out/document-fuzzer" corpus="$out/corpus" seeds="$out/seeds"
    swiftc "${flags[@]}" -I "$out" -L "$out" -lRipple -lRippleJSON -module-name DocumentFuzzer -o "$fuzzer" \
        "${models[@]}" "$out/generated/RippleGenerated.swift" \
        Tests/RippleTests/Documents/DocumentFuzzing.swift Tests/Fuzz/DocumentFuzzer.swift
fi
mkdir -p "$corpus"

# Swift's own crash backtracer would interleave with the sanitizer's report; the leak check at
# exit would report the models that hold themselves (see above) as a crash.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
RIPPLE_FUZZ_WRITE_SEEDS="$seeds" "$fuzzer" >/dev/null 2>&1 || true
if [[ $# -gt 0 ]]; then exec "$fuzzer" -detect_leaks=0 "$@"; fi
exec nice "$fuzzer" -max_total_time="${RIPPLE_FUZZ_TIME:-60}" -max_len=65536 -rss_limit_mb=4096 \
    -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$out/" "$corpus" "$seeds"
