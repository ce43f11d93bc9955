#!/usr/bin/env bash
# Gets the sources of the modelled libraries at their pinned revisions into Libraries/Upstream/, where
# Libraries/Package.swift finds them (docs/decisions/real-libraries.md says why these revisions).
#
#   scripts/libraries.sh                                  clones each library from GitHub (needs internet)
#   RXBENCH_LIBRARY_SOURCES=DIR scripts/libraries.sh      clones from DIR/RxSwift, DIR/ReactiveSwift,
#                                                         DIR/SwiftSignalKit (Telegram's files), DIR/Signals (the
#                                                         fork) and DIR/ReactiveKit instead (any git clones, bare or
#                                                         not, that hold the pinned commits)
#
# Nothing of the libraries is copied into the repository: Libraries/Upstream/ is ignored by git, and no file
# in it is edited. Exits non-zero with one line naming the library when a source or a commit is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# name (the repository's own name), upstream, pinned commit, what the commit is
pins=(
  "RxSwift https://github.com/ReactiveX/RxSwift.git 132aea4f236ccadc51590b38af0357a331d51fa2 6.10.2"
  "ReactiveSwift https://github.com/ReactiveCocoa/ReactiveSwift.git a44317ce38b5bcce173b03f5d36cfdc939e1768b 7.2.1"
  "SwiftSignalKit https://github.com/imsgao/SwiftSignalKit.git e2d485be3b396ea42d534b6af0958a49abefb56d Telegram-iOS-files,e2d485b"
  "Signals https://github.com/cntrump/Signals.git 3143e64e6ca25ba512b48875356278c11c01efa5 SwiftSignalKit-fork,3143e64"
  "ReactiveKit https://github.com/DeclarativeHub/ReactiveKit.git 9b2f4dc3247fc7cc5fdb8b99d460dd80fa3fad28 v3.21.0"
)

dest=Libraries/Upstream
mkdir -p "$dest"
for pin in "${pins[@]}"; do
  read -r name upstream commit label <<<"$pin"
  origin="$upstream"
  if [ -n "${RXBENCH_LIBRARY_SOURCES:-}" ]; then
    origin="$RXBENCH_LIBRARY_SOURCES/$name"
    if ! git -C "$origin" rev-parse --git-dir >/dev/null 2>&1; then
      echo "libraries.sh: $origin is not a git clone of $name; put one there or unset RXBENCH_LIBRARY_SOURCES to clone from GitHub" >&2
      exit 1
    fi
  fi
  target="$dest/$name"
  if [ "$(git -C "$target" rev-parse HEAD 2>/dev/null || true)" = "$commit" ] \
      && [ -z "$(git -C "$target" status --porcelain 2>/dev/null)" ]; then
    echo "$name $label: already at $commit"
    continue
  fi
  rm -rf "$target" "$target.partial"
  if ! git clone -q --no-checkout "$origin" "$target.partial" 2>"$dest/$name.log"; then
    echo "libraries.sh: could not clone $name from $origin ($dest/$name.log)" >&2
    exit 1
  fi
  if ! git -C "$target.partial" -c advice.detachedHead=false checkout -q "$commit" 2>>"$dest/$name.log"; then
    echo "libraries.sh: $origin has no commit $commit ($name $label); fetch it there first" >&2
    rm -rf "$target.partial"
    exit 1
  fi
  mv "$target.partial" "$target"
  rm -f "$dest/$name.log"
  echo "$name $label: $commit"
done
