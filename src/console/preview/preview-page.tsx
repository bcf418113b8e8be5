/**
 * Placement preview: for a saved adapter, the placement form its fields make (`formFields`, booleans as checkboxes,
 * the one-of groups of `formOneOfGroups`), a real bid request (from fixtures/requests) or a pasted one, values per
 * imp (SPEC §8.2: the form edits one imp's values at a time; imp 1 is enriched, the others when asked), checked as
 * they are typed (each issue under its input), and what goes on the wire. For RTB and Prebid Server that is what the
 * protocol wrapper builds (`safeBuildRtbRequests` / `safeBuildPrebidServerRequests`, the one judge of values,
 * URL, headers and split): each request with its URL (the endpoint, or the one its template makes, SPEC §8.7), its
 * imp when the record splits per imp (SPEC §8.8), and its body with every changed path highlighted. For Prebid JS,
 * the request enriched with `safeEnrichImps` and each ad unit's `bids` entry; with an endpoint template or a split, the
 * requests the Prebid.js bidder itself sends (prebid-wire.ts).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import requests from 'virtual:bidfields-requests';
import {
  BidfieldsError,
  compile,
  compilePrebidServer,
  formFields,
  formOneOfGroups,
  type BidRequest,
  type CompiledAdapter,
  type FormField,
  type Issue,
  type SafeEnrichResult,
} from '../../index.js';
import type { StoredAdapter } from '../../client/index.js';
import { Alert } from '../alert.js';
import { IssueList } from '../issue-list.js';
import type { PageProps } from '../page-props.js';
import { PUBLISHER } from '../roles.js';
import { allowLocal, knownEndpoints } from '../api.js';
import { href, navigate } from '../route.js';
import { bidsEntry } from './bids-entry.js';
import { changedPaths, jsonLines, pastedRequest } from './json-lines.js';
import { impsOf, isValuePath, issuesOfImp, perImpEntries, type Entered } from './per-imp.js';
import { httpLines, wireRequests, type Wire, type WireRequest } from './wire.js';
import { prebidWire } from './prebid-wire.js';

const PASTED = 'pasted';
const FIRST_REQUEST = 'iab26-site-simple-banner' in requests ? 'iab26-site-simple-banner' : Object.keys(requests)[0]!;

function compiled(stored: StoredAdapter): { adapter?: CompiledAdapter; issues: Issue[] } {
  // The console's CSP forbids eval (script-src 'self'): the interpreter, asked for, so compile does not even try.
  const options = { knownEndpoints: knownEndpoints(), allowLocal: allowLocal(), codegen: false };
  try {
    const adapter = stored.adapter.protocol === 'prebid-server' ? compilePrebidServer(stored.adapter, options) : compile(stored.adapter, options);
    return { adapter, issues: [] };
  } catch (error) {
    if (error instanceof BidfieldsError) return { issues: [...error.issues] };
    throw error;
  }
}

export function PreviewPage({ api, role, params, failed }: PageProps) {
  const bidder = params.get('bidder') ?? '';
  const [list, setList] = useState<StoredAdapter[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (role !== PUBLISHER) api.adapters.list().then(setList, (failure: unknown) => setError(failed(failure)));
  }, [api]);

  if (role === PUBLISHER) return <p class="notice" role="status">The placement preview reads stored adapters, which are for Admin and Service accounts; a Publisher may not read them (403).</p>;
  const stored = list?.find((a) => a.bidderCode === bidder);
  return (
    <>
      {error && <Alert>{error}</Alert>}
      <label for="preview-adapter">Adapter</label>
      <select id="preview-adapter" value={bidder} onChange={(e) => navigate(href('preview', { bidder: e.currentTarget.value }))}>
        <option value="">Choose a saved adapter</option>
        {list?.map((a) => <option value={a.bidderCode}>{a.bidderCode} ({a.adapter.protocol})</option>)}
      </select>
      {list && bidder && !stored && <Alert>No saved adapter '{bidder}'.</Alert>}
      {stored && <Preview key={`${stored.bidderCode}-${stored.version}`} stored={stored} />}
    </>
  );
}

function Preview({ stored }: { stored: StoredAdapter }) {
  const { adapter, issues: recordIssues } = useMemo(() => compiled(stored), [stored]);
  const form = useMemo(() => formFields(stored.adapter), [stored]);
  const groups = useMemo(() => formOneOfGroups(stored.adapter), [stored]);
  // Each imp's values (as typed, by key) and whether it is enriched; imp 1 is, as `enrich` does by default.
  const [values, setValues] = useState<Entered[]>([{}]);
  const [enriched, setEnriched] = useState<boolean[]>([true]);
  const [shown, setShown] = useState(0);
  const [choice, setChoice] = useState(FIRST_REQUEST);
  const [pasted, setPasted] = useState('');

  const request = useMemo((): { request?: BidRequest; error?: string } => {
    if (choice !== PASTED) return { request: requests[choice] as unknown as BidRequest };
    return pastedRequest(pasted) as { request?: BidRequest; error?: string };
  }, [choice, pasted]);
  const imps = useMemo(() => impsOf(request.request), [request]);
  const entries = useMemo(() => perImpEntries(imps.length, values, enriched), [imps, values, enriched]);
  // RTB and Prebid Server: the wrapper's requests (or its issues); Prebid JS with an endpoint template or a split: the
  // requests the Prebid.js bidder sends (one per URL its bids make, or per bid); other Prebid JS records: the
  // enrichment per imp.
  const byBidder = adapter !== undefined && isRoutedPrebid(adapter);
  const wire = useMemo(
    () => (adapter && request.request !== undefined ? (byBidder ? prebidWire(stored.adapter, request.request, entries, form, { knownEndpoints: knownEndpoints(), allowLocal: allowLocal() }) : wireRequests(adapter, request.request, entries)) : undefined),
    [adapter, request, entries],
  );
  const outcome = useMemo(() => (adapter && !wire && request.request !== undefined ? adapter.safeEnrichImps(request.request, entries) : undefined), [adapter, wire, request, entries]);
  // Value issues at /<imp>/<key> (and /<imp> for a one-of group): from the wrapper or the enrichment, or, with no
  // request, from each imp's values alone.
  const valueIssues = useMemo(() => {
    const verdict = wire ?? outcome;
    if (verdict) return verdict.ok ? [] : verdict.issues.filter(isValuePath);
    return adapter ? entries.flatMap((entry, i) => (entry ? adapter.validateValues(entry).map((found) => ({ ...found, path: `/${i}${found.path}` })) : [])) : [];
  }, [wire, outcome, adapter, entries]);

  if (!adapter) {
    return (
      <section aria-label="Record issues">
        <Alert>This stored record does not pass the server's current checks, so no placement can be previewed:</Alert>
        <IssueList issues={recordIssues} />
      </section>
    );
  }
  const imp = Math.min(shown, imps.length - 1);
  const current = values[imp] ?? {};
  const isEnriched = entries[imp] !== null;
  const issuesOf = (path: string) => valueIssues.filter((i) => i.path === `/${imp}${path}`);
  const setValue = (key: string, value: string) => {
    const next = values.slice();
    next[imp] = { ...current };
    // A key is own data, whatever it spells (a record's keys are checked, but `values` is typed in as text).
    Object.defineProperty(next[imp], key, { value, enumerable: true, writable: true, configurable: true });
    setValues(next);
  };
  const setEnrichedAt = (i: number, on: boolean) => {
    const next = enriched.slice();
    next[i] = on;
    setEnriched(next);
  };
  const groupIssues = valueIssues.filter((i) => i.path === `/${imp}`);

  return (
    <div class="preview">
      <section aria-label="Request">
        <h2>Bid request</h2>
        <label for="request-choice">Bid request</label>
        <select id="request-choice" value={choice} onChange={(e) => setChoice(e.currentTarget.value)}>
          {Object.keys(requests).map((name) => <option value={name}>{name}</option>)}
          <option value={PASTED}>Pasted JSON</option>
        </select>
        {choice === PASTED && (
          <>
            <label for="request-pasted">Bid request (JSON)</label>
            <textarea id="request-pasted" rows={8} value={pasted} onInput={(e) => setPasted(e.currentTarget.value)} />
          </>
        )}
        {request.error && <Alert>{request.error}</Alert>}
      </section>
      <form class="placement" aria-label="Placement form" onSubmit={(e) => e.preventDefault()}>
        <h2>Placement form of {stored.bidderCode}</h2>
        {imps.length > 1 && (
          <div class="row imps">
            <label for="preview-imp">Values of</label>
            <select id="preview-imp" value={String(imp)} onChange={(e) => setShown(Number(e.currentTarget.value))}>
              {imps.map((id, i) => {
                const count = issuesOfImp(valueIssues, i).length;
                return <option value={String(i)}>Imp {i + 1}{id === undefined ? '' : ` (id ${id})`}{entries[i] === null ? ': left as it is' : ''}{count > 0 ? `: ${count} issue${count > 1 ? 's' : ''}` : ''}</option>;
              })}
            </select>
            <span class="cell check">
              <input type="checkbox" id="preview-imp-enriched" checked={isEnriched} onChange={(e) => setEnrichedAt(imp, e.currentTarget.checked)} />
              <label for="preview-imp-enriched">Enrich imp {imp + 1}</label>
            </span>
            <button type="button" onClick={() => (setValues(imps.map(() => ({ ...current }))), setEnriched(imps.map(() => true)))}>
              Use these values for every imp
            </button>
          </div>
        )}
        {imps.length > 1 && !isEnriched && <p class="hint">Imp {imp + 1} is left as it is: its values are kept, not applied.</p>}
        {form.length === 0 && <p>This adapter has no fields.</p>}
        {form.map((field, i) => (
          <Input id={`value-${i}`} field={field} text={Object.hasOwn(current, field.key) ? current[field.key]! : ''} found={issuesOf(field.path)} set={(value) => setValue(field.key, value)} />
        ))}
        {groups.length > 0 && (
          <fieldset class="one-of" aria-describedby={groupIssues.length > 0 ? 'oneof-issues' : undefined}>
            <legend>One of several</legend>
            <ul>
              {groups.map((group, g) => (
                <li id={`oneof-${g}`}>
                  Group {g + 1}: at least one of {group.labels.join(', ')}
                  {group.satisfiedByDefault ? ' (a default satisfies it)' : ''}
                </li>
              ))}
            </ul>
            {groupIssues.length > 0 && (
              <ul id="oneof-issues" class="issues-at" data-for="oneof">
                {groupIssues.map((i) => <li>{i.message} ({i.code})</li>)}
              </ul>
            )}
          </fieldset>
        )}
      </form>
      {byBidder && wire?.ok && <BidsEntries stored={stored} form={form} entries={entries} />}
      {wire !== undefined && <Requests sender={adapter.protocol === 'rtb' ? 'RTB wrapper' : adapter.protocol === 'prebid-server' ? 'Prebid Server wrapper' : 'Prebid.js bidder'} split={adapter.split === 'imp'} imps={imps} wire={wire} />}
      {outcome !== undefined && request.request !== undefined && <Outcome stored={stored} form={form} request={request.request} entries={entries} result={outcome} />}
    </div>
  );
}

/** One input of the placement form: typed, chosen, or a checkbox that starts "not entered". */
function Input({ id, field, text, found, set }: { id: string; field: FormField; text: string; found: readonly Issue[]; set: (value: string) => void }) {
  const hints = [
    field.description,
    field.pattern && `pattern ${field.pattern}`,
    field.min !== undefined && `at least ${field.min}`,
    field.max !== undefined && `at most ${field.max}`,
    field.integer && 'a whole number',
    field.kind === 'checkbox' && text === '' && 'not entered',
    field.default !== undefined && `default ${field.default}`,
    field.oneOf && `one of several: ${field.oneOf.map((g) => `group ${g + 1}`).join(', ')}`,
  ].filter(Boolean).join('; ');
  const describedBy = [hints && `${id}-hint`, found.length > 0 && `${id}-issues`].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-invalid': found.length > 0 || undefined, 'aria-describedby': describedBy };
  const label = <label for={id}>{field.label}{field.required ? ' (required)' : ''}</label>;
  const after = (
    <>
      {hints && <p id={`${id}-hint`} class="hint">{hints}</p>}
      {found.length > 0 && <ul id={`${id}-issues`} class="issues-at" data-for={id}>{found.map((i) => <li>{i.message} ({i.code})</li>)}</ul>}
    </>
  );
  if (field.kind === 'checkbox') {
    // Three states: "not entered" (the default applies; shown as mixed when there is none), true, false.
    const checked = text === 'true' || (text === '' && field.default === true);
    return (
      <div class="cell">
        <span class="check">
          <input type="checkbox" {...common} checked={checked} indeterminate={text === '' && field.default === undefined} onChange={(e) => set(e.currentTarget.checked ? 'true' : 'false')} />
          {label}
          {text !== '' && (
            <button type="button" class="small" onClick={() => set('')}>
              Clear {field.label}
            </button>
          )}
        </span>
        {after}
      </div>
    );
  }
  return (
    <div class="cell">
      {label}
      {field.kind === 'select' ? (
        <select {...common} required={field.required} value={text} onChange={(e) => set(e.currentTarget.value)}>
          <option value="">Not entered</option>
          {field.options!.map((o) => <option value={String(o.value)}>{o.name} ({o.value})</option>)}
        </select>
      ) : (
        <input {...common} required={field.required} inputMode={field.kind === 'number' ? 'decimal' : undefined} value={text} placeholder={field.default === undefined ? '' : String(field.default)} onInput={(e) => set(e.currentTarget.value)} />
      )}
      {after}
    </div>
  );
}

