#!/usr/bin/env bash
# Copies change files (*.ripplechanges) between replicas' folders as a misbehaving sync engine
# does: late, out of order, cut short (the start of a copy now, the rest in a later round), as
# conflict copies ("x (3).ripplechanges", "x 4.ripplechanges"), and as older versions put back
# over newer ones. The same seed gives the same copies (for files of the same sizes).
#
#   folder-sync.sh [--seed N] [--rounds N] [--interval SECONDS] [--settle] FOLDER FOLDER...
#
#   --seed N          seeds the choices (default 1)
#   --rounds N        how many copies to make (default 20); each round does one thing to one file
#   --interval S      sleeps S seconds between rounds (default 0), for replicas running meanwhile
#   --settle          after the rounds, delivers every file whole everywhere, as a sync engine
#                     does in the end: then every folder holds every replica's whole file
#
# Which folder a file comes from: the one holding its longest version, which is its replica's own
# file (or a whole copy of it). A file is only ever written in a folder whose copy is strictly
# shorter or missing, so a replica's own file, which it appends to, is never written. Conflict
# copies stay in the folder where they were made, as their names are not a replica's.
# The rule holds while no replica is killed: one that reopens cuts a torn record off its own
# file, and a longer copy of the torn version elsewhere would then pass for the latest.
#
# Portable shell: bash, cp, mv, head, tail, cmp, wc (macOS and Linux alike).
set -euo pipefail

seed=1
rounds=20
interval=0
settle=0
folders=()
while [ $# -gt 0 ]; do
    case "$1" in
    --seed) seed="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --interval) interval="$2"; shift 2 ;;
    --settle) settle=1; shift ;;
    -*) echo "folder-sync.sh: unknown option $1" >&2; exit 2 ;;
    *) folders+=("$1"); shift ;;
    esac
done
if [ ${#folders[@]} -lt 2 ]; then
    echo "usage: folder-sync.sh [--seed N] [--rounds N] [--interval SECONDS] [--settle] FOLDER FOLDER..." >&2
    exit 2
fi

RANDOM=$seed
conflict_copies=0

# A random number in 0..<$1.
pick() { echo $((RANDOM % $1)); }

size_of() { if [ -f "$1" ]; then wc -c <"$1" | tr -d ' '; else echo -1; fi; }

# The replicas' file names: the change files no conflict copy is named like.
file_names() {
    for folder in "${folders[@]}"; do
        for file in "$folder"/*.ripplechanges; do
            [ -f "$file" ] || continue
            name=$(basename "$file")
            case "$name" in *" "*) continue ;; esac
            echo "$name"
        done
    done | sort -u
}

# The folder holding the longest version of file $1.
origin_of() {
    best=""
    best_size=-1
    for folder in "${folders[@]}"; do
        size=$(size_of "$folder/$1")
        if [ "$size" -gt "$best_size" ]; then best="$folder"; best_size=$size; fi
    done
    echo "$best"
}

# Writes $1 to $2 as sync engines do: aside under a hidden name, then renamed into place.
replace() {
    temporary="$(dirname "$2")/.$(basename "$2").sync-$$"
    cat >"$temporary" <"$1"
    mv -f "$temporary" "$2"
}

round() {
    names=($(file_names))
    [ ${#names[@]} -gt 0 ] || return 0
    name=${names[$(pick ${#names[@]})]}
    origin=$(origin_of "$name")
    source="$origin/$name"
    source_size=$(size_of "$source")
    targets=()
    for folder in "${folders[@]}"; do
        [ "$(size_of "$folder/$name")" -lt "$source_size" ] && targets+=("$folder")
    done
    [ ${#targets[@]} -gt 0 ] || return 0
    folder=${targets[$(pick ${#targets[@]})]}
    target="$folder/$name"
    target_size=$(size_of "$target")
    case $(pick 6) in
    0) replace "$source" "$target" ;;
    1) head -c "$(pick $((source_size + 1)))" "$source" >"$target" ;;
    2)
        # The rest of a copy cut short, in place, if what is there is the start of the source.
        if [ "$target_size" -ge 0 ] && cmp -s -n "$target_size" "$source" "$target"; then
            tail -c +$((target_size + 1)) "$source" >>"$target"
        fi
        ;;
    3)
        if [ "$target_size" -ge 0 ]; then
            conflict_copies=$((conflict_copies + 1))
            stem=${name%.ripplechanges}
            if [ $((conflict_copies % 2)) -eq 0 ]; then copy="$stem ($conflict_copies).ripplechanges"; else copy="$stem $conflict_copies.ripplechanges"; fi
            cp "$target" "$folder/$copy"
        fi
        ;;
    4)
        if [ "$target_size" -gt 0 ]; then
            older="$folder/.$name.older-$$"
            head -c "$(pick "$target_size")" "$source" >"$older"
            mv -f "$older" "$target"
        fi
        ;;
    *) ;; # nothing this round: the file arrives later
    esac
}

for ((index = 0; index < rounds; index++)); do
    round
    if [ "$interval" != 0 ]; then sleep "$interval"; fi
done

if [ $settle -eq 1 ]; then
    for name in $(file_names); do
        origin=$(origin_of "$name")
        source_size=$(size_of "$origin/$name")
        for folder in "${folders[@]}"; do
            if [ "$(size_of "$folder/$name")" -lt "$source_size" ]; then replace "$origin/$name" "$folder/$name"; fi
        done
    done
fi
