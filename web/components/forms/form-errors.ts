import { isApiError, type FieldErrors } from '../../http/client.ts';

/**
 * A failed save's messages on a form (ERR-05, §4 Forms): each under its field, joined by ', '
 * (VAL-07), the rest in the base alert; when nothing usable came back, the form's fallback
 * alone (ERR-37..ERR-40). Every form maps the server's field names to its own with `fieldOf`.
 */
export interface FormErrors<F extends string> {
  fields: Partial<Record<F, string>>;
  base: string[];
}

export function formErrors<F extends string>(
  errors: FieldErrors | null,
  fallback: string,
  fieldOf: (serverName: string) => F | null,
): FormErrors<F> {
  const byField = new Map<F, string[]>();
  const base: string[] = [];
  for (const [name, messages] of Object.entries(errors ?? {})) {
    if (messages.length === 0) continue;
    const field = fieldOf(name);
    if (field === null) base.push(...messages);
    else byField.set(field, [...(byField.get(field) ?? []), ...messages]);
  }
  const fields: Partial<Record<F, string>> = {};
  for (const [field, messages] of byField) fields[field] = messages.join(', ');
  if (base.length === 0 && byField.size === 0) base.push(fallback);
  return { fields, base };
}

/** What a thrown save error says on the form: a 422's field errors, else the fallback. */
export function failedSaveErrors<F extends string>(
  error: unknown,
  fallback: string,
  fieldOf: (serverName: string) => F | null,
): FormErrors<F> {
  return formErrors(
    isApiError(error) && error.status === 422 ? error.errors : null,
    fallback,
    fieldOf,
  );
}

/** Moves focus to the first field, in the form's order, that has an error (`data-field`). */
export function focusFirstError(
  form: HTMLFormElement | null,
  order: readonly string[],
  errors: Partial<Record<string, unknown>>,
): void {
  const first = order.find((field) => errors[field]);
  if (!first) return;
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  });
}
