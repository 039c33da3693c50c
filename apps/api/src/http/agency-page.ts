import { readFile } from 'node:fs/promises';
import { agencyInitial, type TAgencyProfile } from '@agency/contract';

/** What the web's prerendering writes where the agency's name goes (apps/web/src/lib/brand.ts). */
const AGENCY_NAME_PLACEHOLDER = '%AGENCY_NAME%';
/** Where the agency's mark (its initial) goes. */
const AGENCY_INITIAL_PLACEHOLDER = '%AGENCY_INITIAL%';
/** The id of the JSON script the web reads the profile from (apps/web/src/lib/brand.ts). */
const AGENCY_PROFILE_SCRIPT_ID = 'agency-profile';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON that cannot end its <script> element early (nor open a comment in it). */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/**
 * A page of the web app as served: the agency's name where prerendering left its placeholder, and the agency's
 * profile as a JSON script in the head, which the app reads on its first render (so a prerendered page hydrates
 * with the same name it shows).
 */
export async function agencyPage(file: string, profile: TAgencyProfile): Promise<string> {
  const html = await readFile(file, 'utf8');
  const named = html
    .split(AGENCY_NAME_PLACEHOLDER)
    .join(escapeHtml(profile.name))
    .split(AGENCY_INITIAL_PLACEHOLDER)
    .join(escapeHtml(agencyInitial(profile.name)));
  const script = `<script id="${AGENCY_PROFILE_SCRIPT_ID}" type="application/json">${scriptSafeJson(profile)}</script>`;
  return named.includes('</head>') ? named.replace('</head>', `${script}</head>`) : `${script}${named}`;
}
