/** Query keys of the signed-in user's second factors and of the agency's security policy. */
export const securityKeys = {
  all: ['security'] as const,
  twoFactor: () => [...securityKeys.all, 'two-factor'] as const,
  policy: () => [...securityKeys.all, 'policy'] as const,
};
