// The API's contract for people and programs: the OpenAPI document at /api/openapi.json and a
// readable reference at /api/docs. The reference is Swagger UI from the swagger-ui-dist package,
// served from here (no CDN) as plain files: its page has no inline script or style, so it runs
// under the site's Content-Security-Policy unchanged.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import type { AppInstance } from '../../appInstance';
import type { FastifyReply } from 'fastify';

const swaggerUiDir = path.dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Chapters site API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" sizes="32x32">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

// No validator badge (it would call swagger.io) and no top bar (it would let the page load
// documents from anywhere); only our own document.
const START = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

/** The files the page loads, by name, with their content types. */
const ASSETS = {
  'swagger-ui.css': 'text/css',
  'swagger-ui-bundle.js': 'text/javascript',
  'favicon-32x32.png': 'image/png',
  'start.js': 'text/javascript',
} as const;
type AssetName = keyof typeof ASSETS;

const assetNames = Object.keys(ASSETS) as [AssetName, ...AssetName[]];

/** The document's own outline; its parts are described by the OpenAPI 3.1 schema itself. */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.unknown()).optional(),
});

const text = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: z.string() } },
});

export function docsRoutes(app: AppInstance): void {
  let documentJson: string | undefined;
  const assets = new Map<AssetName, Promise<Buffer>>();
  const asset = (name: AssetName) => {
    let file = assets.get(name);
    if (!file) {
      file =
        name === 'start.js'
          ? Promise.resolve(Buffer.from(START))
          : readFile(path.join(swaggerUiDir, name));
      assets.set(name, file);
    }
    return file;
  };

  app.get(
    '/api/openapi.json',
    {
      config: { access: 'public' },
      schema: {
        summary: 'This document: the API as OpenAPI 3.1',
        response: { 200: openApiDocumentSchema },
      },
    },
    // Sent as text: the schema-typed reply would take only the schema's object; as a plain
    // FastifyReply (which it is, no cast) it takes the text.
    async (_request, reply) => {
      // The routes are all known once the app is ready; the document never changes after.
      documentJson ??= JSON.stringify(app.swagger());
      const plain: FastifyReply = reply;
      void plain
        .type('application/json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(documentJson);
      return reply;
    },
  );

  app.get(
    '/api/docs',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A readable reference of this API (Swagger UI)',
        response: { 200: text('text/html', 'The reference page') },
      },
    },
    async (_request, reply) => {
      const plain: FastifyReply = reply;
      void plain.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE);
      return reply;
    },
  );

  app.get(
    '/api/docs/:file',
    {
      config: { access: 'public' },
      schema: {
        summary: "A file of the reference page: Swagger UI's script and style sheet",
        params: z.object({ file: z.enum(assetNames) }),
        response: {
          200: {
            description: 'The file',
            content: Object.fromEntries(
              [...new Set(Object.values(ASSETS))].map((type) => [type, { schema: z.string() }]),
            ),
          },
        },
      },
    },
    async (request, reply) => {
      const name = request.params.file;
      const type = ASSETS[name];
      const plain: FastifyReply = reply;
      void plain
        .type(type.startsWith('text/') ? `${type}; charset=utf-8` : type)
        .header('cache-control', 'public, max-age=3600')
        .send(await asset(name));
      return reply;
    },
  );
}
