/**
 * The account's own pages and pieces (issue 28): forgot password, choose a new password, confirm an address, undo an
 * e-mail change (the app router mounts the pages), the banner asking to confirm the address (the dashboard shell
 * mounts it), and Change email. ChangeEmailForm lives in entities/account, since features do not import each other:
 * the staff's settings and the client portal's import it from '@/entities/account'.
 */
export { ChangeEmailForm } from '@/entities/account';
export { EmailVerificationBanner } from './components/email-verification-banner';
