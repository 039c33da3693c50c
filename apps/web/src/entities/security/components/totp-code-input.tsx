import { forwardRef, type InputHTMLAttributes } from 'react';
import { Input } from '@/components/ui';
import { cn } from '@/lib/cn';

/**
 * The field for a 6-digit code of an authenticator app (signing in, setting the app up, turning it off, new recovery
 * codes): the number pad on phones, the code the system offers, room for a space in the middle ("123 456").
 */
export const TotpCodeInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function TotpCodeInput({ className, ...props }, ref) {
  return (
    <Input
      ref={ref}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      placeholder="123456"
      className={cn('font-mono tracking-widest tabular-nums', className)}
      {...props}
    />
  );
});
