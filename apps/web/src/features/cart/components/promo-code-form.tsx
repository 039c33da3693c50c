import { Tag, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button, Field, Input } from '@/components/ui';
import { saveCartPromo, clearCartPromo, type TAppliedPromo } from '@/lib/cart-promo';
import { errorMessage } from '@/lib/format';
import { tsr } from '@/lib/tsr';

/** The failed check's words: the API's detail (unknown, expired, used up, first order only). */
function promoError(err: unknown): string {
  const status = (err as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 500) return 'The code could not be checked. Please try again.';
  if (status === 429) return 'Too many attempts. Please wait a moment and try again.';
  const detail = (err as { body?: { detail?: unknown } } | null)?.body?.detail;
  if (typeof detail === 'string' && detail.trim()) return detail;
  return errorMessage(err, 'The code could not be checked. Please try again.');
}

/** Promo code box: Apply asks the server (POST /promo/validate/); the accepted code is kept for checkout. */
export function PromoCodeForm({ subtotal, applied }: { subtotal: number; applied: TAppliedPromo | null }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const validate = tsr.orders.validatePromo.useMutation();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) {
      setError('Enter a promo code');
      return;
    }
    setError(undefined);
    validate.mutate(
      { body: { code: value, subtotal } },
      {
        onSuccess: (res) => {
          if (res.status !== 200) return;
          saveCartPromo(res.body, subtotal);
          setCode('');
        },
        onError: (err) => setError(promoError(err)),
      },
    );
  };

  if (applied) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 rounded-md border border-success-600/30 bg-success-50 py-1 pr-1 pl-3 text-sm">
        <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-success-700" role="status">
          <Tag aria-hidden className="h-4 w-4 shrink-0" />
          Code <strong>{applied.code}</strong> applied
        </p>
        <Button variant="ghost" size="sm" className="shrink-0" onClick={clearCartPromo}>
          <X aria-hidden className="h-4 w-4" />
          Remove<span className="sr-only"> promo code {applied.code}</span>
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex items-start gap-2">
      <Field label="Promo code" error={error} className="min-w-0 flex-1">
        <Input
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            if (error) setError(undefined);
          }}
          placeholder="e.g. WELCOME20"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={50}
        />
      </Field>
      <Button type="submit" variant="secondary" className="mt-6.5" loading={validate.isPending}>
        Apply
      </Button>
    </form>
  );
}
