import { ShieldAlert, ShieldCheck, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Dialog, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { errorMessage, formatDay } from '@/lib/format';
import { useRefreshTwoFactor, useTwoFactorStatus } from '../api/two-factor';
import { TotpEnrolment } from './totp-enrolment';
import { DisableTotpDialog, RegenerateRecoveryCodesDialog } from './two-factor-dialogs';

/** Recovery codes left at or under this are shown as running low. */
const FEW_CODES_LEFT = 2;

/**
 * Settings → Security's two-factor card, the same for staff and clients: whether sign-in asks for a code, and
 * setting up, renewing the recovery codes of, or turning off an authenticator app. `account` is the user's e-mail
 * (named in the downloaded recovery codes).
 */
export function TwoFactorSection({ account }: { account: string }) {
  const status = useTwoFactorStatus();
  const refresh = useRefreshTwoFactor();
  const [enrolling, setEnrolling] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const data = status.data?.status === 200 ? status.data.body : null;

  const finishEnrolment = () => {
    setEnrolling(false);
    void refresh.status();
    void refresh.user();
  };

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Two-factor authentication</CardTitle>
          <p className="mt-1 text-sm text-fg-muted">After your password, signing in asks for a code from an authenticator app on your phone.</p>
        </div>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <SkeletonGroup label="Loading two-factor authentication" className="space-y-3">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-9 w-56" />
          </SkeletonGroup>
        ) : !data ? (
          <ErrorState
            message={errorMessage(status.error, 'Could not load your two-factor settings.')}
            onRetry={() => void status.refetch()}
            retrying={status.isFetching}
            className="py-6"
          />
        ) : (
          <div className="space-y-4">
            {data.enrolment_required && (
              <p role="status" className="flex items-start gap-2 rounded-md border border-warning-600/30 bg-warning-50 px-3 py-2 text-sm text-warning-700">
                <ShieldAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
                <span>Your agency requires two-factor authentication. Set it up to continue using your account.</span>
              </p>
            )}
            <div className="flex flex-wrap items-center justify-between gap-4">
              <div className="flex items-center gap-3">
                <span className={data.totp_enabled ? 'rounded-lg bg-success-50 p-2 text-success-700' : 'rounded-lg bg-brand-50 p-2 text-brand-600'}>
                  {data.totp_enabled ? <ShieldCheck aria-hidden className="h-5 w-5" /> : <Smartphone aria-hidden className="h-5 w-5" />}
                </span>
                <div>
                  <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
                    Authenticator app
                    <Badge tone={data.totp_enabled ? 'success' : 'default'} data-testid="totp-state">
                      {data.totp_enabled ? 'On' : 'Off'}
                    </Badge>
                  </p>
                  {data.totp_enabled ? (
                    <p className="text-sm text-fg-muted">
                      Turned on {formatDay(data.totp_enabled_at)} ·{' '}
                      <span className={data.recovery_codes_left <= FEW_CODES_LEFT ? 'font-medium text-warning-700' : undefined} data-testid="recovery-codes-left">
                        {data.recovery_codes_left === 1 ? '1 recovery code left' : `${data.recovery_codes_left} recovery codes left`}
                      </span>
                    </p>
                  ) : (
                    <p className="text-sm text-fg-muted">Google Authenticator, Microsoft Authenticator, 1Password or any app that shows 6-digit codes.</p>
                  )}
                </div>
              </div>
              {data.totp_enabled ? (
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" onClick={() => setRegenerating(true)}>
                    New recovery codes
                  </Button>
                  <Button variant="secondary" onClick={() => setDisabling(true)}>
                    Turn off
                  </Button>
                </div>
              ) : (
                <Button onClick={() => setEnrolling(true)}>Set up authenticator app</Button>
              )}
            </div>
          </div>
        )}
      </CardContent>
      <Dialog
        open={enrolling}
        onOpenChange={(o) => (o ? setEnrolling(true) : finishEnrolment())}
        title="Set up an authenticator app"
        className="max-w-lg"
      >
        <TotpEnrolment onDone={finishEnrolment} onCancel={() => setEnrolling(false)} />
      </Dialog>
      <RegenerateRecoveryCodesDialog open={regenerating} onOpenChange={setRegenerating} account={account} />
      <DisableTotpDialog open={disabling} onOpenChange={setDisabling} />
    </Card>
  );
}
