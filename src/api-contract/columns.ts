/**
 * The report's column catalogue: the only names a request may use as dimensions, metrics or filter keys. Every
 * identifier that reaches a store's query comes from these lists, never from request text, which is what makes
 * SQL built from a plan safe. Derived metrics are declared as ratios of sums so that every store computes them
 * the same way (from the group's sums, never as an average of averages). This module is browser-safe: the client
 * validates requests with it before sending them.
 */

import { DIMENSIONS, METRICS, type Dimension, type Metric } from './report.js';

export { DIMENSIONS, METRICS, type Dimension, type Metric };

/** The additive columns every event row carries; every metric is built from their sums. */
export const MEASURES = ['requests', 'impression', 'revenue'] as const;
/** An additive column of the event rows. */
export type Measure = (typeof MEASURES)[number];

/** How a metric is computed from a group's sums. */
export type MetricDefinition =
  | { readonly kind: 'sum'; readonly measure: Measure }
  /** `numerator / denominator × scale`, computed from the sums; a zero denominator gives 0. */
  | { readonly kind: 'ratio'; readonly numerator: Measure; readonly denominator: Measure; readonly scale: number };

/** The definition of each metric: ecpm is revenue per thousand impressions, fillrate a fraction 0–1. */
export const METRIC_DEFINITIONS: { readonly [M in Metric]: MetricDefinition } = {
  requests: { kind: 'sum', measure: 'requests' },
  impression: { kind: 'sum', measure: 'impression' },
  revenue: { kind: 'sum', measure: 'revenue' },
  ecpm: { kind: 'ratio', numerator: 'revenue', denominator: 'impression', scale: 1000 },
  fillrate: { kind: 'ratio', numerator: 'impression', denominator: 'requests', scale: 1 },
};

/** Whether a value is a dimension name (own names only, so `constructor` and friends are not). */
export function isDimension(name: unknown): name is Dimension {
  return typeof name === 'string' && (DIMENSIONS as readonly string[]).includes(name);
}

/** Whether a value is a metric name. */
export function isMetric(name: unknown): name is Metric {
  return typeof name === 'string' && (METRICS as readonly string[]).includes(name);
}
