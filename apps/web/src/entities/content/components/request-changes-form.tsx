import { ZReviewDecision } from '@agency/contract';
import { useState, type FormEvent } from 'react';
import { Button, Field, Textarea } from '@/components/ui';
import { formatCount } from '@/lib/format';

/** The feedback limit of a review decision (the contract's). */
export const FEEDBACK_MAX_LENGTH = 2000;
export const FEEDBACK_REQUIRED = 'Tell the team what should change.';

/**
 * "Request changes": the feedback is required here (the API accepts none, but a request for changes without words
 * helps nobody), up to 2,000 characters with a count. Submits the trimmed text.
 */
export function RequestChangesForm({
  onSubmit,
  onCancel,
  loading,
  submitLabel = 'Request changes',
  autoFocus = true,
}: {
  onSubmit: (feedback: string) => void;
  onCancel: () => void;
  loading: boolean;
  submitLabel?: string;
  autoFocus?: boolean;
}) {
  const [feedback, setFeedback] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = feedback.trim();
    if (!text) return setError(FEEDBACK_REQUIRED);
    const parsed = ZReviewDecision.safeParse({ decision: 'reject', feedback: text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    onSubmit(text);
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label="Request changes">
      <Field label="What should change?" error={error} hint={`${formatCount(feedback.length)} / 2,000 characters`}>
        <Textarea
          rows={4}
          maxLength={FEEDBACK_MAX_LENGTH}
          value={feedback}
          autoFocus={autoFocus}
          required
          onChange={(e) => {
            setFeedback(e.target.value);
            if (error) setError(undefined);
          }}
          placeholder="For example: use the photo from the launch, and mention the date."
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={loading}>
          Cancel
        </Button>
        <Button type="submit" loading={loading}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
