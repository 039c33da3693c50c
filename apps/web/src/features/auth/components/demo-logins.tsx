import type { TDemoLogin } from '@agency/contract';
import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui';
import { useDemoLogins } from '../api/auth.queries';

/**
 * The demo accounts, shown on the sign-in page only while demo data is present. A production server sends the
 * e-mails only: Use then fills in the e-mail and the password is typed.
 */
export function DemoLogins({ onPick }: { onPick: (login: TDemoLogin) => void }) {
  const { data } = useDemoLogins();
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="demo-logins-title" className="mt-6 rounded-lg border border-info-600/30 bg-info-50 p-4">
      <h2 id="demo-logins-title" className="flex items-center gap-2 text-sm font-semibold text-info-700">
        <KeyRound aria-hidden className="h-4 w-4" />
        Demo accounts
      </h2>
      <ul className="mt-3 space-y-2">
        {data.map((l) => (
          <li key={`${l.role}-${l.email}`} className="flex items-center justify-between gap-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-fg capitalize">{l.role}</p>
              <p className="font-mono text-xs break-all text-fg-muted">
                {l.password ? `${l.email} / ${l.password}` : l.email}
              </p>
            </div>
            <Button size="sm" variant="secondary" aria-label={`Use the ${l.role} demo account`} onClick={() => onPick(l)}>
              Use
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
