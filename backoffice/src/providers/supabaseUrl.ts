import { createContext, useContext } from 'react';

/** The Supabase URL, for building storage image URLs in screens. */
export const SupabaseUrlContext = createContext('');
export const useSupabaseUrl = () => useContext(SupabaseUrlContext);
