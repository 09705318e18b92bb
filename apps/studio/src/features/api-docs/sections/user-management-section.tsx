import { DocsHeader } from '../docs-article.tsx';
import { SnippetGroupView } from '../snippet-group-view.tsx';
import { authSnippetGroups } from '../snippets/auth-snippets.ts';
import type { SectionProps } from './section-props.ts';

export function UserManagementSection({ data, language }: SectionProps) {
  return (
    <>
      <DocsHeader
        title="User Management"
        description={
          <p>
            Sign your users up and in, and manage their sessions, through the project's auth API at <code className="font-mono text-xs text-fg">{data.url}/auth/v1</code>.
            Requests made with a user's access token run as the authenticated role, so your Row Level Security policies decide what they see.
            While no SMTP server is set, the emails these calls send (links and codes) arrive in Authentication &gt; Mail Inbox.
          </p>
        }
      />
      {authSnippetGroups(data.context).map((group) => (
        <SnippetGroupView key={group.id} group={group} language={language} />
      ))}
    </>
  );
}
