import { NotBuiltYet } from '../../components/NotBuiltYet.tsx';

/** Placeholder of issue 13: the dues and payments work builds this screen. */
export function DuesPaymentPage() {
  return <NotBuiltYet />;
}
