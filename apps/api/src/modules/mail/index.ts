/** Every e-mail of the product: queued in the outbox with the change that causes it, delivered by a job. */
export {
  deliverQueuedMail,
  emailPreferenceAllows,
  MAIL_DELIVER_JOB,
  queueMail,
  type NotificationPreferenceKey,
  type OutgoingMail,
} from './mail.service';
export {
  connectionBrokenMail,
  intakeRequestMail,
  inviteMail,
  invoiceMail,
  messageMail,
  orderReceiptMail,
  paymentFailedMail,
  reviewLinkMail,
  webhookDisabledMail,
  type InvoiceMailContext,
} from './mail-templates';
export {
  emailChangeConfirmMail,
  emailChangedMail,
  emailRestoredMail,
  emailVerifyMail,
  passwordChangedMail,
  passwordResetInvitedMail,
  passwordResetMail,
} from './account-mail';
export { newDeviceSignInMail } from './security-mail';
export { twoFactorChangedMail, type TwoFactorChange } from './two-factor-mail';
export { type BillTo } from './portal-mail';
export { mailedWithin } from './mail.queries';
