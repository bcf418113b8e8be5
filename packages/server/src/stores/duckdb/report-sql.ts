/**
 * Renders a {@link ReportPlan} as DuckDB SQL. Every identifier comes from the fixed maps below (keyed by the
 * column catalogue), every request value is a bound parameter (`$1`, `$2`, …) with an explicit type, and the only
 * literals are the catalogue's own ratio scales. Output columns are aliased `c0…cN` (dimensions, then metrics) so
 * that ORDER BY never has to guess between an alias and a table column of the same name.
 */
import { BIGINT, LIST, VARCHAR, listValue, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import type { Dimension, Measure } from 'bidfields/api';
import type { PlannedMetric, ReportPlan } from '../../reports/plan.js';
import { EVENTS_TABLE } from './migrations.js';

const DIMENSION_SQL: Record<Dimension, string> = { date: '"date"', service: '"service"', country: '"country"' };
const DIMENSION_OUT: Record<Dimension, string> = {
  date: `strftime("date", '%Y-%m-%d')`,
  service: '"service"',
  country: '"country"',
};
const MEASURE_SQL: Record<Measure, string> = {
  requests: 'CAST(coalesce(sum("requests"), 0) AS DOUBLE)',
  impression: 'CAST(coalesce(sum("impression"), 0) AS DOUBLE)',
  revenue: 'CAST(coalesce(sum("revenue"), 0) AS DOUBLE)',
};

/** A statement with its bound values and their types, ready for `connection.runAndReadAll`. */
export interface BoundSql {
  sql: string;
  values: DuckDBValue[];
  types: DuckDBType[];
}

/** Collects parameters and hands out their placeholders. */
class Params {
  readonly values: DuckDBValue[] = [];
  readonly types: DuckDBType[] = [];
  add(value: DuckDBValue, type: DuckDBType): string {
    this.values.push(value);
    this.types.push(type);
    return `$${this.values.length}`;
  }
}

function metricSql(m: PlannedMetric): string {
  if (m.kind === 'sum') return MEASURE_SQL[m.measure];
  if (!Number.isFinite(m.scale)) throw new Error(`bad scale for metric ${m.name}`);
  const num = MEASURE_SQL[m.numerator];
  const den = MEASURE_SQL[m.denominator];
  return `CASE WHEN ${den} = 0 THEN 0.0 ELSE ${num} * ${m.scale} / ${den} END`;
}

function whereSql(plan: ReportPlan, params: Params): string {
  const from = params.add(plan.startDate, VARCHAR);
  const to = params.add(plan.endDate, VARCHAR);
  const parts = [`"date" BETWEEN CAST(${from} AS DATE) AND CAST(${to} AS DATE)`];
  for (const f of plan.filters) {
    const list = params.add(listValue(f.values), LIST(VARCHAR));
    const values = f.dimension === 'date' ? `CAST(${list} AS DATE[])` : list;
    parts.push(`${f.negate ? 'NOT ' : ''}list_contains(${values}, ${DIMENSION_SQL[f.dimension]})`);
  }
  return parts.join(' AND ');
}

/**
 * The grouped page: one row per combination of the plan's dimensions, in plan order, limited and skipped.
 *
 * @example
 * buildPageSql(plan).sql // SELECT strftime("date", '%Y-%m-%d') AS c0, … GROUP BY "date" ORDER BY c1 DESC, c0 ASC …
 */
export function buildPageSql(plan: ReportPlan): BoundSql {
  const params = new Params();
  const alias = new Map<string, string>();
  const select = [
    ...plan.dimensions.map((d) => `${DIMENSION_OUT[d]} AS ${aliasFor(alias, d)}`),
    ...plan.metrics.map((m) => `${metricSql(m)} AS ${aliasFor(alias, m.name)}`),
  ];
  const orderBy = plan.sort.map((k) => `${alias.get(k.column)} ${k.direction === 'desc' ? 'DESC' : 'ASC'}`);
  let sql =
    `SELECT ${select.join(', ')} FROM ${EVENTS_TABLE} WHERE ${whereSql(plan, params)}` +
    ` GROUP BY ${plan.dimensions.map((d) => DIMENSION_SQL[d]).join(', ')} ORDER BY ${orderBy.join(', ')}`;
  if (plan.limit !== undefined) sql += ` LIMIT ${params.add(BigInt(plan.limit), BIGINT)}`;
  if (plan.skip > 0) sql += ` OFFSET ${params.add(BigInt(plan.skip), BIGINT)}`;
  return { sql, values: params.values, types: params.types };
}

/** The totals: the plan's metrics over every row matching its dates and filters (one row, aliased `c0…`). */
export function buildTotalsSql(plan: ReportPlan): BoundSql {
  const params = new Params();
  const select = plan.metrics.map((m, i) => `${metricSql(m)} AS c${i}`);
  const sql = `SELECT ${select.join(', ')} FROM ${EVENTS_TABLE} WHERE ${whereSql(plan, params)}`;
  return { sql, values: params.values, types: params.types };
}

function aliasFor(alias: Map<string, string>, column: string): string {
  const name = `c${alias.size}`;
  alias.set(column, name);
  return name;
}
