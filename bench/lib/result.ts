// Every bench of this suite ends by printing one line, `BENCH_RESULT {json}`, with its figures and
// the targets they were held to; bench/run-all.ts collects those lines into the markdown report.

export interface Figure {
  /** What was measured, e.g. "home dashboard p95". */
  name: string;
  value: number;
  unit: string;
  /** The target in words, e.g. "< 50 ms"; absent for figures that are only reported. */
  target?: string;
  met?: boolean;
}

export interface BenchResult {
  bench: string;
  figures: Figure[];
  /** Findings worth a line in the report (why a target was missed, what the run was). */
  notes?: string[];
  /** Anything else a caller needs (e.g. the seeded database's URL). */
  data?: Record<string, unknown>;
}

export const RESULT_PREFIX = "BENCH_RESULT ";

export function printResult(result: BenchResult): void {
  console.log(RESULT_PREFIX + JSON.stringify(result));
}

export function parseResult(output: string): BenchResult | null {
  const line = output
    .split("\n")
    .reverse()
    .find((l) => l.startsWith(RESULT_PREFIX));
  if (!line) return null;
  try {
    return JSON.parse(line.slice(RESULT_PREFIX.length)) as BenchResult;
  } catch {
    return null;
  }
}

/** A figure held to "at most" / "under" a limit. */
export function under(name: string, value: number, unit: string, limit: number, inclusive = false): Figure {
  return {
    name,
    value: round(value),
    unit,
    target: `${inclusive ? "≤" : "<"} ${limit} ${unit}`.trim(),
    met: inclusive ? value <= limit : value < limit,
  };
}

/** A figure held to "at least" a floor (rates). */
export function atLeast(name: string, value: number, unit: string, floor: number): Figure {
  return { name, value: round(value), unit, target: `≥ ${floor} ${unit}`, met: value >= floor };
}

export function figure(name: string, value: number, unit: string): Figure {
  return { name, value: round(value), unit };
}

function round(v: number): number {
  return Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 100) / 100;
}

export const metText = (met: boolean | undefined) => (met === undefined ? "" : met ? "met" : "MISSED");
