/**
 * A body as the placement preview shows it (preview-parts.tsx): its changed paths, each told as written by the
 * fields, derived by the record's derivations (and by which) or removed by its removals (step-marks.ts), and the
 * body's JSON with the lines of written and of derived values marked apart; and the warnings of an enrichment, the
 * copies skipped (`copy_skipped`, docs/spec.md#values-from-the-request) listed with the request path they read.
 */
import type { Issue } from 'bidfields';
import { jsonLines } from './json-lines.js';
import { marksOf, type Mark, type Stages } from './step-marks.js';

/** What the record's steps made of the request this body was made from, to tell derived and removed paths. */
export interface StepsView {
  stages: Stages;
  words: readonly string[];
}

const said = (mark: Mark) => (mark.kind === 'removed' ? 'removed' : mark.kind === 'derived' ? `derived: ${mark.by ?? 'from the request'}` : '');

/** A body as sent, every line under a changed path marked, a derived value's apart. */
export function Body({ before, after, level, steps }: { before: unknown; after: unknown; level: 3 | 4; steps?: StepsView | undefined }) {
  const marks = marksOf(before, after, steps?.stages, steps?.words);
  const written = marks.filter((m) => m.kind === 'written').map((m) => m.path);
  const derived = marks.filter((m) => m.kind === 'derived').map((m) => m.path);
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <>
      <Heading>Changed paths</Heading>
      {marks.length === 0 ? (
        <p>None: nothing entered.</p>
      ) : (
        <ul data-testid="changed-paths">
          {marks.map((m) => (
            <li data-kind={m.kind}>
              <code>{m.path}</code>
              {m.kind !== 'written' && <span class={`kind ${m.kind}`}> {said(m)}</span>}
            </li>
          ))}
        </ul>
      )}
      {steps && (
        <p class="hint">
          Marked in the body: <mark>values the fields wrote</mark> and <mark class="derived">values derived from the request</mark>; a removed path is only in
          the list above, as the body no longer holds it.
        </p>
      )}
      <pre class="code json" data-testid="enriched" tabIndex={0}>
        {jsonLines(after, written, derived).map((line) =>
          line.derived ? (
            <mark class="derived" data-kind="derived" data-path={line.path}>
              {line.text + '\n'}
            </mark>
          ) : line.changed ? (
            <mark data-path={line.path}>{line.text + '\n'}</mark>
          ) : (
            line.text + '\n'
          ),
        )}
      </pre>
    </>
  );
}

/** Each warning once (a split enriches per request, so one can repeat). */
function distinct(warnings: readonly Issue[]): Issue[] {
  const seen = new Set<string>();
  return warnings.filter((w) => {
    const id = JSON.stringify([w.code, w.path, w.message]);
    return seen.has(id) ? false : (seen.add(id), true);
  });
}

/** An enrichment's warnings: the copies skipped listed with their request paths, the others as notices. */
export function Warnings({ warnings }: { warnings: readonly Issue[] }) {
  const all = distinct(warnings);
  const skipped = all.filter((w) => w.code === 'copy_skipped');
  return (
    <>
      {skipped.length > 0 && (
        <div class="notice">
          <p>Copies skipped: the request's value could not be written where the copy names, so nothing was written for these.</p>
          <ul data-testid="copy-skipped">
            {skipped.map((w) => (
              <li>
                <code>{w.path}</code> {w.message} ({w.code})
              </li>
            ))}
          </ul>
        </div>
      )}
      {all
        .filter((w) => w.code !== 'copy_skipped')
        .map((w) => (
          <p class="notice">
            {w.message} ({w.code})
          </p>
        ))}
    </>
  );
}
