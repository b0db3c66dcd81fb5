#!/usr/bin/env bash
# The optional step of digline's GitHub Action: creates, or updates in place, one pull-request
# comment holding the gate's reading. It edits only a comment its own identity wrote that starts
# with the marker: a comment anybody else wrote, marker or not, is left alone. A token that can not
# read or write comments (a fork's pull request) skips the comment with a notice, never failing
# the job: the job summary holds the same reading. Needs GH_TOKEN, PR_NUMBER, GITHUB_REPOSITORY and
# DIGLINE_COMMENT_FILE (the Markdown to post, already escaped by the gate step).
set -uo pipefail
marker='<!-- digline-gate -->'
skip() {
  echo "::notice::digline: the pull-request comment was not written ($1); the job summary holds the reading"
  exit 0
}
[ -s "${DIGLINE_COMMENT_FILE:-}" ] || skip "the gate wrote no reading"
body="$marker
$(cat "$DIGLINE_COMMENT_FILE")"
# Whom this token writes as: a personal or app token can say so; the workflow's own token can not
# (GET /user is refused to it), and it writes as github-actions[bot].
me=$(gh api user --jq .login 2> /dev/null) || me='github-actions[bot]'
[ -n "$me" ] || me='github-actions[bot]'
existing=$(gh api "repos/$GITHUB_REPOSITORY/issues/$PR_NUMBER/comments" --paginate \
  --jq ".[] | select(.user.login == \"$me\" and (.body | startswith(\"$marker\"))) | .id" \
  | head -1) || skip "the comments could not be read"
if [ -n "$existing" ]; then
  gh api --method PATCH "repos/$GITHUB_REPOSITORY/issues/comments/$existing" -f body="$body" \
    > /dev/null || skip "the comment could not be updated"
else
  gh api --method POST "repos/$GITHUB_REPOSITORY/issues/$PR_NUMBER/comments" -f body="$body" \
    > /dev/null || skip "the comment could not be written"
fi
