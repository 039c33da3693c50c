import { tsr } from '@/lib/tsr';
import { intakeKeys } from '../intake-keys';

/** GET /api/intake-forms/:id/ */
export const intakeFormQueryOptions = (id: number) => ({ queryKey: intakeKeys.detail(id), queryData: { params: { id } } });

export function useIntakeForm(id: number) {
  return tsr.intake.getIntakeForm.useQuery(intakeFormQueryOptions(id));
}
