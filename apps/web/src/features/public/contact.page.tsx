import { INQUIRY_TYPES, LIMITS, ZContactSchema, type TContact } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Clock, Handshake, Headphones, LifeBuoy, Mail, ShoppingBag } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Button, Card, Field, FormError, Input, NativeSelect, Textarea } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { tsr } from '@/lib/tsr';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrated } from '@/lib/use-hydrated';
import { PageHero } from './public-parts';

type TContactValues = Required<Omit<TContact, 'website'>> & { website: string };
type TContactParsed = z.output<typeof ZContactSchema>;

const resolver = zodResolver(ZContactSchema) as unknown as Resolver<TContactValues, unknown, TContactParsed>;

const INQUIRY_LABELS: Record<(typeof INQUIRY_TYPES)[number], string> = {
  general: 'General question',
  sales: 'Sales',
  support: 'Support',
  partnership: 'Partnership',
};

const RESPONSE_TIMES = [
  { icon: ShoppingBag, label: 'Sales', time: 'within 4 hours' },
  { icon: Headphones, label: 'Support', time: 'within 24 hours' },
  { icon: LifeBuoy, label: 'Critical issues', time: 'within 2 hours' },
  { icon: Handshake, label: 'Partnerships', time: 'within 48 hours' },
] as const;

const EMPTY: TContactValues = { name: '', email: '', company: '', subject: '', message: '', inquiryType: 'general', website: '' };

export default function ContactPage() {
  useDocumentTitle(
    'Contact Us',
    'Questions about plans, packages or your account? Send us a message: sales replies within 4 hours, support within 24 hours.',
  );
  const submit = tsr.leads.submitContact.useMutation();
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TContactValues, unknown, TContactParsed>({ resolver, defaultValues: EMPTY });

  useEffect(() => {
    if (!sent) return;
    const t = window.setTimeout(() => setSent(false), LIMITS.contactBannerMs);
    return () => window.clearTimeout(t);
  }, [sent]);

  const onSubmit = handleSubmit(async (body) => {
    setServerError(null);
    setSent(false);
    try {
      await submit.mutateAsync({ body });
      reset(EMPTY);
      setSent(true);
    } catch (err) {
      setServerError(errorMessage(err, 'Your message could not be sent. Please try again.'));
    }
  });

  return (
    <>
      <PageHero title="Contact Us" lead="Questions about plans, packages or your account? Send us a message and the right person will get back to you." />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-3">
        <Card className="p-6 sm:p-8 lg:col-span-2">
          <h2 className="text-xl font-semibold text-fg">Send us a message</h2>
          {/* The banner's slot is always there, so showing it does not push the form down. */}
          <div className="mt-4 min-h-12" role="status" aria-live="polite">
            {sent && (
              <p className="flex items-center gap-2 rounded-md border border-success-600/30 bg-success-50 px-3 py-2.5 text-sm font-medium text-success-700">
                <CheckCircle2 aria-hidden className="h-4 w-4 shrink-0" />
                Thank you for your message! We&apos;ll get back to you soon.
              </p>
            )}
          </div>
          <form noValidate onSubmit={onSubmit} className="mt-2 space-y-5" aria-label="Contact form">
            <FormError message={serverError} />
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Name" error={errors.name?.message}>
                <Input autoComplete="name" {...register('name')} />
              </Field>
              <Field label="Email" error={errors.email?.message}>
                <Input type="email" autoComplete="email" {...register('email')} />
              </Field>
              <Field label="Company" optional error={errors.company?.message}>
                <Input autoComplete="organization" {...register('company')} />
              </Field>
              <Field label="Inquiry type" error={errors.inquiryType?.message}>
                <NativeSelect {...register('inquiryType')}>
                  {INQUIRY_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {INQUIRY_LABELS[t]}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>
            <Field label="Subject" error={errors.subject?.message}>
              <Input {...register('subject')} />
            </Field>
            <Field label="Message" error={errors.message?.message}>
              <Textarea rows={6} {...register('message')} />
            </Field>
            {/* Honeypot: hidden from sight, screen readers and the tab order; only bots fill it in. */}
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor="contact-website">Website</label>
              <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
            </div>
            {/* The page is prerendered: before hydration a click would submit the bare form natively and be lost. */}
            <Button type="submit" size="lg" loading={isSubmitting} disabled={!hydrated} className="w-full sm:w-auto">
              <Mail aria-hidden className="h-4 w-4" />
              Send Message
            </Button>
          </form>
        </Card>
        <aside aria-labelledby="response-times-title" className="space-y-6">
          <Card className="p-6">
            <h2 id="response-times-title" className="flex items-center gap-2 text-lg font-semibold text-fg">
              <Clock aria-hidden className="h-5 w-5 text-brand-600" />
              Response times
            </h2>
            <dl className="mt-4 space-y-3">
              {RESPONSE_TIMES.map(({ icon: Icon, label, time }) => (
                <div key={label} className="flex items-center justify-between gap-3 text-sm">
                  <dt className="flex items-center gap-2 text-fg-muted">
                    <Icon aria-hidden className="h-4 w-4" />
                    {label}
                  </dt>
                  <dd className="font-medium text-fg">{time}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <Card className="p-6">
            <h2 className="text-lg font-semibold text-fg">24/7 support</h2>
            <p className="mt-2 text-sm text-fg-muted">
              Clients can also message the team from their dashboard at any time. New customers get 20% off their first order.
            </p>
          </Card>
        </aside>
      </div>
    </>
  );
}
