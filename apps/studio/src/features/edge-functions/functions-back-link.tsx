import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

export function FunctionsBackLink({ projectRef }: { projectRef: string }) {
  return (
    <Link to={`/project/${projectRef}/functions`} className="inline-flex items-center gap-1 text-xs text-fg-muted hover:text-fg" data-testid="functions-back-link">
      <ArrowLeft className="size-3" aria-hidden />
      Edge Functions
    </Link>
  );
}
