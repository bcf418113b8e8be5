/**
 * Bid adapters: the stored records (Admin and Service read them), and the editor (Admin saves). The record is
 * checked as it is typed with the library's `validateAdapter` and the server's known endpoints, the very check
 * the server's save runs; each issue is shown under the input its JSON Pointer names, and all of them in a list.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { validateAdapter, type Issue } from '../../index.js';
import { ApiError, type StoredAdapter } from '../../client/index.js';
import type { PageProps } from '../app.js';
import { allowLocal, knownEndpoints } from '../api.js';
import { href, navigate } from '../route.js';
import { draftOf, emptyDraft, emptyField, inputFor, recordOf, type AdapterDraft, type FieldDraft } from './draft.js';

const PROTOCOLS = [
  ['rtb', 'RTB'],
  ['prebid-server', 'Prebid Server'],
  ['prebid-js', 'Prebid JS'],
] as const;

export function AdaptersPage({ api, role, params, failed }: PageProps) {
  const bidder = params.get('bidder');
  const [list, setList] = useState<StoredAdapter[]>();
  const [error, setError] = useState<string>();
  const [editing, setEditing] = useState<{ draft: AdapterDraft; version: number } | undefined>();
  const [saved, setSaved] = useState<string>();
  const [serverIssues, setServerIssues] = useState<Issue[]>([]);
  /** The code a save has just moved the address to: that page is already shown, with its "Saved" line. */
  const justSaved = useRef<string>();

  useEffect(() => {
    if (role === 3) return;
    if (justSaved.current !== undefined && justSaved.current === bidder) {
      justSaved.current = undefined;
      return;
    }
    setError(undefined);
    setSaved(undefined);
    setServerIssues([]);
    api.adapters.list().then(setList, (failure: unknown) => setError(failed(failure)));
    if (bidder === 'new') setEditing({ draft: emptyDraft(), version: 0 });
    else if (bidder) api.adapters.get(bidder).then((stored) => setEditing({ draft: draftOf(stored.adapter), version: stored.version }), (failure: unknown) => setError(failed(failure)));
    else setEditing(undefined);
  }, [bidder, api]);

  if (role === 3) {
    return (
      <p class="notice" role="status">
        Bid adapters are for Admin and Service accounts. You are signed in as a Publisher, and the API refuses adapters to that role (403).
      </p>
    );
  }

  async function save(draft: AdapterDraft, version: number) {
    setSaved(undefined);
    setError(undefined);
    setServerIssues([]);
    try {
      const stored = await api.adapters.put(draft.bidderCode, recordOf(draft), version);
      setEditing({ draft: draftOf(stored.adapter), version: stored.version });
      setSaved(`Saved ${stored.bidderCode}, version ${stored.version}, at ${stored.updatedAt}.`);
      setList(await api.adapters.list());
      if (bidder !== stored.bidderCode) {
        justSaved.current = stored.bidderCode;
        navigate(href('adapters', { bidder: stored.bidderCode }), true);
      }
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) setServerIssues(failure.issues.map((i) => ({ ...i, path: i.path.replace(/^\/adapter(?=\/|$)/, '') })));
      setError(failed(failure));
    }
  }

  async function remove(code: string) {
    try {
      await api.adapters.delete(code);
      setList(await api.adapters.list());
      navigate(href('adapters'));
    } catch (failure) {
      setError(failed(failure));
    }
  }

  return (
    <>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {role !== 1 && <p class="notice">Service accounts may read adapters; only an Admin may save them.</p>}
      <section aria-label="Stored adapters">
        <h2>Stored adapters</h2>
        {list && list.length === 0 && <p>No adapters yet.</p>}
        {list && list.length > 0 && (
          <table class="adapters">
            <thead>
              <tr>
                <th scope="col">Bidder code</th>
                <th scope="col">Protocol</th>
                <th scope="col">Fields</th>
                <th scope="col">Version</th>
                <th scope="col">Updated</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.map((a) => (
                <tr>
                  <td>{a.bidderCode}</td>
                  <td>{a.adapter.protocol}</td>
                  <td class="num">{a.adapter.fields.length}</td>
                  <td class="num">{a.version}</td>
                  <td>{a.updatedAt}</td>
                  <td>
                    <a href={href('adapters', { bidder: a.bidderCode })} aria-label={`Edit ${a.bidderCode}`}>Edit</a>{' '}
                    <a href={href('preview', { bidder: a.bidderCode })} aria-label={`Preview placement of ${a.bidderCode}`}>Preview placement</a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {role === 1 && (
          <p>
            <a href={href('adapters', { bidder: 'new' })}>New adapter</a>
          </p>
        )}
      </section>
      {editing && (
        <Editor
          key={`${bidder}-${editing.version}`}
          initial={editing.draft}
          version={editing.version}
          isNew={bidder === 'new'}
          canSave={role === 1}
          serverIssues={serverIssues}
          saved={saved}
          onSave={save}
          onDelete={bidder && bidder !== 'new' && role === 1 ? () => remove(bidder) : undefined}
        />
      )}
    </>
  );
}

interface EditorProps {
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

function Editor({ initial, version, isNew, canSave, serverIssues, saved, onSave, onDelete }: EditorProps) {
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState(initial);
  const options = useMemo(() => ({ strict: true, knownEndpoints: knownEndpoints(), allowLocal: allowLocal() }), []);
  const issues = useMemo(() => {
    const found = validateAdapter(recordOf(draft), options);
    if (!draft.bidderCode && !found.some((i) => i.path === '/bidderCode')) found.push({ code: 'invalid_bidder_code', path: '/bidderCode', message: 'a bidder code is needed: the adapter is stored under it' });
    return found;
  }, [draft, options]);
  const shown = issues.length > 0 ? issues : serverIssues;
  const byInput = new Map<string, Issue[]>();
  for (const found of shown) {
    const id = inputFor(found.path);
    if (id) byInput.set(id, [...(byInput.get(id) ?? []), found]);
  }
  const set = (change: Partial<AdapterDraft>) => setDraft({ ...draft, ...change });
  const setField = (i: number, change: Partial<FieldDraft>) => set({ fields: draft.fields.map((f, j) => (j === i ? { ...f, ...change } : f)) });

  /** The props that tie an input to its issues: aria-invalid and aria-describedby. */
  const described = (id: string) => (byInput.has(id) ? { id, 'aria-invalid': true, 'aria-describedby': `${id}-issues` } : { id });
  const issuesAt = (id: string) =>
    byInput.has(id) && (
      <ul id={`${id}-issues`} class="issues-at" data-for={id}>
        {byInput.get(id)!.map((i) => (
          <li>
            {i.message} ({i.code})
          </li>
        ))}
      </ul>
    );

  return (
    <form
      class="editor"
      aria-label="Adapter editor"
      onSubmit={(event) => {
        event.preventDefault();
        if (issues.length === 0 && canSave) onSave(draft, version);
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
        <input {...described('adapter-endpoint')} class="wide" type="url" value={draft.endpoint} placeholder="https://bid.partner.example/openrtb" onInput={(e) => set({ endpoint: e.currentTarget.value })} />
        {issuesAt('adapter-endpoint')}
        <p class="hint" id="adapter-endpoint-hint">
          {options.knownEndpoints.length > 0 ? `The server accepts endpoints on: ${options.knownEndpoints.join(', ')}.` : 'The server was started without --known-endpoint, so it accepts no endpoint.'}
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
      {draft.fields.map((f, i) => (
        <FieldRow index={i} field={f} change={(c) => setField(i, c)} remove={() => set({ fields: draft.fields.filter((_, j) => j !== i) })} described={described} issuesAt={issuesAt} />
      ))}
      <button type="button" onClick={() => set({ fields: [...draft.fields, emptyField()] })}>
        Add field
      </button>
      <section aria-label="Issues" class="issue-list">
        <h3>Issues</h3>
        <div role="status">
          {shown.length === 0 ? (
            <p>No issues: the record is valid.</p>
          ) : (
            <ul>
              {shown.map((i) => (
                <li>
                  <code>{i.path || '/'}</code> {i.message} ({i.code})
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      {saved && <p role="status" class="saved">{saved}</p>}
      <div class="row">
        <button type="submit" class="primary" disabled={!canSave || issues.length > 0}>
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

interface RowProps {
  index: number;
  field: FieldDraft;
  change: (change: Partial<FieldDraft>) => void;
  remove: () => void;
  described: (id: string) => Record<string, unknown>;
  issuesAt: (id: string) => unknown;
}

function FieldRow({ index, field, change, remove, described, issuesAt }: RowProps) {
  const n = index + 1;
  const id = (key: string) => `field-${index}-${key}`;
  const textInput = (key: keyof FieldDraft, label: string, extra: Record<string, unknown> = {}) => (
    <span class="cell">
      <label for={id(key)}>
        Field {n} {label}
      </label>
      <input {...described(id(key))} {...extra} value={field[key] as string} onInput={(e) => change({ [key]: e.currentTarget.value })} />
      {issuesAt(id(key))}
    </span>
  );
  const box = (key: 'required' | 'integer', label: string) => (
    <span class="cell check">
      <input type="checkbox" {...described(id(key))} checked={field[key]} onChange={(e) => change({ [key]: e.currentTarget.checked })} />
      <label for={id(key)}>
        Field {n} {label}
      </label>
      {issuesAt(id(key))}
    </span>
  );
  return (
    <fieldset class="field-row">
      <legend>Field {n}</legend>
      {textInput('name', 'name', { placeholder: 'prd.impTagId' })}
      <span class="cell">
        <label for={id('type')}>Field {n} type</label>
        <select {...described(id('type'))} value={field.type} onChange={(e) => change({ type: e.currentTarget.value })}>
          <option value="text">text</option>
          <option value="number">number</option>
          <option value="select">select</option>
        </select>
        {issuesAt(id('type'))}
      </span>
      {textInput('display', 'display')}
      {box('required', 'required')}
      {field.type === 'select' && (
        <span class="cell">
          <label for={id('options')}>Field {n} options (one a line: label = value)</label>
          <textarea {...described(id('options'))} rows={3} value={field.options} onInput={(e) => change({ options: e.currentTarget.value })} />
          {issuesAt(id('options'))}
        </span>
      )}
      {field.type === 'number' && (
        <>
          {textInput('min', 'minimum', { inputMode: 'decimal' })}
          {textInput('max', 'maximum', { inputMode: 'decimal' })}
          {box('integer', 'whole numbers only')}
        </>
      )}
      {field.type === 'text' && (
        <>
          {textInput('minLength', 'minimum length', { inputMode: 'numeric' })}
          {textInput('maxLength', 'maximum length', { inputMode: 'numeric' })}
          {textInput('pattern', 'pattern')}
        </>
      )}
      {textInput('default', 'default')}
      {textInput('description', 'description')}
      <button type="button" onClick={remove}>
        Remove field {n}
      </button>
    </fieldset>
  );
}
