'use client';

import { forwardRef, useState } from 'react';
import { Field } from '@/components/ui/field';

type Props = React.ComponentProps<typeof Field>;

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, Props>(function PasswordField(props, ref) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <Field ref={ref} {...props} type={shown ? 'text' : 'password'} className={props.className} style={{ paddingRight: '4.25rem' }} />
      <button
        type="button"
        onClick={() => setShown((s) => !s)}
        className="absolute right-2 top-[1.95rem] rounded-md px-2 py-1 text-xs font-semibold text-slate-500 transition hover:bg-slate-100 hover:text-slate-700"
        aria-label={shown ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
        aria-pressed={shown}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </div>
  );
});
