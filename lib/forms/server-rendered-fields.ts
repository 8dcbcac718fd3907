import type { FieldPath, FieldValues, PathValue, RegisterOptions, UseFormRegister, UseFormSetValue } from 'react-hook-form';

type Input = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Inputs already looked at: React hands a new ref its element on every render, the check runs once. */
const adopted = new WeakSet<Input>();

/**
 * `register(name)` for a form that is rendered on the server. react-hook-form leaves an uncontrolled
 * input without a value and writes the default into it when React attaches it, after hydration, so
 * an edit form's HTML showed empty fields and "Choose a job type" until the page's script ran, and
 * whatever was typed meanwhile was replaced by the default. Here the input carries its default in
 * the HTML (`defaultValue`, `defaultChecked` for a checkbox), and an input whose value differs from
 * it when first attached was changed by the user before hydration: that value is kept (and dirty).
 * Top-level fields with plain values only (text, select, checkbox).
 */
export function serverRenderedFields<T extends FieldValues>(register: UseFormRegister<T>, setValue: UseFormSetValue<T>, defaults: T) {
  return <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>) => {
    const registered = register(name, options);
    const initial: unknown = defaults[name];
    const ref = (el: Input | null) => {
      const early = el ? typedBeforeHydration(el, initial) : undefined;
      registered.ref(el);
      if (early !== undefined) setValue(name, early as PathValue<T, N>, { shouldDirty: true });
    };
    return typeof initial === 'boolean'
      ? { ...registered, ref, defaultChecked: initial }
      : { ...registered, ref, defaultValue: initial == null ? '' : String(initial) };
  };
}

/**
 * What the user put in a server-rendered input before the page hydrated, or undefined when it still
 * shows `initial`. Call it from the input's ref: it answers only the first time it sees an element.
 * React hydrates a controlled input without reading it, so text typed early stayed on screen
 * without reaching the component's state, and the next render put the old value back.
 */
export function typedBeforeHydration(el: Input, initial: unknown): string | boolean | undefined {
  if (adopted.has(el)) return undefined;
  adopted.add(el);
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return el.checked !== el.defaultChecked ? el.checked : undefined;
  const shown = initial == null ? '' : String(initial);
  return el.value !== shown ? el.value : undefined;
}
