/** Query keys of the settings screen. */
export const settingsKeys = {
  billing: () => ['admin', 'billing-settings'] as const,
  /** Under ['notifications'] with the bell's lists; a change here does not move them. */
  preferences: () => ['notifications', 'preferences'] as const,
};
