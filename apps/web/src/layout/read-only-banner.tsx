import { Eye } from 'lucide-react';
import { useStaffRole } from '@/lib/staff-role';

export const READ_ONLY_BANNER = 'Read-only access — you can see everything but not change it.';

/** A slim note over every staff section for read-only staff; nothing for anyone else. */
export function ReadOnlyBanner() {
  const { isReadOnly } = useStaffRole();
  if (!isReadOnly) return null;
  return (
    <p
      role="note"
      data-testid="read-only-banner"
      className="mb-4 flex items-center gap-2 rounded-md border border-info-600/30 bg-info-50 px-3 py-2 text-sm text-info-700"
    >
      <Eye aria-hidden className="h-4 w-4 shrink-0" />
      {READ_ONLY_BANNER}
    </p>
  );
}
