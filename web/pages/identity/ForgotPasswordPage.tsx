import { MembershipFlow } from './MembershipFlow.tsx';

/** /forgot_password (ACC-03, REG-01..13): set a new password after proving membership. */
export function ForgotPasswordPage() {
  return <MembershipFlow kind="reset" />;
}
