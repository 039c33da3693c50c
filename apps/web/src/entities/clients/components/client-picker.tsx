import type { TClient, TClientListQuery } from '@agency/contract';
import { Check, ChevronDown, Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useClient } from '../api/get-client';
import { useClientList } from '../api/list-clients';

/** Server-side limits on which clients can be picked (e.g. only those with a login, for messaging). */
export interface TClientPickerFilter {
  has_login?: boolean;
}

/** What the picker needs of a client. */
export type TClientOption = Pick<TClient, 'id' | 'name' | 'company'>;

export const CLIENT_PICKER_PAGE_SIZE = 20;
export const CLIENT_PICKER_DEBOUNCE_MS = 250;

export const clientOptionLabel = (c: TClientOption) => (c.company ? `${c.name} — ${c.company}` : c.name);

/**
 * The clients matching `search` (name, email, company), 20 at a time, by name; the first 20 when `search` is empty.
 * The text is debounced here; `pending` is true while typing has not been sent yet or the answer is on its way.
 */
export function useClientSearch(search: string, enabled = true, filter: TClientPickerFilter = {}) {
  const term = search.trim();
  const debounced = useDebouncedValue(term, CLIENT_PICKER_DEBOUNCE_MS);
  const listQuery: TClientListQuery = {
    ...filter,
    ...(debounced ? { search: debounced } : {}),
    page_size: CLIENT_PICKER_PAGE_SIZE,
    ordering: 'name',
  };
  const query = useClientList(listQuery, { keepPrevious: true, staleTime: 60_000, enabled });
  const results: TClientOption[] = query.data?.body.results ?? [];
  return {
    query,
    results,
    count: query.data?.body.count ?? 0,
    pending: enabled && (term !== debounced || query.isFetching),
  };
}

export interface ClientPickerProps {
  /** The input's id: `<Label htmlFor>` / `<Field>` name the combobox through it. */
  id?: string;
  /** Selected client id; null = nothing (or "All clients" with allowAll). */
  value: number | null;
  onChange: (id: number | null, client: TClientOption | null) => void;
  onBlur?: () => void;
  name?: string;
  /** Only clients matching this (sent to the API). */
  filter?: TClientPickerFilter;
  /** Offer an "All clients" choice (filters); it yields null. */
  allowAll?: boolean;
  allLabel?: string;
  placeholder?: string;
  /** Form error: red border and aria-invalid. */
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'aria-label'?: string;
}

type TItem = { key: string; id: number | null; label: string; client: TClientOption | null };

/**
 * Searchable client combobox (ARIA 1.2 combobox + listbox): typing asks the API, ArrowUp/ArrowDown move,
 * Enter or a click picks, Escape closes, Tab leaves (picking the highlighted client if something was typed).
 */
