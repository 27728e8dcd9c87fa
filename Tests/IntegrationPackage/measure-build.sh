#!/usr/bin/env bash
# What Ripple adds to a user's clean build: the integration package's DocumentsModel (five
# classes), built through Ripple and RipplePlugin (SwiftPM builds the plugin's tool, then the
# runtime, then the model), against the same five classes written as `@Observable` classes in
# a package without dependencies (ObservableBaseline). Each build starts from an empty scratch
# folder; the two alternate, RUNS times each (default 3), so that both see the same minutes of a
# busy machine. Prints each build, the medians and their ratio; the goal is at most 3x.
# Needs Swift 6.2 or later (the integration package's manifest). Debug builds, as an app's
# first build is.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runs="${RUNS:-3}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# Seconds a clean build takes; the build's output is kept only if it fails.
clean_build() {
    local folder="$scratch/build"
    rm -rf "$folder"
    local start end
    start="$(date +%s.%N)"
    if ! swift build "$@" --scratch-path "$folder" >"$scratch/log" 2>&1; then
        cat "$scratch/log" >&2
        echo "measure-build: FAILED: swift build $*" >&2
        exit 1
    fi
    end="$(date +%s.%N)"
    echo "$end - $start" | bc
}

median() { sort -n | awk '{ value[NR] = $1 } END { print (NR % 2) ? value[(NR + 1) / 2] : (value[NR / 2] + value[NR / 2 + 1]) / 2 }'; }

ripple=()
observable=()
for run in $(seq 1 "$runs"); do
    with_ripple="$(clean_build --package-path "$here" --target DocumentsModel)"
    with_observable="$(clean_build --package-path "$here/ObservableBaseline")"
    ripple+=("$with_ripple")
    observable+=("$with_observable")
    printf 'run %d: Ripple + RipplePlugin %6.1f s   @Observable %6.1f s\n' "$run" "$with_ripple" "$with_observable"
done

ripple_median="$(printf '%s\n' "${ripple[@]}" | median)"
observable_median="$(printf '%s\n' "${observable[@]}" | median)"
ratio="$(echo "scale=2; $ripple_median / $observable_median" | bc)"
printf 'median: Ripple + RipplePlugin %.1f s, @Observable %.1f s: %.2fx (goal: at most 3x)\n' \
    "$ripple_median" "$observable_median" "$ratio"
if [ "$(echo "$ratio <= 3" | bc)" = 1 ]; then echo "PASS"; else echo "MISS"; fi
