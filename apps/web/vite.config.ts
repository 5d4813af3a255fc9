import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { precompress } from './build-plugins/precompress';
import { oneLanguageAtATime } from './build-plugins/one-language';
import { vendorChunk } from './build-plugins/vendor-chunks';

export default defineConfig({
  // The cast only bridges type declarations: the workspace root also holds Vite 8 (for vitest),
  // whose Plugin type the React plugin's declarations pick up; at run time it is this Vite 7.
  plugins: [
    react() as PluginOption,
    oneLanguageAtATime({
      domainCatalogs: path.resolve(import.meta.dirname, '../../packages/domain/src/i18n/index.ts'),
      webCatalogs: path.resolve(import.meta.dirname, 'src/app/catalogs.ts'),
    }),
    precompress(),
  ],
  // In development the API runs on its own port; the built app is served by the API server itself.
  server: { proxy: { '/api': { target: 'http://localhost:3000' } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // zod's sources carry comments Rollup cannot place; it drops them harmlessly, so say nothing.
      onwarn: (warning, warn) => {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/zod/')) return;
        warn(warning);
      },
      output: {
        manualChunks: vendorChunk,
        // Many pages share small pieces (an input, an icon): left alone, each is a file of a few
        // hundred bytes, and a page waits on dozens of requests. Below 20 kB they join a chunk
        // loaded on the same occasions.
        experimentalMinChunkSize: 20_000,
      },
    },
  },
});
