// Which site a browser test talks to. The global setup starts one site per Playwright worker,
// each with its own embedded database and mail catcher, so workers never see each other's
// changes; a worker finds its own by Playwright's TEST_PARALLEL_INDEX (the same index for a
// worker restarted after a failure, so it keeps its site).
export interface SiteFacts {
  baseUrl: string;
  mailFile: string;
  adminEmail: string;
  adminPassword: string;
}

const SITES_VARIABLE = 'E2E_SITES';

/**
 * How many workers (and so sites) a run uses: E2E_WORKERS, else one (see
 * docs/decisions/10-browser-tests.md).
 */
export function workerCount(): number {
  const asked = Number(process.env.E2E_WORKERS);
  return Number.isInteger(asked) && asked > 0 ? asked : 1;
}

/** Hands the started sites to the workers (they inherit the global setup's environment). */
export function publishSites(sites: SiteFacts[]): void {
  process.env[SITES_VARIABLE] = JSON.stringify(sites);
}

/** This worker's site, or undefined before the global setup has run (the config's first read). */
export function currentSite(): SiteFacts | undefined {
  const published = process.env[SITES_VARIABLE];
  if (!published) return undefined;
  const sites = JSON.parse(published) as SiteFacts[];
  return sites[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % sites.length];
}

/** This worker's site; throws outside a run started through playwright.config.ts. */
export function site(): SiteFacts {
  const found = currentSite();
  if (!found)
    throw new Error(`${SITES_VARIABLE} is not set: run the tests through playwright.config.ts`);
  return found;
}
