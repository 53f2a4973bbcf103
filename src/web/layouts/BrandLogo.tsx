import { BRAND_MARK } from '../../common/brand';
import { SITE_NAME } from '../../common/constants';

/** The logo: the mark and the wordmark, as the server's frame draws it too (seo/html.ts). */
export function BrandLogo() {
  return (
    <>
      <svg className="brand-mark" viewBox={BRAND_MARK.viewBox} aria-hidden="true" focusable="false">
        <path className="brand-mark-bubble" d={BRAND_MARK.bubble} />
        <path className="brand-mark-glass" d={BRAND_MARK.glass} />
      </svg>
      <span className="brand-wordmark">{SITE_NAME}</span>
    </>
  );
}
