// The chart.js part of the readings chart, loaded lazily by ReadingsChart.tsx (chart.js is heavy).
// A line over time on a linear axis of milliseconds (no date adapter needed): ticks on whole local
// hours or days, tooltips in local time, optional shaded bands and dashed reference lines drawn
// behind the line by a small plugin.
import { useMemo, useRef } from "react";
import {
  Chart as ChartJS,
  Decimation,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
  type Plugin,
  type ScatterDataPoint,
} from "chart.js";
import { Line } from "react-chartjs-2";
import {
  LINE_SHAPE,
  formatNumber,
  pointTime,
  tickLabel,
  timeTicks,
  type ChartBand,
  type ChartLine,
  type ChartPoint,
  MARK_STYLES,
  type ChartMark,
} from "./series.ts";

ChartJS.register(LineController, LineElement, PointElement, LinearScale, Tooltip, Filler, Decimation);

export interface LineChartProps {
  points: readonly ChartPoint[];
  from: number;
  to: number;
  label: string;
  unit: string;
  digits: number;
  colour: string;
  min?: number;
  max?: number;
  step?: number;
  bands: readonly ChartBand[];
  lines: readonly ChartLine[];
  marks?: readonly ChartMark[];
  /** Gaps longer than this (ms) are not bridged by the line. */
  maxGap: number;
}

interface Decorations {
  bands: readonly ChartBand[];
  lines: readonly ChartLine[];
  marks: readonly ChartMark[];
}

/** Clips drawing to the plot area and hands over the value axis. */
function inPlotArea(chart: ChartJS<"line">, draw: (y: ChartJS<"line">["scales"][string], area: ChartJS<"line">["chartArea"]) => void) {
  const { ctx, chartArea: area, scales } = chart;
  const y = scales.y;
  if (!area || !y) return;
  ctx.save();
  ctx.beginPath();
  ctx.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
  ctx.clip();
  draw(y, area);
  ctx.restore();
}

/**
 * Draws the bands, the dashed reference lines and their labels (on a light backing, at the left)
 * under the data, so the data line always stays visible.
 */
function decorationsPlugin(ref: { current: Decorations }): Plugin<"line"> {
  return {
    id: "readingsDecorations",
    beforeDatasetsDraw(chart) {
      const { ctx } = chart;
      inPlotArea(chart, (y, area) => {
        for (const band of ref.current.bands) {
          const top = y.getPixelForValue(band.to);
          const bottom = y.getPixelForValue(band.from);
          ctx.fillStyle = band.colour;
          ctx.fillRect(area.left, Math.min(top, bottom), area.right - area.left, Math.abs(bottom - top));
        }
        ctx.font = "12px system-ui, sans-serif";
        ctx.textBaseline = "bottom";
        ctx.textAlign = "left";
        for (const line of ref.current.lines) {
          const py = Math.round(y.getPixelForValue(line.value)) + 0.5;
          if (py < area.top || py > area.bottom) continue;
          const colour = line.colour ?? "rgba(30, 38, 30, 0.6)";
          ctx.strokeStyle = colour;
          ctx.lineWidth = 1;
          ctx.setLineDash([5, 4]);
          ctx.beginPath();
          ctx.moveTo(area.left, py);
          ctx.lineTo(area.right, py);
          ctx.stroke();
          if (!line.label) continue;
          ctx.setLineDash([]);
          const width = ctx.measureText(line.label).width;
          ctx.fillStyle = "rgba(255, 255, 255, 0.8)";
          ctx.fillRect(area.left + 3, py - 15, width + 6, 14);
          ctx.fillStyle = colour;
          ctx.fillText(line.label, area.left + 6, py - 2);
        }
        // Waterings and rain: upright lines at their time, labelled at the top.
        const x = chart.scales.x;
        ctx.textBaseline = "top";
        for (const [i, mark] of ref.current.marks.entries()) {
          const px = Math.round(x.getPixelForValue(mark.t)) + 0.5;
          if (px < area.left || px > area.right) continue;
          const style = MARK_STYLES[mark.kind];
          ctx.strokeStyle = style.colour;
          ctx.lineWidth = 2;
          ctx.setLineDash(style.dash);
          ctx.beginPath();
          ctx.moveTo(px, area.top);
          ctx.lineTo(px, area.bottom);
          ctx.stroke();
          ctx.setLineDash([]);
          const width = ctx.measureText(mark.label).width;
          const left = Math.min(px + 3, area.right - width - 6);
          const top = area.top + 2 + (i % 2) * 15;
          ctx.fillStyle = "rgba(255, 255, 255, 0.85)";
          ctx.fillRect(left, top, width + 6, 14);
          ctx.fillStyle = style.colour;
          ctx.fillText(mark.label, left + 3, top + 1);
        }
      });
    },
  };
}

