/**
 * The adapter editor. The record is checked as it is typed with the library's `validateAdapter` and the server's
 * known endpoints, the very check the server's save runs, so a record the editor accepts is one the server keeps;
 * each issue is shown under the input its JSON Pointer names, and all of them in a list. Fields (each with its `with`
 * constants), constants (name and JSON value: constant-rows.tsx), one-of and exactly-one-of groups (keys:
 * group-rows.tsx), headers (header-rows.tsx), removals and derivations (step-rows.tsx) are rows that can be added and
 * removed. The endpoint may be a template with `{key}` placeholders (docs/spec.md#endpoint-templates; its issues at the
 * endpoint, a placeholder's field's at that field), and "Requests" sets `split` (docs/spec.md#split-imp). A new
 * record's form is not red before anything is typed: an issue shows once its input, or another of its row, was
 * touched (typed in, or left), and all of them on "Save", which saves nothing while any is left; a stored record
 * shows its issues at once.
 */
import { useMemo, useRef, useState } from 'preact/hooks';
import { validateAdapter, type Issue } from 'bidfields';
import { allowLocal, knownEndpoints } from '../api.js';
import { IssueList } from '../issue-list.js';
import { draftIssues, emptyField, inputFor, recordOf, type AdapterDraft, type FieldDraft } from './draft.js';
import { ConstantRows } from './constant-rows.js';
import { FieldRow } from './field-row.js';
import { GroupRows } from './group-rows.js';
import { HeaderRows } from './header-rows.js';
import { StepRows } from './step-rows.js';

const PROTOCOLS = [
  ['rtb', 'RTB'],
  ['prebid-server', 'Prebid Server'],
  ['prebid-js', 'Prebid JS'],
] as const;

export interface EditorProps {
  initial: AdapterDraft;
  version: number;
  isNew: boolean;
  canSave: boolean;
  serverIssues: Issue[];
  saved: string | undefined;
  onSave: (draft: AdapterDraft, version: number) => void;
  /** Deletes the stored record (Admin, existing records only). */
  onDelete: (() => void) | undefined;
}

/** The inputs whose issues show together: a row's (`field-2`, `constant-0`, `header-1`), else the input alone. */
const groupOf = (id: string) => /^[a-z]+-\d+/.exec(id)?.[0] ?? id;