/** Why nothing is enriched or sent: the issues, the entered values' apart from the request's and the adapter's. */
function Refused({ issues, sent }: { issues: readonly Issue[]; sent: boolean }) {
  const values = issues.filter(isValuePath);
  const adapter = issues.filter((i) => i.path === '/endpoint' || i.path === '/protocol');
  const others = issues.filter((i) => !isValuePath(i) && !adapter.includes(i));
  return (
    <section aria-label="Enriched request">
      <h2>Enriched request</h2>
      <Alert>{sent ? 'Nothing is sent until these are fixed:' : 'The request is not enriched until these are fixed:'}</Alert>
      {values.length > 0 && (
        <>
          <h3>Entered values (<code>/imp/key</code>, imps counted from 0)</h3>
          <IssueList issues={values} />
        </>
      )}
      {adapter.length > 0 && (
        <>
          <h3>Adapter</h3>
          <IssueList issues={adapter} />
        </>
      )}
      {others.length > 0 && (
        <>
          <h3>Bid request</h3>
          <IssueList issues={others} />
        </>
      )}
    </section>
  );
}

/** A body as sent, every line under a changed path marked. */
function Body({ before, after, level }: { before: unknown; after: unknown; level: 3 | 4 }) {
  const changed = changedPaths(before, after);
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <>
      <Heading>Changed paths</Heading>
      {changed.length === 0 ? <p>None: nothing entered.</p> : <ul data-testid="changed-paths">{changed.map((p) => <li><code>{p}</code></li>)}</ul>}
      <pre class="code json" data-testid="enriched" tabIndex={0}>
        {jsonLines(after, changed).map((line) => (line.changed ? <mark data-path={line.path}>{line.text + '\n'}</mark> : line.text + '\n'))}
      </pre>
    </>
  );
}

