// Steady traffic through the proxy: `concurrency` clients, each sending its next request as soon
// as the last one was answered, over kept-alive connections, as browsers and crawlers do. Most
// are GETs; one client may send a POST (which nginx never passes to a second server once sent).

export interface TrafficCounts {
  sent: number;
  /** Answers by status code, and 'network error' for requests that got none. */
  byOutcome: Record<string, number>;
  failed: number;
  /** The first few failures, for the report. */
  examples: string[];
}

export interface Traffic {
  stop(): Promise<TrafficCounts>;
  readonly counts: TrafficCounts;
}

const OK = new Set([200, 304]);

export interface Post {
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export function steadyTraffic(
  baseUrl: string,
  paths: string[],
  concurrency: number,
  post?: Post,
): Traffic {
  const counts: TrafficCounts = { sent: 0, byOutcome: {}, failed: 0, examples: [] };
  let running = true;
  let next = 0;
  const note = (outcome: string, failure?: string) => {
    counts.byOutcome[outcome] = (counts.byOutcome[outcome] ?? 0) + 1;
    if (failure !== undefined) {
      counts.failed += 1;
      if (counts.examples.length < 10) counts.examples.push(failure);
    }
  };

  async function client(posts: boolean) {
    while (running) {
      const path = posts && post ? post.path : paths[next++ % paths.length]!;
      const method = posts ? 'POST' : 'GET';
      counts.sent += 1;
      try {
        const res = await fetch(`${baseUrl}${path}`, {
          method,
          headers: {
            'accept-encoding': 'br, gzip',
            ...(posts && post && { 'content-type': 'application/json', ...post.headers }),
          },
          ...(posts && post && { body: JSON.stringify(post.body) }),
        });
        await res.arrayBuffer();
        const failure = OK.has(res.status) ? undefined : `${method} ${path}: ${res.status}`;
        note(`${method} ${res.status}`, failure);
      } catch (err) {
        const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : '';
        note(`${method} network error`, `${method} ${path}: ${String(err)} ${cause}`);
      }
      // A breath between requests: the machine also runs both app servers and nginx.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  const clients = Promise.all(
    Array.from({ length: concurrency }, (_, i) => client(post !== undefined && i === 0)),
  );
  return {
    counts,
    async stop() {
      running = false;
      await clients;
      return counts;
    },
  };
}
