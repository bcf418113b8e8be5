/**
 * The parts of the placement preview (preview-page.tsx, its inputs in value-input.tsx): why nothing is sent, the
 * requests on the wire, and for Prebid JS the `bids` entries and the enriched request; each body with its changed,
 * derived and removed paths (body.tsx).
 */
import { type BidRequest, type CompiledAdapter, type FormField, type Issue, type SafeEnrichResult } from 'bidfields';
import type { StoredAdapter } from 'bidfields/client';
import type { ComponentChildren } from 'preact';
import { IssueList } from '../issue-list.js';
import { bidsEntry } from './bids-entry.js';
import { Body, Warnings, type StepsView } from './body.js';
import { isValuePath, type Sent } from './per-imp.js';
import { stagesOfImp } from './step-marks.js';
import { httpLines, type Wire, type WireRequest } from './wire.js';

/**
 * Why nothing is enriched or sent: one red box whose headline is the largest line in it, then the issues of the
 * entered values, of the adapter and of the request, each under a small caption.
 */
function Refused({ issues, sent }: { issues: readonly Issue[]; sent: boolean }) {
  const values = issues.filter(isValuePath);
  const adapter = issues.filter((i) => i.path === '/endpoint' || i.path === '/protocol');
  const others = issues.filter((i) => !isValuePath(i) && !adapter.includes(i));
  const group = (caption: ComponentChildren, found: readonly Issue[]) =>
    found.length > 0 && (
      <>
        <p class="caption">{caption}</p>
        <IssueList issues={found} />
      </>
    );
  return (
    <section aria-label="Enriched request">
      <h2>Enriched request</h2>
      <div class="refused" role="alert">
        <h3>{sent ? 'Nothing is sent until these are fixed' : 'The request is not enriched until these are fixed'}</h3>
        {group(
          <>
            Entered values (<code>/imp/key</code>, imps counted from 0)
          </>,
          values,
        )}
        {group('Adapter', adapter)}
        {group('Bid request', others)}
      </div>
    </section>
  );
}

/** The imp a request carries, as the picker names it. */
const impName = (imps: readonly (string | undefined)[], i: number) => `imp ${i + 1}${imps[i] === undefined ? '' : ` (id ${imps[i]})`}`;

/**
 * The requests the RTB or Prebid Server wrapper sends: one, or with `split: 'imp'` one per imp given values, each
 * with its imp, its request line and headers (the URL the values make), and its body. A header the wrapper left out
 * (`header_omitted`: the value read from the request could not be sent) is said under the requests.
 */
export function Requests({
  sender,
  split,
  imps,
  wire,
  steps,
}: {
  sender: string;
  split: boolean;
  imps: readonly (string | undefined)[];
  wire: Wire;
  /** What the record's steps made of the whole request (step-marks.ts); undefined for a record without steps. */
  steps?: StepsView | undefined;
}) {
  if (!wire.ok) return <Refused issues={wire.issues} sent />;
  // With a split each body holds its imp alone, and is compared with what the steps made of that imp.
  const stepsOf = (r: WireRequest): StepsView | undefined => (steps && r.imp !== undefined ? { ...steps, stages: stagesOfImp(steps.stages, r.imp) } : steps);
  const { requests } = wire;
  const omitted = wire.warnings.filter((w) => w.code === 'header_omitted');
  const title = (r: WireRequest, k: number, word = 'Request') => `${word} ${k + 1}${r.imp === undefined ? '' : `: ${impName(imps, r.imp)}`}`;
  return (
    <>
      <section aria-label="Wire">
        <h2>
          HTTP request{split || wire.requests.length > 1 ? 's' : ''} the {sender} sends
        </h2>
        {split && (
          <p class="hint" data-testid="split">
            One request per imp (split: imp): {requests.length === 1 ? '1 request' : `${requests.length} requests`}, each with that imp alone and the URL its
            values make.
          </p>
        )}
        {requests.length === 0 && <p>None: no imp is enriched.</p>}
        {requests.map((r, k) => (
          <>
            {split && <h3>{title(r, k)}</h3>}
            <pre class="code" data-testid="http-request" data-imp={r.imp === undefined ? undefined : String(r.imp)}>
              {httpLines(r.http)}
            </pre>
          </>
        ))}
        {omitted.map((w) => (
          <p class="notice" data-testid="header-omitted">
            <code>{w.path}</code> {w.message} ({w.code})
          </p>
        ))}
      </section>
      {requests.length > 0 && (
        <section aria-label="Enriched request">
          <h2>{split ? 'Bodies sent, one per imp' : 'Enriched request'}</h2>
          {split && (
            <p class="hint">
              Each body holds its imp alone, at <code>/imp/0</code>; changed paths are paths in that body.
            </p>
          )}
          <Warnings warnings={wire.warnings.filter((w) => w.code !== 'header_omitted')} />
          {requests.map((r, k) =>
            split ? (
              <>
                <h3>{title(r, k, 'Body of request')}</h3>
                <Body before={r.before} after={r.body} level={4} steps={stepsOf(r)} />
              </>
            ) : (
              <Body before={r.before} after={r.body} level={3} steps={stepsOf(r)} />
            ),
          )}
        </section>
      )}
    </>
  );
}

/**
 * A Prebid JS record whose requests the Prebid.js bidder itself shows best: with an endpoint template it sends one
 * request per URL its bids make, with a split one per bid (docs/spec.md#records), and with headers each request
 * carries them as its ajax options (docs/spec.md#headers).
 */
export const isRoutedPrebid = (adapter: CompiledAdapter) =>
  adapter.protocol === 'prebid-js' && (adapter.split === 'imp' || adapter.endpointTemplate !== undefined || (adapter.headers?.length ?? 0) > 0);

/** Prebid JS: the `bids` entry of each enriched imp's ad unit. */
export function BidsEntries({ stored, form, entries }: { stored: StoredAdapter; form: readonly FormField[]; entries: readonly (Sent | null)[] }) {
  const several = entries.length > 1;
  return (
    <section aria-label="Bids entries">
      <h2>Prebid JS bids entr{several ? 'ies' : 'y'}</h2>
      {entries.map((entry, i) =>
        entry === null ? null : (
          <>
            {several && <h3>Ad unit of imp {i + 1}</h3>}
            <pre class="code" data-testid="bids-entry">
              {JSON.stringify(bidsEntry(stored.bidderCode, form, entry), null, 2)}
            </pre>
          </>
        ),
      )}
    </section>
  );
}

/** Prebid JS: the `bids` entry of each enriched imp's ad unit, and the request enriched per imp. */
export function Outcome({
  stored,
  form,
  request,
  entries,
  result,
  steps,
}: {
  stored: StoredAdapter;
  form: readonly FormField[];
  request: BidRequest;
  entries: readonly (Sent | null)[];
  result: SafeEnrichResult;
  steps?: StepsView | undefined;
}) {
  if (!result.ok) return <Refused issues={result.issues} sent={false} />;
  return (
    <>
      <BidsEntries stored={stored} form={form} entries={entries} />
      <section aria-label="Enriched request">
        <h2>Enriched request</h2>
        <Warnings warnings={result.warnings} />
        <Body before={request} after={result.request} level={3} steps={steps} />
      </section>
    </>
  );
}
