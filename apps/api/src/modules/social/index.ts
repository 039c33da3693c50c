/** Connected social accounts and their metric syncs. */
export { demoSocialTokens, syncDueAccounts } from './social.service';
