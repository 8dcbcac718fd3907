import { useRef, useState } from 'react';
import type { z } from 'zod';

/**
 * Values, errors and submit for a small form on a page whose first-load budget has no room for
 * react-hook-form (about 9 kB gzipped; issue 16): the sign-in screen, the password change, the
 * company address (`field` for text inputs, `control` for a value of its own shape). Same rules as the other forms: the zod schema the API validates with, loaded on the first
 * submit; the first invalid field takes the focus; once a submit has failed, each change is checked
 * again. Each field's first issue is shown. `setError` places an error the server found (the focus
 * goes to its field), `reset` empties the form after a success, `submitting` covers `onValid`.
 */
export function useLightForm<V extends Record<string, unknown>, Out = V>(initial: V, load: () => Promise<z.ZodType<Out>>) {
  type K = keyof V & string;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<K, HTMLInputElement | null>>>({});

  const check = async (v: V) => {
    const parsed = (await load()).safeParse(v);
    if (parsed.success) return { data: parsed.data, errors: {} as Partial<Record<K, string>> };
    const found: Partial<Record<K, string>> = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0]) as K] ??= issue.message;
    return { data: null, errors: found };
  };

  const setValue = <N extends K>(name: N, value: V[N]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted.current) void check(next).then((r) => setErrors(r.errors));
  };
  const refOf = (name: K) => (el: HTMLInputElement | null) => {
    inputs.current[name] = el;
  };

  /** A text input's props (Field spreads them). */
  const field = (name: K) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    ref: refOf(name),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValue(name, e.target.value as V[K]),
  });

  /** A control with a value of its own shape (the address field): value, onChange, inputRef, error. */
  const control = <N extends K>(name: N) => ({ value: values[name], error: errors[name], inputRef: refOf(name), onChange: (v: V[N]) => setValue(name, v) });

  const handleSubmit = (onValid: (data: Out) => Promise<void>) => async (e: React.FormEvent) => {
    e.preventDefault();
    submitted.current = true;
    const r = await check(values);
    setErrors(r.errors);
    const invalid = (Object.keys(initial) as K[]).find((k) => r.errors[k]);
    if (invalid) return inputs.current[invalid]?.focus();
    setSubmitting(true);
    try {
      await onValid(r.data as Out);
    } finally {
      setSubmitting(false);
    }
  };

  const setError = (name: K, message: string) => {
    setErrors((e) => ({ ...e, [name]: message }));
    inputs.current[name]?.focus();
  };

  const reset = () => {
    submitted.current = false;
    setValues(initial);
    setErrors({});
  };

  /** Whether a value differs from where the form started (compared as JSON: values are plain data). */
  const dirty = (Object.keys(initial) as K[]).some((k) => JSON.stringify(values[k]) !== JSON.stringify(initial[k]));

  return { field, control, handleSubmit, values, submitting, setError, reset, dirty };
}
