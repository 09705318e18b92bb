import { useEffect, useState } from 'react';
import type { Theme } from '@plinth/api-contract';
import { useSessionQuery } from '../../data/auth/session-query.ts';
import { usePreferencesQuery } from '../../data/preferences/preferences-query.ts';

/** The last theme applied, so the next load paints in it before the preferences arrive. */
const THEME_CACHE_KEY = 'plinth.theme';
const PREFERS_LIGHT = '(prefers-color-scheme: light)';

function resolve(theme: Theme): 'light' | 'dark' {
  if (theme !== 'system') return theme;
  return window.matchMedia(PREFERS_LIGHT).matches ? 'light' : 'dark';
}

function apply(theme: Theme): void {
  document.documentElement.dataset.theme = resolve(theme);
}

/** Called once before the first render: the cached theme, so there is no flash of the other one. */
export function applyCachedTheme(): void {
  const cached = localStorage.getItem(THEME_CACHE_KEY);
  apply(cached === 'light' || cached === 'dark' || cached === 'system' ? cached : 'dark');
}

/**
 * Mounted once at the root: applies the signed-in person's theme preference (stored on the server, so
 * it follows them to any browser) and follows the operating system's setting while it is 'system'.
 */
export function ThemeSync() {
  const session = useSessionQuery();
  const preferences = usePreferencesQuery(!!session.data);
  const theme = preferences.data?.theme;
  const [systemChanges, setSystemChanges] = useState(0);

  useEffect(() => {
    const media = window.matchMedia(PREFERS_LIGHT);
    const onChange = () => setSystemChanges((n) => n + 1);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    if (!theme) return;
    apply(theme);
    localStorage.setItem(THEME_CACHE_KEY, theme);
  }, [theme, systemChanges]);
  return null;
}
