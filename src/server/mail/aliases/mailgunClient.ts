// Mailgun's routes API (documentation.mailgun.com, Routes): POST /v3/routes, PUT and DELETE
// /v3/routes/{id}, form fields priority, description, expression and one `action` per action.
// Basic auth with the user `api` and the API key.
import { z } from 'zod';
import { providerFetch } from '../providerHttp';

export interface MailgunSettings {
  apiKey: string;
  /** https://api.mailgun.net (or the EU region's), or MAILGUN_API_URL for tests. */
  apiUrl: string;
}

export interface MailgunRoute {
  priority: number;
  description: string;
  expression: string;
  actions: string[];
}

const routeSchema = z.object({ id: z.string() }).passthrough();

function form(route: MailgunRoute): URLSearchParams {
  const fields = new URLSearchParams({
    priority: String(route.priority),
    description: route.description,
    expression: route.expression,
  });
  for (const action of route.actions) fields.append('action', action);
  return fields;
}

export function mailgunClient(settings: MailgunSettings) {
  const call = providerFetch({
    provider: 'mailgun',
    baseUrl: settings.apiUrl,
    headers: { authorization: `Basic ${Buffer.from(`api:${settings.apiKey}`).toString('base64')}` },
    retryAfter: (headers) => {
      const seconds = Number(headers.get('retry-after'));
      return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
    },
  });
  return {
    async createRoute(route: MailgunRoute): Promise<string> {
      const answer = await call({
        method: 'POST',
        path: '/v3/routes',
        form: form(route),
        schema: z.object({ route: routeSchema }),
      });
      return answer!.route.id;
    },
    /** False when Mailgun has no such route (deleted in its own screens). */
    async updateRoute(id: string, route: MailgunRoute): Promise<boolean> {
      const answer = await call({
        method: 'PUT',
        path: `/v3/routes/${encodeURIComponent(id)}`,
        form: form(route),
        schema: z.unknown(),
        allowNotFound: true,
      });
      return answer !== null;
    },
    async deleteRoute(id: string): Promise<void> {
      await call({
        method: 'DELETE',
        path: `/v3/routes/${encodeURIComponent(id)}`,
        schema: z.unknown(),
        allowNotFound: true,
      });
    },
  };
}

export type MailgunClient = ReturnType<typeof mailgunClient>;
