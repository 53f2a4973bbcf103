import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

// ---------------------------------------------------------------------------------------------
// The server's rooms and which way imports go (docs/architecture.md, docs/decisions/20-house.md):
// common <- db <- core <- mail, caching <- plugins <- modules (through their fronts) <- app.ts.
// Two layers keep them. `no-restricted-imports` reads an import's spelling (and so also refuses
// a path that does not exist yet); import-x's `no-restricted-paths` resolves the import to a
// file, so neither another spelling ('../../server/modules/...'), a dynamic `import()` nor a
// .tsx file gets around it; `no-cycle` refuses a circle of files and `npm run deps` (run by
// `npm run lint`) one of rooms. Tests and the test helpers assemble the app as app.ts does, so
// they are free.
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'src/server/test/**'];
const SERVER_FILES = ['src/server/**/*.ts', 'src/server/**/*.tsx'];
const FORBIDDEN = {
  app: {
    regex: '^(\\.\\./)+(server/)?app$',
    message: 'Only main.ts and tests import app.ts: take the app type from appInstance.ts.',
  },
  modules: {
    regex: '(^|/)modules(/|$)',
    message: 'Modules sit above this room: have app.ts hand over what is needed.',
  },
  plugins: {
    regex: '(^|/)plugins/',
    message: 'Plugins sit above this room: raise your own error or take a value from the caller.',
  },
  caching: { regex: '(^|/)caching/', message: 'Caching sits above this room.' },
  mail: { regex: '(^|/)mail/', message: 'Mail sits above this room.' },
  seed: {
    regex: '(^|/)(seed|import)/',
    message: 'The demo data and the importer sit beside app.ts: move what both need to core/.',
  },
  web: {
    regex: '(^|/)web/',
    message:
      'Only app.ts names the web folder (it hands the first-screen drawing to the seo module).',
  },
};
const room = (files, forbidden, ignores = []) => ({
  files: files.flatMap((f) => [`${f}.ts`, `${f}.tsx`]),
  ignores: [...TESTS, ...ignores],
  rules: {
    'no-restricted-imports': ['error', { patterns: forbidden.map((name) => FORBIDDEN[name]) }],
  },
});

