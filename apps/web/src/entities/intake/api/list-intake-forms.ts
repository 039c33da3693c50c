import type { TIntakeListQuery } from '@agency/contract';
import { tsr } from '@/lib/tsr';
import { intakeKeys } from '../intake-keys';

/** The client's forms still waiting for answers (the overview card), oldest request first. */
export const WAITING_INTAKE_QUERY: TIntakeListQuery = { status: 'waiting', page: 1, page_size: 20, ordering: 'created_at' };

/** GET /api/intake-forms/ (a client's own forms, or a client's for staff). */
export const intakeFormsQueryOptions = (query: TIntakeListQuery) => ({ queryKey: intakeKeys.list(query), queryData: { query } });

export function useIntakeForms(query: TIntakeListQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return tsr.intake.listIntakeForms.useQuery({ ...intakeFormsQueryOptions(query), enabled });
}
