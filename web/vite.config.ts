import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig } from 'vite';

const packageJson = JSON.parse(
  readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8'),
) as { version: string };

// The Lodgehall server listens here in development (npm run dev).
const apiTarget = process.env.LODGEHALL_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The SPA is served under /app (CONST-38); every asset URL carries it.
  base: '/app/',
  plugins: [react()],
  define: {
    // AMB-04: sent as X-Client-Version by web/api/client.ts.
    __APP_VERSION__: JSON.stringify(packageJson.version),
  },
  css: {
    postcss: { plugins: [postcssPresetMantine()] },
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // ARCHITECTURE §10 allows 200 KB gzipped for the first screen; warn well before that.
    chunkSizeWarningLimit: 600,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget },
      '/media': { target: apiTarget },
      '/healthz': { target: apiTarget },
    },
  },
  preview: { host: '127.0.0.1', port: 4173 },
});
