/**
 * Reports (Admin and Service; a Publisher is told why not): the settings form, "Run report", the table with its
 * totals row, "Previous" / "Next", "Download CSV" (the API's own CSV of the whole report, raw numbers) and the
 * chart. The address is the source of truth: "Run report" and paging write the settings into it, and whatever it
 * says is what runs, so a bookmarked or shared address reopens the same report.
 */
import { useEffect, useState } from 'preact/hooks';
import { DIMENSIONS, METRICS } from 'bidfields/client';
import { Alert } from '../alert.js';
import type { PageProps } from '../page-props.js';
import { PUBLISHER } from '../roles.js';
import { formatCell } from '../format.js';
import { href, navigate } from '../route.js';
import { Chart, chartName } from './chart.js';
import { loadChartData, type ChartData } from './chart-data.js';
import { OPERATORS, paramsFrom, requestOf, settingsFrom, type ReportSettings } from './settings.js';

type Row = Record<string, string | number>;

export function ReportsPage({ api, role, params, failed }: PageProps) {
  const query = params.toString();
  const [settings, setSettings] = useState(() => settingsFrom(params));
  const [shown, setShown] = useState<{ settings: ReportSettings; rows: Row[] }>();
  const [chart, setChart] = useState<ChartData>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const wanted = settingsFrom(new URLSearchParams(query));
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
            Start date <input type="date" required value={settings.startDate} onInput={(e) => set({ startDate: e.currentTarget.value })} />
          </label>
          <label>
            End date <input type="date" required value={settings.endDate} onInput={(e) => set({ endDate: e.currentTarget.value })} />
          </label>
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
              <option value="DESC">descending</option>
              <option value="ASC">ascending</option>
            </select>
          </label>
          <label>
            Page size{' '}
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
      {shown && <ReportTable shown={shown} go={go} download={downloadCsv} />}
      {shown && chart && (
        <section aria-label="Chart">
          <h2>{chartName(chart)}</h2>
          <Chart data={chart} />
        </section>
      )}
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

function ReportTable({ shown, go, download }: { shown: { settings: ReportSettings; rows: Row[] }; go: (s: ReportSettings) => void; download: () => void }) {
  const { settings, rows } = shown;
  const columns = [...settings.dimensions, ...settings.metrics];
  const data = rows.length - 1; // the totals row comes first
  const first = settings.page * settings.pageSize;
  return (
    <section aria-label="Report">
      <div class="row">
        <button type="button" disabled={settings.page === 0} onClick={() => go({ ...settings, page: settings.page - 1 })}>
          Previous
        </button>
        <button type="button" disabled={data < settings.pageSize} onClick={() => go({ ...settings, page: settings.page + 1 })}>
          Next
        </button>
        <button type="button" onClick={download}>
          Download CSV
        </button>
      </div>
      <table class="report">
        <caption>{data > 0 ? `Rows ${first + 1} to ${first + data}, after the totals` : 'No rows on this page'}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" class={settings.metrics.includes(c) ? 'num' : undefined}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr class={i === 0 ? 'totals' : undefined}>
              {columns.map((c) => (
                <td class={settings.metrics.includes(c) ? 'num' : undefined}>{formatCell(c, row[c], settings.metrics)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
