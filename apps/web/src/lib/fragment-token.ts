/**
 * The token of a link page, from the URL fragment (`/review#token=rvw_…`, `/welcome#token=inv_…`). Browsers never
 * send the fragment to a server, so the token only travels in the body of the page's POSTs. Null when the fragment
 * has none.
 */
export function readFragmentToken(hash: string): string | null {
  const fragment = hash.replace(/^#/, '');
  if (!fragment) return null;
  const token = new URLSearchParams(fragment).get('token')?.trim();
  return token ? token : null;
}
