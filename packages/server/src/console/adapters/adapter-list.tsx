/**
 * The stored adapters as a table, each with its links to the editor and the placement preview, and "New adapter"
 * for those who may save; links, not buttons, so every record has an address that can be bookmarked and shared.
 */
import type { StoredAdapter } from 'bidfields/client';
import { formatWhen } from '../format.js';
import { href } from '../route.js';

export function AdapterList({ list, canCreate }: { list: StoredAdapter[] | undefined; canCreate: boolean }) {
  return (
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
                <td>
                  <time dateTime={a.updatedAt} title={a.updatedAt}>
                    {formatWhen(a.updatedAt)}
                  </time>
                </td>
                <td>
                  <a href={href('adapters', { bidder: a.bidderCode })} aria-label={`Edit ${a.bidderCode}`}>
                    Edit
                  </a>{' '}
                  <a href={href('preview', { bidder: a.bidderCode })} aria-label={`Preview placement of ${a.bidderCode}`}>
                    Preview placement
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canCreate && (
        <p>
          <a href={href('adapters', { bidder: 'new' })}>New adapter</a>
        </p>
      )}
    </section>
  );
}
