/**
 * Where to go after signing in: the returnUrl query parameter when it is a path on this site
 * (never another site: '//evil.example' and 'https://...' are refused), else '/'.
 */
export function returnUrlFrom(search: string): string {
  const value = new URLSearchParams(search).get('returnUrl');
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  return value;
}
