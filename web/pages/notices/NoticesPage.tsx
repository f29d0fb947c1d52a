import { NotBuiltYet } from '../../components/NotBuiltYet.tsx';

/** Placeholder of issue 13: the notices work builds this screen. */
export function NoticesPage() {
  return <NotBuiltYet />;
}
