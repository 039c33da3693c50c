import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * The shared UI kit's modules only define components (forwardRef calls Rollup cannot prove pure): marked free of
 * side effects, importing one component from the '@/components/ui' barrel no longer pulls the whole kit (selects,
 * popovers, date formatting) into the chunk, which keeps the public pages' first script small.
 */
function sideEffectFreeUiKit(): Plugin {
  return {
    name: 'side-effect-free-ui-kit',
    transform(_code, id) {
      if (/[\\/]src[\\/]components[\\/]ui[\\/][^\\/]+\.tsx?$/.test(id) && !id.includes('.test.')) return { code: _code, map: null, moduleSideEffects: false };
      return null;
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), sideEffectFreeUiKit()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/prerender.mjs links each prerendered page's own chunks from it.
    manifest: true,
  },
});
