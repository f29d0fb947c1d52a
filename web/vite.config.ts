import { readFileSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const packageJson = JSON.parse(
  readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8'),
) as { version: string };

// The Lodgehall server listens here in development (npm run dev).
const apiTarget = process.env.LODGEHALL_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The SPA is served under /app (CONST-38); every asset URL carries it.
  base: '/app/',
  plugins: [
    react(),
    // Every text asset also ships as .br and .gz, made once here at the highest levels, so the
    // server sends the pre-compressed file (@fastify/static preCompressed) without spending
    // CPU per request (D23).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: zlibConstants.Z_BEST_COMPRESSION }),
      ],
      logLevel: 'silent',
    }),
  ],
  define: {
    // AMB-04: sent as X-Client-Version by web/http/client.ts.
    __APP_VERSION__: JSON.stringify(packageJson.version),
  },
  css: {
    postcss: { plugins: [postcssPresetMantine()] },
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // dist/web/.vite/manifest.json says which chunk holds which module: the browser tests use it
    // to tell the visitor's screens from the member's (e2e/first-screen.spec.ts).
    manifest: true,
    // docs/architecture.md §10 allows 200 KB gzipped for the first screen; warn well before that.
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
