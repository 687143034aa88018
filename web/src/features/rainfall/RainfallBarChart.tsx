// The chart.js part of the rainfall page (loaded lazily): mm per hour or per day as bars. The
// colleague's components/charts draw lines over time; rain totals read better as bars, so this
// small chart lives here.
import { useMemo } from "react";
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  LinearScale,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from "chart.js";
import { Bar as BarChart } from "react-chartjs-2";
import { formatNumber } from "../../components/environment/env-format.ts";
import { useRainfallT } from "./texts.ts";
import { barLabel, barPeriod, type Bar } from "./rainfall-data.ts";

ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export default function RainfallBarChart({ bars, unit }: { bars: readonly Bar[]; unit: "hour" | "day" }) {
  const t = useRainfallT();
  const data = useMemo<ChartData<"bar", (number | null)[], string>>(
    () => ({
      labels: bars.map((b) => barLabel(b, unit)),
      datasets: [
        {
          label: t("rainfallPage.rain"),
          data: bars.map((b) => b.total),
          backgroundColor: "rgba(29, 90, 138, 0.75)",
          hoverBackgroundColor: "rgba(21, 71, 109, 0.95)",
          borderRadius: 3,
          maxBarThickness: 36,
          minBarLength: 2,
        },
      ],
    }),
    [bars, unit, t],
  );

  const options = useMemo<ChartOptions<"bar">>(() => {
    const max = Math.max(1, ...bars.map((b) => b.total ?? 0));
    return {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      layout: { padding: { top: 6, right: 4 } },
      scales: {
        x: {
          grid: { display: false },
          border: { display: false },
          ticks: { color: "#5a635a", maxRotation: 0, autoSkip: true, autoSkipPadding: 12 },
        },
        y: {
          min: 0,
          suggestedMax: max < 2 ? 2 : Math.ceil(max * 1.1),
          grid: { color: "rgba(0, 0, 0, 0.06)" },
          border: { display: false },
          ticks: {
            color: "#5a635a",
            maxTicksLimit: 6,
            callback: (v) => `${formatNumber(Number(v), Number.isInteger(Number(v)) ? 0 : 1)} mm`,
          },
        },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          displayColors: false,
          callbacks: {
            title: (items) => {
              const bar = bars[items[0]?.dataIndex ?? 0];
              return bar ? barPeriod(bar, unit) : "";
            },
            label: (item) => {
              const bar = bars[item.dataIndex];
              if (!bar || bar.total === null) return t("rainfallPage.noReadingsTooltip");
              return t("rainfallPage.barTooltip", { total: `${formatNumber(bar.total, 1)} mm`, count: bar.count });
            },
          },
        },
      },
    };
  }, [bars, unit, t]);

  // The figure around the canvas carries the text alternative; the canvas is decorative.
  return <BarChart data={data} options={options} aria-hidden="true" />;
}
