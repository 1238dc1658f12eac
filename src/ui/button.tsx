import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from '#ui/spinner.tsx';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  /** Shows a spinner and disables the button (a save in flight). */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** Button with the kit's variants; defaults to type="button" so it never submits by accident. */
export function Button({ variant = 'secondary', busy, className, children, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      disabled={rest.disabled || busy}
      aria-busy={busy || undefined}
      className={`btn btn-${variant}${className ? ` ${className}` : ''}`}
    >
      {busy ? <Spinner inline /> : null}
      {children}
    </button>
  );
}
