import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `vite dev` finds the API server; SM_API_URL overrides the default port 3000. */
const server = process.env.SM_API_URL ?? 'http://localhost:3000';

/** The web app: built into `dist`, which the server serves; in dev, API and hubs are proxied to the server. */
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/hubs': { target: server, changeOrigin: true, ws: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 800 },
});
