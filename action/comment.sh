#!/usr/bin/env bash
# The optional step of digline's GitHub Action: creates, or updates in place, one pull-request
# comment holding the gate's reading, found again by a hidden marker. Needs GH_TOKEN, PR_NUMBER,
# GITHUB_REPOSITORY and DIGLINE_COMMENT_FILE (the Markdown to post).
set -euo pipefail
marker='<!-- digline-gate -->'
body="$marker
$(cat "$DIGLINE_COMMENT_FILE")"
existing=$(gh api "repos/$GITHUB_REPOSITORY/issues/$PR_NUMBER/comments" --paginate \
  --jq ".[] | select(.body | startswith(\"$marker\")) | .id" | head -1)
if [ -n "$existing" ]; then
  gh api --method PATCH "repos/$GITHUB_REPOSITORY/issues/comments/$existing" -f body="$body" >/dev/null
else
  gh api --method POST "repos/$GITHUB_REPOSITORY/issues/$PR_NUMBER/comments" -f body="$body" >/dev/null
fi
