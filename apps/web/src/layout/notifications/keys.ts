/**
 * One query-key factory for notifications. Every key starts with 'notifications' so ['notifications']
 * (used by the realtime client and by other features that notify) refreshes the bell and the list.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  bell: () => ['notifications', 'bell'] as const,
  lists: () => ['notifications', 'list'] as const,
  list: (query: { page: number; unread?: boolean }) => ['notifications', 'list', query] as const,
};
