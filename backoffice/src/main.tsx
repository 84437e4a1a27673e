import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { SupabaseClient } from '@supabase/supabase-js';
import { App } from './App.tsx';
import { env } from './env.ts';
import { createAuthProvider } from './providers/authProvider.ts';
import { createCoverUploader } from './providers/coverUpload.ts';
import { createDataProvider } from './providers/dataProvider.ts';
import { supabase } from './supabase.ts';

const authProvider = createAuthProvider({ client: supabase, leave: (path) => window.location.replace(path) });
const dataProvider = createDataProvider({
  client: supabase,
  url: env.supabaseUrl,
  anonKey: env.supabaseAnonKey,
  uploadCover: createCoverUploader(supabase as unknown as SupabaseClient, env.supabaseUrl, env.supabaseAnonKey),
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App authProvider={authProvider} dataProvider={dataProvider} basename={env.basePath} supabaseUrl={env.supabaseUrl} />
  </StrictMode>,
);
