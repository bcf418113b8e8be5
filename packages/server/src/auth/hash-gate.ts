/**
 * A bound on password hashes in flight. scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE
 * says otherwise), the pool DuckDB's queries, file reads and the token checks' HMAC (WebCrypto) also wait on: a
 * dozen sign-ins at once, each a 32 MiB hash of ~0.1–0.4 s, took every thread, and every other route waited
 * behind them (`GET /api/adapters/` went from 179 ms to 10.8 s). So at most `maxInFlight` hashes run at a time,
 * at most `maxWaiting` more wait for a slot, and the rest are refused at once (sign-in answers 503 with
 * `Retry-After`): the threads left over keep serving everyone else, and a flood costs a few hashes, not a backlog.
 */
import { availableParallelism } from 'node:os';

/** Runs work under the bound. */
export interface HashGate {
  /** Runs `work` once a slot is free; `{ ok: false }` without running it when every slot and queue place is taken. */
  run<T>(work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }>;
  /**
   * Now (`running`, `waiting`) and since creation (`peak`; `arrived`, every call to `run`, and `refused`, those
   * turned away): for tests and monitoring.
   */
  stats(): { running: number; waiting: number; peak: number; arrived: number; refused: number };
}

/** Options of {@link createHashGate}. */
export interface HashGateOptions {
  /** Hashes at a time; default {@link DEFAULT_HASHES_IN_FLIGHT}. */
  maxInFlight?: number;
  /** Hashes that may wait for a slot; default 8 per slot. */
  maxWaiting?: number;
}

/**
 * Half the cores, at least 1 and at most 2: a hash keeps a core busy, and of the pool's 4 threads at least 2 stay
 * free for the rest. 1 on a 2-core machine, 2 from 4 cores on.
 */
export const DEFAULT_HASHES_IN_FLIGHT = Math.min(2, Math.max(1, Math.floor(availableParallelism() / 2)));

/**
 * Makes a gate.
 *
 * @example
 * const gate = createHashGate({ maxInFlight: 1 })
 * const out = await gate.run(() => verifyPassword(password, stored))
 * if (!out.ok) return busy()
 */
export function createHashGate(options: HashGateOptions = {}): HashGate {
  const maxInFlight = options.maxInFlight ?? DEFAULT_HASHES_IN_FLIGHT;
  const maxWaiting = options.maxWaiting ?? 8 * maxInFlight;
  if (!(maxInFlight >= 1) || !(maxWaiting >= 0)) throw new RangeError('maxInFlight must be at least 1 and maxWaiting at least 0');
  let running = 0;
  let peak = 0;
  let arrived = 0;
  let refused = 0;
  const queue: (() => void)[] = [];
  const enter = () => {
    running++;
    peak = Math.max(peak, running);
  };
  const leave = () => {
    const next = queue.shift();
    if (next)
      next(); // the slot passes straight on: `running` stays the same
    else running--;
  };
  return {
    async run(work) {
      arrived++;
      if (running < maxInFlight) enter();
      else if (queue.length < maxWaiting) await new Promise<void>((resolve) => queue.push(resolve));
      else {
        refused++;
        return { ok: false };
      }
      try {
        return { ok: true, value: await work() };
      } finally {
        leave();
      }
    },
    stats: () => ({ running, waiting: queue.length, peak, arrived, refused }),
  };
}
