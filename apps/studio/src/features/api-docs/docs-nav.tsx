import { ArrowLeft, Eye, EyeOff, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Select } from '../../components/ui/input.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { cn } from '../../lib/cn.ts';
import { anchorId, DOCS_SECTIONS, visibleSections, type DocsLocation } from './docs-location.ts';
import type { Anchor } from './docs-outline.ts';
import type { Language } from './snippets/types.ts';
import type { DocsData } from './use-docs-data.ts';

const LANGUAGES = [
  { value: 'js', label: 'Javascript' },
  { value: 'bash', label: 'Bash' },
] as const;

export const GUIDE_LINKS = [
  { label: 'GraphQL guide', href: 'https://supabase.com/docs/guides/graphql' },
  { label: 'Docs', href: 'https://supabase.com/docs' },
  { label: 'REST guide', href: 'https://supabase.com/docs/guides/api' },
] as const;

interface DocsNavProps {
  projectRef: string;
  data: DocsData;
  location: DocsLocation;
  anchors: Anchor[];
  language: Language;
  onLanguageChange: (language: Language) => void;
  showKeys: boolean;
  onShowKeysChange: (showKeys: boolean) => void;
  onNavigate: (location: DocsLocation) => void;
}

function scrollTo(id: string) {
  document.getElementById(anchorId(id))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

function AnchorList({ anchors }: { anchors: Anchor[] }) {
  return (
    <ul className="mt-1 space-y-0.5 border-l border-line pl-3" data-testid="docs-anchors">
      {anchors.map((anchor) => (
        <li key={anchor.id}>
          <button type="button" onClick={() => scrollTo(anchor.id)} className="w-full truncate rounded px-2 py-1 text-left text-xs text-fg-muted hover:bg-surface-3 hover:text-fg">
            {anchor.title}
          </button>
        </li>
      ))}
    </ul>
  );
}

const ITEM_KINDS: Partial<Record<DocsLocation['section'], string>> = { entities: 'table', 'stored-procedures': 'function', storage: 'bucket', 'edge-functions': 'edge function' };

/** Items of a section that opens detail pages (tables, functions, buckets, edge functions by slug). */
function itemsOf(data: DocsData, location: DocsLocation): string[] {
  if (location.section === 'entities') return data.openApi.data?.tables.map((table) => table.name) ?? [];
  if (location.section === 'stored-procedures') return data.openApi.data?.functions.map((fn) => fn.name) ?? [];
  if (location.section === 'storage') return data.buckets.data?.map((bucket) => bucket.id) ?? [];
  if (location.section === 'edge-functions') return data.edgeFunctions.data?.map((fn) => fn.slug) ?? [];
  return [];
}

/** The left pane: 'API Docs', language and key switches, sections (or an item's back/switch), links. */
export function DocsNav({ projectRef, data, location, anchors, language, onLanguageChange, showKeys, onShowKeysChange, onNavigate }: DocsNavProps) {
  const items = itemsOf(data, location);
  const sectionTitle = DOCS_SECTIONS.find((section) => section.id === location.section)?.title ?? '';
  return (
    <aside className="flex w-64 shrink-0 flex-col border-r border-line bg-surface-2/40" aria-label="API Docs navigation">
      <div className="space-y-3 border-b border-line p-4">
        <h2 className="text-base font-semibold text-fg">API Docs</h2>
        <div className="flex flex-wrap items-center gap-2">
          <SegmentedControl label="Language" options={LANGUAGES} value={language} onChange={onLanguageChange} />
          <Button size="sm" variant="outline" icon={showKeys ? <EyeOff className="size-3.5" /> : <Eye className="size-3.5" />} onClick={() => onShowKeysChange(!showKeys)} aria-pressed={showKeys} data-testid="docs-show-keys">
            {showKeys ? 'Hide keys' : 'Show keys'}
          </Button>
        </div>
      </div>
      <nav className="min-h-0 flex-1 overflow-y-auto p-3" aria-label="Sections">
        {location.item ? (
          <div className="space-y-3">
            <Button size="sm" variant="ghost" icon={<ArrowLeft className="size-3.5" />} onClick={() => onNavigate({ section: location.section, item: null })} data-testid="docs-back">
              {sectionTitle}
            </Button>
            <Select aria-label={`Switch ${ITEM_KINDS[location.section] ?? 'item'}`} value={location.item} onChange={(e) => onNavigate({ section: location.section, item: e.target.value })} className="h-8 font-mono text-xs" data-testid="docs-item-select">
              {!items.includes(location.item) && <option value={location.item}>{location.item}</option>}
              {items.map((item) => (
                <option key={item} value={item}>
                  {item}
                </option>
              ))}
            </Select>
            <AnchorList anchors={anchors} />
          </div>
        ) : (
          <ul className="space-y-0.5">
            {visibleSections(data.features).map((section) => {
              const isCurrent = section.id === location.section;
              return (
                <li key={section.id}>
                  <button
                    type="button"
                    aria-current={isCurrent ? 'page' : undefined}
                    onClick={() => onNavigate({ section: section.id, item: null })}
                    className={cn('w-full rounded-md px-2 py-1.5 text-left text-sm', isCurrent ? 'bg-surface-3 font-medium text-fg' : 'text-fg-muted hover:bg-surface-3 hover:text-fg')}
                  >
                    {section.title}
                  </button>
                  {isCurrent && anchors.length > 0 && <AnchorList anchors={anchors} />}
                  {isCurrent && items.length > 0 && (
                    <ul className="mt-1 space-y-0.5 border-l border-line pl-3">
                      {items.map((item) => (
                        <li key={item}>
                          <button type="button" onClick={() => onNavigate({ section: section.id, item })} className="w-full truncate rounded px-2 py-1 text-left font-mono text-xs text-fg-muted hover:bg-surface-3 hover:text-fg">
                            {item}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </nav>
      <ul className="space-y-0.5 border-t border-line p-3 text-xs" aria-label="More resources">
        <li>
          <Link to={`/project/${projectRef}/api/graphiql`} className="flex items-center gap-2 rounded px-2 py-1 text-fg-muted hover:bg-surface-3 hover:text-fg">
            GraphiQL
          </Link>
        </li>
        {GUIDE_LINKS.map((link) => (
          <li key={link.label}>
            <a href={link.href} target="_blank" rel="noreferrer" className="flex items-center justify-between gap-2 rounded px-2 py-1 text-fg-muted hover:bg-surface-3 hover:text-fg">
              {link.label}
              <ExternalLink className="size-3" aria-hidden />
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}