export default function LineChart({
  points,
  from,
  to,
  label,
  unit,
  digits,
  colour,
  min,
  max,
  step,
  bands,
  lines,
  marks = [],
  maxGap,
}: LineChartProps) {
  const decorations = useRef<Decorations>({ bands, lines, marks });
  decorations.current = { bands, lines, marks };
  const plugins = useMemo(() => [decorationsPlugin(decorations)], []);

  const data = useMemo<ChartData<"line", ScatterDataPoint[]>>(
    () => ({
      datasets: [
        {
          label,
          data: points.map((p) => ({ x: p.t, y: p.v })),
          borderColor: colour,
          backgroundColor: `${colour}22`,
          borderWidth: 2,
          // Shaded bands carry the meaning of the area under the line; fill only without them.
          fill: bands.length ? false : "start",
          ...LINE_SHAPE,
          pointRadius: points.length <= 48 ? 2.5 : 0,
          pointHoverRadius: 4,
          pointBackgroundColor: colour,
          spanGaps: maxGap,
        },
      ],
    }),
    [points, label, colour, maxGap, bands.length],
  );

  const options = useMemo<ChartOptions<"line">>(() => {
    const span = to - from;
    return {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      parsing: false,
      normalized: true,
      interaction: { mode: "nearest", axis: "x", intersect: false },
      layout: { padding: { top: 4, right: 8 } },
      scales: {
        x: {
          type: "linear",
          min: from,
          max: to,
          grid: { color: "rgba(0, 0, 0, 0.06)" },
          border: { display: false },
          afterBuildTicks(axis) {
            axis.ticks = timeTicks(from, to, axis.chart.width < 480 ? 4 : 8).map((value) => ({ value }));
          },
          ticks: {
            color: "#5a635a",
            maxRotation: 0,
            autoSkip: false,
            callback: (value) => tickLabel(Number(value), span),
          },
        },
        y: {
          type: "linear",
          // A fixed range where the quantity has one (water 0-100 %, pH 0-14); otherwise the data's
          // range with a little room, on round ticks.
          min,
          max,
          ...(min === undefined && max === undefined ? { grace: "10%" } : {}),
          beginAtZero: false,
          grid: { color: "rgba(0, 0, 0, 0.06)" },
          border: { display: false },
          ticks: {
            color: "#5a635a",
            maxTicksLimit: step ? 11 : 6,
            stepSize: step,
            // As many decimals as the tick step needs, so neighbouring ticks never read the same.
            callback: (value, _index, ticks) => {
              const gap = ticks.length > 1 ? Math.abs(ticks[1].value - ticks[0].value) : 1;
              const places = gap > 0 ? Math.min(4, Math.max(0, -Math.floor(Math.log10(gap) + 1e-9))) : digits;
              return `${formatNumber(Number(value), places)}${unit ? ` ${unit}` : ""}`;
            },
          },
        },
      },
      plugins: {
        legend: { display: false },
        decimation: { enabled: points.length > 1500, algorithm: "lttb", samples: 600 },
        tooltip: {
          displayColors: false,
          callbacks: {
            title: (items) => (items[0] ? pointTime(Number(items[0].parsed.x)) : ""),
            label: (item) => `${label}: ${formatNumber(Number(item.parsed.y), digits)}${unit ? ` ${unit}` : ""}`,
          },
        },
      },
    };
  }, [from, to, points.length, min, max, step, digits, unit, label]);

  // The text alternative lives on the figure (ReadingsChart); the canvas itself is decorative.
  return <Line data={data} options={options} plugins={plugins} aria-hidden="true" />;
}