export function ClientPicker({
  id,
  value,
  onChange,
  onBlur,
  name,
  filter,
  allowAll = false,
  allLabel = 'All clients',
  placeholder,
  invalid,
  disabled,
  className,
  'aria-invalid': ariaInvalid,
  'aria-describedby': describedBy,
  'aria-label': ariaLabel,
}: ClientPickerProps) {
  const autoId = useId();
  const inputId = id ?? `${autoId}-input`;
  const listboxId = `${autoId}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);

  const [open, setOpen] = useState(false);
  /** What the user typed; null while not typing (the input then shows the selected client). */
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  /** The last client picked here, so its name shows whatever the current results are. */
  const [picked, setPicked] = useState<TClientOption | null>(null);

  const search = useClientSearch(text ?? '', open, filter);
  const inResults = value === null ? undefined : search.results.find((c) => c.id === value);
  const known = value === null ? null : picked?.id === value ? picked : (inResults ?? null);
  const one = useClient(value, { enabled: !known, staleTime: 5 * 60_000 });
  const selected: TClientOption | null = known ?? (value !== null && one.data?.body.id === value ? one.data.body : null);
  const loadingSelected = value !== null && !selected && one.isPending && one.fetchStatus !== 'idle';
  const selectedText = value === null || loadingSelected ? '' : selected ? selected.name : `Client #${value}`;

  const typed = (text ?? '').trim();
  const items: TItem[] = [
    ...(allowAll && !typed ? [{ key: 'all', id: null, label: allLabel, client: null }] : []),
    ...search.results.map((c) => ({ key: String(c.id), id: c.id, label: clientOptionLabel(c), client: c })),
  ];
  const optionId = (i: number) => `${listboxId}-${items[i]?.key ?? i}`;
  const activeItem = open && active >= 0 && active < items.length ? items[active] : undefined;
  const activeId = activeItem ? optionId(active) : undefined;

  // Escape inside an open list closes the list only: tell an enclosing Radix dialog (which listens on the
  // document in the capture phase) that the key is taken.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && e.target === inputRef.current) e.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);

  // On a short screen the list may open below the fold: bring it into view once it has options.
  const hasItems = items.length > 0;
  useEffect(() => {
    if (open && hasItems) popupRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open, hasItems]);

  // Keep the highlighted option in view.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const indexOfValue = () => items.findIndex((it) => it.id === value);

  const openList = () => {
    if (disabled) return;
    setOpen(true);
    setActive(text === null ? indexOfValue() : 0);
  };
  const close = () => {
    setOpen(false);
    setText(null);
    setActive(-1);
  };
  const choose = (item: TItem) => {
    if (item.client) setPicked(item.client);
    close();
    if (item.id !== value) onChange(item.id, item.client);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault();
        if (!open) {
          openList();
          return;
        }
        if (items.length === 0) return;
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i < 0 ? (step > 0 ? 0 : items.length - 1) : (i + step + items.length) % items.length));
        return;
      }
      case 'Home':
      case 'End':
        if (open && text === null && items.length > 0) {
          e.preventDefault();
          setActive(e.key === 'Home' ? 0 : items.length - 1);
        }
        return;
      case 'Enter':
        if (open) {
          e.preventDefault();
          if (activeItem) choose(activeItem);
        }
        return;
      case 'Escape':
        if (open) {
          e.preventDefault();
          e.stopPropagation();
          close();
        }
        return;
      case 'Tab':
        if (open && text !== null && typed && activeItem && !search.pending) choose(activeItem);
        else if (open) close();
        return;
    }
  };

  const status = search.query.isError
    ? 'Could not load clients'
    : search.pending && items.length === 0
      ? 'Searching…'
      : !search.pending && search.query.isSuccess && search.results.length === 0
        ? typed
          ? 'No clients match'
          : 'No clients yet'
        : null;
  const more = search.query.isSuccess && search.count > search.results.length;
  const statusText = !open
    ? ''
    : (status ??
      (search.pending ? 'Searching…' : more ? `Showing ${search.results.length} of ${search.count}, type to narrow down` : ''));
  const isInvalid = invalid || ariaInvalid === true || ariaInvalid === 'true';

  return (
    <div className={cn('relative', className)}>
      <input
        ref={inputRef}
        id={inputId}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-activedescendant={activeId}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
        aria-label={ariaLabel}
        disabled={disabled}
        placeholder={loadingSelected ? 'Loading…' : value === null ? (placeholder ?? (allowAll ? allLabel : 'Select a client')) : undefined}
        value={text ?? selectedText}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={(e) => {
          e.currentTarget.select();
          openList();
        }}
        onClick={() => {
          if (!open) openList();
        }}
        onBlur={() => {
          close();
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
        className={cn(
          'block h-10 w-full truncate rounded-md border border-border-strong bg-surface pr-9 pl-3 text-sm text-fg',
          value === null && allowAll ? 'placeholder:text-fg' : 'placeholder:text-fg-subtle',
          'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40',
          'disabled:cursor-not-allowed disabled:bg-subtle aria-[invalid=true]:border-danger-600',
        )}
      />
      {open && search.pending && items.length > 0 ? (
        <Loader2 aria-hidden className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 animate-spin text-fg-subtle" />
      ) : (
        <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-fg-subtle" />
      )}
      <div
        ref={popupRef}
        hidden={!open}
        className="absolute top-full right-0 z-50 mt-1 w-max max-w-[min(18rem,calc(100vw-2rem))] min-w-full overflow-hidden rounded-md border border-border bg-surface shadow-overlay"
        // Keep the focus in the input while the mouse is used on the list.
        onMouseDown={(e) => e.preventDefault()}
      >
        <ul id={listboxId} role="listbox" className={cn('max-h-64 overflow-y-auto', items.length > 0 && 'p-1')}>
          {open &&
            items.map((item, i) => {
              const isSelected = item.id === value;
              return (
                <li
                  key={item.key}
                  id={optionId(i)}
                  role="option"
                  aria-selected={isSelected}
                  onClick={() => choose(item)}
                  onMouseMove={() => active !== i && setActive(i)}
                  className={cn(
                    'relative flex cursor-pointer items-center rounded-sm py-1.5 pr-8 pl-2 text-sm text-fg select-none',
                    i === active && 'bg-brand-50 text-brand-700',
                    isSelected && 'font-medium',
                  )}
                >
                  {item.client ? (
                    <span className="min-w-0 break-words">
                      <span className="block">{item.client.name}</span>
                      {item.client.company && (
                        <span className={cn('block text-xs', i === active ? 'text-brand-700' : 'text-fg-muted')}>
                          <span className="sr-only"> — </span>
                          {item.client.company}
                        </span>
                      )}
                    </span>
                  ) : (
                    <span className="min-w-0 break-words">{item.label}</span>
                  )}
                  {isSelected && <Check aria-hidden className="absolute right-2 h-4 w-4" />}
                </li>
              );
            })}
        </ul>
        <div role="status" className={cn('text-xs text-fg-muted', statusText && 'px-3 py-2', statusText && items.length > 0 && 'border-t border-border')}>
          {statusText}
        </div>
      </div>
    </div>
  );
}
