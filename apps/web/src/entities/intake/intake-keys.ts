import type { TIntakeListQuery } from '@agency/contract';

/** Query keys of intake forms (the client's overview card, the admin order and client dialogs). */
export const intakeKeys = {
  all: ['intake'] as const,
  list: (query: TIntakeListQuery) => [...intakeKeys.all, 'list', query] as const,
  detail: (id: number) => [...intakeKeys.all, 'detail', id] as const,
};
