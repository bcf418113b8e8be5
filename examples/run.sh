#!/usr/bin/env bash
# The main job on the bundled examples: validate the example adapters, enrich real OpenRTB requests with
# example values, show how invalid values are reported, and run the conformance suite.
set -u
cd "$(dirname "$0")/.."
cli="node dist/cli.js"
known="--known-endpoint pbs.example-ssp.com --known-endpoint rtb.example-dsp.com"
step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; }

step bidfields validate examples/prebid-server-adapter.json $known
$cli validate examples/prebid-server-adapter.json $known || exit 1
step bidfields validate examples/rtb-adapter.json $known
$cli validate examples/rtb-adapter.json $known || exit 1

step bidfields enrich --adapter examples/prebid-server-adapter.json --values examples/prebid-server-values.json --request fixtures/requests/iab26-site-simple-banner.json $known
$cli enrich --adapter examples/prebid-server-adapter.json --values examples/prebid-server-values.json --request fixtures/requests/iab26-site-simple-banner.json $known || exit 1

step "bidfields enrich --adapter examples/rtb-adapter.json --values examples/rtb-values.json < fixtures/requests/iab26-app-mobile-banner.json" $known
$cli enrich --adapter examples/rtb-adapter.json --values examples/rtb-values.json $known < fixtures/requests/iab26-app-mobile-banner.json || exit 1

step "bidfields enrich --adapter examples/rtb-adapter.json --values examples/rtb-per-imp-values.json --request fixtures/requests/bsm-site-video-3imp-pmp-deal-ext.json   # values per imp: imp 2 left as it is" $known
$cli enrich --adapter examples/rtb-adapter.json --values examples/rtb-per-imp-values.json --request fixtures/requests/bsm-site-video-3imp-pmp-deal-ext.json $known || exit 1

step "bidfields conformance --pbs test/peer/prebid-server/aso --adapter test/peer/prebid-server/aso/record.json   # a record against a Prebid Server adapter's own tests (its endpoint a template, one request per imp)"
$cli conformance --pbs test/peer/prebid-server/aso --adapter test/peer/prebid-server/aso/record.json || exit 1

step "bidfields enrich … --values examples/bad-values.json   # invalid values: issues on stderr, exit 1"
$cli enrich --adapter examples/prebid-server-adapter.json --values examples/bad-values.json --request fixtures/requests/iab26-site-simple-banner.json $known
code=$?
echo "exit code $code"
[ "$code" -eq 1 ] || exit 1

step bidfields conformance
$cli conformance

step "bidfields conformance --engine compact   # the engine inside the Prebid.js bundle"
$cli conformance --engine compact

step "bidfields prebid-adapter --adapter examples/prebid-js-adapter.json --known-endpoint bid.example-ssp.com --out \$out   # a Prebid.js adapter generated at build time"
out=$(mktemp -d)
$cli prebid-adapter --adapter examples/prebid-js-adapter.json --known-endpoint bid.example-ssp.com --out "$out" || exit 1
head -c 600 "$out/examplesspBidAdapter.js"; echo …
rm -rf "$out"

step "bidfields conformance --engine generated   # the Prebid cases through generated adapters"
$cli conformance --engine generated
