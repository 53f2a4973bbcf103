// The Prometheus text exposition of prom-client registries, one family at a time, and families
// whose samples are read when they are scraped. prom-client's own `registry.metrics()` fails the
// whole scrape when one family's reading fails; here that family is left out and named, so the
// database being down does not hide the process's figures. docs/decisions/02-operation.md
// "Metrics".
import { Counter, Gauge, Registry } from 'prom-client';

export interface Sample<L extends string> {
  labels?: Partial<Record<L, string>>;
  value: number;
}

/** The Content-Type of the text format (0.0.4). */
export const EXPOSITION_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

interface ReadFamily<L extends string> {
  registry: Registry;
  name: string;
  help: string;
  labelNames?: readonly L[];
  /** The samples as they are now; none at all leaves the family without a sample line. */
  read(): Sample<L>[] | Promise<Sample<L>[]>;
}

/**
 * A family whose samples are read at each scrape: a gauge (the pool's connections, the email
 * queue) or a counter kept elsewhere (the front door's answers), written as the reading says.
 */
export function readAtScrape<L extends string>(kind: 'gauge' | 'counter', family: ReadFamily<L>) {
  const { registry, name, help, labelNames = [], read } = family;
  const labels = [...labelNames];
  async function collect(this: Gauge<L> | Counter<L>) {
    const samples = await read();
    this.reset();
    // An unlabelled family's reset leaves a 0; a reading of nothing is no sample, not a zero.
    if (labels.length === 0) this.remove({});
    for (const { labels: values = {}, value } of samples) {
      if (this instanceof Gauge) this.set(values, value);
      else this.inc(values, value);
    }
  }
  const options = { name, help, labelNames: labels, registers: [registry], collect };
  return kind === 'gauge' ? new Gauge<L>(options) : new Counter<L>(options);
}

/** Every family of the registries, in order; a family whose samples could not be read is left out. */
export async function exposition(
  registries: readonly Registry[],
  onError: (name: string, err: unknown) => void,
): Promise<string> {
  // All started at once, in order: families that share one reading (the email queue's) find it
  // under way.
  const texts = await Promise.all(
    registries.flatMap((registry) =>
      registry.getMetricsAsArray().map(async ({ name }) => {
        try {
          return await registry.getSingleMetricAsString(name);
        } catch (err) {
          onError(name, err);
          return null;
        }
      }),
    ),
  );
  return `${texts.filter((text) => text !== null).join('\n\n')}\n`;
}
