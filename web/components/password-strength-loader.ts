import { useEffect, useState } from 'react';
import type * as PasswordStrength from '../../common/password-strength.ts';

/**
 * The shared password rule (common/password-strength.ts) carries about a megabyte of
 * dictionaries, so the browser loads it only where a password is set, in a chunk of its own,
 * and only once.
 */
export type PasswordStrengthModule = typeof PasswordStrength;

let loading: Promise<PasswordStrengthModule> | null = null;
let loaded: PasswordStrengthModule | null = null;

export function loadPasswordStrength(): Promise<PasswordStrengthModule> {
  loading ??= import('../../common/password-strength.ts').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/** The module once it has arrived (null before); starts loading on first use. */
export function usePasswordStrength(): PasswordStrengthModule | null {
  const [module, setModule] = useState<PasswordStrengthModule | null>(loaded);
  useEffect(() => {
    if (module) return;
    let active = true;
    void loadPasswordStrength().then((next) => {
      if (active) setModule(next);
    });
    return () => {
      active = false;
    };
  }, [module]);
  return module;
}
