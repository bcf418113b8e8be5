/**
 * A realistic, deterministic demo data set: a year of daily traffic for a handful of publisher services across
 * forty countries, with the shapes a dashboard user expects to see — big markets with high eCPMs, long-tail
 * markets with low ones, weekend dips, a fourth-quarter surge, services that fill better than others. The same
 * seed always gives the same rows, so the README's curl output and the tests can rely on them.
 */
import type { EventRow } from './store.js';

/** [country, share of traffic (relative), base eCPM in USD] */
const COUNTRIES: readonly (readonly [string, number, number])[] = [
  ['US', 30, 4.2],
  ['GB', 8, 3.1],
  ['DE', 8, 2.9],
  ['FR', 6, 2.4],
  ['CA', 5, 3.3],
  ['AU', 4, 3.0],
  ['JP', 6, 2.6],
  ['NL', 3, 2.5],
  ['SE', 2, 2.7],
  ['NO', 1.5, 3.2],
  ['DK', 1.5, 2.8],
  ['CH', 1.5, 3.5],
  ['AT', 1.5, 2.3],
  ['BE', 2, 2.2],
  ['IE', 1, 2.6],
  ['ES', 4, 1.6],
  ['IT', 4, 1.7],
  ['PT', 1.5, 1.2],
  ['PL', 3, 0.9],
  ['CZ', 1, 0.9],
  ['KR', 3, 2.0],
  ['SG', 1, 2.2],
  ['NZ', 1, 2.4],
  ['IL', 1, 1.5],
  ['AE', 1, 1.8],
  ['SA', 1.5, 1.3],
  ['BR', 6, 0.7],
  ['MX', 4, 0.6],
  ['AR', 2, 0.4],
  ['CO', 1.5, 0.4],
  ['CL', 1, 0.6],
  ['IN', 10, 0.3],
  ['ID', 4, 0.3],
  ['PH', 3, 0.3],
  ['VN', 2, 0.25],
  ['TH', 2, 0.4],
  ['TR', 3, 0.4],
  ['ZA', 1.5, 0.6],
  ['NG', 2, 0.15],
  ['EG', 1.5, 0.2],
];

/** [service, daily requests at full share, fill rate, eCPM multiplier, countries served (first n)] */
const SERVICES: readonly (readonly [string, number, number, number, number])[] = [
  ['news-portal', 2_400_000, 0.72, 1.0, 40],
  ['weather-app', 1_500_000, 0.81, 0.8, 40],
  ['recipes-site', 600_000, 0.64, 1.1, 26],
  ['sports-ctv', 300_000, 0.55, 3.2, 12],
  ['puzzle-games', 1_100_000, 0.88, 0.6, 40],
  ['podcast-audio', 200_000, 0.47, 2.1, 20],
];

/** Options of {@link demoEvents}. */
export interface DemoOptions {
  /** First day; default `2024-01-01`. */
  startDate?: string;
  /** Number of days; default 366 (all of 2024). */
  days?: number;
  /** Rows per day, service and country (e.g. 24 for hourly rows); default 1. */
  splits?: number;
  /** PRNG seed; default 42. */
  seed?: number;
}

/**
 * Generates the demo event rows, day by day.
 *
 * @example
 * const rows = [...demoEvents({ days: 7 })] // a week of daily rows
 */
export function* demoEvents(options: DemoOptions = {}): Generator<EventRow> {
  const { startDate = '2024-01-01', days = 366, splits = 1, seed = 42 } = options;
  const random = mulberry32(seed);
  const start = Date.parse(startDate);
  const shareTotal = COUNTRIES.reduce((s, c) => s + c[1], 0);
  for (let day = 0; day < days; day++) {
    const time = new Date(start + day * 86_400_000);
    const date = time.toISOString().slice(0, 10);
    const weekday = time.getUTCDay();
    const traffic = weekday === 0 || weekday === 6 ? 0.82 : 1;
    const month = time.getUTCMonth();
    const season = month === 11 ? 1.45 : month >= 9 ? 1.2 : month === 0 ? 0.8 : 1;
    for (const [service, volume, fill, price, served] of SERVICES) {
      for (const [country, share, ecpm] of COUNTRIES.slice(0, served)) {
        const daily = (volume * share * traffic) / shareTotal;
        for (let s = 0; s < splits; s++) {
          const requests = Math.round((daily / splits) * (0.85 + 0.3 * random()));
          const impression = Math.min(requests, Math.round(requests * fill * (0.9 + 0.2 * random())));
          const rowEcpm = ecpm * price * season * (0.8 + 0.4 * random());
          const revenue = Math.round(impression * rowEcpm * 1000) / 1e6;
          yield { date, service, country, requests, impression, revenue };
        }
      }
    }
  }
}

/** A small, fast, seedable PRNG (public domain); `Math.random` cannot be seeded. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
