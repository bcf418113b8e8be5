// Starts the reference server on an ephemeral port over an in-memory store seeded with the demo data, with a
// cheap password hash so the tests stay fast. Shared by the server, client and conformance tests. With `storage`
// (test/support/storages.ts), the events are in ClickHouse and the users, adapters and sign-in throttle in
// PostgreSQL instead, as `serve --clickhouse URL --postgres URL` has them, the demo seeded there the same way.
import { answerOf as readAnswer } from '../../src/api-checks/send.js';
import { afterAll, beforeAll } from 'vitest';
import { createTokenService } from '../../packages/server/src/auth/token.js';
import { DEMO_USERS, seedDemo } from '../../packages/server/src/http/demo.js';
import { createServices, type ApiServices, type ServiceOptions } from '../../packages/server/src/http/services.js';
import { startServer, type RunningServer, type StartOptions } from '../../packages/server/src/http/start.js';
import { openStorage, type Storage } from '../../packages/server/src/stores/index.js';
import type { StorageTarget } from '../support/storages.js';

export const TEST_COST = { N: 1024, r: 8, p: 1 };
export const TEST_SECRET = 'test-secret-test-secret-test-secret!';
export const [ADMIN, SERVICE, PUBLISHER] = DEMO_USERS as [(typeof DEMO_USERS)[0], (typeof DEMO_USERS)[0], (typeof DEMO_USERS)[0]];

export interface TestServer extends RunningServer {
  storage: Storage;
  services: ApiServices;
  /** Signs a token for a demo user with an optional clock offset (negative: in the past). */
  token(role: 1 | 2 | 3, ageSeconds?: number): Promise<string>;
  stop(): Promise<void>;
}

export async function startTestServer(options: StartOptions & ServiceOptions & { storage?: Pick<StorageTarget, 'open'> } = {}): Promise<TestServer> {
  const { storage: target, ...rest } = options;
  const opened = target ? await target.open() : undefined;
  let storage: Storage;
  let running: RunningServer;
  let services: ApiServices;
  try {
    storage = await openStorage({ memory: true, ...opened?.stores });
    try {
      await seedDemo(storage, TEST_COST);
      services = createServices(storage, {
        scryptCost: TEST_COST,
        jwtSecret: TEST_SECRET,
        ...(storage.throttle && { throttle: storage.throttle }),
        ...(storage.addressThrottle && { addressThrottle: storage.addressThrottle }),
        ...rest,
      });
      running = await startServer(services, { port: 0, ...rest });
    } catch (error) {
      await storage.close();
      throw error;
    }
  } catch (error) {
    await opened?.release();
    throw error;
  }
  return {
    ...running,
    storage,
    services,
    token: (role, ageSeconds = 0) =>
      createTokenService({ secret: TEST_SECRET, now: () => Date.now() - ageSeconds * 1000 }).sign({ userID: role, accountID: 1, role }),
    async stop() {
      try {
        await running.close();
        await storage.close();
      } finally {
        await opened?.release();
      }
    },
  };
}

/** POSTs JSON (or raw text) and reads the answer. */
export async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return answerOf(response);
}

/** A response's status, headers, text and JSON (undefined when the text is not JSON), as the API checks read one. */
export async function answerOf(response: Response) {
  const answer = await readAnswer(response);
  return { ...answer, json: answer.json as any };
}

/**
 * One test server for the file: started before its tests (with an Admin's token), stopped after them. The fields are
 * set once `beforeAll` has run.
 *
 * @example
 * const env = useTestServer();
 * it('answers', async () => expect((await fetch(`${env.server.url}/api/adapters/`, { headers: { Authorization: env.admin } })).status).toBe(200));
 */
export function useTestServer(options: Parameters<typeof startTestServer>[0] = {}): { server: TestServer; admin: string } {
  const env = {} as { server: TestServer; admin: string };
  beforeAll(async () => {
    env.server = await startTestServer(options);
    env.admin = await env.server.token(1);
  });
  afterAll(() => env.server?.stop());
  return env;
}

/** `bidfields conformance --api URL` signing in as the demo's Admin and Publisher, as CI checks a server. */
export const apiConformanceArgs = (url: string): string[] => [
  'conformance',
  '--api',
  url,
  '--email',
  ADMIN.email,
  '--password',
  ADMIN.password,
  '--publisher-email',
  PUBLISHER.email,
  '--publisher-password',
  PUBLISHER.password,
];
