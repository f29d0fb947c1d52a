import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { failedSaveErrors } from './form-errors.ts';

export interface FormSaveOptions<F extends string> {
  /** ERR-37..ERR-40: said when the server gave no message of its own. */
  fallbackError: string;
  /** The form field a server field name belongs under, or null for the base alert. */
  fieldOf: (serverName: string) => F | null;
  /** Shows a failed save's field messages (and moves focus to the first). */
  onFieldErrors: (fields: Partial<Record<F, string>>) => void;
}

/**
 * The submitting state every form shares (§4 Forms): one save at a time; while it runs the
 * form is disabled and its button spins; on success the caller moves on (the form stays
 * disabled until it is gone), on failure the server's messages show and the member can try
 * again.
 */
export function useFormSave<F extends string>({
  fallbackError,
  fieldOf,
  onFieldErrors,
}: FormSaveOptions<F>) {
  const [submitting, setSubmitting] = useState(false);
  const [baseErrors, setBaseErrors] = useState<string[]>([]);
  // A second click before React re-renders must not send twice.
  const running = useRef(false);

  const save = async <R>(send: () => Promise<R>, onSaved: (result: R) => void): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setBaseErrors([]);
    setSubmitting(true);
    let result: R;
    try {
      result = await send();
    } catch (error) {
      const found = failedSaveErrors(error, fallbackError, fieldOf);
      running.current = false;
      // The fields are enabled again before focus moves to the first with an error: focusing
      // a field the saving state still disables does nothing.
      flushSync(() => {
        setBaseErrors(found.base);
        setSubmitting(false);
      });
      onFieldErrors(found.fields);
      return;
    }
    onSaved(result);
  };

  return { submitting, baseErrors, save };
}

/**
 * Cancel and "done": back where the member came from, or to `fallback` when the form was
 * opened directly (POST-15, POST-16).
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, location.key, fallback]);
}
