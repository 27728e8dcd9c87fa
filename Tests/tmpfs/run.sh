#!/bin/sh
# Runs the document store's full-disk tests on a real, tiny tmpfs (Linux).
#
# The tests mount one themselves when they may (as root, or with CAP_SYS_ADMIN) and are skipped
# otherwise; this script mounts it with sudo and hands it to them (RIPPLE_TMPFS), so that a
# maintainer without those rights runs them too:
#
#     Tests/tmpfs/run.sh
#
# It unmounts the file system when the tests are over.
set -eu
cd "$(dirname "$0")/../.."
folder=$(mktemp -d "${TMPDIR:-/tmp}/ripple-tmpfs.XXXXXX")
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo mount -t tmpfs -o "size=128k,uid=$(id -u),gid=$(id -g)" tmpfs "$folder"
trap '$sudo umount "$folder"; rmdir "$folder"' EXIT
RIPPLE_TMPFS="$folder" swift test --filter DocumentFullDiskTests
