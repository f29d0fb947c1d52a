import { apiRequest } from '../http/client.ts';

export interface PasswordChange {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

/**
 * `POST /password_settings` (PWD-02, API-REG-10), signed. A 422 rejects with field errors
 * under current_password, password, password_confirmation or base (ERR-55).
 */
export async function changePassword(change: PasswordChange): Promise<void> {
  await apiRequest<unknown>('POST', '/password_settings', {
    body: {
      password_setting: {
        current_password: change.currentPassword,
        password: change.password,
        password_confirmation: change.passwordConfirmation,
      },
    },
  });
}
