import { agencyInitial, DEFAULT_AGENCY_PROFILE, ZAgencyProfileSchema, type TAgencyProfile } from '@agency/contract';
import { tsr } from './tsr';

/**
 * The agency's name and contact details, as the owner set them in Settings → Agency (GET /api/agency/). The server
 * writes them into every page it serves (a JSON script, #agency-profile), so the first render, a prerendered page's
 * hydration included, already shows the agency's name; the query then keeps them current after a change.
 */

/** The id of the script the server puts the profile in (apps/api/src/http/agency-page.ts). */
export const AGENCY_PROFILE_SCRIPT_ID = 'agency-profile';

/**
 * What prerendering writes for the name: the server puts the agency's name in its place when it serves the page
 * (apps/api/src/http/agency-page.ts), so a built page never names an agency of its own.
 */
export const AGENCY_NAME_PLACEHOLDER = '%AGENCY_NAME%';
/** The same for the agency's mark (its initial), which the server cannot derive from a placeholder. */
export const AGENCY_INITIAL_PLACEHOLDER = '%AGENCY_INITIAL%';

const DEFAULT_PROFILE = DEFAULT_AGENCY_PROFILE;

/** While prerendering there is no server answer: the page carries the placeholder the server fills in. */
const PRERENDER_PROFILE: TAgencyProfile = { ...DEFAULT_PROFILE, name: AGENCY_NAME_PLACEHOLDER };

/** The profile the server wrote into the page, if it did (it does for every page it serves). */
function profileInPage(): TAgencyProfile | undefined {
  if (typeof document === 'undefined') return PRERENDER_PROFILE;
  const text = document.getElementById(AGENCY_PROFILE_SCRIPT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = ZAgencyProfileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const agencyKeys = { profile: () => ['agency', 'profile'] as const };

/** The agency's profile: the page's copy at once, kept current from the API. */
export function useAgencyProfile(): TAgencyProfile {
  const inPage = profileInPage();
  const query = tsr.agency.getAgencyProfile.useQuery({
    queryKey: agencyKeys.profile(),
    ...(inPage ? { initialData: { status: 200 as const, body: inPage, headers: new Headers() } } : {}),
    staleTime: 5 * 60_000,
  });
  return query.data?.status === 200 ? query.data.body : (inPage ?? DEFAULT_PROFILE);
}

/** The agency's name, as every header, title and page names it. */
export function useAgencyName(): string {
  return useAgencyProfile().name;
}

/** The agency's mark (contract agencyInitial); while prerendering, the placeholder the server fills in. */
export function useAgencyInitial(): string {
  const name = useAgencyName();
  return name === AGENCY_NAME_PLACEHOLDER ? AGENCY_INITIAL_PLACEHOLDER : agencyInitial(name);
}
