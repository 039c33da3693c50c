import { tsr } from '@/lib/tsr';
import { dashboardKeys } from '../dashboard-keys';

/** GET /api/dashboard/client-stats/: the signed-in client's cards, and its next payment (billing's one definition). */
export function useClientStats() {
  return tsr.dashboard.getClientDashboardStats.useQuery({ queryKey: dashboardKeys.clientStats() });
}
