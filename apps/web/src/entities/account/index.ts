/** The signed-in person's own account pieces both the staff's settings and the client portal's mount. */
export { ChangeEmailForm, CHANGE_EMAIL_FAILED } from './components/change-email-form';
export { useRequestEmailChange, useResendEmailVerification } from './api/email';
