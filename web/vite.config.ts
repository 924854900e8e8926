/**
 * Two builds from one config:
 *
 * - `vite build` (client): the public hydration entry and the admin SPA, with a
 *   manifest the Rust server reads to link hashed assets.
 *     dist/client/.vite/manifest.json  key "src/public/main.tsx" = public entry
 *     dist/client/admin.html           the admin SPA document
 *     dist/client/assets/[name]-[hash].{js,css}
 *
 * - `vite build --ssr src/ssr/entry.tsx` (server render): ONE self-contained
 *   script, dist/ssr/entry.js, evaluated by QuickJS inside the `vita` binary.
 *   Everything is bundled (no imports left), React's browser server build is
 *   used, and `process.env.NODE_ENV` is replaced at build time.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const themeInitPath = fileURLToPath(new URL('./src/theme-init.js', import.meta.url));

/** Inlines src/theme-init.js into admin.html's <head>, so the admin and the
 *  public pages (where the Rust server inlines the same file) share one source. */
function themeInitScript(): Plugin {
  return {
    name: 'vita:theme-init',
    transformIndexHtml() {
      return [
        {
          tag: 'script',
          children: readFileSync(themeInitPath, 'utf8').trim(),
          injectTo: 'head',
        },
      ];
    },
  };
}

/** Dev server only: serve admin.html for /admin and /admin/*, as the Rust
 *  server does in production. */
function adminHistoryFallback(): Plugin {
  return {
    name: 'vita:admin-history-fallback',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = req.url ?? '';
        if (/^\/admin(\/[^.]*)?(\?.*)?$/.test(url)) req.url = '/admin.html';
        next();
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root,
  base: '/',
  plugins: [react(), tailwindcss(), themeInitScript(), adminHistoryFallback()],
  define: isSsrBuild ? { 'process.env.NODE_ENV': '"production"' } : {},
  server: {
    // `vita serve` on its default address answers /api during `npm run dev`.
    proxy: { '/api': process.env.VITA_API_URL ?? 'http://127.0.0.1:8080' },
  },
  // Only for the server-render build (tests run in Node with its own resolution).
  ssr: isSsrBuild
    ? {
        // QuickJS has no module loader for npm packages: bundle everything.
        noExternal: true,
        target: 'webworker',
        resolve: {
          conditions: ['browser', 'module', 'import', 'default'],
          externalConditions: ['browser'],
        },
      }
    : {},
  build: isSsrBuild
    ? {
        outDir: 'dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        ssrEmitAssets: false,
        minify: true,
        target: 'es2022',
        rolldownOptions: {
          output: {
            format: 'es',
            entryFileNames: 'entry.js',
            codeSplitting: false,
          },
        },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        rolldownOptions: {
          input: {
            public: fileURLToPath(new URL('./src/public/main.tsx', import.meta.url)),
            admin: fileURLToPath(new URL('./admin.html', import.meta.url)),
          },
        },
      },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    restoreMocks: true,
  },
}));
