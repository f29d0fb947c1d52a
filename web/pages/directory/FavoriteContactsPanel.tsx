import { NotBuiltYet } from '../../components/NotBuiltYet.tsx';

/** Placeholder until this panel's stream of issue 11 is merged (its branch replaces this file). */
export function FavoriteContactsPanel() {
  return <NotBuiltYet />;
}
