import { useEffect, useState } from 'react';
import type * as PasswordStrength from '../../common/password-strength.ts';

/**
 * The shared password rule (common/password-strength.ts) carries zxcvbn's dictionaries, 1.7 MB
 * (750 KB compressed), so the browser loads it in a chunk of its own, once, and only when it is
 * needed: when the member starts typing a new password, or submits one (issue 8 §3). The server
 * applies the same rule synchronously.
 */
export type PasswordStrengthModule = typeof PasswordStrength;

let loading: Promise<PasswordStrengthModule> | null = null;
let loaded: PasswordStrengthModule | null = null;

export function loadPasswordStrength(): Promise<PasswordStrengthModule> {
  loading ??= import('../../common/password-strength.ts').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      // A failed download (the network dropped) is tried again by the next caller.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The module once it has arrived, null before. Nothing is fetched until `wanted` (the member
 * has typed into the new password); a submit awaits loadPasswordStrength() itself.
 */
export function usePasswordStrength(wanted: boolean): PasswordStrengthModule | null {
  const [module, setModule] = useState<PasswordStrengthModule | null>(loaded);
  useEffect(() => {
    if (module || !wanted) return;
    let active = true;
    loadPasswordStrength().then(
      (next) => {
        if (active) setModule(next);
      },
      () => {
        // The meter stays neutral; the submit tries the download again.
      },
    );
    return () => {
      active = false;
    };
  }, [module, wanted]);
  return module;
}
