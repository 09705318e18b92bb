import { useState } from 'react';
import type { Language } from './snippets/types.ts';

const STORAGE_KEY = 'plinth.api-docs.language';

function stored(): Language {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'bash' ? 'bash' : 'js';
  } catch {
    return 'js';
  }
}

/** The snippet language is a lasting preference; 'Show keys' is not (keys stay hidden by default). */
export function useDocsLanguage(): [Language, (language: Language) => void] {
  const [language, setLanguage] = useState<Language>(stored);
  return [
    language,
    (next) => {
      setLanguage(next);
      try {
        localStorage.setItem(STORAGE_KEY, next);
      } catch {
        // Private mode: the choice just lasts for this visit.
      }
    },
  ];
}
