/**
 * Work a request starts and does not wait for (a roster import, docs/decisions.md D65), run in
 * this process. Made once in app.ts: closing the app waits for what is still running, so no
 * task writes to a database that is gone. A restart loses what was running; issue 25's job
 * queue takes such work over.
 */
export interface BackgroundTasks {
  /** Starts `task` now; a failure it lets out is reported to the app's log, named by `what`. */
  start(what: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far has ended. */
  drain(): Promise<void>;
}

export function createBackgroundTasks(
  onError: (error: unknown, what: string) => void,
): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    start(what, task) {
      const done = task()
        .catch((error: unknown) => onError(error, what))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async drain() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
