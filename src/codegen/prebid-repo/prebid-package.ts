/**
 * The Prebid.js a generated in-repository adapter is checked against: a Prebid.js checkout or the installed
 * `prebid.js` npm package (both hold `modules/` and `metadata/modules/`). Its bidder codes (adapters and their
 * aliases, from the metadata Prebid generates, and the adapter files) decide whether a new code may join them: Prebid
 * takes lower-case `[a-z0-9_]` codes, never a reserved word, distinct from every other code in its first six
 * characters (Prebid's PR_REVIEW.md).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { issue, type Issue } from '../../core/issues.js';

/** Words Prebid keeps for itself (PR_REVIEW.md). */
const RESERVED_CODES = ['all', 'context', 'data', 'general', 'prebid', 'skadn'];

/** A folder that is Prebid.js (its package.json names `prebid.js`), or `undefined`. */
function isPrebid(dir: string): boolean {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name === 'prebid.js';
  } catch {
    return false;
  }
}

/**
 * The Prebid.js to check against: `dir` when given (a checkout or the package), else the `prebid.js` package as the
 * project in `cwd` resolves it, else as bidfields resolves it; `undefined` when there is none.
 */
export function findPrebid(dir?: string, cwd = process.cwd()): string | undefined {
  if (dir !== undefined) return isPrebid(dir) ? path.resolve(dir) : undefined;
  for (const from of [path.join(cwd, 'package.json'), import.meta.url]) {
    try {
      // The package's exports map hides its package.json: walk up from its entry point.
      let at = path.dirname(createRequire(from).resolve('prebid.js'));
      while (!isPrebid(at) && path.dirname(at) !== at) at = path.dirname(at);
      if (isPrebid(at)) return at;
    } catch {
      // not installed there
    }
  }
  return undefined;
}

/** Every bidder code of a Prebid.js: adapters and aliases from `metadata/modules/*.json`, and adapter file names. */
function bidderCodes(prebidDir: string): string[] {
  const codes = new Set<string>();
  const metadata = path.join(prebidDir, 'metadata/modules');
  for (const file of fs.existsSync(metadata) ? fs.readdirSync(metadata) : []) {
    if (!file.endsWith('.json')) continue;
    try {
      const { components } = JSON.parse(fs.readFileSync(path.join(metadata, file), 'utf8')) as {
        components?: { componentType?: unknown; componentName?: unknown }[];
      };
      for (const component of components ?? [])
        if (component.componentType === 'bidder' && typeof component.componentName === 'string') codes.add(component.componentName);
    } catch {
      // a metadata file that is not JSON names no code
    }
  }
  for (const file of fs.readdirSync(path.join(prebidDir, 'modules'))) {
    const match = /^(.+)BidAdapter\.(js|ts)$/.exec(file);
    if (match) codes.add(match[1]!);
  }
  return [...codes].sort();
}

/**
 * The issues of a bidder code for Prebid.js's repository (path `/bidderCode`): `invalid_bidder_code` for a code
 * Prebid would refuse, `bidder_code_taken` for one whose first six characters are those of a code `prebidDir` has.
 * @example repoCodeIssues('appnexus2', '/path/to/Prebid.js') // [{ code: 'bidder_code_taken', … }]
 */
export function repoCodeIssues(code: string, prebidDir: string): Issue[] {
  if (!/^[a-z0-9_]+$/.test(code))
    return [issue('invalid_bidder_code', '/bidderCode', `Prebid.js takes bidder codes of lower-case letters, digits and '_' only, not '${code}'`)];
  if (RESERVED_CODES.includes(code)) return [issue('invalid_bidder_code', '/bidderCode', `'${code}' is reserved by Prebid.js (${RESERVED_CODES.join(', ')})`)];
  const prefix = code.slice(0, 6);
  const taken = bidderCodes(prebidDir).filter((other) => other.toLowerCase().slice(0, 6) === prefix);
  return taken.length
    ? [
        issue(
          'bidder_code_taken',
          '/bidderCode',
          `Prebid.js needs the first six characters of a bidder code to be its own: '${prefix}' begins ${taken.map((other) => `'${other}'`).join(', ')}`,
        ),
      ]
    : [];
}
