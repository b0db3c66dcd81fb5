#!/usr/bin/env bash
# The install step of digline's GitHub Action (action.yml, and the local action `digline init`
# writes): puts Deno (from npm, pinned) and digline (its bundle, installed as the `digline` command)
# under DIGLINE_HOME, the one folder the action caches, and that folder's commands on the job's
# PATH. A folder the cache restored, marked installed under the same key, is used as it stands, so
# a warm job installs nothing (docs/performance.md has the bench).
#
# Environment: DIGLINE_HOME (the cached folder), DIGLINE_CACHE_KEY (the cache key: digline's
# commit, or a digest of its files, and Deno's version), DENO_VERSION, and DIGLINE_SOURCE (a folder
# holding digline's files, copied to DIGLINE_HOME/src; unset: DIGLINE_HOME/src holds them already).
# GITHUB_PATH and GITHUB_ENV, when set, receive the commands' folders and DIGLINE_TOOL.
set -euo pipefail
: "${DIGLINE_HOME:?}" "${DIGLINE_CACHE_KEY:?}" "${DENO_VERSION:?}"
src="$DIGLINE_HOME/src"
marker="$DIGLINE_HOME/installed"
export DENO_INSTALL_ROOT="$DIGLINE_HOME"
export PATH="$DIGLINE_HOME/npm/bin:$DIGLINE_HOME/bin:$PATH"
if [ "$(cat "$marker" 2> /dev/null)" != "$DIGLINE_CACHE_KEY" ]; then
  rm -f "$marker"
  if [ -n "${DIGLINE_SOURCE:-}" ]; then
    rm -rf "$src"
    mkdir -p "$src"
    tar -C "$DIGLINE_SOURCE" --exclude=node_modules --exclude=./dist --exclude=./.git -cf - . |
      tar -C "$src" -xf -
  fi
  npm install --global --prefix "$DIGLINE_HOME/npm" --no-fund --no-audit --loglevel=error \
    "deno@$DENO_VERSION"
  # Without type declarations: nothing reads them at run time (`deno run` does not type-check).
  (cd "$src" && deno task install --no-types)
  # The bundle holds every package it runs with: the packages the build fetched stay out of the cache.
  rm -rf "$src/node_modules"
  # Written last, so a job stopped half-way never leaves a folder that reads as installed.
  printf '%s\n' "$DIGLINE_CACHE_KEY" > "$marker"
fi
if [ -n "${GITHUB_PATH:-}" ]; then
  printf '%s\n' "$DIGLINE_HOME/npm/bin" "$DIGLINE_HOME/bin" >> "$GITHUB_PATH"
fi
if [ -n "${GITHUB_ENV:-}" ]; then
  printf 'DIGLINE_TOOL=%s\n' "$src" >> "$GITHUB_ENV"
fi
