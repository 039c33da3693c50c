import { AlertTriangle } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from './button';

export interface ErrorStateProps {
  title?: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

/** Message + Try Again. */
export function ErrorState({ title = 'Something went wrong', message, onRetry, retrying, className }: ErrorStateProps) {
  return (
    <div role="alert" className={cn('flex flex-col items-center justify-center px-6 py-12 text-center', className)}>
      <div className="mb-4 rounded-full bg-danger-50 p-3 text-danger-600">
        <AlertTriangle aria-hidden className="h-6 w-6" />
      </div>
      <h3 className="text-base font-semibold text-fg">{title}</h3>
      <p className="mt-1 max-w-md text-sm text-fg-muted">{message}</p>
      {onRetry && (
        <Button variant="secondary" className="mt-5" onClick={onRetry} loading={retrying}>
          Try Again
        </Button>
      )}
    </div>
  );
}
