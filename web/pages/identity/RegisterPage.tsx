import { MembershipFlow } from './MembershipFlow.tsx';

/** /register (ACC-04, REG-01..13): create an account after proving membership. */
export function RegisterPage() {
  return <MembershipFlow kind="register" />;
}
