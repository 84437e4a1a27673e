// SPEC 1 / 3 / 9: analytics, the advertising pixel and web-vitals monitoring, each only with
// the consent it needs (mayLoad from @podium/shared/consent), and error reports. Events carry
// SPEC 3's fields. They go to window.dataLayer (for a tag manager) and, when an endpoint is
// configured, to a collector; development builds post to the dev server's own collector
// (/__analytics, see vite.config.ts) so a developer can watch them arrive.
import type { CookieConsent } from '@podium/shared/consent';
import { env } from '../env.ts';
import { consentStore } from './consent.ts';

/** SPEC 3, the analytics event fields. */
export interface AnalyticsEventFields {
  artist_id?: string;
  artist_name?: string;
  artist_category?: string;
  order_value?: number;
  search_term?: string;
  results_count?: number;
  category_name?: string;
}

export type AnalyticsEvent = {
  event: string;
  /** 'analytics' events need analytics consent; 'marketing' ones (pixel) need marketing consent. */
  channel: 'analytics' | 'marketing';
  page_path: string;
  timestamp: string;
} & AnalyticsEventFields &
  Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
    /** The advertising pixel's queue (Meta-pixel style). */
    fbq?: ((...args: unknown[]) => void) & { queue?: unknown[][] };
  }
}

function send(event: AnalyticsEvent) {
  window.dataLayer ??= [];
  window.dataLayer.push(event);
  if (!env.analyticsEndpoint) return;
  const body = JSON.stringify(event);
  try {
    if (!navigator.sendBeacon?.(env.analyticsEndpoint, new Blob([body], { type: 'application/json' }))) {
      void fetch(env.analyticsEndpoint, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => undefined);
    }
  } catch {
    // Analytics must never break the page.
  }
}

const base = (event: string, channel: AnalyticsEvent['channel']) => ({ event, channel, page_path: window.location.pathname, timestamp: new Date().toISOString() });

/** An analytics event with SPEC 3's fields; dropped without analytics consent. */
export function track(event: string, fields: AnalyticsEventFields & Record<string, unknown> = {}) {
  if (!consentStore.mayLoad('analytics')) return;
  send({ ...fields, ...base(event, 'analytics') });
}

/** A conversion for the advertising pixel; dropped without marketing consent. */
export function trackConversion(event: string, fields: AnalyticsEventFields = {}) {
  if (!consentStore.mayLoad('pixel')) return;
  window.fbq?.('track', event, fields);
  send({ ...fields, ...base(event, 'marketing') });
}

/** Errors are reported to the analytics service (with analytics consent; no personal data). */
export function reportError(error: unknown, context: { fatal?: boolean; source?: string } = {}) {
  const description = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  track('exception', { description: description.slice(0, 500), fatal: context.fatal ?? false, source: context.source ?? 'window' });
}

let vitalsStarted = false;
let pixelStarted = false;

function startWebVitals() {
  if (vitalsStarted) return;
  vitalsStarted = true;
  void import('web-vitals').then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
    const report = (metric: { name: string; value: number; rating: string; id: string }) =>
      track('web_vital', { metric_name: metric.name, metric_value: Math.round(metric.value * 1000) / 1000, metric_rating: metric.rating, metric_id: metric.id });
    onCLS(report);
    onFCP(report);
    onINP(report);
    onLCP(report);
    onTTFB(report);
  });
}

function startPixel() {
  if (pixelStarted) return;
  pixelStarted = true;
  const queue: unknown[][] = [];
  const fbq = Object.assign((...args: unknown[]) => void queue.push(args), { queue });
  window.fbq = fbq;
  fbq('init', env.pixelId ?? 'local');
  fbq('track', 'PageView');
  send({ ...base('pixel_page_view', 'marketing') });
  if (env.pixelId) {
    const script = document.createElement('script');
    script.async = true;
    script.src = 'https://connect.facebook.net/nl_NL/fbevents.js';
    document.head.append(script);
  }
}

function apply(consent: CookieConsent | null) {
  if (consent?.analytics) startWebVitals();
  if (consent?.marketing) startPixel();
}

/** Follows the consent: trackers start the moment it is given (and never before), errors are reported. */
export function startAnalytics() {
  apply(consentStore.getSnapshot());
  consentStore.subscribe(() => apply(consentStore.getSnapshot()));
  window.addEventListener('error', (event) => reportError(event.error ?? event.message, { source: 'window' }));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason, { source: 'promise' }));
}

/** A page view per route (analytics consent). */
export function trackPageView(path: string) {
  track('page_view', { page: path });
}
