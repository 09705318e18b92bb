import type { DocsLocation } from '../docs-location.ts';
import type { DocsData } from '../use-docs-data.ts';
import type { Language } from '../snippets/types.ts';

export interface SectionProps {
  projectRef: string;
  data: DocsData;
  language: Language;
  location: DocsLocation;
  onNavigate: (location: DocsLocation) => void;
}
