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

# Three independent reads of the source, beside the unit tests: those leave part of the two cores
# idle (their files wait on child processes and the database), which the reads fill.
# UNIT_DATABASE_URL runs the unit tests on that PostgreSQL server and the journeys on what
# DATABASE_URL says (.ci/run: every unit test file on PostgreSQL, the journeys on PGlite).
unit_database=${UNIT_DATABASE_URL:-${DATABASE_URL:-}}
if [ -n "$unit_database" ]; then
  unit="unit tests (PostgreSQL)|700|env DATABASE_URL=$unit_database npm run test:unit"
else
  unit='unit tests (PGlite)|1600|npm run test:unit'
fi
steps_together 'typecheck|300|npm run typecheck' 'lint|300|npm run lint' 'format check|60|npm run format:check' "$unit"
step build 300 npm run build
# The journeys keep about one of the two cores busy (browser and shop wait on each other); the steps
# named in BESIDE_JOURNEYS (lines of 'NAME|BUDGET|COMMAND ...', a lane as `steps_together` takes it)
# run in the rest, one after another: `.ci/run` puts the PostgreSQL unit pass and journeys there
# (decision 0073). The reads stay beside the unit tests: beside the journeys as well, they slowed
# the journeys by more than they saved (decision 0073, late evening of 7 December).
if [ -n "${BESIDE_JOURNEYS:-}" ]; then
  steps_together 'journeys|2400|npm run test:e2e' "$BESIDE_JOURNEYS"
else
  step journeys 2400 npm run test:e2e
fi
