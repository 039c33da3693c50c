import type { TUser } from '@agency/contract';

/** Browser storage keys (admin-and-foundations section 9, client-and-public section 4). */
export const STORAGE_KEYS = {
  token: 'auth_token',
  user: 'user',
  cart: 'cart',
  /** The pricing page's chosen platform tab (client-and-public section 4: 'platform tab selection is stored'). */
  pricingPlatform: 'pricing_platform',
} as const;

function safeStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function readToken(): string | null {
  return safeStorage()?.getItem(STORAGE_KEYS.token) ?? null;
}

export function readStoredUser(): TUser | null {
  const raw = safeStorage()?.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as TUser;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: TUser): void {
  const s = safeStorage();
  s?.setItem(STORAGE_KEYS.token, token);
  s?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function storeUser(user: TUser): void {
  safeStorage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearSession(): void {
  const s = safeStorage();
  s?.removeItem(STORAGE_KEYS.token);
  s?.removeItem(STORAGE_KEYS.user);
}
