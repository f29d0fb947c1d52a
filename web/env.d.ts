/** The package.json version, put in by Vite's `define` (web/vite.config.ts). */
declare const __APP_VERSION__: string;
