// Metric families and their Prometheus text exposition (format 0.0.4). Written here rather than
// taken from prom-client, which is not among the project's packages: counters, gauges and
// histograms with labels, and families whose samples are read at scrape time (a count another
// part of the app keeps, a database query). docs/decisions/02-operation.md "Metrics".

export type Labels = Readonly<Record<string, string>>;

export interface Sample {
  labels?: Labels;
  value: number;
  /** Appended to the family's name: `_bucket`, `_sum`, `_count`. */
  suffix?: string;
}

type Kind = 'counter' | 'gauge' | 'histogram';

interface Family {
  name: string;
  help: string;
  kind: Kind;
  samples(): Sample[] | Promise<Sample[]>;
}

const escapeHelp = (text: string) => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
const escapeLabel = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

function formatLabels(labels: Labels | undefined): string {
  const pairs = Object.entries(labels ?? {});
  if (pairs.length === 0) return '';
  return `{${pairs.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
}

/** A key for one combination of label values, in the family's label order. */
const keyOf = (names: readonly string[], labels: Labels) =>
  names.map((name) => labels[name] ?? '').join('\u0000');

export class Registry {
  private readonly families: Family[] = [];

  private add(family: Family): void {
    if (this.families.some((f) => f.name === family.name)) {
      throw new Error(`The metric ${family.name} is registered twice`);
    }
    this.families.push(family);
  }

  /** A counter this registry keeps, by label values. */
  counter(name: string, help: string, labelNames: readonly string[] = []) {
    const values = new Map<string, { labels: Labels; value: number }>();
    this.add({ name, help, kind: 'counter', samples: () => [...values.values()] });
    return {
      inc(labels: Labels = {}, by = 1) {
        const key = keyOf(labelNames, labels);
        const current = values.get(key);
        if (current) current.value += by;
        else values.set(key, { labels, value: by });
      },
    };
  }

  /** A histogram of observed values (seconds, bytes) in cumulative buckets, by label values. */
  histogram(name: string, help: string, labelNames: readonly string[], buckets: number[]) {
    const bounds = [...buckets].sort((a, b) => a - b);
    const series = new Map<string, { labels: Labels; counts: number[]; sum: number; n: number }>();
    this.add({
      name,
      help,
      kind: 'histogram',
      samples: () =>
        [...series.values()].flatMap(({ labels, counts, sum, n }) => [
          ...bounds.map((le, i) => ({
            suffix: '_bucket',
            labels: { ...labels, le: formatValue(le) },
            value: counts[i]!,
          })),
          { suffix: '_bucket', labels: { ...labels, le: '+Inf' }, value: n },
          { suffix: '_sum', labels, value: sum },
          { suffix: '_count', labels, value: n },
        ]),
    });
    return {
      observe(labels: Labels, value: number) {
        const key = keyOf(labelNames, labels);
        let one = series.get(key);
        if (!one) {
          one = { labels, counts: bounds.map(() => 0), sum: 0, n: 0 };
          series.set(key, one);
        }
        for (let i = 0; i < bounds.length; i++) if (value <= bounds[i]!) one.counts[i]! += 1;
        one.sum += value;
        one.n += 1;
      },
    };
  }

  /**
   * A family whose samples are read when it is scraped: a gauge (the pool's connections, the
   * email queue) or a counter kept elsewhere (the front door's answers).
   */
  collected(name: string, help: string, kind: Kind, samples: Family['samples']): void {
    this.add({ name, help, kind, samples });
  }

  /** Every family in the text format; a family whose samples could not be read is left out. */
  async exposition(onError: (name: string, err: unknown) => void): Promise<string> {
    const read = await Promise.all(
      this.families.map(async (family) => {
        try {
          return { family, samples: await family.samples() };
        } catch (err) {
          onError(family.name, err);
          return null;
        }
      }),
    );
    const lines: string[] = [];
    for (const one of read) {
      if (!one) continue;
      const { family, samples } = one;
      lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`);
      lines.push(`# TYPE ${family.name} ${family.kind}`);
      for (const s of samples) {
        lines.push(
          `${family.name}${s.suffix ?? ''}${formatLabels(s.labels)} ${formatValue(s.value)}`,
        );
      }
    }
    return `${lines.join('\n')}\n`;
  }
}

/** The Content-Type of the text format. */
export const EXPOSITION_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
