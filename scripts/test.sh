#!/usr/bin/env bash
# `npm test`: the type check, lint, format check, unit and API tests, build and browser journeys, each
# timed against its budget in CPU seconds (scripts/steps.sh): about 1.5 times a quiet run on this
# machine's two cores. The unit tests' budget depends on the database they run on.
set -euo pipefail
cd "$(dirname "$0")/.."
# `.ci/run` passes its own STEP_LOG and prints the table of all its steps; alone, print ours.
[ -n "${STEP_LOG:-}" ] || trap 'step_table' EXIT
# shellcheck source=scripts/steps.sh
source scripts/steps.sh

# Three independent reads of the source, at once: their wall time is the longest one's.
steps_together 'typecheck|300|npm run typecheck' 'lint|300|npm run lint' 'format check|60|npm run format:check'
if [ -n "${DATABASE_URL:-}" ]; then
  step 'unit tests (PostgreSQL)' 1200 npm run test:unit
else
  step 'unit tests (PGlite)' 1600 npm run test:unit
fi
step build 300 npm run build
step journeys 2400 npm run test:e2e
