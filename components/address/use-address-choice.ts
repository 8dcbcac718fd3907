'use client';

import { useState } from 'react';
import { useToast } from '@/components/ui/toast';
import type { AddressSuggestion } from '@/lib/geo/types';
import { addressTerms, validateAddress, type AddressLike } from '@/lib/geo/validate-address';
import type { AddressOption } from './address-combobox';

export type AddressFieldProps = {
  value: AddressSuggestion | null;
  onChange: (value: AddressSuggestion | null) => void;
  label?: string;
  /** An error from the surrounding form (zod). */
  error?: string;
  hint?: string;
  placeholder?: string;
  id?: string;
  name?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  onBlur?: () => void;
  inputRef?: (el: HTMLInputElement | null) => void;
  /** Show where the choice lies (a map with Google, a summary line offline). */
  showMap?: boolean;
};

/** The combobox props both address sources pass through unchanged. */
export function passThrough(props: AddressFieldProps) {
  return {
    id: props.id,
    name: props.name,
    label: props.label ?? 'Address',
    placeholder: props.placeholder ?? 'Street address, city or ZIP code',
    hint: props.hint,
    disabled: props.disabled,
    autoFocus: props.autoFocus,
    onBlur: props.onBlur,
    inputRef: props.inputRef,
  };
}

/** A suggestion as a list option: its first term on top, the rest below. */
export function toOption(s: { description: string; terms?: string[] }, id = s.description): AddressOption {
  const terms = s.terms ?? addressTerms(s.description);
  return { id, description: s.description, primary: terms[0] ?? s.description, secondary: terms.slice(1).join(', '), terms };
}

/**
 * What both address sources share: a choice is checked with the spec's rules before the form gets
 * it; a refused choice shows its message inline and as a toast (accounts spec §8) and leaves the
 * field empty.
 */
export function useAddressChoice(props: AddressFieldProps) {
  const toast = useToast();
  const [pickError, setPickError] = useState<string | null>(null);

  const refuse = (message: string) => {
    setPickError(message);
    toast.show('error', message);
    props.onChange(null);
    return false;
  };

  return {
    pickError,
    /** Checks a choice before it is resolved (Google predictions carry their terms, the last being the country). */
    precheck(choice: AddressLike): boolean {
      const message = validateAddress(choice);
      return message ? refuse(message) : true;
    },
    accept(choice: AddressSuggestion | null): boolean {
      const message = validateAddress(choice);
      if (message) return refuse(message);
      setPickError(null);
      props.onChange(choice);
      return true;
    },
    /** The user typed: the old choice no longer stands. */
    edited() {
      setPickError(null);
      if (props.value) props.onChange(null);
    },
  };
}
