/** Query keys of the agency's team (Settings → Team, the task form's assignees, the client form's account managers). */
export const staffKeys = {
  all: ['staff'] as const,
  list: () => [...staffKeys.all, 'list'] as const,
};
