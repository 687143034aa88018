// Command-line flags for the benches: `--things 1000`, `--things=1000` or `--full`, each with an
// environment fallback (BENCH_THINGS=1000), so `npm run bench:seed -- --things 1000` and CI-style
// `BENCH_THINGS=1000 npm run bench:seed` both work.

export class Args {
  private values = new Map<string, string>();

  constructor(argv: string[] = process.argv.slice(2)) {
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i];
      if (!arg.startsWith("--")) continue;
      const eq = arg.indexOf("=");
      if (eq > 0) {
        this.values.set(arg.slice(2, eq), arg.slice(eq + 1));
      } else if (i + 1 < argv.length && !argv[i + 1].startsWith("--")) {
        this.values.set(arg.slice(2), argv[++i]);
      } else {
        this.values.set(arg.slice(2), "true");
      }
    }
  }

  private raw(name: string): string | undefined {
    return this.values.get(name) ?? process.env[`BENCH_${name.toUpperCase().replace(/-/g, "_")}`];
  }

  string(name: string, fallback: string): string;
  string(name: string): string | undefined;
  string(name: string, fallback?: string): string | undefined {
    return this.raw(name) ?? fallback;
  }

  /** A number flag; anything that is not a finite number >= min stops the bench with a clear message. */
  number(name: string, fallback: number, min = 0): number {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min) {
      console.error(`--${name} must be a number of at least ${min} (got "${raw}")`);
      process.exit(2);
    }
    return value;
  }

  flag(name: string): boolean {
    const raw = this.raw(name);
    return raw !== undefined && raw !== "false" && raw !== "0";
  }
}
