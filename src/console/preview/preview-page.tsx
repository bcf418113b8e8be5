/**
 * Placement preview: for a saved adapter, the placement form its fields make (`formFields`), values checked as
 * they are typed (`validateValues`, each issue under its input), a real bid request (from fixtures/requests) or a
 * pasted one, the enriched request with every changed path highlighted, and what goes on the wire: the HTTP
 * request of the RTB or Prebid Server wrapper (method, URL, headers), or the ad unit's `bids` entry for Prebid JS.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import requests from 'virtual:bidfields-requests';
import {
  BidfieldsError,
  compile,
  compilePrebidServer,
  formFields,
  safeBuildPrebidServerRequest,
  safeBuildRtbRequest,
  type BidRequest,
  type CompiledAdapter,
  type FormField,
  type Issue,
} from '../../index.js';
import type { StoredAdapter } from '../../client/index.js';
import { Alert } from '../alert.js';
import { IssueList } from '../issue-list.js';
import type { PageProps } from '../page-props.js';
import { PUBLISHER } from '../roles.js';
import { allowLocal, knownEndpoints } from '../api.js';
import { href, navigate } from '../route.js';
import { bidsEntry } from './bids-entry.js';
import { changedPaths, jsonLines } from './json-lines.js';

const PASTED = 'pasted';
const FIRST_REQUEST = 'iab26-site-simple-banner' in requests ? 'iab26-site-simple-banner' : Object.keys(requests)[0]!;

function compiled(stored: StoredAdapter): { adapter?: CompiledAdapter; issues: Issue[] } {
  const options = { knownEndpoints: knownEndpoints(), allowLocal: allowLocal() };
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
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(form.map((f) => [f.name, ''])));
  const [choice, setChoice] = useState(FIRST_REQUEST);
  const [pasted, setPasted] = useState('');

  const valueIssues = useMemo(() => (adapter ? adapter.validateValues(values) : []), [adapter, values]);
  const request = useMemo((): { request?: BidRequest; error?: string } => {
    if (choice !== PASTED) return { request: requests[choice] as unknown as BidRequest };
    if (!pasted.trim()) return { error: 'Paste a bid request (JSON).' };
    try {
      return { request: JSON.parse(pasted) as BidRequest };
    } catch (failure) {
      return { error: `The pasted text is not JSON: ${(failure as Error).message}` };
    }
  }, [choice, pasted]);

  if (!adapter) {
    return (
      <section aria-label="Record issues">
        <Alert>This stored record does not pass the server's current checks, so no placement can be previewed:</Alert>
        <IssueList issues={recordIssues} />
      </section>
    );
  }
  const issuesOf = (path: string) => valueIssues.filter((i) => i.path === path);

  return (
    <div class="preview">
      <form class="placement" aria-label="Placement form" onSubmit={(e) => e.preventDefault()}>
        <h2>Placement form of {stored.bidderCode}</h2>
        {form.length === 0 && <p>This adapter has no fields.</p>}
        {form.map((field, i) => {
          const id = `value-${i}`;
          const found = issuesOf(field.path);
          const hints = [field.description, field.pattern && `pattern ${field.pattern}`, field.min !== undefined && `at least ${field.min}`, field.max !== undefined && `at most ${field.max}`, field.integer && 'a whole number', field.default !== undefined && `default ${field.default}`].filter(Boolean).join('; ');
          const describedBy = [hints && `${id}-hint`, found.length > 0 && `${id}-issues`].filter(Boolean).join(' ') || undefined;
          const common = { id, 'aria-invalid': found.length > 0 || undefined, 'aria-describedby': describedBy, required: field.required };
          const set = (value: string) => setValues({ ...values, [field.name]: value });
          return (
            <div class="cell">
              <label for={id}>{field.label}{field.required ? ' (required)' : ''}</label>
              {field.kind === 'select' ? (
                <select {...common} value={values[field.name]} onChange={(e) => set(e.currentTarget.value)}>
                  <option value="">Not entered</option>
                  {field.options!.map((o) => <option value={String(o.value)}>{o.name} ({o.value})</option>)}
                </select>
              ) : (
                <input {...common} inputMode={field.kind === 'number' ? 'decimal' : undefined} value={values[field.name]} placeholder={field.default === undefined ? '' : String(field.default)} onInput={(e) => set(e.currentTarget.value)} />
              )}
              {hints && <p id={`${id}-hint`} class="hint">{hints}</p>}
              {found.length > 0 && <ul id={`${id}-issues`} class="issues-at" data-for={id}>{found.map((i) => <li>{i.message} ({i.code})</li>)}</ul>}
            </div>
          );
        })}
      </form>
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
      {request.request !== undefined && <Outcome adapter={adapter} stored={stored} form={form} request={request.request} values={values} />}
    </div>
  );
}

function Outcome({ adapter, stored, form, request, values }: { adapter: CompiledAdapter; stored: StoredAdapter; form: readonly FormField[]; request: BidRequest; values: Record<string, string> }) {
  const result = adapter.safeEnrich(request, values);
  if (!result.ok) {
    return (
      <section aria-label="Enriched request">
        <h2>Enriched request</h2>
        <Alert>The request is not enriched until these are fixed:</Alert>
        <IssueList issues={result.issues} />
      </section>
    );
  }
  const changed = changedPaths(request, result.request);
  const http = stored.adapter.protocol === 'rtb' ? safeBuildRtbRequest(adapter, request, values) : stored.adapter.protocol === 'prebid-server' ? safeBuildPrebidServerRequest(adapter, request, values) : undefined;
  return (
    <>
      <section aria-label="Wire">
        {stored.adapter.protocol === 'prebid-js' ? (
          <>
            <h2>Prebid JS bids entry</h2>
            <pre class="code" data-testid="bids-entry">{JSON.stringify(bidsEntry(stored.bidderCode, form, values), null, 2)}</pre>
          </>
        ) : (
          <>
            <h2>HTTP request the {stored.adapter.protocol === 'rtb' ? 'RTB' : 'Prebid Server'} wrapper sends</h2>
            {http?.ok ? (
              <pre class="code" data-testid="http-request">{[`${http.http.method} ${http.http.url}`, ...Object.entries(http.http.headers).map(([k, v]) => `${k}: ${v}`)].join('\n')}</pre>
            ) : (
              <IssueList issues={http?.issues} />
            )}
          </>
        )}
      </section>
      <section aria-label="Enriched request">
        <h2>Enriched request</h2>
        {result.warnings.map((w) => <p class="notice">{w.message} ({w.code})</p>)}
        <h3>Changed paths</h3>
        {changed.length === 0 ? <p>None: nothing entered.</p> : <ul data-testid="changed-paths">{changed.map((p) => <li><code>{p}</code></li>)}</ul>}
        <pre class="code json" data-testid="enriched" tabIndex={0}>
          {jsonLines(result.request, changed).map((line) => (line.changed ? <mark data-path={line.path}>{line.text + '\n'}</mark> : line.text + '\n'))}
        </pre>
      </section>
    </>
  );
}
