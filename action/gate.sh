#!/usr/bin/env bash
# The gate step of digline's GitHub Action (action.yml): runs each suite, gates every suite with
# one `digline compare`, appends each suite's Markdown reading to the job summary, writes each
# suite's HTML report for upload, and sets the outputs exit-code and headline. Exits with
# compare's code, so 1 (worse) and 2 (not judged) fail the job.
#
# Environment: DIGLINE_SUITES (suite files, separated by spaces or newlines), DIGLINE_REPORT_DIR
# (where the reports and summary.md go), DIGLINE_COMMAND (how to start digline; default `digline`),
# DIGLINE_BASELINE_REF (the git ref whose committed approvals the gate reads; empty: the pull
# request's base branch when GITHUB_BASE_REF names one, else the checkout's store; none: the
# checkout's store always), DIGLINE_REDACT (e.g. outputs,vars: payloads the reports replace by digests), and
# the runner's GITHUB_STEP_SUMMARY and GITHUB_OUTPUT.
set -uo pipefail
set -f # a suite path or a flag such as --allow-env=DIGLINE_* is never a glob

read -r -a digline <<< "${DIGLINE_COMMAND:-digline}"
report_dir=${DIGLINE_REPORT_DIR:-digline-report}
output=${GITHUB_OUTPUT:-/dev/null}
mkdir -p "$report_dir"
# The reading is kept beside the reports (the pull-request comment posts it) and then appended
# to the job summary.
summary="$report_dir/summary.md"
: > "$summary"

finish() {
  cat "$summary" >> "${GITHUB_STEP_SUMMARY:-/dev/stdout}"
  echo "exit-code=$1" >> "$output"
  echo "headline=$2" >> "$output"
  exit "$1"
}

suites=(${DIGLINE_SUITES:-})
if [ ${#suites[@]} -eq 0 ]; then
  echo "::error::digline: the suites input names no suite file"
  finish 64 "digline: no suite to run"
fi
for suite in "${suites[@]}"; do
  "${digline[@]}" run "$suite"
  code=$?
  if [ $code -ne 0 ]; then
    echo "::error::digline run $suite exited $code"
    printf '## digline\n\n`digline run %s` exited %s: nothing was judged.\n' "$suite" "$code" >> "$summary"
    finish "$code" "digline run $suite exited $code"
  fi
done

# Every comparison below (the gate and each report) reads the same reference.
gate_options=()
baseline_ref=${DIGLINE_BASELINE_REF:-}
if [ -z "$baseline_ref" ] && [ -n "${GITHUB_BASE_REF:-}" ]; then
  baseline_ref="origin/$GITHUB_BASE_REF"
fi
[ "$baseline_ref" = none ] && baseline_ref=""
if [ -n "$baseline_ref" ]; then
  # A shallow checkout has no base branch: fetch its tip, the only commit the approvals are read at.
  if ! git rev-parse --verify --quiet "$baseline_ref^{commit}" > /dev/null \
    && [[ "$baseline_ref" == origin/* ]]; then
    branch=${baseline_ref#origin/}
    git fetch --quiet --no-tags --depth=1 origin "+refs/heads/$branch:refs/remotes/origin/$branch"
  fi
  gate_options+=(--baseline-ref "$baseline_ref")
fi
if [ -n "${DIGLINE_REDACT:-}" ]; then
  gate_options+=(--redact "$DIGLINE_REDACT")
fi

# compare's notes (a change that approves a reference of its own) go to the log and the summary.
"${digline[@]}" compare ${gate_options[@]+"${gate_options[@]}"} --json \
  > "$report_dir/compare.json" 2> "$report_dir/compare.log"
code=$?
cat "$report_dir/compare.log" >&2
if [ -n "$baseline_ref" ]; then
  printf 'Gated against the approvals committed at `%s`.\n\n' "$baseline_ref" >> "$summary"
else
  printf 'Gated against the approvals in the checkout (no baseline ref).\n\n' >> "$summary"
fi
grep '^note:' "$report_dir/compare.log" | sed 's/^/> /; s/$/\n/' >> "$summary"
if [ $code -ne 0 ] && [ $code -ne 1 ] && [ $code -ne 2 ]; then
  printf '## digline\n\n`digline compare` exited %s: nothing was judged (see the log).\n' "$code" >> "$summary"
  finish "$code" "digline compare exited $code"
fi

# One line per suite: its name, a tab, its headline; from compare's document for one suite or
# several.
lines=$(node -e '
  const doc = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const each = doc.kind === "compare_suites" ? doc.suites : [doc];
  for (const s of each) console.log(s.suite + "\t" + s.headline.replace(/\s+/g, " "));
' "$report_dir/compare.json")

headline=""
while IFS=$'\t' read -r suite line; do
  [ -z "$suite" ] && continue
  "${digline[@]}" report --suite "$suite" ${gate_options[@]+"${gate_options[@]}"} --format md \
    >> "$summary"
  echo >> "$summary"
  "${digline[@]}" report --suite "$suite" ${gate_options[@]+"${gate_options[@]}"} --format html \
    > "$report_dir/$suite.html"
  headline="${headline:+$headline · }$suite: $line"
done <<< "$lines"

finish "$code" "$headline"
