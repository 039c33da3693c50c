import { CONTENT_PLATFORMS } from '@agency/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, Input, NativeSelect, Textarea } from '@/components/ui';
import { formatCount } from '@/lib/format';
import { PLATFORM_LABELS } from '../lib/content-utils';

/** The longest post the contract accepts. */
export const CONTENT_MAX = 5000;

type TContentFieldName = 'platform' | 'content' | 'scheduled_date' | 'image_url';

/** What the fields need of a react-hook-form form whose values include the content fields. */
interface TContentFieldsProps {
  register: (name: TContentFieldName) => UseFormRegisterReturn;
  errors: Partial<Record<TContentFieldName, { message?: string } | undefined>>;
}

/** The platform select of every content form. */
export function ContentPlatformField({ register, errors }: TContentFieldsProps) {
  return (
    <Field label="Platform" error={errors.platform?.message}>
      <NativeSelect {...register('platform')}>
        {CONTENT_PLATFORMS.map((p) => (
          <option key={p} value={p}>
            {PLATFORM_LABELS[p]}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/** The text (with its live character count), the scheduled date and the image of every content form. */
export function ContentBodyFields({ register, errors, length, minDate }: TContentFieldsProps & { length: number; minDate?: string }) {
  return (
    <>
      <Field
        label="Content"
        error={errors.content?.message}
        hint={
          <span className={length > CONTENT_MAX ? 'text-danger-700' : undefined}>
            {formatCount(length)} / {formatCount(CONTENT_MAX)} characters
          </span>
        }
      >
        <Textarea rows={5} {...register('content')} />
      </Field>
      <Field label="Scheduled date" error={errors.scheduled_date?.message}>
        <Input type="datetime-local" min={minDate} {...register('scheduled_date')} />
      </Field>
      <Field label="Image URL" optional error={errors.image_url?.message}>
        <Input type="url" placeholder="https://" {...register('image_url')} />
      </Field>
    </>
  );
}
