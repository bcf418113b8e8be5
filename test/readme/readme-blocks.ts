// The commands of a README and what it says they print, read from its ```sh blocks: a line is a command (a trailing
// `\` continues it on the next line; a trailing `   # …` describes it), and the comment lines right after it are
// its output, line for line in order (other lines may come between), `…` standing for any text. A first output
// line `exit N: …` gives the exit code it shows (else 0); the words after the colon say where the lines go.

/** One command of a README with the output it shows. */
export interface ReadmeCommand {
  /** The command as written, continuation lines joined, its trailing comment left out. */
  command: string;
  /** The output lines it shows, without their `# `. */
  output: string[];
  /** The exit code it shows (0 unless an `exit N:` line says otherwise). */
  exit: number;
  /** Its line in the README (1-based), for messages. */
  line: number;
}

/** Every command of the ```sh blocks of `markdown`, in order. */
export function readmeCommands(markdown: string): ReadmeCommand[] {
  const commands: ReadmeCommand[] = [];
  const lines = markdown.split('\n');
  let inBlock = false;
  let current: ReadmeCommand | undefined;
  let continued = false;
  for (const [index, raw] of lines.entries()) {
    if (!inBlock) {
      inBlock = raw.trim() === '```sh';
      continue;
    }
    if (raw.trim() === '```') {
      inBlock = false;
      current = undefined;
      continue;
    }
    const line = raw.trimEnd();
    if (continued && current) {
      continued = line.endsWith('\\');
      current.command += ' ' + withoutComment(line.replace(/\\$/, '')).trim();
      continue;
    }
    if (line.startsWith('#')) {
      if (!current) continue;
      const text = line.replace(/^# ?/, '');
      const exit = current.output.length === 0 ? /^exit (\d+):/.exec(text) : null;
      if (exit) current.exit = Number(exit[1]);
      else current.output.push(text);
      continue;
    }
    if (line.trim() === '') {
      current = undefined;
      continue;
    }
    continued = line.endsWith('\\');
    current = { command: withoutComment(line.replace(/\\$/, '')).trim(), output: [], exit: 0, line: index + 1 };
    commands.push(current);
  }
  return commands;
}

/** A command line without its trailing comment: a `#` after white space, outside quotes. */
function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && i > 0 && /\s/.test(line[i - 1]!)) return line.slice(0, i);
  }
  return line;
}

/**
 * The shown lines that the output does not hold, in order: each shown line must match a whole line of the output
 * (`…` any text), after the line the previous one matched.
 */
export function missingLines(shown: readonly string[], output: string): string[] {
  const lines = output.split('\n').map((line) => line.trimEnd());
  const missing: string[] = [];
  let from = 0;
  for (const expected of shown) {
    const pattern = new RegExp(`^${expected.split('…').map(escapeRegExp).join('.*')}$`);
    const at = lines.findIndex((line, i) => i >= from && pattern.test(line));
    if (at < 0) missing.push(expected);
    else from = at + 1;
  }
  return missing;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
