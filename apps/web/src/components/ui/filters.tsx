import { Search, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Input, NativeSelect } from './field';

export interface DebouncedSearchInputProps {
  id: string;
  /** Screen-reader label. */
  label: string;
  placeholder: string;
  /** The committed (URL) search text. */
  value: string;
  /** Called with the trimmed text once typing has paused for `delay` ms. */
  onCommit: (value: string) => void;
  delay?: number;
  className?: string;
}

/** A search box with a leading icon that reports its text after a ~300 ms pause (filters sent to the API). */
export function DebouncedSearchInput({ id, label, placeholder, value, onCommit, delay = 300, className }: DebouncedSearchInputProps) {
  const [text, setText] = useState(value);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  useEffect(() => {
    if (text.trim() === value) return;
    const t = setTimeout(() => commit.current(text.trim()), delay);
    return () => clearTimeout(t);
  }, [text, value, delay]);

  return (
    <div className={cn('relative min-w-0', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-fg-subtle" />
      <Input id={id} type="search" placeholder={placeholder} value={text} onChange={(e) => setText(e.target.value)} className="pl-9" />
    </div>
  );
}

export interface FilterSelectProps<T extends string> {
  id: string;
  /** Screen-reader label. */
  label: string;
  /** The first choice's text (value ''), e.g. 'All statuses'. */
  allLabel: string;
  options: readonly T[];
  optionLabel: (value: T) => ReactNode;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

/** A list filter: a labelled select whose first choice ('') means no filter. */
export function FilterSelect<T extends string>({ id, label, allLabel, options, optionLabel, value, onChange, className }: FilterSelectProps<T>) {
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

export interface ViewToggleOption<T extends string> {
  id: T;
  label: string;
  Icon: LucideIcon;
}

/** Segmented buttons choosing a list's view (grid, list, kanban, calendar…); the current one is pressed. */
export function ViewToggle<T extends string>({ options, value, onChange }: { options: readonly ViewToggleOption<T>[]; value: T; onChange: (view: T) => void }) {
  return (
    <div role="group" aria-label="View" className="inline-flex shrink-0 rounded-md border border-border-strong bg-surface p-0.5">
      {options.map(({ id, label, Icon }) => (
        <button
          key={id}
          type="button"
          aria-pressed={value === id}
          onClick={() => onChange(id)}
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded px-3 text-sm font-medium',
            value === id ? 'bg-brand-50 text-brand-700' : 'text-fg-muted hover:text-fg',
          )}
        >
          <Icon aria-hidden className="h-4 w-4" />
          {label}
        </button>
      ))}
    </div>
  );
}
