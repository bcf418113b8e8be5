// `npm run peer`: the peer suite's figures and per-adapter results (the vitest test asserts them; this prints them).
// `--markdown` prints the per-adapter table of README.md.
import { loadBidders, loadKnownDifferences, runAll } from './suite.js';

const bidders = loadBidders();
const known = loadKnownDifferences();
const results = runAll(bidders);
const markdown = process.argv.includes('--markdown');

if (markdown) {
  console.log('| bidder | fixtures | equal | with params (equal / carry params) | differ |');
  console.log('|---|---|---|---|---|');
}
for (const bidder of bidders) {
  const own = results.filter((result) => result.bidder === bidder.name);
  const equal = own.filter((result) => result.equal);
  const withParams = own.filter((result) => !result.withoutParams);
  const differ = own.filter((result) => !result.equal).map((result) => result.id.slice(bidder.name.length + 1));
  if (markdown) {
    const list = differ.length > 0 ? differ.map((file) => `\`${file}\``).join(', ') : '—';
    console.log(`| ${bidder.name} | ${own.length} | ${equal.length} | ${withParams.filter((result) => result.equal).length} / ${withParams.length} | ${list} |`);
  } else {
    console.log(`${bidder.name.padEnd(18)} ${equal.length} of ${own.length} equal${withParams.length < own.length ? ` (${own.length - withParams.length} carry no params)` : ''}`);
    for (const result of own.filter((entry) => !entry.equal)) {
      const how = result.issues ? `refused: ${result.issues.map((issue) => `${issue.code} ${issue.path}`).join(', ')}` : `differs at ${result.difference?.pointer} (${result.difference?.detail})`;
      console.log(`  ${result.id.slice(bidder.name.length + 1)}: ${how}; ${known.fixtures[result.id] ?? 'NOT LISTED in known-differences.json'}`);
    }
  }
}
const equal = results.filter((result) => result.equal).length;
const withParams = results.filter((result) => !result.withoutParams);
const exercised = new Set(results.filter((result) => result.equal && !result.withoutParams).map((result) => result.bidder)).size;
console.log(
  `\n${equal} of ${results.length} fixtures equal (${bidders.length} adapters); ` +
    `${withParams.filter((result) => result.equal).length} of ${withParams.length} that carry params ` +
    `(${exercised} adapters have an equal fixture that carries params); ` +
    `${results.filter((result) => result.uriCompared && result.equal).length} of ${results.filter((result) => result.uriCompared).length} with the URI compared`,
);
const reproduced = bidders.filter((bidder) => results.every((result) => result.bidder !== bidder.name || (result.equal && result.bidsEqual))).length;
const read = results.filter((result) => result.bidsEqual !== undefined);
console.log(
  `${reproduced} adapters reproduced end to end (URI, headers, body and bids); ` +
    `${read.filter((result) => result.bidsEqual).length} of ${read.length} fixtures read to the same bids`,
);
for (const result of read.filter((entry) => !entry.bidsEqual && known.bids[entry.id] === undefined)) {
  console.log(`  bids of ${result.id} differ at ${result.bidsDifference?.pointer} (${result.bidsDifference?.detail}); NOT LISTED in known-differences.json "bids"`);
}
const unlisted =
  results.filter((result) => !result.equal && known.fixtures[result.id] === undefined).length +
  read.filter((result) => !result.bidsEqual && known.bids[result.id] === undefined).length;
const stale =
  Object.keys(known.fixtures).filter((id) => results.find((result) => result.id === id)?.equal !== false).length +
  Object.keys(known.bids).filter((id) => results.find((result) => result.id === id)?.bidsEqual !== false).length;
if (unlisted + stale > 0) {
  console.log(`${unlisted} differing fixture(s) not listed, ${stale} listed fixture(s) not differing`);
  process.exitCode = 1;
}
