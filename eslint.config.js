import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// The rooms of the server and which way imports may go (docs/architecture.md): common <- db <-
// mail, caching <- plugins <- modules <- app.ts. Each room lists what it may not import; a knot
// fails the lint. Tests and the test helpers assemble the app as app.ts does, so they are free.
const TESTS = ['**/*.test.ts', 'src/server/test/**'];
const FORBIDDEN = {
  app: {
    regex: '^(\\.\\./)+app$',
    message: 'Only main.ts and tests import app.ts: take the app type from appInstance.ts.',
  },
  modules: {
    regex: '^(\\.\\./)+modules/',
    message: 'Modules sit above this room: have app.ts hand over what is needed.',
  },
  plugins: {
    regex: '^(\\.\\./)+plugins/',
    message: 'Plugins sit above this room: raise your own error or take a value from the caller.',
  },
  caching: { regex: '^(\\.\\./)+caching/', message: 'Caching sits above this room.' },
  mail: { regex: '^(\\.\\./)+mail/', message: 'Mail sits above this room.' },
  web: {
    regex: '^(\\.\\./)+web/',
    message:
      'Only app.ts names the web folder (it hands the first-screen drawing to the seo module).',
  },
};
const room = (files, forbidden, ignores = []) => ({
  files,
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
  room(['src/server/modules/**/*.ts'], ['app', 'web']),
  room(['src/server/plugins/**/*.ts'], ['app', 'modules', 'web']),
  room(['src/server/caching/**/*.ts'], ['app', 'modules', 'plugins', 'mail', 'web']),
  room(['src/server/mail/**/*.ts'], ['app', 'modules', 'plugins', 'caching', 'web']),
  room(['src/server/import/**/*.ts'], ['app', 'plugins', 'caching', 'web']),
  room(['src/server/db/**/*.ts'], ['app', 'modules', 'plugins', 'caching', 'mail', 'web']),
  room(['src/server/*.ts', 'src/server/seed/**/*.ts'], ['web'], ['src/server/app.ts']),
);
