/**
 * Placement preview: for a saved adapter, the placement form its fields make (`formFields`, booleans as checkboxes,
 * the one-of groups of `formOneOfGroups`), a real bid request (from fixtures/requests) or a pasted one, values per
 * imp (docs/spec.md#per-imp: the form edits one imp's values at a time; imp 1 is enriched, the others when asked), checked as
 * they are typed (each issue under its input), and what goes on the wire. For RTB and Prebid Server that is what the
 * protocol wrapper builds (`safeBuildRtbRequests` / `safeBuildPrebidServerRequests`, the one judge of values,
 * URL, headers and split): each request with its URL (the endpoint, or the one its template makes, docs/spec.md#endpoint-templates), its
 * imp when the record splits per imp (docs/spec.md#split-imp), and its body with every changed path highlighted. For Prebid JS,
 * the request enriched with `safeEnrichImps` and each ad unit's `bids` entry; with an endpoint template, a split or
 * headers, the requests the Prebid.js bidder itself sends, each with its headers (prebid-wire.ts). Values are sent as
 * typed, but a JSON field's text parsed (a list goes as its text, an id as typed); a JSON text that is no JSON is said
 * at its input, and nothing is sent (per-imp.ts). Exactly-one-of groups say so, an input with `with` constants says
 * what it adds (docs/spec.md#conditions), and in each body the values the record's removals took out and its
 * derivations set are told apart from what the fields wrote (step-marks.ts, docs/spec.md#removals).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { BidfieldsError, compile, compilePrebidServer, formFields, formOneOfGroups, type BidRequest, type CompiledAdapter, type Issue } from 'bidfields';
import type { StoredAdapter } from 'bidfields/client';
import { Alert } from '../alert.js';
import { IssueList } from '../issue-list.js';
import type { PageProps } from '../page-props.js';
import { PUBLISHER } from '../roles.js';
import { allowLocal, knownEndpoints } from '../api.js';
import { href, navigate } from '../route.js';
import { pastedRequest } from './json-lines.js';
import { impsOf, isValuePath, issuesOfImp, perImpEntries, sentEntries, type Entered } from './per-imp.js';
import { wireRequests } from './wire.js';
import { valueVerdict } from './value-verdict.js';
import { prebidWire } from './prebid-wire.js';
import requests from 'virtual:bidfields-requests';
import { Requests, BidsEntries, Outcome, isRoutedPrebid } from './preview-parts.js';
import { stagesOf, stepsOf } from './step-marks.js';
import { Input } from './value-input.js';

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

  if (role === PUBLISHER)
    return (
      <p class="notice" role="status">
        The placement preview reads stored adapters, which are for Admin and Service accounts; a Publisher may not read them (403).
      </p>
    );
  const stored = list?.find((a) => a.bidderCode === bidder);
  return (
    <>
      {error && <Alert>{error}</Alert>}
      <label for="preview-adapter" class="choice-label">
        Adapter
      </label>
      <select id="preview-adapter" value={bidder} onChange={(e) => navigate(href('preview', { bidder: e.currentTarget.value }))}>
        <option value="">Choose a saved adapter</option>
        {list?.map((a) => (
          <option value={a.bidderCode}>
            {a.bidderCode} ({a.adapter.protocol})
          </option>
        ))}
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
  // Removals and derivations (docs/spec.md#removals), run alone, to tell the paths they change from the fields' (step-marks.ts).
  const steps = useMemo(() => stepsOf(stored.adapter, { knownEndpoints: knownEndpoints(), allowLocal: allowLocal() }), [stored]);
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
  // What is sent: the values as typed, a JSON field's parsed; a JSON text that is no JSON sends nothing (per-imp.ts).
  const sent = useMemo(() => sentEntries(form, perImpEntries(imps.length, values, enriched)), [form, imps, values, enriched]);
  const { entries } = sent;
  // What the steps make of the request depends on which imps are enriched, never on the values typed.
  const pattern = entries.map((entry) => (entry === null ? '-' : '+')).join('');
  const stepsView = useMemo(() => {
    const stages = steps && request.request !== undefined ? stagesOf(steps, request.request, entries) : undefined;
    return stages && steps ? { stages, words: steps.words } : undefined;
  }, [steps, request, pattern]);
  const unparsed = sent.issues.length > 0 ? { ok: false as const, issues: sent.issues, warnings: [] } : undefined;
  // RTB and Prebid Server: the wrapper's requests (or its issues); Prebid JS with an endpoint template, a split or
  // headers: the requests the Prebid.js bidder sends (one per URL its bids make, or per bid); other Prebid JS records:
  // the enrichment per imp.
  const byBidder = adapter !== undefined && isRoutedPrebid(adapter);
  const wire = useMemo(() => {
    if (!adapter || request.request === undefined || (!byBidder && adapter.protocol === 'prebid-js')) return undefined;
    if (unparsed) return unparsed;
    return byBidder
      ? prebidWire(stored.adapter, request.request, entries, form, { knownEndpoints: knownEndpoints(), allowLocal: allowLocal() })
      : wireRequests(adapter, request.request, entries);
  }, [adapter, request, sent]);
  const outcome = useMemo(
    () => (adapter && !wire && request.request !== undefined ? (unparsed ?? adapter.safeEnrichImps(request.request, entries)) : undefined),
    [adapter, wire, request, sent],
  );
  // Value issues at /<imp>/<key> (and /<imp> for a one-of group): from the wrapper or the enrichment, or, with no
  // request, from each imp's values alone.
  const valueIssues = useMemo(() => {
    const verdict = wire ?? outcome;
    if (verdict) return verdict.ok ? [] : verdict.issues.filter(isValuePath);
    if (!adapter) return [];
    const own = new Set(sent.issues.map((found) => found.path));
    const checked = entries.flatMap((entry, i) => (entry ? valueVerdict(adapter, entry).map((found) => ({ ...found, path: `/${i}${found.path}` })) : []));
    return [...checked.filter((found) => !own.has(found.path)), ...sent.issues];
  }, [wire, outcome, adapter, sent]);

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
      <section aria-label="Request" class="row">
        <label for="request-choice" class="choice-label">
          Bid request
        </label>
        <select id="request-choice" aria-describedby="request-choice-hint" value={choice} onChange={(e) => setChoice(e.currentTarget.value)}>
          {Object.keys(requests).map((name) => (
            <option value={name}>{name}</option>
          ))}
          <option value={PASTED}>Pasted JSON</option>
        </select>
        <p class="hint" id="request-choice-hint">
          A real OpenRTB 2.x request (fixtures/requests), or your own pasted as JSON: the placement's values are written into it.
        </p>
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
                return (
                  <option value={String(i)}>
                    Imp {i + 1}
                    {id === undefined ? '' : ` (id ${id})`}
                    {entries[i] === null ? ': left as it is' : ''}
                    {count > 0 ? `: ${count} issue${count > 1 ? 's' : ''}` : ''}
                  </option>
                );
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
          <Input
            id={`value-${i}`}
            field={field}
            text={Object.hasOwn(current, field.key) ? current[field.key]! : ''}
            found={issuesOf(field.path)}
            set={(value) => setValue(field.key, value)}
          />
        ))}
        {groups.length > 0 && (
          <fieldset class="one-of" aria-describedby={groupIssues.length > 0 ? 'oneof-issues' : undefined}>
            <legend>One of several</legend>
            <ul>
              {groups.map((group, g) => (
                <li id={`oneof-${g}`}>
                  Group {g + 1}: {group.exactly ? 'enter exactly one of' : 'at least one of'} {group.labels.join(', ')}
                  {group.satisfiedByDefault ? ' (a default satisfies it)' : ''}
                </li>
              ))}
            </ul>
            {groupIssues.length > 0 && (
              <ul id="oneof-issues" class="issues-at" data-for="oneof">
                {groupIssues.map((i) => (
                  <li>
                    {i.message} ({i.code})
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        )}
      </form>
      {byBidder && wire?.ok && <BidsEntries stored={stored} form={form} entries={entries} />}
      {wire !== undefined && (
        <Requests
          sender={adapter.protocol === 'rtb' ? 'RTB wrapper' : adapter.protocol === 'prebid-server' ? 'Prebid Server wrapper' : 'Prebid.js bidder'}
          split={adapter.split === 'imp'}
          imps={imps}
          wire={wire}
          steps={stepsView}
        />
      )}
      {outcome !== undefined && request.request !== undefined && (
        <Outcome stored={stored} form={form} request={request.request} entries={entries} result={outcome} steps={stepsView} />
      )}
    </div>
  );
}
