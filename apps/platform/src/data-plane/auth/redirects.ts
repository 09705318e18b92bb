/**
 * Where a flow may send the browser back to: the site URL's origin, or an entry of the project's
 * redirect allow-list. Entries are URLs with wildcards as GoTrue reads them: `*` stands for any run
 * of characters within one host label or path segment (no `.` or `/`), `**` for any run at all.
 * Anything else falls back to the site URL, so a link can never be turned into an open redirect.
 */
import type { AuthConfig } from './context.ts';

const patterns = new Map<string, RegExp>();

function patternOf(entry: string): RegExp {
  let pattern = patterns.get(entry);
  if (!pattern) {
    const body = entry
      .split('**')
      .map((part) => part.split('*').map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^./]*'))
      .join('.*');
    pattern = new RegExp(`^${body}$`);
    if (patterns.size > 1000) patterns.clear();
    patterns.set(entry, pattern);
  }
  return pattern;
}

function parsed(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

export function isAllowedRedirect(config: Pick<AuthConfig, 'siteUrl' | 'redirectAllowList'>, target: string): boolean {
  const url = parsed(target);
  // Only absolute URLs; javascript:, data: and the like never.
  if (!url || !/^[a-z][a-z0-9+.-]*:$/i.test(url.protocol) || ['javascript:', 'data:', 'vbscript:', 'file:'].includes(url.protocol)) return false;
  const site = parsed(config.siteUrl);
  if (site && url.origin === site.origin && url.username === '' && url.password === '') return true;
  return config.redirectAllowList.some((entry) => patternOf(entry).test(target) || (url.href !== target && patternOf(entry).test(url.href)));
}

/** The requested redirect when allowed, else the site URL. */
export function redirectTarget(config: Pick<AuthConfig, 'siteUrl' | 'redirectAllowList'>, requested: string | undefined | null): string {
  return requested && isAllowedRedirect(config, requested) ? requested : config.siteUrl;
}
