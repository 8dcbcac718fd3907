import { useRef, useState } from 'react';
import type { z } from 'zod';

/**
 * Values, errors and submit for a small form on a page whose first-load budget has no room for
 * react-hook-form (the sign-in screen: floor + 25 kB, issue 16). Same rules as the other forms: the
 * zod schema the API validates with, loaded on the first submit; the first invalid field takes the
 * focus; once a submit has failed, each change is checked again. Each field's first issue is shown.
 */
export function useLightForm<K extends string, Out>(initial: Record<K, string>, load: () => Promise<z.ZodType<Out>>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<K, HTMLInputElement | null>>>({});

  const check = async (v: Record<K, string>) => {
    const parsed = (await load()).safeParse(v);
    if (parsed.success) return { data: parsed.data, errors: {} as Partial<Record<K, string>> };
    const found: Partial<Record<K, string>> = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0]) as K] ??= issue.message;
    return { data: null, errors: found };
  };

  const field = (name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      if (submitted.current) void check(next).then((r) => setErrors(r.errors));
    },
  });

  const handleSubmit = (onValid: (data: Out) => Promise<void>) => async (e: React.FormEvent) => {
    e.preventDefault();
    submitted.current = true;
    const r = await check(values);
    setErrors(r.errors);
    const invalid = (Object.keys(initial) as K[]).find((k) => r.errors[k]);
    if (invalid) inputs.current[invalid]?.focus();
    else await onValid(r.data as Out);
  };

  return { field, handleSubmit };
}
