/**
 * The report's chart, drawn by uPlot on a canvas: small (about 50 KB minified), fast on thousands of points, with
 * no dependencies and no inline styles or eval, so it runs under the console's CSP. The canvas is wrapped in an
 * element with role img whose accessible name starts with "Chart" and says what is drawn; the legend is ours
 * (plain text, so hostile values stay text).
 */
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import { formatMetric } from '../format.js';
import type { ChartData } from './chart-data.js';

/** Colours told apart by people with the common colour blindnesses (Okabe–Ito). */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00'];

export function chartName(data: ChartData): string {
  const lines = data.split ? `one line for each of the top ${data.series.length} ${data.split} values by ${data.metric}` : 'all rows';
  return `Chart of ${data.metric} by date, ${lines}`;
}

const DAY = 86_400;
/** Tick steps in seconds: whole days, weeks and about-months, never hours. */
const DAY_STEPS = [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY, 91 * DAY, 182 * DAY, 364 * DAY];

export function Chart({ data }: { data: ChartData }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const plot = new uPlot(
      {
        width: Math.max(320, Math.min(element.clientWidth || 800, 1000)),
        height: 300,
        legend: { show: false },
        padding: [12, 48, 0, 0], // room for the last date label
        cursor: { show: true },
        scales: { x: { time: true } },
        // Days, in UTC as the report's dates are: ticks a whole number of days apart, labelled YYYY-MM-DD.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        axes: [
          { space: 80, incrs: DAY_STEPS, values: (_u, ticks) => ticks.map((tick) => new Date(tick * 1000).toISOString().slice(0, 10)) },
          { size: 90, values: (_u, ticks) => ticks.map((tick) => formatMetric(data.metric, tick)) },
        ],
        series: [{}, ...data.series.map((line, i) => ({ label: line.label, stroke: COLOURS[i % COLOURS.length]!, width: 2, spanGaps: false }))],
      },
      [data.xs, ...data.series.map((line) => line.values)] as uPlot.AlignedData,
      element,
    );
    return () => plot.destroy();
  }, [data]);
  return (
    <figure class="chart">
      <div ref={box} role="img" aria-label={chartName(data)} data-testid="chart" />
      <figcaption>
        <ul class="legend">
          {data.series.map((line, i) => (
            <li>
              <span class={`swatch swatch-${i % COLOURS.length}`} aria-hidden="true" />
              {line.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
