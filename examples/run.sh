#!/usr/bin/env bash
# The main job on the bundled examples (`npm run examples` builds, then runs this): validate the example adapters,
# enrich real OpenRTB requests with example values, show how invalid values are reported, run the conformance
# suite and generate a Prebid.js adapter. Each step prints its command as it can be pasted into a shell in this
# folder (`npx bidfields` is this repository's dist/cli.js, which the step runs), a note on a line of its own before
# it; a step that fails, or that should fail and does not, stops the job with exit 1.
set -euo pipefail
cd "$(dirname "$0")/.."

known="--known-endpoint pbs.example-ssp.com --known-endpoint rtb.example-dsp.com"

# run COMMAND [NOTE]: prints the note and the command, then runs it (`npx bidfields` as node dist/cli.js).
run() {
  if [ $# -gt 1 ]; then printf '\n# %s' "$2"; fi
  printf '\n\033[1m$ %s\033[0m\n' "$1"
  eval "node dist/cli.js ${1#npx bidfields }"
}

# refused COMMAND NOTE: as run, for a command that must exit 1 (invalid input); any other exit stops the job.
refused() {
  local code=0
  run "$@" || code=$?
  echo "exit code $code"
  if [ "$code" -ne 1 ]; then
    echo "expected exit code 1 (invalid input)" >&2
    exit 1
  fi
}

run "npx bidfields validate examples/prebid-server-adapter.json $known"
run "npx bidfields validate examples/rtb-adapter.json $known"
run "npx bidfields enrich --adapter examples/prebid-server-adapter.json --values examples/prebid-server-values.json --request fixtures/requests/iab26-site-simple-banner.json $known"
run "npx bidfields enrich --adapter examples/rtb-adapter.json --values examples/rtb-values.json $known < fixtures/requests/iab26-app-mobile-banner.json" \
  "the request from standard input"
run "npx bidfields enrich --adapter examples/rtb-adapter.json --values examples/rtb-per-imp-values.json --request fixtures/requests/bsm-site-video-3imp-pmp-deal-ext.json $known" \
  "values per imp: imp 2 left as it is"
refused "npx bidfields enrich --adapter examples/prebid-server-adapter.json --values examples/bad-values.json --request fixtures/requests/iab26-site-simple-banner.json $known" \
  "invalid values: one issue per line on standard error, exit 1"
run "npx bidfields conformance --pbs test/peer/prebid-server/aso --adapter test/peer/prebid-server/aso/record.json" \
  "a record against a Prebid Server adapter's own tests (its endpoint a template, one request per imp)"
run "npx bidfields conformance"
run "npx bidfields conformance --engine compact" "the engine inside the Prebid.js bundle"
run "npx bidfields prebid-adapter --adapter examples/acme.adapter.json --known-endpoint bid.acme.example --out adapters" \
  "a Prebid.js adapter generated at build time (adapters/ is git-ignored)"
head -c 600 adapters/acmeBidAdapter.js
echo …
run "npx bidfields conformance --engine generated" "the Prebid cases through generated adapters"
