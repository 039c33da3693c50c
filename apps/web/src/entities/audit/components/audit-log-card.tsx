import { ScrollText } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { AuditLogPanel } from './audit-log-panel';

/** The audit log in a settings card: the agency's (Settings → Audit log) or a client's own account's (portal Settings). */
export function AuditLogCard({ description, showClient = true }: { description: string; showClient?: boolean }) {
  return (
    <Card>
      <CardHeader className="flex-wrap items-center gap-3">
        <div className="flex items-center gap-3">
          <span className="rounded-lg bg-brand-50 p-2 text-brand-600">
            <ScrollText aria-hidden className="h-5 w-5" />
          </span>
          <div>
            <CardTitle>Audit log</CardTitle>
            <p className="text-sm text-fg-muted">{description}</p>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        <AuditLogPanel showClient={showClient} />
      </CardContent>
    </Card>
  );
}
