import { useState, type FormEvent } from 'react';
import { summaryOf, type FieldErrors } from './sendForm';

/**
 * A send modal's local state: the values, which fields were left (their message shows then),
 * and after a submit with errors every message plus the summary 'Please fix the validation
 * errors below.' Lives inside the dialog's content, so closing the modal resets it.
 */
export function useSendForm<V extends object>(
  initial: V,
  validate: (values: V) => FieldErrors<Extract<keyof V, string>>,
) {
  type K = Extract<keyof V, string>;
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);
  const errors = validate(values);

  return {
    values,
    set: (key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value })),
    touch: (key: K) => setTouched((t) => ({ ...t, [key]: true })),
    /** The message shown under a field: after it was left, or after a submit. */
    errorOf: (key: K): string | undefined => (submitted || touched[key] ? errors[key] : undefined),
    /** A field's value, change, leave and message, to spread on its input. */
    field: <F extends K>(key: F) => ({
      value: values[key],
      onChange: (value: V[F]) => setValues((v) => ({ ...v, [key]: value })),
      onBlur: () => setTouched((t) => ({ ...t, [key]: true })),
      errorMessage: submitted || touched[key] ? errors[key] : undefined,
    }),
    summary,
    clearSummary: () => setSummary(null),
    /** Validates everything; calls `onValid` with the values when there is nothing to fix. */
    submit: (e: FormEvent, onValid: (values: V) => void) => {
      e.preventDefault();
      setSubmitted(true);
      const found = summaryOf(errors as Record<string, string | undefined>);
      setSummary(found);
      if (!found) onValid(values);
    },
  };
}
