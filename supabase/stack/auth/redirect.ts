// Redirect targets, decided as GoTrue's utilities.IsRedirectURLValid does: the site URL's own
// origin (any port on loopback hosts), any loopback IP, or a match in the allow-list, whose
// globs use '.' and '/' as separators ('*' stays within a segment, '**' crosses them).

const globCache = new Map<string, RegExp>();

export function globToRegExp(pattern: string): RegExp {
  const cached = globCache.get(pattern);
  if (cached) return cached;
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i] as string;
    if (char === '*') {
      if (pattern[i + 1] === '*') {
        source += '.*';
        i += 1;
      } else {
        source += '[^./]*';
      }
    } else if (char === '?') {
      source += '[^./]';
    } else if (char === '{') {
      const end = pattern.indexOf('}', i);
      if (end === -1) {
        source += '\\{';
      } else {
        const options = pattern
          .slice(i + 1, end)
          .split(',')
          .map(escapeRegExp);
        source += `(?:${options.join('|')})`;
        i = end;
      }
    } else {
      source += escapeRegExp(char);
    }
  }
  const regexp = new RegExp(`^${source}$`);
  globCache.set(pattern, regexp);
  return regexp;
}

function escapeRegExp(text: string) {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

function isLoopbackHost(hostname: string) {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

const ipv4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const decimalIp = /^\d+$/;
const regularHostname = /^[a-zA-Z0-9-._]+$/;

export interface RedirectConfig {
  siteUrl: string;
  additionalRedirectUrls: string[];
}

export function isRedirectURLValid(config: RedirectConfig, redirectUrl: string | undefined | null): boolean {
  if (!redirectUrl) return false;
  let base: URL;
  let target: URL;
  try {
    base = new URL(config.siteUrl);
    target = new URL(redirectUrl);
  } catch {
    return false;
  }
  if (
    !decimalIp.test(/^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?([^/?#:]*)/i.exec(redirectUrl)?.[1] ?? '') &&
    base.hostname === target.hostname &&
    base.protocol === target.protocol &&
    (base.port === target.port || isLoopbackHost(target.hostname))
  ) {
    return true;
  }
  const isHTTP = target.protocol === 'http:' || target.protocol === 'https:';
  const hostname = target.hostname.replace(/^\[|\]$/g, '');
  // WHATWG URLs normalise "http://2130706433/" to 127.0.0.1; Go (and so GoTrue) sees the decimal form.
  const rawHost = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?([^/?#:]*)/i.exec(redirectUrl)?.[1] ?? hostname;
  if (decimalIp.test(hostname) || decimalIp.test(rawHost)) return false;
  if (ipv4.test(hostname) || hostname.includes(':')) return isLoopbackHost(hostname);
  if (isHTTP && !regularHostname.test(hostname)) return false;
  const withoutFragment = redirectUrl.split('#')[0] ?? redirectUrl;
  return config.additionalRedirectUrls.some((pattern) => globToRegExp(pattern).test(withoutFragment));
}

/** The redirect target to use: the requested one when allowed, else the Referer when allowed, else the site URL. */
export function resolveRedirect(config: RedirectConfig, requested: string | undefined | null, referer?: string): string {
  if (isRedirectURLValid(config, requested)) return requested as string;
  if (isRedirectURLValid(config, referer)) return referer as string;
  return config.siteUrl;
}
