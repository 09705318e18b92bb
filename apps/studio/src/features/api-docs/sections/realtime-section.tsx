import { DocsHeader } from '../docs-article.tsx';
import { SnippetGroupView } from '../snippet-group-view.tsx';
import { realtimeGroups } from '../snippets/realtime-snippets.ts';
import type { SectionProps } from './section-props.ts';

export function RealtimeSection({ data, language }: SectionProps) {
  return (
    <>
      <DocsHeader
        title="Realtime"
        description={
          <>
            <p>
              Realtime connects clients over a websocket on named channels: listen to database changes (inserts, updates and deletes arrive
              as they are committed, filtered by what the subscriber's role may read), broadcast messages between clients, and share who is
              online with presence. Watch a channel live in the Realtime Inspector.
            </p>
            <p data-testid="realtime-cleanup-note">
              Remove channels you no longer need. Automatic cleanup occurs 30 seconds after a client disconnects.
            </p>
          </>
        }
      />
      {realtimeGroups(data.context).map((group) => (
        <SnippetGroupView key={group.id} group={group} language={language} />
      ))}
    </>
  );
}
