/** Lodgehall's mark: a hall with four columns. Decorative; the wordmark beside it names it. */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="10" fill="#16365f" />
      <path d="M24 8 40 17H8z" fill="#fff" />
      <path
        fill="#fff"
        d="M11 20h4v14h-4zm7.5 0h4v14h-4zm7 0h4v14h-4zm7.5 0h4v14h-4zM8 36h32v4H8z"
      />
    </svg>
  );
}
