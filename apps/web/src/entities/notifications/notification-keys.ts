/** Query keys of notifications: the bell, the full list and the reader's preferences. */
export const notificationKeys = {
  all: ['notifications'] as const,
  bell: () => [...notificationKeys.all, 'bell'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (query: { page: number; unread?: boolean }) => [...notificationKeys.lists(), query] as const,
  /** Settings → Notifications; a change there moves none of the lists. */
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};
