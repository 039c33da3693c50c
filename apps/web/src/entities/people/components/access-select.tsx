import { forwardRef, type ForwardedRef, type ReactElement, type SelectHTMLAttributes } from 'react';
import { NativeSelect } from '@/components/ui';
import { cn } from '@/lib/cn';

export interface OptionSelectProps<V extends string> extends SelectHTMLAttributes<HTMLSelectElement> {
  /** The values, in their order. */
  options: readonly V[];
  /** Each value's label. */
  labels: Record<V, string>;
}

/** A native select of a fixed set of values (a role, a permission), each option labelled. */
export const OptionSelect = forwardRef(function OptionSelect<V extends string>(
  { options, labels, ...props }: OptionSelectProps<V>,
  ref: ForwardedRef<HTMLSelectElement>,
) {
  return (
    <NativeSelect ref={ref} {...props}>
      {options.map((o) => (
        <option key={o} value={o}>
          {labels[o]}
        </option>
      ))}
    </NativeSelect>
  );
}) as <V extends string>(props: OptionSelectProps<V> & { ref?: ForwardedRef<HTMLSelectElement> }) => ReactElement;

export interface AccessCellProps<V extends string> {
  /** What the value is ("Role", "Permission"): the select is named "<what> of <name>". */
  what: string;
  personName: string;
  value: V;
  options: readonly V[];
  labels: Record<V, string>;
  /** For whoever may change it; without it the value's label shows as text. */
  edit: { onChange: (value: V) => void; disabled: boolean } | null;
  /** Keeps the label (without the select) on one line. */
  noWrap?: boolean;
}

/** A person's role or permission in a list: a select for whoever may change it, else its label. */
export function AccessCell<V extends string>({ what, personName, value, options, labels, edit, noWrap = false }: AccessCellProps<V>) {
  if (!edit) return <span className={cn('text-sm text-fg', noWrap && 'whitespace-nowrap')}>{labels[value]}</span>;
  return (
    <OptionSelect
      aria-label={`${what} of ${personName}`}
      options={options}
      labels={labels}
      value={value}
      disabled={edit.disabled}
      onChange={(e) => edit.onChange(e.target.value as V)}
      className="h-9 min-w-36"
    />
  );
}
