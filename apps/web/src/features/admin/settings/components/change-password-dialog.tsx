import { Dialog } from '@/components/ui';
import { ChangePasswordForm } from '@/entities/account';

/** Change Password in a dialog (Settings → Security): the same form clients have on their Settings page. */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Change Password" description="Other signed-in devices will be signed out.">
      <ChangePasswordForm onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}
