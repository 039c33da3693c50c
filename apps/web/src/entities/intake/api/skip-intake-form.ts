import { tsr } from '@/lib/tsr';

/** POST /api/intake-forms/:id/skip/: staff start the delivery without the form. */
export function useSkipIntake() {
  return tsr.intake.skipIntakeForm.useMutation();
}
