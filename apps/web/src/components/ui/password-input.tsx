import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { Input } from './field';

/** A password input with a show/hide button. */
export const PasswordInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { toggleLabel: string }>(
  function PasswordInput({ toggleLabel, className, ...props }, ref) {
    const [shown, setShown] = useState(false);
    return (
      <div className="relative">
        <Input ref={ref} type={shown ? 'text' : 'password'} className={`pr-10 ${className ?? ''}`} {...props} />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={`${shown ? 'Hide' : 'Show'} ${toggleLabel}`}
          aria-pressed={shown}
          className="absolute top-1/2 right-1 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded text-fg-subtle hover:text-fg"
        >
          {shown ? <EyeOff aria-hidden className="h-4 w-4" /> : <Eye aria-hidden className="h-4 w-4" />}
        </button>
      </div>
    );
  },
);
