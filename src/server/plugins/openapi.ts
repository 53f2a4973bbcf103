// The HTTP contract as OpenAPI 3.1, generated from the routes' zod schemas by @fastify/swagger
// with fastify-type-provider-zod's transforms. Each /api operation also says who may call it
// (`x-access`, its security requirement and its description) and documents the error answers
// that rule and its inputs can give, all in the one error shape (plugins/errors.ts). Routes
// outside /api (the web app, uploads, sitemap) are not part of the contract and are left out.
import type { FastifyInstance, FastifySchema } from 'fastify';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../common/schemas/errors';
import type { AccessRule } from './access';

export const ACCESS_DESCRIPTIONS: Record<AccessRule, string> = {
  public:
    'Access: public. Anyone may call it, signed in or not; the answer may depend on who asks.',
  signedIn: 'Access: signedIn. Needs a session: 401 without one.',
  admin: 'Access: admin. Site admins only: 401 without a session, 403 for anyone else.',
  hostAccess:
    "Access: hostAccess. The chapter's hosts and field organizers, and site admins: 401 " +
    'without a session, 403 for anyone else.',
  fieldOrganizerAccess:
    "Access: fieldOrganizerAccess. The chapter's field organizers and site admins: 401 " +
    'without a session, 403 for anyone else.',
};

const ERROR_DESCRIPTIONS = {
  400: 'Invalid request: `fields` names each bad field.',
  401: 'Not signed in.',
  403: 'Not allowed to the caller, or a cross-site request.',
  404: 'No such thing, or one hidden from the caller.',
  409: 'Conflicts with what is stored (a taken slug, address or list id...).',
  415: 'A body that is neither JSON nor a file upload.',
} as const;
type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/**
 * The error answers a route can give: 400 for any malformed request; 401 and 403 where its
 * rule needs a session; 403 and 415 for any change (the cross-site and content-type checks of
 * plugins/origin.ts); 404 where it names a thing; 409 where it changes something.
 */
export function errorStatuses(method: string, access: AccessRule, schema: FastifySchema) {
  const changes = !SAFE_METHODS.includes(method);
  const statuses: ErrorStatus[] = [400];
  if (access !== 'public') statuses.push(401);
  if (access !== 'public' || changes) statuses.push(403);
  if (schema.params || schema.querystring || schema.body || changes) statuses.push(404);
  if (changes) statuses.push(409, 415);
  return statuses;
}

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

/** `getApiChapterSlugSlug` for GET /api/chapter/slug/:slug: unique, as method and path are. */
export function operationId(method: string, url: string): string {
  const words = url.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/**
 * The named zod schemas as components. The transform names each twice (as input and as
 * output); only those some operation refers to are kept.
 */
const describeComponents: NonNullable<FastifyDynamicSwaggerOptions['transformObject']> = (
  documentObject,
) => {
  const document = jsonSchemaTransformObject(documentObject) as {
    paths?: unknown;
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas ?? {};
  const used = JSON.stringify(document.paths);
  for (const name of Object.keys(schemas)) {
    if (!used.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return document as ReturnType<typeof jsonSchemaTransformObject>;
};

/** One route into the document: its zod schemas as JSON Schema, plus access and errors. */
const describeRoute: Transform = (document) => {
  const { url, route } = document;
  if (!url.startsWith('/api/')) return { schema: { hide: true }, url };
  const access = (route.config as { access?: AccessRule } | undefined)?.access ?? 'public';
  const method = [route.method].flat()[0] ?? 'GET';
  const schema: FastifySchema = document.schema ?? {};
  const errors = Object.fromEntries(
    errorStatuses(method, access, schema).map((status) => [
      status,
      {
        description: ERROR_DESCRIPTIONS[status],
        content: { 'application/json': { schema: apiErrorSchema } },
      },
    ]),
  );
  const transformed = jsonSchemaTransform({
    ...document,
    schema: { ...schema, response: { ...errors, ...(schema.response as object | undefined) } },
  });
  const own = (schema as { description?: string }).description;
  return {
    url,
    schema: {
      ...transformed.schema,
      operationId: operationId(method, url),
      tags: [url.split('/')[2] ?? 'api'],
      description: [own, ACCESS_DESCRIPTIONS[access]].filter(Boolean).join('\n\n'),
      security: access === 'public' ? [] : [{ session: [] }],
      'x-access': access,
    },
  };
};

/** Before any route: @fastify/swagger collects routes as they are added. */
export async function registerOpenApi(
  app: FastifyInstance,
  { sessionCookie }: { sessionCookie: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Chapters site API',
        version: '1',
        description:
          'The HTTP API of the chapters site. Every operation names its access rule in ' +
          '`x-access` (public, signedIn, admin, hostAccess, fieldOrganizerAccess). Every error ' +
          'answer has one shape, `ApiError`. State-changing calls from a browser must come from ' +
          'the site itself (Origin checked) and send JSON or a file upload.',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookie,
            description: 'The session cookie set by POST /api/auth/signin.',
          },
        },
      },
    },
    transform: describeRoute,
    transformObject: describeComponents,
  });
}
