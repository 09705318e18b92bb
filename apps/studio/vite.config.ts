import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const platform = process.env.PLINTH_DEV_PLATFORM ?? 'http://localhost:8000';

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every product area is its own chunk; the entry holds only the router, auth and query client.
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: platform, changeOrigin: true },
      '/auth': { target: platform, changeOrigin: true },
      '/p/': { target: platform, changeOrigin: true, ws: true },
    },
  },
});
