import { cardLabel, type TPaymentMethod } from '@agency/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Plus, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  Dialog,
  EmptyState,
  ErrorState,
  Skeleton,
  SkeletonGroup,
  useToast,
} from '@/components/ui';
import { billingKeys } from '@/entities/billing/billing-keys';
import { IntentForm } from '@/entities/billing/components/intent-form';
import { errorMessage } from '@/lib/format';
import {
  useCreateSetupIntent,
  useDeletePaymentMethod,
  usePaymentMethods,
  useSetDefaultPaymentMethod,
} from '../api/billing.queries';

function expiry(card: Pick<TPaymentMethod, 'exp_month' | 'exp_year'>): string {
  return `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;
}

type TSetupMutation = ReturnType<typeof useCreateSetupIntent>;

const SETUP_FAILED = 'Failed to start adding a card. Please try again.';

/** Add card: a setup intent, then the same payment form as a payment, saving the card instead of charging it. */
function AddCardDialog({ setup, onRetry, onClose }: { setup: TSetupMutation; onRetry: () => void; onClose: () => void }) {
  const { success } = useToast();
  const queryClient = useQueryClient();
  const intent = setup.data?.body ?? null;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Add a card" description="The card is saved for your renewals and Pay Now. It is not charged now.">
      <IntentForm
        start={setup}
        intent={intent}
        preparingLabel="Preparing the card form"
        failedTitle="Could not add a card"
        failedMessage={SETUP_FAILED}
        onRetry={onRetry}
        kind="setup"
        submitLabel="Save card"
        onSuccess={() => {
          success('Card saved');
          void queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods() });
          onClose();
        }}
      />
    </Dialog>
  );
}

/** Saved cards (PRODUCT.md): brand, last 4, expiry, the default one; add, set default, remove. */
export function PaymentMethodsTab() {
  const cards = usePaymentMethods();
  const { success, error } = useToast();
  const queryClient = useQueryClient();
  const setDefault = useSetDefaultPaymentMethod();
  const remove = useDeletePaymentMethod();
  const setup = useCreateSetupIntent();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TPaymentMethod | null>(null);

  const startAdding = () => {
    setAdding(true);
    setup.reset();
    setup.mutate({});
  };

  const addButton = (
    <Button onClick={startAdding} size="sm">
      <Plus aria-hidden className="h-4 w-4" />
      Add card
    </Button>
  );

  const confirmRemove = () => {
    const card = removing;
    if (!card) return;
    remove.mutate(
      { params: { id: card.id } },
      {
        onSuccess: () => {
          success(`${cardLabel(card)} removed`);
          setRemoving(null);
        },
        onError: (err) => error(errorMessage(err, 'Failed to remove the card')),
        onSettled: () => void queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods() }),
      },
    );
  };

  const list = cards.data?.body.results ?? [];

  return (
    <Card>
      <CardHeader className="items-center">
        <div>
          <CardTitle>Payment Methods</CardTitle>
          <p className="mt-0.5 text-sm text-fg-muted">Renewals are charged to your default card.</p>
        </div>
        {list.length > 0 && addButton}
      </CardHeader>
      {cards.isPending ? (
        <SkeletonGroup label="Loading your cards" className="space-y-2 p-5">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </SkeletonGroup>
      ) : cards.isError ? (
        <ErrorState
          title="Could not load your cards"
          message={errorMessage(cards.error)}
          onRetry={() => void cards.refetch()}
          retrying={cards.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<CreditCard aria-hidden className="h-6 w-6" />}
          title="No saved cards"
          description="Add a card to pay invoices and renew your plan without typing it again."
          action={addButton}
        />
      ) : (
        <ul className="divide-y divide-border" aria-label="Saved cards">
          {list.map((card) => (
            <li key={card.id} className="flex flex-wrap items-center gap-3 px-5 py-4">
              <span className="rounded-md bg-subtle p-2 text-fg-muted">
                <CreditCard aria-hidden className="h-5 w-5" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
                  {cardLabel(card)}
                  {card.is_default && <Badge tone="primary">Default</Badge>}
                </p>
                <p className="text-sm text-fg-muted tabular-nums">Expires {expiry(card)}</p>
              </div>
              <div className="flex flex-wrap gap-1">
                {!card.is_default && (
                  <Button
                    variant="ghost"
                    size="sm"
                    loading={setDefault.isPending && setDefault.variables?.params.id === card.id}
                    disabled={setDefault.isPending}
                    onClick={() =>
                      setDefault.mutate(
                        { params: { id: card.id } },
                        {
                          onSuccess: () => success(`${cardLabel(card)} is now your default card`),
                          onError: (err) => error(errorMessage(err, 'Failed to set the default card')),
                        },
                      )
                    }
                  >
                    {!(setDefault.isPending && setDefault.variables?.params.id === card.id) && <Star aria-hidden className="h-4 w-4" />}
                    Set default<span className="sr-only"> {cardLabel(card)}</span>
                  </Button>
                )}
                <Button variant="ghost" size="sm" onClick={() => setRemoving(card)} className="text-danger-700 hover:text-danger-700">
                  <Trash2 aria-hidden className="h-4 w-4" />
                  Remove<span className="sr-only"> {cardLabel(card)}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {adding && <AddCardDialog setup={setup} onRetry={startAdding} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title="Remove this card?"
        message={
          removing
            ? `${cardLabel(removing)} will no longer be available for payments.${removing.is_default ? ' Add or choose another default card so your plan keeps renewing.' : ''}`
            : ''
        }
        confirmLabel="Remove card"
        onConfirm={confirmRemove}
        loading={remove.isPending}
      />
    </Card>
  );
}
