/**
 * Second factors, shared by the admin console's and the client portal's settings (Settings → Security): the
 * two-factor card, its enrolment flow (also the forced-enrolment screen's), recovery codes shown once, and the
 * agency's policy hooks.
 */
export { TwoFactorSection } from './components/two-factor-section';
export { TotpEnrolment, groupedSecret } from './components/totp-enrolment';
export { TotpCodeInput } from './components/totp-code-input';
export { RecoveryCodes, recoveryCodesFile } from './components/recovery-codes';
export { DisableTotpDialog, RegenerateRecoveryCodesDialog } from './components/two-factor-dialogs';
export { useSecurityPolicy, useTwoFactorStatus, useUpdateSecurityPolicy } from './api/two-factor';
export { securityKeys } from './security-keys';
export { SessionsSection } from './components/sessions-section';
export { PasskeysSection } from './components/passkeys-section';
export { PasskeySecondFactorButton, PasskeySignInButton } from './components/passkey-sign-in';
