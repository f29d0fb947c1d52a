import { LAST_CONTACTED } from '../../common/messages.ts';
import classes from './LastContacted.module.css';
import { formatLastContacted } from './dates.ts';

/**
 * 'Last contacted' and when (PARTY-04, CONST-37: M/D/YYYY - h:mm A), on the party page and in
 * Members › Recent. The date and time stay on one line.
 */
export function LastContacted({ at }: { at: number }) {
  return (
    <>
      {LAST_CONTACTED}{' '}
      <time className={classes.when} dateTime={new Date(at).toISOString()}>
        {formatLastContacted(at)}
      </time>
    </>
  );
}
