import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Paths the reference server answers; `npm run dev` proxies them to it. */
const SERVER = `http://localhost:${process.env.PMS_SERVER_PORT ?? 8080}`;
const proxied = ['/api', '/sso', '/mqtt', '/files', '/runtime-config.json'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: SERVER, ws: p === '/mqtt', changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
  },
});
