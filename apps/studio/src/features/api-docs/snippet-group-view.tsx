import { CodeBlock } from '../../components/ui/code-block.tsx';
import { anchorId } from './docs-location.ts';
import type { Language, SnippetGroup } from './snippets/types.ts';

/** One group of examples in the chosen language; a Bash-less example says so instead. */
export function SnippetGroupView({ group, language }: { group: SnippetGroup; language: Language }) {
  return (
    <section id={anchorId(group.id)} className="scroll-mt-4 space-y-3 border-t border-line pt-6" aria-labelledby={`${anchorId(group.id)}-title`}>
      <h3 id={`${anchorId(group.id)}-title`} className="text-base font-semibold text-fg">
        {group.title}
      </h3>
      {group.description && <p className="text-sm text-fg-muted">{group.description}</p>}
      {group.snippets.map((snippet) => {
        const code = language === 'js' ? snippet.js : snippet.bash;
        return (
          <div key={snippet.id} className="space-y-2" data-testid={`snippet-${snippet.id}`} data-kind={snippet.kind}>
            {(group.snippets.length > 1 || snippet.title !== group.title) && <h4 className="text-sm font-medium text-fg">{snippet.title}</h4>}
            {snippet.description && <p className="text-sm text-fg-muted">{snippet.description}</p>}
            {code !== null ? (
              <CodeBlock code={code} language={language === 'js' ? 'javascript' : 'bash'} />
            ) : (
              <p className="rounded-md border border-dashed border-line-strong px-3 py-2.5 text-sm text-fg-muted">
                Realtime needs a websocket client: this example exists only for the client libraries. Switch to Javascript to see it.
              </p>
            )}
          </div>
        );
      })}
    </section>
  );
}
