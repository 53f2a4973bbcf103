import { fileURLToPath } from 'node:url';
import postcss from 'postcss';
import { compile } from 'sass';
import { describe, expect, it } from 'vitest';
import { purgeBootstrap } from './purge-bootstrap';

// Bootstrap as the site builds it: its Sass with the site's theme (src/web/theme).
const file = fileURLToPath(new URL('../src/web/theme/bootstrap.scss', import.meta.url));
const compiled = () =>
  compile(file, {
    loadPaths: [fileURLToPath(new URL('../node_modules', import.meta.url))],
    quietDeps: true,
    silenceDeprecations: ['import', 'global-builtin', 'color-functions'],
  }).css;

describe("Bootstrap's CSS in a production build", () => {
  it('keeps what the screens use, react-bootstrap-made names included, and drops the rest', async () => {
    const css = compiled();
    const out = (await postcss([purgeBootstrap()]).process(css, { from: file })).css;
    expect(out.length).toBeLessThan(css.length * 0.6);
    for (const kept of [
      '.btn-outline-danger', // Button variant="outline-danger"
      '.form-check-inline', // Form.Check inline
      '.navbar-expand-md', // Navbar expand="md"
      '.spinner-border-sm', // Spinner animation="border" size="sm"
      '.text-bg-info', // written in our code
      '.modal-backdrop', // made by react-bootstrap's Modal
      '.invalid-feedback', // Form.Control.Feedback type="invalid"
      '.alert-danger',
      'prefers-color-scheme: dark', // the dark colour scheme, by the system's setting
      '--ll-type-4-text', // the theme's own custom properties
      '.placeholder-glow', // a list's and the account area's shape while they load
    ]) {
      expect(out, kept).toContain(kept);
    }
    for (const dropped of ['.carousel-item', '.accordion-button', '.progress-bar']) {
      expect(out, dropped).not.toContain(dropped);
    }
  }, 180_000); // compiling Bootstrap's Sass takes a while on a busy machine

  it('leaves every other stylesheet whole', async () => {
    const css = '.leaflet-marker-icon{display:block}.ql-editor{padding:0}';
    const out = await postcss([purgeBootstrap()]).process(css, {
      from: '/x/node_modules/leaflet/dist/leaflet.css',
    });
    expect(out.css).toBe(css);
  });
});
