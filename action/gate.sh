#!/usr/bin/env bash
# The gate step of digline's GitHub Action (action.yml): runs each suite and gates the run it made
# against the approvals at the baseline ref, one suite at a time, with action/gate.ts. Exits with
# the worst suite's code, so 1 (worse), 2 (not judged), 64 and 70 fail the job; each suite's line in
# the job summary says why.
#
# Environment: DIGLINE_SUITES (suite files, separated by spaces or newlines), DIGLINE_REPORT_DIR
# (where the reports, summary.md and verdicts.json go), DIGLINE_COMMAND (how to start digline;
# default `digline`), DIGLINE_BASELINE_REF (the git ref whose committed approvals the gate reads;
# empty: the pull request's base branch when GITHUB_BASE_REF names one, else the checkout's store;
# none: the checkout's store always), DIGLINE_REDACT (e.g. outputs,vars), DIGLINE_CONFIRM (true:
# compare --confirm), DIGLINE_ACCEPT_APPROVAL_CHANGE (true: a maintainer accepted the pull
# request's change of approvals, a removal whose approvals it deletes, or rules that move the
# baseline's verdicts), DIGLINE_TENANT, and the runner's GITHUB_STEP_SUMMARY and
# GITHUB_OUTPUT. DENO names the deno to start the step with (default: deno on PATH).
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
exec "${DENO:-deno}" run --no-prompt --no-config --allow-read --allow-write --allow-run \
  --allow-env "$here/gate.ts"
