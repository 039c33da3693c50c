/** Accounts, sessions, tokens and invites. */
export { changeStaffRole, deleteAccount } from './accounts.service';
export { mailPasswordResetLink, PASSWORD_RESET_JOB } from './account.listeners';
export { registerAuthListeners } from './auth.listeners';
export { countOwners, findUserByTokenHash, findUserRoleAndClient, lockStaff, loginsOfClient, touchLastSeen, touchToken } from './auth.queries';
export { listDemoLogins, register, type CreateSignUpClient } from './auth.service';
export { createInvitedAccount, unusablePasswordHash } from './invited-account';
export { createSessionCache, endSessions, SESSION_CACHE_TTL_MS, type Session, type SessionCache } from './session-cache';
export { hashSecret, newSecret } from './tokens';
export { endEverySessionOf } from './sessions.service';
