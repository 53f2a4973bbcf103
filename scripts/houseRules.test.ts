// The rooms of the server are kept by the lint (eslint.config.js), not by memory: each knot the
// house issue untied fails `npm run lint` if it comes back, and the allowed directions pass.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function refused(file: string, specifier: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import '${specifier}';\n`, { filePath: file });
  return result!.messages.some((m) => m.ruleId === 'no-restricted-imports');
}

describe('the import rules of the house', () => {
  it.each([
    ['a module imports app.ts', 'src/server/modules/press/routes.ts', '../../app'],
    ['a plugin imports a module', 'src/server/plugins/auth.ts', '../modules/auth/sessions'],
    ['mail imports a module', 'src/server/mail/lists/factory.ts', '../../modules/settings/service'],
    ['mail imports a plugin', 'src/server/mail/providerHttp.ts', '../plugins/errors'],
    ['the importer imports a plugin', 'src/server/import/legacy/run.ts', '../../plugins/errors'],
    ['caching imports a plugin', 'src/server/caching/answerCache.ts', '../plugins/serializer'],
    ['a module imports the web app', 'src/server/modules/seo/buildPage.ts', '../../../web/ssr/x'],
    ['config imports the web app', 'src/server/config.ts', '../web/api'],
  ])('refuses %s', async (_, file, specifier) => {
    expect(await refused(file, specifier)).toBe(true);
  });

  it.each([
    ['app.ts names the web app', 'src/server/app.ts', '../web/ssr/firstScreen'],
    ['a module takes the app type', 'src/server/modules/press/routes.ts', '../../appInstance'],
    ['a module uses caching', 'src/server/modules/press/routes.ts', '../../caching/answerCache'],
    ['a plugin uses caching', 'src/server/plugins/web.ts', '../caching/answerCache'],
    ['a test assembles the app', 'src/server/modules/auth/auth.test.ts', '../../app'],
  ])('allows %s', async (_, file, specifier) => {
    expect(await refused(file, specifier)).toBe(false);
  });
});
