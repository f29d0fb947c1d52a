/**
 * The loading splash (ACC-10): shown until the session bootstrap settles. The same markup
 * is in index.html, styled by web/splash.css, so it shows before any script has run.
 */
export function Splash() {
  return (
    <div className="lh-splash" role="status" aria-label="Loading Lodgehall" data-testid="splash">
      <svg className="lh-splash-logo" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <rect width="48" height="48" rx="10" fill="#16365f" />
        <path d="M24 8 40 17H8z" fill="#fff" />
        <path
          fill="#fff"
          d="M11 20h4v14h-4zm7.5 0h4v14h-4zm7 0h4v14h-4zm7.5 0h4v14h-4zM8 36h32v4H8z"
        />
      </svg>
      <p className="lh-splash-name">Lodgehall</p>
      <div className="lh-splash-spinner" aria-hidden="true" />
      <p className="lh-splash-text">Loading, one moment…</p>
    </div>
  );
}