/** The imp a request carries, as the picker names it. */
const impName = (imps: readonly (string | undefined)[], i: number) => `imp ${i + 1}${imps[i] === undefined ? '' : ` (id ${imps[i]})`}`;

/**
 * The requests the RTB or Prebid Server wrapper sends: one, or with `split: 'imp'` one per imp given values, each
 * with its imp, its request line and headers (the URL the values make), and its body.
 */
function Requests({ sender, split, imps, wire }: { sender: string; split: boolean; imps: readonly (string | undefined)[]; wire: Wire }) {
  if (!wire.ok) return <Refused issues={wire.issues} sent />;
  const { requests } = wire;
  const title = (r: WireRequest, k: number, word = 'Request') => `${word} ${k + 1}${r.imp === undefined ? '' : `: ${impName(imps, r.imp)}`}`;
  return (
    <>
      <section aria-label="Wire">
        <h2>HTTP request{split || wire.requests.length > 1 ? 's' : ''} the {sender} sends</h2>
        {split && <p class="hint" data-testid="split">One request per imp (split: imp): {requests.length === 1 ? '1 request' : `${requests.length} requests`}, each with that imp alone and the URL its values make.</p>}
        {requests.length === 0 && <p>None: no imp is enriched.</p>}
        {requests.map((r, k) => (
          <>
            {split && <h3>{title(r, k)}</h3>}
            <pre class="code" data-testid="http-request" data-imp={r.imp === undefined ? undefined : String(r.imp)}>{httpLines(r.http)}</pre>
          </>
        ))}
      </section>
      {requests.length > 0 && (
        <section aria-label="Enriched request">
          <h2>{split ? 'Bodies sent, one per imp' : 'Enriched request'}</h2>
          {split && <p class="hint">Each body holds its imp alone, at <code>/imp/0</code>; changed paths are paths in that body.</p>}
          {wire.warnings.map((w) => <p class="notice">{w.message} ({w.code})</p>)}
          {requests.map((r, k) =>
            split ? (
              <>
                <h3>{title(r, k, 'Body of request')}</h3>
                <Body before={r.before} after={r.body} level={4} />
              </>
            ) : (
              <Body before={r.before} after={r.body} level={3} />
            ),
          )}
        </section>
      )}
    </>
  );
}

