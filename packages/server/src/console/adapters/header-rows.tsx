/**
 * The adapter editor's headers (docs/spec.md#headers): one row a header, its name, its kind (a fixed value, or from the
 * request) and its value or request paths, each labelled "Header n …", each issue under its input; rows are added and
 * removed as constants are. A Prebid JS record takes fixed values only, so its kind offers no other (a row read from
 * the request that it already has keeps its kind, and the library's issue says why it may not).
 */
import { emptyHeader, type HeaderDraft } from './headers-draft.js';

interface HeaderRowsProps {
  rows: readonly HeaderDraft[];
  protocol: string;
  set: (rows: HeaderDraft[]) => void;
  described: (id: string, hint?: string) => Record<string, unknown>;
  issuesAt: (id: string) => unknown;
}

export function HeaderRows({ rows, protocol, set, described, issuesAt }: HeaderRowsProps) {
  const page = protocol === 'prebid-js';
  const change = (i: number, change: Partial<HeaderDraft>) => set(rows.map((row, j) => (j === i ? { ...row, ...change } : row)));
  return (
    <>
      <h3>Headers</h3>
      <p class="hint">
        HTTP headers added to each request: a name (letters, digits and <code>{"!#$%&'*+.^_`|~-"}</code>), and a fixed value
        {page ? (
          <>
            {' '}
            only: the browser sends its own User-Agent, Referer and address, and drops some headers, which a Prebid JS record may not name. With any header the
            browser first asks the partner whether it may send them (a CORS preflight).
          </>
        ) : (
          <>
            {' '}
            or the first of some request paths that holds a value (<code>device.ua</code>, <code>device.ip, device.ipv6</code>); a value found there that cannot
            be sent leaves the header out, with a warning.
          </>
        )}{' '}
        <code>content-type</code> may only be <code>application/json</code>.
      </p>
      {rows.map((row, i) => {
        const n = i + 1;
        const id = (key: string) => `header-${i}-${key}`;
        return (
          <fieldset class="field-row">
            <legend>Header {n}</legend>
            <span class="cell">
              <label for={id('name')}>Header {n} name</label>
              <input
                {...described(id('name'))}
                value={row.name}
                placeholder={page ? 'X-Openrtb-Version' : 'User-Agent'}
                spellcheck={false}
                onInput={(e) => change(i, { name: e.currentTarget.value })}
              />
              {issuesAt(id('name'))}
            </span>
            <span class="cell">
              <label for={id('kind')}>Header {n} kind</label>
              <select {...described(id('kind'))} value={row.kind} onChange={(e) => change(i, { kind: e.currentTarget.value as HeaderDraft['kind'] })}>
                <option value="value">fixed value</option>
                {(!page || row.kind === 'from') && <option value="from">from the request{page ? ' (not for Prebid JS)' : ''}</option>}
              </select>
              {issuesAt(id('kind'))}
            </span>
            <span class="cell">
              <label for={id('text')}>
                Header {n} {row.kind === 'from' ? 'request paths (comma-separated)' : 'value'}
              </label>
              <input
                {...described(id('text'))}
                class="wide"
                value={row.text}
                placeholder={row.kind === 'from' ? 'device.ip, device.ipv6' : '2.6'}
                spellcheck={false}
                onInput={(e) => change(i, { text: e.currentTarget.value })}
              />
              {issuesAt(id('text'))}
            </span>
            <button type="button" onClick={() => set(rows.filter((_, j) => j !== i))}>
              Remove header {n}
            </button>
          </fieldset>
        );
      })}
      <button type="button" onClick={() => set([...rows, emptyHeader()])}>
        Add header
      </button>
    </>
  );
}
