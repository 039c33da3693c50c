/** Query keys of the dashboards' stat cards (the admin's and the client's), which count every other resource. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  clientStats: () => [...dashboardKeys.all, 'client-stats'] as const,
};
