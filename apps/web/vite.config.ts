import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { compressedAssets } from './build-tools/compressed-assets';
import { loadGroups, type LoadGroup } from './build-tools/load-groups';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** Where `vite dev` finds the API server; SM_API_URL overrides the default port 3000. */
const server = process.env.SM_API_URL ?? 'http://localhost:3000';

/**
 * What loads together, in one file each: what the sign-in page runs; the rules of the sign-in form (zod with them),
 * loaded when it is sent; the signed-in frame; the technician's first page after sign-in. Everything else is split
 * per area as usual.
 */
const LOAD_GROUPS: LoadGroup[] = [
  { name: 'start', from: 'index.html' },
  { name: 'sign-in-rules', from: 'src/features/platform/auth/login-rules.ts' },
  { name: 'frame', from: 'src/features/platform/shell/app-layout.tsx' },
  { name: 'my-work-orders', from: 'src/features/office/work-orders/my-work-orders-page.tsx' },
];

/**
 * The web app: built into `dist`, which the server serves, with a brotli and a gzip copy of each file; in dev, API
 * and hubs are proxied to the server.
 */
export default defineConfig(async ({ command }) => ({
  plugins: [react(), compressedAssets()],
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/hubs': { target: server, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: command === 'build' ? { output: { codeSplitting: { groups: await loadGroups(ROOT, LOAD_GROUPS) } } } : {},
  },
}));
