import { cn } from '@/lib/cn';
import { ClientPicker } from './client-picker';

/** A list's client filter: the client picker with "All clients", its value the client id as a URL string ('' = all). */
export function ClientFilter({ id, value, onChange, className }: { id: string; value: string; onChange: (client: string) => void; className?: string }) {
  return (
    <div className={cn('col-span-2 sm:col-span-1', className)}>
      <label htmlFor={id} className="sr-only">
        Client
      </label>
      <ClientPicker id={id} allowAll value={value ? Number(value) : null} onChange={(c) => onChange(c === null ? '' : String(c))} />
    </div>
  );
}
