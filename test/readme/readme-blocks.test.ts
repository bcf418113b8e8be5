// How test/readme/commands.test.ts reads a README: commands, continuations, trailing comments, shown output and
// exit codes, and the comparison of shown lines with what a command printed.
import { describe, expect, it } from 'vitest';
import { missingLines, readmeCommands } from './readme-blocks.js';

const README = [
  'Text with `npm start` in it is no command.',
  '```sh',
  'npm install && npm run examples   # set up',
  'npx tool enrich --a "x # y" \\',
  '  --b z < in.json   # the request',
  '# exit 1: on standard error',
  '# /a  bad  no',
  '',
  'npx tool other',
  '# ok…',
  '```',
  '```ts',
  'compile(x) // no command',
  '```',
].join('\n');

describe('readmeCommands', () => {
  it('reads sh blocks only: continued lines joined, trailing comments left out, output and exit code after', () => {
    expect(readmeCommands(README)).toEqual([
      { command: 'npm install && npm run examples', output: [], exit: 0, line: 3 },
      { command: 'npx tool enrich --a "x # y" --b z < in.json', output: ['/a  bad  no'], exit: 1, line: 4 },
      { command: 'npx tool other', output: ['ok…'], exit: 0, line: 9 },
    ]);
  });
});

describe('missingLines', () => {
  it('matches whole lines in order, … for any text, other lines between', () => {
    expect(missingLines(['a…c', 'x'], 'skip\nabbc\nmore\nx\n')).toEqual([]);
    expect(missingLines(['x', 'a…c'], 'abbc\nx\n')).toEqual(['a…c']);
    expect(missingLines(['ab'], 'abc\n')).toEqual(['ab']);
    expect(missingLines(['1.5 (x)'], '125 (x)\n')).toEqual(['1.5 (x)']);
  });
});
