import { NotBuiltYet } from '../../components/NotBuiltYet.tsx';

/** Placeholder of issue 13: the status checker work builds this screen. */
export function StatusCheckerPage() {
  return <NotBuiltYet />;
}
