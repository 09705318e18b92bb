import { Lock } from 'lucide-react';

const LEARN_MORE_URL = 'https://supabase.com/docs/guides/database/overview#reserved-schemas';

/**
 * Shown on a locked (platform-managed) schema. The spec's wording names the table editor; `area`
 * lets other pages say what is read-only there.
 */
export function ProtectedSchemaNotice({ schema, area = 'the table editor' }: { schema: string; area?: string }) {
  return (
    <div role="note" className="flex items-start gap-3 rounded-lg border border-warning/30 bg-warning/5 px-4 py-3 text-sm" data-testid="protected-schema-notice" data-schema={schema}>
      <Lock className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <p className="min-w-0 text-fg-muted">
        <span className="font-medium text-fg">Viewing protected schema.</span> This schema is managed by the provider and is read-only
        through {area}.{' '}
        <a href={LEARN_MORE_URL} target="_blank" rel="noreferrer" className="text-brand underline-offset-2 hover:underline">
          Learn more
        </a>
      </p>
    </div>
  );
}
