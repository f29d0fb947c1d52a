/**
 * Leaving the app for another site (a payment provider's checkout). An object rather than a
 * bare call, so a unit test can watch where the page would go: jsdom cannot navigate, and
 * its `location.assign` cannot be replaced.
 */
export const leaveApp = {
  to(url: string): void {
    window.location.assign(url);
  },
};