export function AdapterEditor({ initial, version, isNew, canSave, serverIssues, saved, onSave, onDelete }: EditorProps) {
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState(initial);
  /**
   * The rows and inputs touched so far, and whether every issue shows (a stored record, or "Save" was pressed).
   * Typing is noted as the event comes down (capture), before the input's own handler changes the draft, whose render
   * then shows it; it renders nothing of its own: a render between a checkbox's input and change events would put
   * back its old state before its handler reads it. Leaving an input renders.
   */
  const touched = useRef(new Set<string>());
  const [, setLeft] = useState(0);
  const [revealed, setRevealed] = useState(!isNew);
  const touch = (event: Event, render: boolean) => {
    const id = (event.target as HTMLElement | null)?.id;
    if (!id || touched.current.has(groupOf(id))) return;
    touched.current.add(groupOf(id));
    if (render) setLeft((n) => n + 1);
  };
  const options = useMemo(() => ({ strict: true, knownEndpoints: knownEndpoints(), allowLocal: allowLocal() }), []);
  const issues = useMemo(() => {
    const found = draftIssues(draft, validateAdapter(recordOf(draft), options));
    if (!draft.bidderCode && !found.some((i) => i.path === '/bidderCode'))
      found.push({ code: 'invalid_bidder_code', path: '/bidderCode', message: 'a bidder code is needed: the adapter is stored under it' });
    return found;
  }, [draft, options]);
  const inputOf = (found: Issue) => inputFor(found.path, draft.headers);
  const visible = (found: Issue) => {
    const id = inputOf(found);
    return revealed || (id === undefined ? touched.current.size > 0 : touched.current.has(groupOf(id)));
  };
  const shown = issues.length > 0 ? issues.filter(visible) : serverIssues;
  const hidden = issues.length - (issues.length > 0 ? shown.length : 0);
  const byInput = new Map<string, Issue[]>();
  for (const found of shown) {
    const id = inputOf(found);
    if (id) byInput.set(id, [...(byInput.get(id) ?? []), found]);
  }
  const set = (change: Partial<AdapterDraft>) => setDraft({ ...draft, ...change });
  const setField = (i: number, change: Partial<FieldDraft>) => set({ fields: draft.fields.map((f, j) => (j === i ? { ...f, ...change } : f)) });

  /** The props that tie an input to its issues (aria-invalid, aria-describedby) and to its hint when it has one. */
  const described = (id: string, hint?: string) => {
    const by = [hint, byInput.has(id) && `${id}-issues`].filter(Boolean).join(' ');
    return { id, ...(byInput.has(id) && { 'aria-invalid': true }), ...(by && { 'aria-describedby': by }) };
  };
  const issuesAt = (id: string) =>
    byInput.has(id) && (
      <ul id={`${id}-issues`} class="issues-at" data-for={id}>
        {byInput.get(id)!.map((i) => (
          <li>
            {i.message} <span class="issue-code">({i.code})</span>
          </li>
        ))}
      </ul>
    );

  return (
    <form
      class="editor"
      aria-label="Adapter editor"
      onInputCapture={(event) => touch(event, false)}
      onChangeCapture={(event) => touch(event, false)}
      onFocusOutCapture={(event) => touch(event, true)}
      onSubmit={(event) => {
        event.preventDefault();
        if (!canSave) return;
        if (issues.length === 0) return onSave(draft, version);
        // Every issue shows now, and the first input with one takes the focus.
        setRevealed(true);
        const first = issues.map(inputOf).find((id) => id !== undefined);
        if (first) setTimeout(() => document.getElementById(first)?.focus());
      }}
    >
      <h2>{isNew ? 'New adapter' : `Adapter ${draft.bidderCode} (version ${version})`}</h2>
      <div class="row">
        <label for="adapter-protocol">Protocol</label>
        <select {...described('adapter-protocol')} value={draft.protocol} onChange={(e) => set({ protocol: e.currentTarget.value })}>
          {PROTOCOLS.map(([value, label]) => (
            <option value={value}>{label}</option>
          ))}
        </select>
        {issuesAt('adapter-protocol')}
        <label for="adapter-bidderCode">Bidder code</label>
        <input {...described('adapter-bidderCode')} value={draft.bidderCode} readOnly={!isNew} onInput={(e) => set({ bidderCode: e.currentTarget.value })} />
        {issuesAt('adapter-bidderCode')}
      </div>
      <div class="row">
        <label for="adapter-endpoint">Endpoint</label>
        {/* Text, not type=url: a template is no URL yet, and the library alone judges it. */}
        <input
          {...described('adapter-endpoint', 'adapter-endpoint-hint')}
          class="wide endpoint"
          type="text"
          inputMode="url"
          spellcheck={false}
          value={draft.endpoint}
          placeholder="https://bid.partner.example/openrtb"
          onInput={(e) => set({ endpoint: e.currentTarget.value })}
        />
        {issuesAt('adapter-endpoint')}
        <p class="hint" id="adapter-endpoint-hint">
          {options.knownEndpoints.length > 0
            ? `The server accepts endpoints on: ${options.knownEndpoints.join(', ')}. `
            : 'The server was started without --known-endpoint, so it accepts no endpoint. '}
          Placeholders <code>{'{key}'}</code> take a field's value (by its key) per request, as a whole host label or inside a path segment
          {draft.protocol === 'rtb' ? ', or as a query value' : ''}: <code>{'https://{region}.bid.example.com/pub/{publisherId}'}</code>. A host placeholder
          needs a <code>*.</code> entry over the labels after it (<code>*.bid.example.com</code>); the fields it names must be required or have a default.
        </p>
        <label for="adapter-split">Requests</label>
        <select {...described('adapter-split', 'adapter-split-hint')} value={draft.split} onChange={(e) => set({ split: e.currentTarget.value })}>
          <option value="">One request for every imp (none)</option>
          <option value="imp">One request per imp (split: imp)</option>
          {draft.split !== '' && draft.split !== 'imp' && <option value={draft.split}>{draft.split}</option>}
        </select>
        {issuesAt('adapter-split')}
        <p class="hint" id="adapter-split-hint">
          Per imp: the RTB and Prebid Server wrappers send each imp given values alone, to the URL its own values make.
        </p>
        {draft.protocol === 'prebid-js' && (
          <>
            <label for="adapter-cpmField">CPM field</label>
            <input {...described('adapter-cpmField')} value={draft.cpmField} placeholder="price" onInput={(e) => set({ cpmField: e.currentTarget.value })} />
            {issuesAt('adapter-cpmField')}
          </>
        )}
      </div>
      <h3>Fields</h3>
      <p class="hint">
        A field named <code>predefinedEndpoint.&lt;segment&gt;</code> is entered like any other, but writes nothing into the request: its value only fills the
        endpoint's placeholder of its key (<code>{'{supplyId}'}</code>).
      </p>
      {draft.fields.map((f, i) => (
        <FieldRow
          index={i}
          field={f}
          change={(c) => setField(i, c)}
          remove={() => set({ fields: draft.fields.filter((_, j) => j !== i) })}
          described={described}
          issuesAt={issuesAt}
        />
      ))}
      <button type="button" onClick={() => set({ fields: [...draft.fields, emptyField()] })}>
        Add field
      </button>
      <h3>Constants</h3>
      <p class="hint">
        Fixed values written on every enrichment, with no input: a name (as a field's) and a JSON value, e.g. <code>true</code>, <code>"abc"</code>,{' '}
        <code>{'{}'}</code>.
      </p>
      <ConstantRows
        rows={draft.constants}
        set={(constants) => set({ constants })}
        prefix="constant"
        title="Constant"
        add="Add constant"
        placeholder="predefinedImpExt.is_prebid"
        described={described}
        issuesAt={issuesAt}
      />
      <HeaderRows rows={draft.headers} protocol={draft.protocol} set={(headers) => set({ headers })} described={described} issuesAt={issuesAt} />
      <GroupRows
        rows={draft.oneOf}
        set={(oneOf) => set({ oneOf })}
        prefix="oneof"
        heading="One of several"
        hint="Groups of keys (a field's key, else its name) of which at least one must be entered, after defaults."
        title="One-of group"
        described={described}
        issuesAt={issuesAt}
      />
      <GroupRows
        rows={draft.exactlyOneOf}
        set={(exactlyOneOf) => set({ exactlyOneOf })}
        prefix="exactlyoneof"
        heading="Exactly one of several"
        hint="Groups of keys of which exactly one must be entered, after defaults (a second is refused as conflicting). Two fields of one group may name the same with constant."
        title="Exactly-one group"
        described={described}
        issuesAt={issuesAt}
      />
      <StepRows remove={draft.remove} derive={draft.derive} set={set} described={described} issuesAt={issuesAt} />
      <h3>More settings</h3>
      <p class="hint">
        Keys of the record that have no input above (<code>requestValues</code>, docs/spec.md#conditions, or a key of a later version), as a JSON object: kept
        as they are when the record is saved.
      </p>
      <span class="cell">
        <label for="adapter-more">More settings (JSON)</label>
        <textarea
          {...described('adapter-more')}
          class="wide"
          rows={draft.more ? 6 : 2}
          spellcheck={false}
          placeholder='{"requestValues": "first"}'
          value={draft.more}
          onInput={(e) => set({ more: e.currentTarget.value })}
        />
        {issuesAt('adapter-more')}
      </span>
      <section aria-label="Issues" class="issue-list">
        <h3>Issues</h3>
        <div role="status">
          {shown.length > 0 && <IssueList issues={shown} />}
          {hidden > 0 ? (
            <p class="hint">
              {hidden === 1 ? 'One issue is' : `${hidden} issues are`} not shown yet: each shows at its input once you touch it, and all of them on Save.
            </p>
          ) : (
            shown.length === 0 && <p>No issues: the record is valid.</p>
          )}
        </div>
      </section>
      {saved && (
        <p role="status" class="saved">
          {saved}
        </p>
      )}
      <div class="row">
        {/* With issues, Save first shows those not shown yet; once every one is shown, it waits for them to be fixed. */}
        <button type="submit" class="primary" disabled={!canSave || (shown.length > 0 && hidden === 0)}>
          Save
        </button>
        {onDelete && !confirming && (
          <button type="button" onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
        {onDelete && confirming && (
          <button type="button" class="danger" onClick={onDelete}>
            Delete {initial.bidderCode} for good
          </button>
        )}
      </div>
    </form>
  );
}
