import { tsr } from '@/lib/tsr';

/** POST /api/intake-forms/:id/submit/: the client's answers (then refresh what intake moves: useInvalidateAffected('intake')). */
export function useSubmitIntake() {
  return tsr.intake.submitIntakeForm.useMutation();
}