/**
 * A Prebid JS record whose requests the Prebid.js bidder itself shows best: with an endpoint template it sends one
 * request per URL its bids make, with a split one per bid (SPEC §8.7-8.8).
 */
const isRoutedPrebid = (adapter: CompiledAdapter) => adapter.protocol === 'prebid-js' && (adapter.split === 'imp' || adapter.endpointTemplate !== undefined);

/** Prebid JS: the `bids` entry of each enriched imp's ad unit. */
function BidsEntries({ stored, form, entries }: { stored: StoredAdapter; form: readonly FormField[]; entries: readonly (Entered | null)[] }) {
  const several = entries.length > 1;
  return (
    <section aria-label="Bids entries">
      <h2>Prebid JS bids entr{several ? 'ies' : 'y'}</h2>
      {entries.map((entry, i) =>
        entry === null ? null : (
          <>
            {several && <h3>Ad unit of imp {i + 1}</h3>}
            <pre class="code" data-testid="bids-entry">{JSON.stringify(bidsEntry(stored.bidderCode, form, entry), null, 2)}</pre>
          </>
        ),
      )}
    </section>
  );
}

/** Prebid JS: the `bids` entry of each enriched imp's ad unit, and the request enriched per imp. */
function Outcome({ stored, form, request, entries, result }: { stored: StoredAdapter; form: readonly FormField[]; request: BidRequest; entries: readonly (Entered | null)[]; result: SafeEnrichResult }) {
  if (!result.ok) return <Refused issues={result.issues} sent={false} />;
  return (
    <>
      <BidsEntries stored={stored} form={form} entries={entries} />
      <section aria-label="Enriched request">
        <h2>Enriched request</h2>
        {result.warnings.map((w) => <p class="notice">{w.message} ({w.code})</p>)}
        <Body before={request} after={result.request} level={3} />
      </section>
    </>
  );
}
