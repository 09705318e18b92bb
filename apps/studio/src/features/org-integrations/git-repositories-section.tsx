import { GitBranch } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';

/** Connecting Git repositories comes with database branching (a later release); said plainly, never faked. */
export function GitRepositoriesSection() {
  return (
    <section className="space-y-4" aria-labelledby="git-repositories-title" data-testid="git-repositories-not-available">
      <div>
        <h2 id="git-repositories-title" className="text-base font-semibold text-fg">Git repositories</h2>
        <p className="text-sm text-fg-muted">Connect a repository to create a branch database for each Git branch.</p>
      </div>
      <EmptyState icon={<GitBranch />} title="Not available yet" description="Git repository connections arrive with database branching in an upcoming Plinth release." />
    </section>
  );
}
