/**
 * Reports (Admin and Service; a Publisher is told why not): the settings form, "Run report", the chart, the table
 * with its totals row, "Previous" / "Next" and "Download CSV" (the API's own CSV of the whole report, raw numbers).
 * The address is the source of truth: "Run report" and paging write the settings into it, and whatever it says is
 * what runs, so a bookmarked or shared address reopens the same report. Dates the address leaves out are the days
 * that hold data, which the form names, as a report that finds no row does.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { DIMENSIONS, METRICS } from 'bidfields/client';
import { Alert } from '../alert.js';
import type { PageProps } from '../page-props.js';
import { PUBLISHER } from '../roles.js';
import { href, navigate } from '../route.js';
import { Chart, chartName } from './chart.js';
import { loadChartData, type ChartData } from './chart-data.js';
import { describeDays, loadDataDays, type DataDays } from './data-days.js';
import { ReportTable, type Row } from './report-table.js';
import { OPERATORS, paramsFrom, requestOf, settingsFrom, type ReportSettings } from './settings.js';

export function ReportsPage({ api, role, params, failed }: PageProps) {
  const query = params.toString();
  const [settings, setSettings] = useState(() => settingsFrom(params));
  const [shown, setShown] = useState<{ settings: ReportSettings; rows: Row[] }>();
  const [chart, setChart] = useState<ChartData>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  /** The days with data, once the server has said (`days` undefined: it holds none). */
  const [data, setData] = useState<{ days: DataDays | undefined }>();
  /** Whether dates were typed before the days with data were known: those are kept. */
  const datesTyped = useRef(false);

  useEffect(() => {
    if (role === PUBLISHER) return;
    let live = true;
    loadDataDays(api).then(
      (days) => {
        if (!live) return;
        setData({ days });
        if (days && !new URLSearchParams(query).has('startDate') && !datesTyped.current)
          setSettings((now) => ({ ...now, startDate: days.first, endDate: days.last }));
      },
      (failure: unknown) => live && setError(failed(failure)),
    );
    return () => {
      live = false;
    };
  }, [api]);

  useEffect(() => {
    const wanted = settingsFrom(new URLSearchParams(query), data?.days);
    setSettings(wanted);
    if (!new URLSearchParams(query).has('run') || role === PUBLISHER) return;
    let live = true;
    setBusy(true);
    setError(undefined);
    api
      .report(requestOf(wanted, true))
      .then((rows) => {
        if (!live) return;
        setShown({ settings: wanted, rows: rows as Row[] });
        return loadChartData(api, wanted).then((data) => live && setChart(data));
      })
      .catch((failure: unknown) => live && setError(failed(failure)))
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
  }, [query, api]);

  if (role === PUBLISHER) {
    return (
      <p class="notice" role="status">
        Reports are for Admin and Service accounts. You are signed in as a Publisher, and the API refuses reports to that role (403).
      </p>
    );
  }

  const set = (change: Partial<ReportSettings>) => setSettings({ ...settings, ...change });
  const setDates = (change: Partial<ReportSettings>) => {
    datesTyped.current = true;
    set(change);
  };
  const go = (next: ReportSettings) => navigate(href('reports', paramsFrom(next, true)));

  async function downloadCsv() {
    if (!shown) return;
    try {
      const csv = await api.reportCsv(requestOf(shown.settings, false));
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([csv.text], { type: 'text/csv' }));
      link.download = csv.filename;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (failure) {
      setError(failed(failure));
    }
  }

  const columns = [...settings.dimensions, ...settings.metrics];
  return (
    <>
      <form
        class="report-settings"
        onSubmit={(event) => {
          event.preventDefault();
          go({ ...settings, page: 0 });
        }}
      >
        <div class="row">
          <label>
            Start date
            <input
              type="date"
              required
              aria-describedby="data-days"
              value={settings.startDate}
              onInput={(e) => setDates({ startDate: e.currentTarget.value })}
            />
          </label>
          <label>
            End date
            <input type="date" required aria-describedby="data-days" value={settings.endDate} onInput={(e) => setDates({ endDate: e.currentTarget.value })} />
          </label>
          <p class="hint" id="data-days" role="status">
            {data ? describeDays(data.days) : 'Looking up the days that hold data…'}
          </p>
        </div>
        <Checks legend="Dimensions" names={DIMENSIONS} chosen={settings.dimensions} choose={(dimensions) => set({ dimensions })} />
        <Checks legend="Metrics" names={METRICS} chosen={settings.metrics} choose={(metrics) => set({ metrics })} />
        <fieldset>
          <legend>Filters</legend>
          {settings.filters.map((filter, i) => {
            const change = (patch: Partial<typeof filter>) => set({ filters: settings.filters.map((f, j) => (j === i ? { ...f, ...patch } : f)) });
            return (
              <div class="row filter">
                <label>
                  Filter {i + 1} dimension
                  <select value={filter.key} onChange={(e) => change({ key: e.currentTarget.value })}>
                    {DIMENSIONS.map((d) => (
                      <option value={d}>{d}</option>
                    ))}
                  </select>
                </label>
                <label>
                  Filter {i + 1} operator
                  <select value={filter.operator} onChange={(e) => change({ operator: e.currentTarget.value })}>
                    {OPERATORS.map((op) => (
                      <option value={op}>{op}</option>
                    ))}
                  </select>
                </label>
                <label>
                  Filter {i + 1} values
                  <input value={filter.values} placeholder="US, DE" onInput={(e) => change({ values: e.currentTarget.value })} />
                </label>
                <button type="button" onClick={() => set({ filters: settings.filters.filter((_, j) => j !== i) })}>
                  Remove filter {i + 1}
                </button>
              </div>
            );
          })}
          <button type="button" onClick={() => set({ filters: [...settings.filters, { key: 'country', operator: 'IN', values: '' }] })}>
            Add filter
          </button>
        </fieldset>
        <div class="row">
          <label>
            Order by
            <select value={settings.orderColumn} onChange={(e) => set({ orderColumn: e.currentTarget.value })}>
              <option value="">dimensions (default)</option>
              {columns.map((c) => (
                <option value={c}>{c}</option>
              ))}
            </select>
          </label>
          <label>
            Direction
            <select value={settings.direction} onChange={(e) => set({ direction: e.currentTarget.value as 'ASC' | 'DESC' })}>
              <option value="ASC">ascending</option>
              <option value="DESC">descending{settings.orderColumn ? '' : ` (${settings.dimensions[0] ?? 'first dimension'})`}</option>
            </select>
          </label>
          <label>
            Page size
            <input
              type="number"
              min={1}
              max={10000}
              value={settings.pageSize}
              onInput={(e) => set({ pageSize: Math.max(1, Number(e.currentTarget.value) || 1) })}
            />
          </label>
          <label>
            Chart metric
            <select value={settings.chartMetric} onChange={(e) => set({ chartMetric: e.currentTarget.value })}>
              {METRICS.map((m) => (
                <option value={m}>{m}</option>
              ))}
            </select>
          </label>
        </div>
        <button type="submit" class="primary" disabled={busy}>
          Run report
        </button>
      </form>
      {error && <Alert>{error}</Alert>}
      {busy && <p role="status">Running the report…</p>}
      {shown && chart && chart.xs.length > 0 && (
        <section aria-label="Chart">
          <h2>{chartName(chart)}</h2>
          <Chart data={chart} />
        </section>
      )}
      {shown && <ReportTable shown={shown} days={data?.days} go={go} download={downloadCsv} />}
    </>
  );
}

/** A checkbox per column name, labelled with the API's name; the chosen ones stay in the API's order. */
function Checks({ legend, names, chosen, choose }: { legend: string; names: readonly string[]; chosen: string[]; choose: (names: string[]) => void }) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {names.map((name) => (
        <label class="check">
          <input
            type="checkbox"
            checked={chosen.includes(name)}
            onChange={(e) => choose(names.filter((n) => (n === name ? e.currentTarget.checked : chosen.includes(n))))}
          />
          {name}
        </label>
      ))}
    </fieldset>
  );
}
