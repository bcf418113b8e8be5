/**
 * Where the fixtures shipped with bidfields are: the `fixtures/` folder next to `src/` or `dist/`, found by
 * walking up from this module (its place differs between the sources and the built files).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The bundled `fixtures/<part>` folder (`cases` for the library suite, `api` for the HTTP checks), or
 * `undefined` when this installation has none.
 * @example bundledFixtures('api') // '/…/node_modules/bidfields/fixtures/api'
 */
export function bundledFixtures(part: 'cases' | 'api'): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth++) {
    const candidate = path.join(dir, 'fixtures', part);
    if (fs.existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}
