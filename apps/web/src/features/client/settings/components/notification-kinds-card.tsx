import { NOTIFICATION_KIND_KEYS, NOTIFICATION_PREFERENCE_DEFAULTS, type TNotificationPreferences } from '@agency/contract';
import { Card, CardContent, CardHeader, CardTitle, ErrorState, Skeleton, SkeletonGroup, Switch, useToast } from '@/components/ui';
import { useNotificationPreferences, useSaveNotificationPreferences } from '@/entities/account';
import { useClientPermission } from '@/lib/client-permission';
import { errorMessage } from '@/lib/format';
import { ALWAYS_SENT, NOTIFICATION_KIND_ROWS, PREFERENCES_FAILED, PREFERENCES_SAVED } from '../settings-texts';

type TPrefKey = keyof TNotificationPreferences;

/** A switch read as "<kind> in the app" (its visible label is the channel; the row names the kind). */
function Toggle({ id, kind, label, checked, onChange }: { id: string; kind: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} aria-label={`${kind} ${label.toLowerCase()}`} checked={checked} onCheckedChange={onChange} />
      <label htmlFor={id} className="text-sm text-fg">
        {label}
      </label>
    </div>
  );
}

/**
 * Notifications per kind (messages, content to review, invoices and payments, growth reports), each in the app and by
 * e-mail, saved as soon as a switch moves. A team member sees the kinds of the parts of the portal it reaches.
 */
export function NotificationKindsCard() {
  const q = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const { reaches } = useClientPermission();
  const toast = useToast();
  const rows = NOTIFICATION_KIND_ROWS.filter((row) => !row.section || reaches(row.section));

  const toggle = (key: TPrefKey, value: boolean) =>
    save.mutate(
      { body: { [key]: value } },
      { onSuccess: () => toast.success(PREFERENCES_SAVED), onError: (err) => toast.error(errorMessage(err, PREFERENCES_FAILED)) },
    );

  const prefs = q.data?.status === 200 ? q.data.body : null;
  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Notifications</CardTitle>
          <p className="mt-1 text-sm text-fg-muted">Choose what you hear about, in the app and by e-mail. Changes are saved as you flip a switch.</p>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {q.isPending ? (
          <SkeletonGroup label="Loading notification settings" className="space-y-4">
            {rows.map((r) => (
              <Skeleton key={r.kind} className="h-16" />
            ))}
          </SkeletonGroup>
        ) : q.isError || !prefs ? (
          <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} retrying={q.isFetching} />
        ) : (
          <ul className="divide-y divide-border">
            {rows.map((row) => {
              const keys = NOTIFICATION_KIND_KEYS[row.kind];
              return (
                <li key={row.kind} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p id={`kind-${row.kind}`} className="text-sm font-medium text-fg">
                      {row.label}
                    </p>
                    <p id={`kind-${row.kind}-desc`} className="text-sm text-fg-muted">
                      {row.description}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-x-6 gap-y-2" role="group" aria-labelledby={`kind-${row.kind}`} aria-describedby={`kind-${row.kind}-desc`}>
                    <Toggle
                      id={`pref-${keys.app}`}
                      kind={row.label}
                      label="In the app"
                      checked={prefs[keys.app] ?? NOTIFICATION_PREFERENCE_DEFAULTS[keys.app]}
                      onChange={(v) => toggle(keys.app, v)}
                    />
                    <Toggle
                      id={`pref-${keys.email}`}
                      kind={row.label}
                      label="By e-mail"
                      checked={prefs[keys.email] ?? NOTIFICATION_PREFERENCE_DEFAULTS[keys.email]}
                      onChange={(v) => toggle(keys.email, v)}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <p className="rounded-md bg-subtle p-3 text-sm text-fg-muted">{ALWAYS_SENT}</p>
      </CardContent>
    </Card>
  );
}
