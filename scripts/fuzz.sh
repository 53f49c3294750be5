#!/usr/bin/env bash
# make fuzz: builds the libFuzzer targets in Fuzz/ and runs each for FUZZ_SECONDS (default 20),
# seeded from the shipped content. Crashes land in .build/fuzz/artifacts; the run fails then.
# Fix the crash, then copy the artifact into Fuzz/Regressions/ (keep its name): make test
# replays every input there through the same property (FuzzRegressionTests).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH="${FUZZ_SECONDS:-20}"
TARGETS="${FUZZ_TARGETS:-fuzz-release fuzz-version fuzz-strings fuzz-compiled-strings fuzz-commands fuzz-restore}"
WORK=.build/fuzz
mkdir -p "$WORK/artifacts"

seed() {  # seed <target> <corpus dir>
  local corpus="$2"
  mkdir -p "$corpus"
  case "$1" in
    fuzz-release) cp Releases/*.json "$corpus/" ;;
    fuzz-version)
      i=0
      for v in $(grep -o '"[0-9][0-9.]*"' Releases/manifest.json | tr -d '"') 0.0.0 10.20.30 01.2.3 1.2 1.2.3.4 -1.0.0 99999999999999999999.0.0; do
        printf '%s' "$v" > "$corpus/v$i"; i=$((i + 1))
      done ;;
    fuzz-strings | fuzz-compiled-strings)
      for d in Localizations/*.lproj; do cp "$d/Localizable.strings" "$corpus/$(basename "$d" .lproj).strings"; done ;;
    fuzz-commands)
      i=0
      while IFS= read -r line; do printf '%s' "$line" > "$corpus/c$i"; i=$((i + 1)); done < Fuzz/Seeds/commands.txt ;;
    fuzz-restore) python3 scripts/fuzz-restore-seeds.py "$corpus" ;;  # backups at schemas 1-3 and hostile ones
  esac
}

# Release builds: the sources use preconditions, never assert(), so -O checks all the same
# things, and runs several times more inputs per second than a debug build.
status=0
for target in $TARGETS; do
  echo "== $target: building"
  swift build --package-path Fuzz -c release --sanitize=fuzzer --product "$target" >/dev/null
  binary="$(swift build --package-path Fuzz -c release --sanitize=fuzzer --show-bin-path)/$target"
  corpus="$WORK/corpus/$target"
  seed "$target" "$corpus"
  echo "== $target: fuzzing for ${SECONDS_EACH}s"
  if ! SWIFT_BACKTRACE=enable=no timeout $((SECONDS_EACH + 60)) "$binary" -max_total_time="$SECONDS_EACH" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$WORK/artifacts/$target-" "$corpus" 2>"$WORK/$target.log"; then
    echo "== $target: FAILED (see $WORK/$target.log and $WORK/artifacts/)"
    status=1
  fi
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|Done [0-9]+ runs" "$WORK/$target.log" | tr '\n' ' '
  echo
done
exit $status
