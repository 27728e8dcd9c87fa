#!/usr/bin/env bash
# What Ripple adds to a user's clean build: the integration package's DocumentsModel (five
# classes), built through Ripple and RipplePlugin (SwiftPM builds the plugin's tool, then the
# runtime, then the model), against the same five classes written as `@Observable` classes in
# a package without dependencies (ObservableBaseline). Between them, the same model with its
# RippleGenerated.swift checked in, as `swift package ripple-generate` writes it: Ripple
# without the plugin's tool, which tells the tool's share from the runtime's.
# Each build starts from an empty scratch folder; the three alternate, RUNS times each
# (default 3), so that all see the same minutes of a busy machine. Prints each build's wall
# time and the CPU time of all its processes (user + system: on a loaded machine the wall time
# stretches with the load, the CPU time far less), the medians and their ratios; the goal is
# the plugin build at most 3x the @Observable one.
# Needs Swift 6.2 or later (the integration package's manifest). Debug builds, as an app's
# first build is.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
runs="${RUNS:-3}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# The package with the generated file checked in: the model's sources, and the file the build
# plugin generates (copied from the first plugin build).
pregenerated="$scratch/Pregenerated"
mkdir -p "$pregenerated/Sources/DocumentsModel"
cp "$here/Sources/DocumentsModel/Atlas.swift" "$pregenerated/Sources/DocumentsModel/"
cat >"$pregenerated/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Pregenerated",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    dependencies: [.package(name: "Ripple", path: "$root")],
    targets: [.target(name: "DocumentsModel", dependencies: [.product(name: "Ripple", package: "Ripple")])]
)
EOF

# "WALL CPU" in seconds for a clean build; the build's output is kept only if it fails.
clean_build() {
    local folder="$scratch/build"
    rm -rf "$folder"
    local TIMEFORMAT='%R %U %S'
    local times
    if ! times="$({ time swift build "$@" --scratch-path "$folder" >"$scratch/log" 2>&1; } 2>&1)"; then
        cat "$scratch/log" >&2
        echo "measure-build: FAILED: swift build $*" >&2
        exit 1
    fi
    echo "$times" | awk '{ printf "%.1f %.1f\n", $1, $2 + $3 }'
}

median() { sort -n | awk '{ value[NR] = $1 } END { print (NR % 2) ? value[(NR + 1) / 2] : (value[NR / 2] + value[NR / 2 + 1]) / 2 }'; }

plugin=() plugin_cpu=() generated=() generated_cpu=() observable=() observable_cpu=()
for run in $(seq 1 "$runs"); do
    times="$(clean_build --package-path "$here" --target DocumentsModel)"
    plugin+=("${times% *}") plugin_cpu+=("${times#* }")
    if [ ! -e "$pregenerated/Sources/DocumentsModel/RippleGenerated.swift" ]; then
        find "$scratch/build/plugins/outputs" -path '*DocumentsModel*' -name RippleGenerated.swift \
            -exec cp {} "$pregenerated/Sources/DocumentsModel/" \;
    fi
    times="$(clean_build --package-path "$pregenerated")"
    generated+=("${times% *}") generated_cpu+=("${times#* }")
    times="$(clean_build --package-path "$here/ObservableBaseline")"
    observable+=("${times% *}") observable_cpu+=("${times#* }")
    printf 'run %d: Ripple + RipplePlugin %6.1f s (CPU %5.1f s)   generated file checked in %6.1f s (CPU %5.1f s)   @Observable %6.1f s (CPU %5.1f s)\n' \
        "$run" "${plugin[run - 1]}" "${plugin_cpu[run - 1]}" "${generated[run - 1]}" "${generated_cpu[run - 1]}" \
        "${observable[run - 1]}" "${observable_cpu[run - 1]}"
done

plugin_median="$(printf '%s\n' "${plugin[@]}" | median)"
generated_median="$(printf '%s\n' "${generated[@]}" | median)"
observable_median="$(printf '%s\n' "${observable[@]}" | median)"
ratio="$(echo "scale=2; $plugin_median / $observable_median" | bc)"
printf 'median wall: Ripple + RipplePlugin %.1f s, generated file checked in %.1f s, @Observable %.1f s\n' \
    "$plugin_median" "$generated_median" "$observable_median"
printf 'median CPU:  Ripple + RipplePlugin %.1f s, generated file checked in %.1f s, @Observable %.1f s\n' \
    "$(printf '%s\n' "${plugin_cpu[@]}" | median)" "$(printf '%s\n' "${generated_cpu[@]}" | median)" \
    "$(printf '%s\n' "${observable_cpu[@]}" | median)"
printf 'ratios: with the plugin %.2fx (goal: at most 3x), with the generated file checked in %.2fx\n' \
    "$ratio" "$(echo "scale=2; $generated_median / $observable_median" | bc)"
if [ "$(echo "$ratio <= 3" | bc)" = 1 ]; then echo "PASS"; else echo "MISS"; fi
