/**
 * Bid adapters: the stored records (Admin and Service read them) and the editor of the one the address names
 * (Admin saves). The address is the source of truth, so a record being edited can be bookmarked; a save moves it
 * to the saved record's code without reloading what is already shown.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Issue } from 'bidfields';
import { ApiError, type StoredAdapter } from 'bidfields/client';
import { Alert } from '../alert.js';
import type { PageProps } from '../page-props.js';
import { ADMIN, PUBLISHER } from '../roles.js';
import { formatWhen } from '../format.js';
import { href, navigate } from '../route.js';
import { AdapterEditor } from './adapter-editor.js';
import { AdapterList } from './adapter-list.js';
import { draftOf, emptyDraft, recordOf, type AdapterDraft } from './draft.js';

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
    if (role === PUBLISHER) return;
    if (justSaved.current !== undefined && justSaved.current === bidder) {
      justSaved.current = undefined;
      return;
    }
    setError(undefined);
    setSaved(undefined);
    setServerIssues([]);
    api.adapters.list().then(setList, (failure: unknown) => setError(failed(failure)));
    // Another record's draft is never shown under this one's address: the editor is keyed by code and version, and two
    // records may share a version, so the one shown goes before this one loads, and an answer for an earlier address is dropped.
    let current = true;
    if (bidder === 'new') setEditing({ draft: emptyDraft(), version: 0 });
    else if (bidder) {
      setEditing(undefined);
      api.adapters.get(bidder).then(
        (stored) => current && setEditing({ draft: draftOf(stored.adapter), version: stored.version }),
        (failure: unknown) => current && setError(failed(failure)),
      );
    } else setEditing(undefined);
    return () => {
      current = false;
    };
  }, [bidder, api]);

  if (role === PUBLISHER) {
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
      setSaved(`Saved ${stored.bidderCode}, version ${stored.version}, at ${formatWhen(stored.updatedAt)}.`);
      setList(await api.adapters.list());
      if (bidder !== stored.bidderCode) {
        justSaved.current = stored.bidderCode;
        navigate(href('adapters', { bidder: stored.bidderCode }), true);
      }
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400)
        setServerIssues(failure.issues.map((i) => ({ ...i, path: i.path.replace(/^\/adapter(?=\/|$)/, '') })));
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
      {error && <Alert>{error}</Alert>}
      {role !== ADMIN && <p class="notice">Service accounts may read adapters; only an Admin may save them.</p>}
      <AdapterList list={list} canCreate={role === ADMIN} />
      {editing && (
        <AdapterEditor
          key={`${bidder}-${editing.version}`}
          initial={editing.draft}
          version={editing.version}
          isNew={bidder === 'new'}
          canSave={role === ADMIN}
          serverIssues={serverIssues}
          saved={saved}
          onSave={save}
          onDelete={bidder && bidder !== 'new' && role === ADMIN ? () => remove(bidder) : undefined}
        />
      )}
    </>
  );
}
