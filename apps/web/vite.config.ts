import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

export default defineConfig({
  // The cast only bridges type declarations: the workspace root also holds Vite 8 (for vitest),
  // whose Plugin type the React plugin's declarations pick up; at run time it is this Vite 7.
  plugins: [react() as PluginOption],
  // In development the API runs on its own port; the built app is served by the API server itself.
  server: { proxy: { '/api': { target: 'http://localhost:3000' } } },
  build: { outDir: 'dist', emptyOutDir: true },
});
