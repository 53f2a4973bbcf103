// What a run did, per entity kind: printed at the end, written as JSON with --report, and a
// progress line per kind while it runs on a terminal.

export const OUTCOMES = ['created', 'updated', 'unchanged', 'skipped'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface KindCounts {
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

export interface Skip {
  kind: string;
  originalId: string;
  reason: string;
}

export interface ImportReport {
  from: string;
  dryRun: boolean;
  startedAt: string;
  finishedAt?: string;
  seconds?: number;
  requests?: number;
  counts: Record<string, KindCounts>;
  /** Seconds each phase took, by its first kind (a chapter's parts come in its phase). */
  phaseSeconds: Record<string, number>;
  skipped: Skip[];
  /** Whole-run remarks: what the original answered that the importer could not fully use. */
  warnings: string[];
  invited?: number;
}

export class Reporter {
  readonly report: ImportReport;
  private readonly started = Date.now();
  private readonly kindStarted = new Map<string, number>();
  private lastDraw = 0;
  private phaseKinds: string[] = [];
  private phaseStarted = 0;

  private endPhase(): void {
    const first = this.phaseKinds[0];
    if (first === undefined) return;
    this.report.phaseSeconds[first] = Math.round((Date.now() - this.phaseStarted) / 100) / 10;
    if (this.out?.isTTY) this.draw(true);
  }

  constructor(
    from: string,
    dryRun: boolean,
    private readonly out: NodeJS.WriteStream | null,
  ) {
    this.report = {
      from,
      dryRun,
      startedAt: new Date().toISOString(),
      counts: {},
      phaseSeconds: {},
      skipped: [],
      warnings: [],
    };
  }

  private counts(kind: string): KindCounts {
    this.report.counts[kind] ??= { read: 0, created: 0, updated: 0, unchanged: 0, skipped: 0 };
    if (!this.kindStarted.has(kind)) this.kindStarted.set(kind, Date.now());
    return this.report.counts[kind];
  }

  read(kind: string, n = 1): void {
    this.counts(kind).read += n;
    this.progress(kind);
  }

  count(kind: string, outcome: Outcome): void {
    this.counts(kind)[outcome]++;
    this.progress(kind);
  }

  skip(kind: string, originalId: string | number, reason: string): void {
    this.counts(kind).skipped++;
    this.report.skipped.push({ kind, originalId: String(originalId), reason });
    this.progress(kind);
  }

  warn(message: string): void {
    this.report.warnings.push(message);
  }

  /**
   * On a terminal only: one line for the kinds of the current phase (a chapter's events, posts
   * and notes come over with it), redrawn at most ten times a second; a phase ends with a newline.
   */
  phase(kinds: string[]): void {
    this.endPhase();
    this.phaseStarted = Date.now();
    this.phaseKinds = kinds;
    for (const kind of kinds) this.counts(kind);
  }

  private progress(kind: string): void {
    if (!this.out?.isTTY) return;
    if (!this.phaseKinds.includes(kind)) this.phaseKinds.push(kind);
    const now = Date.now();
    if (now - this.lastDraw < 100) return;
    this.lastDraw = now;
    this.draw(false);
  }

  private draw(done: boolean): void {
    const parts = this.phaseKinds.map((kind) => {
      const c = this.report.counts[kind]!;
      const seconds = Math.max((Date.now() - this.kindStarted.get(kind)!) / 1000, 0.001);
      const handled = c.created + c.updated + c.unchanged + c.skipped;
      return `${kind} ${handled}/${c.read} (${Math.round(handled / seconds)}/s)`;
    });
    this.out!.write(`\r\x1b[K${parts.join(', ')}${done ? '\n' : ''}`);
  }

  finish(requests: number): ImportReport {
    this.endPhase();
    this.phaseKinds = [];
    this.report.finishedAt = new Date().toISOString();
    this.report.seconds = Math.round((Date.now() - this.started) / 100) / 10;
    this.report.requests = requests;
    return this.report;
  }
}

function line(kind: string, c: KindCounts): string {
  return (
    `${kind.padEnd(20)} read ${c.read}, created ${c.created}, updated ${c.updated}, ` +
    `unchanged ${c.unchanged}, skipped ${c.skipped}`
  );
}

/** The report as the console shows it at the end. */
export function formatReport(r: ImportReport): string {
  const lines = [
    `${r.dryRun ? 'Dry run (nothing written): ' : ''}import from ${r.from} in ${r.seconds ?? '?'} s, ${r.requests ?? 0} requests`,
    ...Object.entries(r.counts).map(([kind, c]) => `  ${line(kind, c)}`),
    `  seconds by phase: ${Object.entries(r.phaseSeconds)
      .map(([kind, s]) => `${kind} ${s}`)
      .join(', ')}`,
  ];
  const changed = Object.values(r.counts).some((c) => c.created + c.updated > 0);
  if (!changed) lines.push('Nothing changed: everything read was already here as it is.');
  if (r.skipped.length > 0) {
    lines.push(`Skipped (${r.skipped.length}):`);
    for (const s of r.skipped) lines.push(`  ${s.kind} ${s.originalId}: ${s.reason}`);
  }
  for (const w of r.warnings) lines.push(`Warning: ${w}`);
  if (r.invited !== undefined) lines.push(`Invitations queued: ${r.invited}`);
  return lines.join('\n');
}
