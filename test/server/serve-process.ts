// `bidfields serve` as a separate process (the built CLI, dist/cli.js), for the tests of API servers that share
// their stores: started on a free port with a JWT secret, resolved once it prints its URL, and stopped
// with SIGTERM (its graceful shutdown) by `stopAll`.
import { spawn, type ChildProcess } from 'node:child_process';
import { CLI } from '../cli/run-cli.js';
import { answerOf } from './test-server.js';

/** A running `serve`. */
export interface ServeProcess {
  url: string;
  child: ChildProcess;
  /** Its standard output so far. */
  stdout(): string;
}

/**
 * Tracks the processes it starts, so that a test file stops them all in afterAll.
 *
 * @example
 * const servers = serveProcesses(dir, SECRET); afterAll(servers.stopAll)
 * const a = await servers.serve(['--demo'])
 */
export function serveProcesses(cwd: string, jwtSecret: string) {
  const children: ChildProcess[] = [];
  return {
    /** Starts `serve --port 0 --known-endpoint rtb.example-dsp.com ARGS`; resolves once it listens. */
    serve(args: string[]): Promise<ServeProcess> {
      const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--known-endpoint', 'rtb.example-dsp.com', ...args], {
        cwd,
        env: { ...process.env, BIDFIELDS_JWT_SECRET: jwtSecret },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let out = '';
      let err = '';
      child.stderr!.on('data', (c: Buffer) => (err += c));
      return new Promise((resolve, reject) => {
        child.stdout!.on('data', (c: Buffer) => {
          out += c;
          const m = /listening on (\S+)/.exec(out);
          if (m) resolve({ url: m[1]!, child, stdout: () => out });
        });
        child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
      });
    },
    /** SIGTERM to each one still running; resolves with their exit codes when all have exited (SIGKILL after 10 s). */
    stopAll(): Promise<(number | null)[]> {
      return Promise.all(
        children.map(
          (child) =>
            new Promise<number | null>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
              const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
              child.on('exit', (code) => (clearTimeout(kill), resolve(code)));
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

/** Calls the API, with a JSON body if one is given; resolves as {@link answerOf}. */
export async function call(url: string, method: string, body?: unknown, token?: string) {
  const response = await fetch(url, {
    method,
    headers: { ...(body !== undefined && { 'Content-Type': 'application/json' }), ...(token && { Authorization: `Bearer ${token}` }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return answerOf(response);
}
