import { BACK_TO_POSTS } from '../../../common/messages.ts';
import { RecordLoadFailed } from '../../components/LoadStates.tsx';

/** A post that failed to load for any reason but a 404 (ERR-60, AMB-15): RecordLoadFailed. */
export function PostLoadFailed({ back, onRetry }: { back: string; onRetry: () => void }) {
  return (
    <RecordLoadFailed
      back={back}
      backLabel={BACK_TO_POSTS}
      onRetry={onRetry}
      testId="post-load-failed"
    />
  );
}
