import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field } from '@/components/ui';
import { ClientPicker, type TClientPickerFilter } from './client-picker';

export interface ClientFormFieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  error?: string | undefined;
  label?: string;
  filter?: TClientPickerFilter;
  placeholder?: string;
}

/**
 * The "Client" field of a react-hook-form form: the searchable picker under its label and error.
 * The form value is the client id, or '' when none is picked (the contract's requiredId gives the message).
 */
export function ClientFormField<T extends FieldValues, TOut>({
  control,
  name,
  error,
  label = 'Client',
  filter,
  placeholder,
}: ClientFormFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} error={error}>
          <ClientPicker
            name={field.name}
            value={field.value ? Number(field.value) : null}
            onChange={(id) => field.onChange(id ?? '')}
            onBlur={field.onBlur}
            filter={filter}
            placeholder={placeholder}
          />
        </Field>
      )}
    />
  );
}
