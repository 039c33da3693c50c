/** Query keys of connected social accounts and the networks this server can connect. */
export const socialAccountKeys = {
  all: ['social-accounts'] as const,
  /** A client's own accounts, or (admin) those of `clientId`. */
  list: (clientId?: number) => [...socialAccountKeys.all, 'list', clientId ?? 'own'] as const,
  status: (id: number) => [...socialAccountKeys.all, 'status', id] as const,
  providers: () => [...socialAccountKeys.all, 'providers'] as const,
};
