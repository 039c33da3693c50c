import { NOTIFICATION_PREFERENCE_DEFAULTS, type TNotificationPreferences } from '@agency/contract';
import { Card, CardContent, CardHeader, CardTitle, ErrorState, Skeleton, SkeletonGroup, Switch, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/settings.queries';

type TPrefKey = keyof TNotificationPreferences;

export const PREFERENCE_ROWS: readonly { key: TPrefKey; label: string; description: string }[] = [
  { key: 'email_invoices', label: 'Invoice emails', description: 'E-mail me when invoices are paid, overdue or reminded.' },
  { key: 'email_new_clients', label: 'New client emails', description: 'E-mail me when a new client signs up or is added.' },
  { key: 'email_system_alerts', label: 'System alerts', description: 'E-mail me about account security and service issues.' },
  { key: 'weekly_reports', label: 'Weekly reports', description: 'A weekly summary of revenue, tasks and client growth.' },
  { key: 'push_notifications', label: 'Push notifications', description: 'Show notifications in the app as they happen.' },
];

export const PREFERENCES_SAVED = 'Notification preferences saved';

/** Five toggles, saved on change (PUT) and honoured when the server sends e-mail. */
export function NotificationsTab() {
  const q = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const { success, error } = useToast();

  const toggle = (key: TPrefKey, value: boolean) => {
    const current = q.data?.body ?? NOTIFICATION_PREFERENCE_DEFAULTS;
    save.mutate(
      { body: { ...current, [key]: value } },
      {
        onSuccess: () => success(PREFERENCES_SAVED),
        onError: (err) => error(errorMessage(err, 'Failed to save notification preferences')),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Notification Preferences</CardTitle>
          <p className="mt-1 text-sm text-fg-muted">Changes are saved as soon as you flip a switch.</p>
        </div>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <SkeletonGroup label="Loading notification preferences" className="space-y-4">
            {PREFERENCE_ROWS.map((r) => (
              <Skeleton key={r.key} className="h-12" />
            ))}
          </SkeletonGroup>
        ) : q.isError ? (
          <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} retrying={q.isFetching} />
        ) : (
          <ul className="divide-y divide-border">
            {PREFERENCE_ROWS.map((r) => {
              const id = `pref-${r.key}`;
              return (
                <li key={r.key} className="flex items-center justify-between gap-4 py-3">
                  <div className="min-w-0">
                    <label htmlFor={id} className="text-sm font-medium text-fg">
                      {r.label}
                    </label>
                    <p id={`${id}-desc`} className="text-sm text-fg-muted">
                      {r.description}
                    </p>
                  </div>
                  <Switch
                    id={id}
                    aria-describedby={`${id}-desc`}
                    checked={q.data.body[r.key]}
                    onCheckedChange={(v) => toggle(r.key, v)}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
