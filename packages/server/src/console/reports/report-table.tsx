/**
 * A report's page as a table: "Previous" / "Next" (the address moves, and so the page), "Download CSV", the totals
 * row first, metrics formatted for people. A page without rows says why: past the last page, or no row between the
 * dates, with the days that hold data.
 */
import { formatCell } from '../format.js';
import { describeDays, type DataDays } from './data-days.js';
import type { ReportSettings } from './settings.js';

export type Row = Record<string, string | number>;

export interface TableProps {
  shown: { settings: ReportSettings; rows: Row[] };
  days: DataDays | undefined;
  go: (s: ReportSettings) => void;
  download: () => void;
}

export function ReportTable({ shown, days, go, download }: TableProps) {
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
        <caption>
          {data > 0
            ? `Rows ${first + 1} to ${first + data}, after the totals`
            : settings.page > 0
              ? 'No rows on this page'
              : `No rows from ${settings.startDate} to ${settings.endDate}. ${describeDays(days)}`}
        </caption>
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
