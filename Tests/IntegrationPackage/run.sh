#!/usr/bin/env bash
# Builds this package, which depends on Ripple by path and applies RipplePlugin the way an app
# would, and checks what the plugins promise:
#   1. the generated code compiles in another module, without a warning (-warnings-as-errors),
#      in targets of each isolation: nonisolated (LibraryModel), main-actor by default
#      (MainActorModel, and the IntegrationCheck app), nonisolated with main-actor parts
#      (MixedModel, DocumentsModel); and IntegrationCheck passes (registrations fire, in order,
#      exactly when the DocC article Runtime Semantics says; hooks, validation and background
#      work run in every isolation; the models with "documents": true save and open their
#      documents, and their replicas converge through change sets and a shared folder);
#   2. a build with nothing changed compiles nothing, and an edit that leaves the generated
#      code as it was does not recompile RippleGenerated.swift;
#   3. `swift package ripple-generate` writes the very file the build plugin generated, and
#      the build plugin then refuses a target that holds both;
#   4. a RippleGenerated.swift made for an older runtime fails to build, saying to regenerate.
# Needs Swift 6.2 or later: the manifest sets a target's default isolation.
# The build goes to its own scratch folder (RIPPLE_INTEGRATION_SCRATCH, default
# .build-integration at the repository root), so it never touches the root package's .build.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
scratch="${RIPPLE_INTEGRATION_SCRATCH:-$root/.build-integration}"
model="$here/Sources/LibraryModel"
committed="$model/RippleGenerated.swift"

build() { swift build --package-path "$here" --scratch-path "$scratch" -Xswiftc -warnings-as-errors "$@" 2>&1; }
fail() { echo "integration: FAILED: $*" >&2; exit 1; }

if [ -e "$committed" ]; then
    fail "$committed is left from an interrupted run; delete it and run again"
fi

echo "== integration: build through RipplePlugin, run the checks"
output="$(build)" || { echo "$output"; fail "the integration package does not build"; }
"$(build --show-bin-path)/IntegrationCheck"

echo "== integration: nothing changed, nothing compiles"
output="$(build)" || { echo "$output"; fail "the second build failed"; }
if grep -q "Compiling LibraryModel" <<<"$output"; then
    echo "$output"
    fail "a build without changes compiled LibraryModel again"
fi
touch "$model/Shelf.swift"
output="$(build)" || { echo "$output"; fail "the build after touching Shelf.swift failed"; }
grep -q "Generating Ripple accessors for LibraryModel" <<<"$output" || { echo "$output"; fail "touching Shelf.swift did not rerun the generator"; }
if grep -q "Compiling.*RippleGenerated.swift" <<<"$output"; then
    echo "$output"
    fail "touching Shelf.swift recompiled RippleGenerated.swift: the generator rewrote an unchanged file"
fi
echo "ok    a second build compiles nothing; a touched source recompiles alone"

echo "== integration: ripple-generate writes what the build plugin generated"
trap 'rm -f "$committed"' EXIT
output="$(swift package --package-path "$here" --scratch-path "$scratch" \
    --allow-writing-to-package-directory ripple-generate --target LibraryModel 2>&1)" \
    || { echo "$output"; fail "ripple-generate failed"; }
generated="$(find "$scratch/plugins/outputs" -path '*LibraryModel*' -name RippleGenerated.swift | head -n 1)"
[ -n "$generated" ] || fail "found no RippleGenerated.swift of the build plugin under $scratch/plugins/outputs"
cmp -s "$committed" "$generated" || fail "ripple-generate and the build plugin generated different code"
echo "ok    ripple-generate wrote the same RippleGenerated.swift as the build plugin"
if output="$(build)"; then
    fail "the build accepted a target holding a generated file while using the build plugin"
fi
grep -q "use either the command plugin" <<<"$output" || { echo "$output"; fail "the build failed without saying why"; }
echo "ok    the build plugin refuses a target that already holds RippleGenerated.swift"

echo "== integration: a RippleGenerated.swift made for an older runtime says to regenerate"
stale="$(mktemp -d)/RippleGenerated.swift"
cat > "$stale" <<'SWIFT'
@_spi(RippleGenerated) import Ripple
private typealias _RippleGeneratedFor = _RippleGeneratedCode.Version1
SWIFT
modules="$(swift build --package-path "$here" --scratch-path "$scratch" --show-bin-path)/Modules"
if output="$(swiftc -typecheck -I "$modules" "$stale" 2>&1)"; then
    fail "a file generated for an older runtime compiled"
fi
grep -q "regenerate it" <<<"$output" || { echo "$output"; fail "the stale generated file failed without saying to regenerate"; }
echo "ok    a stale generated file fails to build with: regenerate it"

echo "integration: all passed"
