// The chart.js part of the weather panel (loaded lazily): the next hours' rain as bars (mm, left
// axis) and temperature as a line (°C, right axis); the tooltip adds the chance of rain.
import { useMemo } from "react";
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from "chart.js";
import { Chart } from "react-chartjs-2";
import { formatHour, formatTime, formatWeekday } from "../../lib/dates.ts";
import { formatNumber } from "./env-format.ts";
import { LINE_SHAPE } from "../charts/series.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";

ChartJS.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip);

export interface ForecastHour {
  t: number;
  temperature: number | null;
  precipitation: number | null;
  probability: number | null;
}

function hourLabel(t: number): string {
  const hour = formatHour(t);
  return hour === "00:00" ? formatWeekday(t) : hour;
}

export default function ForecastChart({ hours }: { hours: readonly ForecastHour[] }) {
  const t = useT();
  const data = useMemo<ChartData<"bar" | "line", (number | null)[], string>>(
    () => ({
      labels: hours.map((h) => hourLabel(h.t)),
      datasets: [
        {
          type: "bar" as const,
          label: t("chart.rain"),
          data: hours.map((h) => h.precipitation),
          backgroundColor: "rgba(29, 90, 138, 0.65)",
          borderRadius: 2,
          yAxisID: "rain",
          order: 2,
        },
        {
          type: "line" as const,
          label: t("chart.temperature"),
          data: hours.map((h) => h.temperature),
          borderColor: "#c0572b",
          backgroundColor: "#c0572b",
          borderWidth: 2,
          pointRadius: 0,
          pointHoverRadius: 3,
          ...LINE_SHAPE,
          yAxisID: "temperature",
          order: 1,
        },
      ],
    }),
    [hours, t],
  );

  const options = useMemo<ChartOptions<"bar" | "line">>(() => {
    const rainMax = Math.max(2, ...hours.map((h) => h.precipitation ?? 0));
    return {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: "index", intersect: false },
      layout: { padding: { top: 4 } },
      scales: {
        x: {
          grid: { display: false },
          border: { display: false },
          ticks: { color: "#5a635a", maxRotation: 0, autoSkip: true, autoSkipPadding: 14 },
        },
        rain: {
          type: "linear",
          position: "left",
          min: 0,
          suggestedMax: Math.ceil(rainMax),
          grid: { color: "rgba(0, 0, 0, 0.06)" },
          border: { display: false },
          ticks: {
            color: "#1d5a8a",
            maxTicksLimit: 5,
            callback: (v) => `${formatNumber(Number(v), Number.isInteger(Number(v)) ? 0 : 1)} mm`,
          },
        },
        temperature: {
          type: "linear",
          position: "right",
          grid: { display: false },
          border: { display: false },
          ticks: { color: "#a0471f", maxTicksLimit: 5, callback: (v) => `${formatNumber(Number(v), 0)}°` },
        },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: (items) => {
              const h = hours[items[0]?.dataIndex ?? 0];
              return h ? `${formatWeekday(h.t)} ${formatTime(h.t)}` : "";
            },
            label: (item) => {
              const h = hours[item.dataIndex];
              if (!h) return "";
              if (item.dataset.yAxisID === "temperature")
                return h.temperature === null ? "" : `Temperature ${formatNumber(h.temperature, 1)} °C`;
              const rain = h.precipitation === null ? "–" : `${formatNumber(h.precipitation, 1)} mm`;
              return h.probability === null ? `Rain ${rain}` : `Rain ${rain} (${h.probability}% chance)`;
            },
          },
        },
      },
    };
  }, [hours]);

  // The figure around the canvas carries the text alternative; the canvas is decorative.
  return (
    <Chart
      type="bar"
      data={data as ChartData<"bar", (number | null)[], string>}
      options={options as ChartOptions<"bar">}
      aria-hidden="true"
    />
  );
}
