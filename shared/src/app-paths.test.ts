import { describe, expect, it } from 'vitest';
import { appServing } from './app-paths.ts';

describe('appServing', () => {
  it.each([
    ['/', 'storefront'],
    ['/messages?c=1', 'storefront'],
    ['/artists/the-band', 'storefront'],
    ['/reviews/booking/1', 'storefront'],
    ['/administratie', 'storefront'],
    ['/admin', 'backoffice'],
    ['/admin/bookings/1', 'backoffice'],
    ['/dashboard/artist', 'artist-portal'],
    ['/dashboard/artist/berichten?c=1', 'artist-portal'],
    ['/dashboard/artist/', 'artist-portal'],
    ['/artist-onboarding/step-2', 'artist-portal'],
    ['/reviews/artist', 'artist-portal'],
    ['/reviews/artist#top', 'artist-portal'],
  ] as const)('%s is served by the %s', (path, app) => {
    expect(appServing(path)).toBe(app);
  });
});
