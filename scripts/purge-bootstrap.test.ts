import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { purgeBootstrap } from './purge-bootstrap';

const require = createRequire(import.meta.url);
const file = require.resolve('bootstrap/dist/css/bootstrap.min.css');

describe("Bootstrap's CSS in a production build", () => {
  it('keeps what the screens use, react-bootstrap-made names included, and drops the rest', async () => {
    const css = readFileSync(file, 'utf8');
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
      '[data-bs-theme=dark]', // the menu bar
      '.placeholder-glow', // a list's and the account area's shape while they load
    ]) {
      expect(out, kept).toContain(kept);
    }
    for (const dropped of ['.carousel-item', '.accordion-button', '.progress-bar']) {
      expect(out, dropped).not.toContain(dropped);
    }
  });

  it('leaves every other stylesheet whole', async () => {
    const css = '.leaflet-marker-icon{display:block}.ql-editor{padding:0}';
    const out = await postcss([purgeBootstrap()]).process(css, {
      from: '/x/node_modules/leaflet/dist/leaflet.css',
    });
    expect(out.css).toBe(css);
  });
});
