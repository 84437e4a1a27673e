// The BANDS screens load as one chunk, from one import in the route table: its list of chunks
// to preload is written into the first page load once, not once per screen.
export { default as BandsDashboardPage } from './BandsDashboardPage.tsx';
export { default as LeaderboardPage } from './LeaderboardPage.tsx';
