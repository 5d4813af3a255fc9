import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

export default defineConfig({
  // The cast only bridges type declarations: the workspace root also holds Vite 8 (for vitest),
  // whose Plugin type the React plugin's declarations pick up; at run time it is this Vite 7.
  plugins: [react() as PluginOption],
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
        // Libraries change less often than our code: separate files stay cached across releases.
        manualChunks: (id) => {
          if (!id.includes('node_modules')) return undefined;
          if (id.includes('@mantine')) return 'mantine';
          if (id.includes('@tanstack')) return 'tanstack';
          return 'vendor';
        },
      },
    },
  },
});
