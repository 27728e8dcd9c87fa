#!/usr/bin/env bash
# The evidence behind DocumentLimits.maximumDepth's default: builds ReleaseDepthProbe.swift with
# the test model (debug, -Onone, and release, -O) and finds, by bisection, the deepest chain of
# shelves whose release gets through on the main thread (8 MB stack on Linux) and on a thread
# with a 512 KB stack. Each try is a process of its own: one that overflows crashes. Measured on
# Linux x86-64 (Swift 6.3): -Onone 23,725 main / 1,466 on 512 KB; -O 32,707 / 2,027.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=.build/release-depth
mkdir -p "$out/generated"
swift build --product ripple-gen >/dev/null
"$(swift build --show-bin-path)/ripple-gen" --output "$out/generated" --config Tests/RippleTests/ripple.json \
    Tests/RippleTests/Model/*.swift Tests/RippleTests/Breaker27/KanbanBoard.swift Tests/RippleTests/Breaker32/MusicCollection.swift Tests/RippleTests/Breaker33/GardenPlan.swift
export SWIFT_BACKTRACE=enable=no
for optimization in Onone O; do
    build="$out/$optimization"
    mkdir -p "$build"
    for module in RippleJSON Ripple; do
        swiftc -"$optimization" -parse-as-library -swift-version 6 -package-name Ripple -I "$build" -module-name "$module" \
            -emit-library -static -emit-module -emit-module-path "$build/$module.swiftmodule" -o "$build/lib$module.a" \
            $(find "Sources/$module" -name '*.swift')
    done
    swiftc -"$optimization" -parse-as-library -swift-version 6 -I "$build" -L "$build" -lRipple -lRippleJSON -module-name Probe \
        -o "$build/release-depth-probe" Tests/RippleTests/Model/*.swift Tests/RippleTests/Breaker27/KanbanBoard.swift Tests/RippleTests/Breaker32/MusicCollection.swift Tests/RippleTests/Breaker33/GardenPlan.swift "$out/generated/RippleGenerated.swift" \
        Tests/Fuzz/ReleaseDepthProbe.swift
    for where in main thread; do
        low=100
        high=400000
        while (( high - low > low / 100 + 1 )); do
            middle=$(( (low + high) / 2 ))
            if "$build/release-depth-probe" "$middle" "$where" 2>/dev/null | grep -q released; then low=$middle; else high=$middle; fi
        done
        [[ $where == main ]] && stack="the main thread" || stack="a thread with a 512 KB stack"
        echo "-$optimization, released on $stack: $low levels get through, $high do not"
    done
done
