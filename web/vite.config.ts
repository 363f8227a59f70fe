import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// The local stack (infra/local) serves the API and /config.json on :3000 (or wherever
// DVP_LOCAL_URL says); the dev server proxies to it so the SPA runs on one origin, as behind CloudFront.
const localStack = process.env.DVP_LOCAL_URL ?? 'http://localhost:3000';

/** The npm package a module belongs to ('name' or '@scope/name'); undefined for our own code. */
function packageOf(id: string): string | undefined {
  return /.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1]?.replace('\\', '/');
}

/**
 * Libraries in chunks of their own, shared by every screen that needs them and cached across
 * deployments of our code. A group also takes the packages its modules import (unless an earlier
 * group took them), so naming the top packages is enough. The rest of MUI is left to the automatic
 * split: each grid, chart or date picker goes only with the pages showing it.
 */
const VENDOR_CHUNKS: [name: string, packages: string[]][] = [
  ['react', ['react', 'react-dom', 'scheduler', 'use-sync-external-store']],
  ['amplify-auth', ['aws-amplify', '@aws-amplify/auth', '@aws-amplify/core']],
  ['amplify-ui', ['@aws-amplify/ui', '@aws-amplify/ui-react', '@aws-amplify/ui-react-core']],
];

/**
 * The MUI components the signed-in shell draws (layout/, feedback/, inactivity/, routes/), with the
 * router and SWR: every page comes with the shell, so this is one chunk loaded once after sign-in.
 * Left to the automatic split, the same code was cut into a dozen chunks along which pages import
 * each component, each compressed on its own, and the cuts moved whenever a page changed.
 * The group also takes what these import (the styling engine, ButtonBase, Modal, Popover...).
 */
const SHELL_MUI_COMPONENTS = [
  'styles', 'AppBar', 'Alert', 'Avatar', 'Box', 'Button', 'CircularProgress', 'Collapse', 'CssBaseline',
  'Dialog', 'DialogActions', 'DialogContent', 'DialogContentText', 'DialogTitle', 'Divider', 'Drawer',
  'IconButton', 'Link', 'List', 'ListItemButton', 'ListItemText', 'Menu', 'MenuItem', 'Paper',
  'Snackbar', 'Toolbar', 'Typography',
];
const SHELL_PACKAGES = ['react-router', 'swr'];

function isShellLibrary(id: string): boolean {
  const muiComponent = /[\\/]node_modules[\\/]@mui[\\/]material[\\/]([^\\/]+)[\\/]/.exec(id)?.[1];
  return SHELL_MUI_COMPONENTS.includes(muiComponent ?? '') || SHELL_PACKAGES.includes(packageOf(id) ?? '');
}

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // `npm run size` reads which chunks each entry and page needs from .vite/manifest.json.
    manifest: true,
    // MUI X and Amplify are large; one warning per build is noise, not signal.
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            ...VENDOR_CHUNKS.map(([name, packages], index) => ({
              name,
              test: (id: string) => packages.includes(packageOf(id) ?? ''),
              priority: VENDOR_CHUNKS.length - index + 1,
            })),
            { name: 'signed-in-shell', test: isShellLibrary, priority: 1 },
          ],
        },
      },
    },
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
