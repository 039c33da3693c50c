import { DEFAULT_AGENCY_PROFILE, type TAgencyProfile } from '@agency/contract';
import { AGENCY_PROFILE_SCRIPT_ID } from '@/lib/brand';

/** The profile a test's page carries unless it puts another (the server writes one into every page it serves). */
export const TEST_AGENCY_PROFILE: TAgencyProfile = DEFAULT_AGENCY_PROFILE;

/** Writes the agency's profile into the document as the server does (replacing one already there). */
export function putAgencyProfileInPage(profile: TAgencyProfile = TEST_AGENCY_PROFILE): void {
  if (typeof document === 'undefined') return;
  document.getElementById(AGENCY_PROFILE_SCRIPT_ID)?.remove();
  const script = document.createElement('script');
  script.id = AGENCY_PROFILE_SCRIPT_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify(profile);
  document.head.appendChild(script);
}
