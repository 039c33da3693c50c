import { tsr } from '@/lib/tsr';

type TSkipOptions = Parameters<typeof tsr.intake.skipIntakeForm.useMutation>[0];

/** POST /api/intake-forms/:id/skip/: staff start the delivery without the form. */
export function useSkipIntake(options?: TSkipOptions) {
  return tsr.intake.skipIntakeForm.useMutation(options);
}
