import { useEffect, useRef, useState } from 'react';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { DocsContent } from './docs-content.tsx';
import { visibleSections, type DocsLocation } from './docs-location.ts';
import { DocsNav } from './docs-nav.tsx';
import { anchorsOf } from './docs-outline.ts';
import { useDocsData } from './use-docs-data.ts';
import { useDocsLanguage } from './use-docs-language.ts';

interface ApiDocsViewProps {
  projectRef: string;
  location: DocsLocation;
  onNavigate: (location: DocsLocation) => void;
  className?: string;
}

/** The API docs, two panes: the dialog and the /project/{ref}/api page both render this. */
export function ApiDocsView({ projectRef, location, onNavigate, className }: ApiDocsViewProps) {
  const [language, setLanguage] = useDocsLanguage();
  // Keys stay out of the examples until asked for: screens get shared.
  const [showKeys, setShowKeys] = useState(false);
  const data = useDocsData(projectRef, showKeys);
  const contentRef = useRef<HTMLDivElement>(null);
  // Braces matter: newer browsers return a promise from scrollTo, which React would take for a cleanup.
  useEffect(() => {
    contentRef.current?.scrollTo({ top: 0 });
  }, [location.section, location.item]);

  // A section this member may not see (an old link) falls back to Connect.
  const isVisible = visibleSections(data.features).some((section) => section.id === location.section);
  const shown: DocsLocation = isVisible || !data.slug ? location : { section: 'connect', item: null };
  const anchors = anchorsOf(shown, data.context, { source: data.openApi.data, buckets: data.buckets.data, edgeFunctions: data.edgeFunctions.data });

  return (
    <div className={cn('flex min-h-0 w-full', className)} data-testid="api-docs" data-language={language} data-section={shown.section}>
      <DocsNav
        projectRef={projectRef}
        data={data}
        location={shown}
        anchors={anchors}
        language={language}
        onLanguageChange={setLanguage}
        showKeys={showKeys}
        onShowKeysChange={setShowKeys}
        onNavigate={onNavigate}
      />
      <div ref={contentRef} className="min-h-0 min-w-0 flex-1 overflow-y-auto">
        <div className="mx-auto max-w-3xl space-y-6 px-8 py-8">
          {data.settings.isError ? (
            <ErrorState error={data.settings.error} title="Failed to retrieve API keys" onRetry={() => void data.settings.refetch()} />
          ) : !data.hasKeys ? (
            <LoadingArea label="Loading API keys" />
          ) : (
            <DocsContent projectRef={projectRef} data={data} language={language} location={shown} onNavigate={onNavigate} />
          )}
        </div>
      </div>
    </div>
  );
}
