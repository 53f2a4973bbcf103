// "No route without an explicit access rule": every /api route names the rule it enforces in
// `config.access`, and start-up fails for one that does not. The guards that enforce the
// non-public rules live with the auth module.
import type { FastifyInstance } from 'fastify';

export type AccessRule = 'public' | 'signedIn' | 'admin' | 'hostAccess' | 'fieldOrganizerAccess';

export interface ApiRoute {
  method: string;
  url: string;
  access: AccessRule;
}

export function requireAccessRules(app: FastifyInstance): void {
  const registered: ApiRoute[] = [];
  app.decorate('apiRoutes', registered);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = (route.config as { access?: AccessRule } | undefined)?.access;
    if (!access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registered.push({ method, url: route.url, access });
    }
  });
}
