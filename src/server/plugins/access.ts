// "No route without an explicit access rule": every /api route names the rule it enforces in
// `config.access`, and start-up fails for one that does not. The guards that enforce the
// non-public rules live with the auth module.
import type { FastifyInstance } from 'fastify';

export type AccessRule = 'public' | 'signedIn' | 'admin' | 'hostAccess' | 'fieldOrganizerAccess';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: AccessRule;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its rule, as registered: what tests walk to cover them all. */
    apiRoutes: ApiRoute[];
  }
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
