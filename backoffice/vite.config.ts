// Served under /admin/ on the shared origin (see supabase/stack/web.ts).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5174, strictPort: true },
});
