# Sourced by `npm test` (scripts/test.sh) and `.ci/run`: `step NAME BUDGET COMMAND...` runs one step
# and prints its CPU time (user + system, of the step and every process it waited for) and its wall
# time against BUDGET, in CPU seconds. The budget is CPU time because this machine's two cores are
# shared: a busy day stretches the wall time, not the work a step does. Under CI (CI=true) a step
# over its budget fails the run, as the home page's JavaScript budget does for bytes
# (docs/decisions/0073-a-pipeline-for-two-cores.md). STEP_LOG names a file that collects every
# step's line, so `.ci/run` prints one table for its own steps and `npm test`'s.

STEP_LOG=${STEP_LOG:-$(mktemp)}
export STEP_LOG

# Sets _cpu to the CPU seconds of this shell's finished children so far (bash's `times`, second
# line); not called in $(...), whose subshell has children of its own.
_children_cpu() {
  local file
  file=$(mktemp)
  times >"$file"
  _cpu=$(awk 'NR == 2 {
    n = split($0, t, " "); s = 0
    for (i = 1; i <= n; i++) { split(t[i], p, "m"); s += p[1] * 60 + p[2] }
    printf "%.1f", s
  }' "$file")
  rm -f "$file"
}

step() {
  local name=$1 budget=$2
  shift 2
  echo "== $name (budget ${budget} s CPU; ${SECONDS} s so far)"
  local cpu_before start status=0
  _children_cpu
  cpu_before=$_cpu
  start=$EPOCHREALTIME
  "$@" || status=$?
  local cpu wall verdict=ok
  _children_cpu
  cpu=$(awk -v a="$_cpu" -v b="$cpu_before" 'BEGIN { printf "%.1f", a - b }')
  wall=$(awk -v a="$EPOCHREALTIME" -v b="$start" 'BEGIN { printf "%.1f", a - b }')
  if [ "$status" -ne 0 ]; then
    verdict=failed
  elif awk -v c="$cpu" -v b="$budget" 'BEGIN { exit !(c > b) }'; then
    verdict="over budget"
    [ "${CI:-}" = true ] && status=1
  fi
  printf '%-28s %8s %8s %8s  %s\n' "$name" "$cpu" "$budget" "$wall" "$verdict" >>"$STEP_LOG"
  printf '== %s: %s s CPU of %s s budget, %s s wall: %s\n' "$name" "$cpu" "$budget" "$wall" "$verdict"
  return "$status"
}

# `steps_together 'NAME|BUDGET|COMMAND ...' ...` runs several steps at once, each timed as `step`
# times it (in a subshell of its own, so its CPU is its own), each one's output printed whole once all
# have ended, in the order given; it fails if any failed. For independent steps that each keep a core
# busy for less than their wall time, or that together fit the machine's cores: on two cores the type
# check, lint and format check take the wall time of the longest instead of their sum. An argument of
# several lines is a lane: its steps run one after another (the next only if the last passed), beside
# the other arguments.
steps_together() {
  local dir index=0 status=0 spec
  local -a pids=()
  dir=$(mktemp -d)
  for spec in "$@"; do
    _lane "$spec" >"$dir/$index" 2>&1 &
    pids+=($!)
    index=$((index + 1))
  done
  for index in "${!pids[@]}"; do
    wait "${pids[$index]}" || status=1
    cat "$dir/$index"
  done
  rm -rf "$dir"
  return "$status"
}

# Runs the lines of one `steps_together` argument, each 'NAME|BUDGET|COMMAND ...', in turn.
_lane() {
  local name budget words
  while IFS="|" read -r name budget words; do
    [ -n "$name" ] || continue
    # shellcheck disable=SC2086 # the command is words, as `step` takes it
    step "$name" "$budget" $words </dev/null || return 1
  done <<<"$1"
}

step_table() {
  printf '\n%-28s %8s %8s %8s\n' step 'CPU s' budget 'wall s'
  cat "$STEP_LOG"
}
