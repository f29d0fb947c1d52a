import { NotBuiltYet } from '../../components/NotBuiltYet.tsx';

/** Placeholder of issue 13: the contacts work builds this screen. */
export function ContactEditPage() {
  return <NotBuiltYet />;
}
