import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { workspaceAliases } from '../../tools/workspace-aliases.mjs';

const consoleRoot = fileURLToPath(new URL('.', import.meta.url));
const apiServer = 'http://localhost:3000';

export default defineConfig({
  root: consoleRoot,
  // The console is served under /ui/ (spec: asset base path), so lazy chunks must load from there too.
  base: '/ui/',
  plugins: [react()],
  resolve: { alias: workspaceAliases() },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/socket.io': { target: apiServer, ws: true, changeOrigin: true },
    },
  },
});
