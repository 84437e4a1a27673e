// The portal's client for the data modules: app/services.ts, imported on first use (it is loaded
// with the frame by then), so the pure rules beside the reads load and are tested without supabase-js.
export const portalClient = async () => (await import('./services.ts')).supabase;
