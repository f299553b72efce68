import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * React Router 7 resolves to its development build under every export condition (remix-run/react-router
 * #12532, #14102), so its dev warnings (and their strings) ship to the browser. Its production build is
 * the same code without them: the browser bundle uses it (0.5 KB gzip less on every page). The dev
 * server, the prerender and the tests keep the package's own resolution, warnings included.
 */
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  publicDir: 'src/web/public',
  resolve: {
    alias: command === 'build' && !isSsrBuild ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    sourcemap: false,
    modulePreload: false,
  },
  server: {
    // npm run dev (scripts/dev.mjs) passes the server's port; 3000 is its default.
    proxy: { '/api': `http://localhost:${process.env.DEV_API_PORT ?? process.env.PORT ?? '3000'}` },
  },
}));
