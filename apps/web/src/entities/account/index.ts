/** The signed-in person's own account pieces both the staff's settings and the client portal's mount. */
export { ChangeEmailForm, CHANGE_EMAIL_FAILED } from './components/change-email-form';
export { useRequestEmailChange, useResendEmailVerification } from './api/email';
export {
  AvatarUploadError,
  useChangePassword,
  useNotificationPreferences,
  useRemoveAvatar,
  useSaveNotificationPreferences,
  useUpdateProfile,
  useUploadAvatar,
} from './api/account.queries';
export { ChangePasswordForm } from './components/change-password-form';
export { ProfileForm } from './components/profile-form';
export { PASSWORDS_DO_NOT_MATCH, PASSWORD_CHANGED, PASSWORD_CHANGE_FAILED, PASSWORD_TOO_SHORT, ZChangePasswordForm, type TChangePasswordForm } from './password-form';
