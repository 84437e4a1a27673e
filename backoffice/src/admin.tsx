// The back office with its data provider (react-admin, ra-supabase and MUI), loaded by main.tsx
// for every path but the login screen.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { AuthProvider } from 'react-admin';
import { App } from './App.tsx';
import { env } from './env.ts';
import { createCoverUploader } from './providers/coverUpload.ts';
import { createDataProvider } from './providers/dataProvider.ts';
import { supabase } from './supabase.ts';

const dataProvider = createDataProvider({
  client: supabase,
  url: env.supabaseUrl,
  anonKey: env.supabaseAnonKey,
  uploadCover: createCoverUploader(supabase as unknown as SupabaseClient, env.supabaseUrl, env.supabaseAnonKey),
});

export function BackOffice({ authProvider }: { authProvider: AuthProvider }) {
  return <App authProvider={authProvider} dataProvider={dataProvider} basename={env.basePath} supabaseUrl={env.supabaseUrl} live={supabase} />;
}
