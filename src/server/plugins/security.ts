// Security headers with a Content-Security-Policy the built app runs under unchanged:
// no inline scripts or styles anywhere; foreign images over https only (map tiles, rich text).
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config';

/** The origin a tile URL template loads from, with `{s}` subdomains as a wildcard. */
export function tileOrigin(tileUrl: string): string {
  const m = /^(https?:\/\/[^/]+)/.exec(tileUrl.replace('{s}', '*'));
  return m?.[1] ?? "'self'";
}

/**
 * Pages made to be framed by other sites (issue 36): these, and only these, may be. Every other
 * page keeps `frame-ancestors 'none'` and X-Frame-Options.
 */
export const FRAMEABLE = /^\/embed\//;

/**
 * What other sites' pages load from here: the widget's script, its list, oEmbed, the frames, and
 * the logo every email shows (webmail, and the send screen's sandboxed preview, load it from
 * another origin).
 */
const CROSS_ORIGIN_READ = /^\/(embed\.js$|embed\/|api\/embed\/|api\/oembed(\?|$)|email-logo\.png$)/;
/**
 * What other sites' scripts read (the widget's list, oEmbed): open to every origin, errors
 * included, so that a widget with a wrong attribute reads the 400 and draws its empty list.
 * Read without credentials: no cookie is sent or set, so `*` gives nothing away.
 */
const OPEN_API = /^\/api\/(embed\/|oembed(\?|$))/;

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // Style attributes only (never <style> elements or scripts): the rich text hosts write
        // keeps Quill's colour and background spans, which the server's sanitizer restricts to
        // colour values. CSS in an attribute cannot run script.
        styleSrcAttr: ["'unsafe-inline'"],
        // Rich text may embed videos from these players, and nothing else.
        frameSrc: [
          'https://www.youtube.com',
          'https://www.youtube-nocookie.com',
          'https://player.vimeo.com',
        ],
        // Rich text may show images from any https site (the sanitizer keeps exactly those),
        // which also covers https map tiles.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', tileOrigin(config.map.tileUrl)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Only meaningful once served over https; harmless otherwise.
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    const path = request.url;
    if (CROSS_ORIGIN_READ.test(path)) {
      void reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    if (OPEN_API.test(path)) void reply.header('access-control-allow-origin', '*');
    if (!FRAMEABLE.test(path)) return;
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      void reply.header(
        'content-security-policy',
        policy.replace("frame-ancestors 'none'", 'frame-ancestors *'),
      );
    }
    reply.removeHeader('x-frame-options');
  });
}
