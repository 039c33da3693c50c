import type { ReactNode } from 'react';
import { CardHeader, CardTitle } from '@/components/ui';

/** The header of a settings card: its icon and title, and an action on the right (e.g. Invite, Add endpoint). */
export function SettingsCardHeader({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <CardHeader className="flex-wrap items-center gap-3">
      <div className="flex items-center gap-3">
        <span className="rounded-lg bg-brand-50 p-2 text-brand-600">{icon}</span>
        <CardTitle>{title}</CardTitle>
      </div>
      {children}
    </CardHeader>
  );
}
