// The storefront owns every path the other two apps do not claim (see supabase/stack/web.ts).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/',
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
});