// ---- The web app's rooms (docs/architecture.md): a feature imports components/, hooks/,
// common/ and the web-level modules (api.ts, answerSchemas.ts...), never another feature;
// routes/, layouts/, ssr/ and router.tsx assemble screens and may import any feature.
// no-restricted-imports sees only the text of a path, so the patterns resolve it by hand: for a
// file d folders below its feature's folder, climbing d+1 times lands in features/, d+2 in web/,
// and so on; a path that climbs there and goes down into another folder names another feature.
// The browser-to-server rule is repeated here because a file's last no-restricted-imports wins.
const WEB_FEATURES = readdirSync(new URL('./src/web/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const FEATURE_DEPTHS = [0, 1, 2, 3];
const otherFeature = (feature, depth) => {
  const up = (n) => `(\\.\\./){${n}}`;
  const not = `(?!${feature}(/|$))`;
  return [
    `^${up(depth + 1)}${not}[^./]`,
    `^${up(depth + 2)}features/${not}`,
    `^${up(depth + 3)}web/features/${not}`,
    `^${up(depth + 4)}src/web/features/${not}`,
  ].join('|');
};
const FEATURE_MESSAGE =
  'A feature never imports another feature: move what both need to src/web/components or ' +
  'src/web/hooks (docs/architecture.md).';
const webFeatureRooms = WEB_FEATURES.flatMap((feature) =>
  FEATURE_DEPTHS.map((depth) => {
    const regex = otherFeature(feature, depth);
    return {
      files: [`src/web/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['**/server/**'],
                message: 'The browser talks to the server only over HTTP.',
              },
              { regex, message: FEATURE_MESSAGE },
            ],
          },
        ],
        // import('...') is not an import declaration: no-restricted-imports does not see it.
        'no-restricted-syntax': [
          'error',
          {
            // esquery ends a regex at its first slash, escaped or not: spell it \x2F.
            selector: `ImportExpression > Literal[value=/${regex.replaceAll('/', '\\x2F')}/]`,
            message: FEATURE_MESSAGE,
          },
        ],
      },
    };
  }),
);
// ---- end of the web app's rooms.
// Resolved paths: each zone names a room (target) and what it may not import (from).
const S = 'src/server';
const ABOVE_CORE = [`${S}/mail`, `${S}/caching`, `${S}/plugins`, `${S}/modules`, `${S}/import`];
const ASSEMBLY = [`${S}/app.ts`, `${S}/main.ts`, `${S}/seed`, 'src/web'];
const zone = (target, from, message) => ({ target, from, message });
const ROOM_ZONES = [
  zone(`${S}/db`, [`${S}/core`, ...ABOVE_CORE, ...ASSEMBLY], 'db sits below every other room.'),
  zone(`${S}/core`, [...ABOVE_CORE, ...ASSEMBLY], 'core sits below mail, plugins and modules.'),
  zone(
    `${S}/mail`,
    [`${S}/caching`, `${S}/plugins`, `${S}/modules`, `${S}/import`, ...ASSEMBLY],
    'Mail imports no module, plugin or caching: take a value from the caller.',
  ),
  zone(
    `${S}/caching`,
    [`${S}/mail`, `${S}/plugins`, `${S}/modules`, `${S}/import`, ...ASSEMBLY],
    'Caching imports no module, plugin or mail.',
  ),
  zone(
    `${S}/plugins`,
    [`${S}/modules`, `${S}/import`, ...ASSEMBLY],
    'A plugin imports no module: app.ts hands it what it needs.',
  ),
  zone(
    `${S}/modules`,
    [`${S}/import`, ...ASSEMBLY],
    'A module imports neither app.ts, the demo data, the importer nor the web app; shared rules go to core/.',
  ),
  zone(
    `${S}/import`,
    [`${S}/plugins`, `${S}/caching`, ...ASSEMBLY],
    'The importer uses modules (their fronts), db, core and mail only.',
  ),
];
// A module is entered through its front (modules/<area>/index.ts) only.
const AREAS = readdirSync(path.join(ROOT, S, 'modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const FRONT_ZONES = AREAS.map((area) => ({
  target: [
    `${S}/!(modules)/**`,
    `${S}/*.{ts,tsx}`,
    `${S}/modules/!(${area})/**`,
    'scripts/**',
    'deploy/**',
  ],
  from: [`${S}/modules/${area}/**`],
  except: [`${ROOT}/${S}/modules/${area}/index.{ts,tsx}`],
  message: `Use the ${area} module through its front, modules/${area}/index.ts.`,
}));
const SERVER_RULES = [
  {
    files: [...SERVER_FILES, 'scripts/**/*.ts', 'deploy/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
  },
  {
    files: [...SERVER_FILES, 'scripts/**/*.ts', 'deploy/**/*.ts'],
    ignores: TESTS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: ROOT, zones: [...ROOM_ZONES, ...FRONT_ZONES] },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A server test file shares its worker's modules with the files before it (vitest.config.ts,
    // isolate: false), so a vi.mock there replaces nothing once another file loaded the module:
    // it passed alone and failed in the suite. A file that must mock says so in its name
    // (*.mocking.test.ts) and runs isolated; any other passes its stand-in as an argument.
    files: [`${S}/**/*.test.ts`],
    ignores: [`${S}/**/*.mocking.test.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message:
            'vi.mock in a server test replaces nothing another file loaded first: pass the stand-in as an argument, or name the file *.mocking.test.ts (it then runs isolated).',
        },
      ],
    },
  },
  room([`${S}/modules/**/*`], ['app', 'seed', 'web']),
  room([`${S}/plugins/**/*`], ['app', 'modules', 'seed', 'web']),
  room([`${S}/caching/**/*`], ['app', 'modules', 'plugins', 'mail', 'seed', 'web']),
  room([`${S}/mail/**/*`], ['app', 'modules', 'plugins', 'caching', 'seed', 'web']),
  room([`${S}/core/**/*`], ['app', 'modules', 'plugins', 'caching', 'mail', 'seed', 'web']),
  room([`${S}/import/**/*`], ['app', 'plugins', 'caching', 'web']),
  room([`${S}/db/**/*`], ['app', 'modules', 'plugins', 'caching', 'mail', 'seed', 'web']),
  room([`${S}/*`, `${S}/seed/**/*`], ['web'], [`${S}/app.ts`]),
];
// --------------------------------------------------------------------------- end of server rules

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'uploads',
      'node_modules',
      'src/server/db/migrations',
      'test-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The contract layer must stay importable from both sides.
    files: ['src/common/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**'] }],
    },
  },
  {
    // The browser talks to the server only over HTTP.
    files: ['src/web/**/*.ts', 'src/web/**/*.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  ...webFeatureRooms,
  ...SERVER_RULES,
);
