import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// The local stack (infra/local) serves the API and /config.json on :3000 (or wherever
// DVP_LOCAL_URL says); the dev server proxies to it so the SPA runs on one origin, as behind CloudFront.
const localStack = process.env.DVP_LOCAL_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // MUI X and Amplify are large; one warning per build is noise, not signal.
    chunkSizeWarningLimit: 4000,
  },
  server: {
    // shared/ sits outside the web root and is imported directly.
    fs: { allow: [repoRoot] },
    proxy: {
      '/api': { target: localStack, changeOrigin: true },
      '/config.json': { target: localStack, changeOrigin: true },
    },
  },
});
