// Daily navigations (bars) and active users (line) over the chosen days, drawn with chart.js.
// Loaded lazily by the admin page, so chart.js only downloads for admins who open it.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from "chart.js";
import { useMemo } from "react";
import { Chart } from "react-chartjs-2";
import { formatCount, formatDay, type DailyPoint } from "./admin-data.ts";
import { LINE_SHAPE } from "../../components/charts/series.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { adminTexts } from "./texts.ts";
import styles from "./admin.module.css";

ChartJS.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

/** "#446d44" + 0.7 -> "#446d44b3"; other colour syntaxes are returned as they are. */
export function withAlpha(colour: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour)?.[1];
  if (!hex) return colour;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  return `#${full}${Math.round(alpha * 255)
    .toString(16)
    .padStart(2, "0")}`;
}

function cssColour(name: string, fallback: string): string {
  if (typeof window === "undefined") return fallback;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

export interface DailyChartProps {
  points: readonly DailyPoint[];
  /** Describes the chart for screen readers (the figures are also offered as a table). */
  label: string;
}

export default function DailyChart({ points, label }: DailyChartProps) {
  const t = useT(adminTexts);
  const colours = useMemo(
    () => ({
      primary: cssColour("--brand-primary", "#446d44"),
      accent: cssColour("--brand-accent", "#c9a227"),
      text: cssColour("--muted", "#5a635a"),
      grid: cssColour("--border", "#d5dad2"),
    }),
    [],
  );

  const data = useMemo<ChartData<"bar" | "line", number[], string>>(
    () => ({
      labels: points.map((p) => formatDay(p.date, false)),
      datasets: [
        {
          type: "bar" as const,
          label: t("admin.daily.navigations"),
          data: points.map((p) => p.navigations),
          backgroundColor: withAlpha(colours.primary, 0.55),
          hoverBackgroundColor: colours.primary,
          borderRadius: 3,
          maxBarThickness: 28,
          yAxisID: "y",
          order: 2,
        },
        {
          type: "line" as const,
          label: t("admin.daily.activeUsers"),
          data: points.map((p) => p.activeUsers),
          borderColor: colours.accent,
          backgroundColor: colours.accent,
          borderWidth: 2.5,
          // Dots only while there is room for them.
          pointRadius: (context) => (context.chart.width / Math.max(1, points.length) < 14 ? 0 : 3),
          pointHoverRadius: 5,
          ...LINE_SHAPE,
          yAxisID: "users",
          order: 1,
        },
      ],
    }),
    [points, colours, t],
  );

  const options = useMemo<ChartOptions<"bar" | "line">>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? false : { duration: 300 },
      interaction: { mode: "index", intersect: false },
      plugins: {
        legend: {
          position: "bottom",
          labels: {
            color: colours.text,
            usePointStyle: true,
            boxWidth: 8,
            boxHeight: 8,
            padding: 16,
            sort: (a, b) => (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0),
          },
        },
        tooltip: {
          callbacks: {
            title: (items) => (items[0] ? formatDay(points[items[0].dataIndex]?.date ?? "", true) : ""),
            label: (item) => t("admin.daily.tooltip", { series: item.dataset.label ?? "", value: formatCount(item.parsed.y) }),
          },
        },
      },
      scales: {
        x: {
          grid: { display: false },
          ticks: { color: colours.text, maxRotation: 0, autoSkip: true, autoSkipPadding: 12 },
        },
        y: {
          position: "left",
          beginAtZero: true,
          grace: "8%",
          title: { display: true, text: t("admin.daily.navigations"), color: colours.text },
          ticks: { color: colours.text, precision: 0 },
          grid: { color: colours.grid },
        },
        users: {
          position: "right",
          beginAtZero: true,
          grace: "8%",
          title: { display: true, text: t("admin.daily.activeUsers"), color: colours.text },
          ticks: { color: colours.text, precision: 0 },
          grid: { drawOnChartArea: false },
        },
      },
    }),
    [colours, points, t],
  );

  return (
    <div className={styles.chartCanvas}>
      <Chart type="bar" data={data} options={options} role="img" aria-label={label} />
    </div>
  );
}
