export * from './account-card';
export * from './connect-account-dialog';
export * from './platform-icon';
export * from './social.queries';
export * from './use-oauth-popup';
