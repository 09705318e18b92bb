import { Link } from 'react-router';
import { BarChart3, BookOpen, Database, FileCode2, HardDrive, List, Radio, Table2, UsersRound, Zap, type LucideIcon } from 'lucide-react';
import { Feature } from '@plinth/permissions';
import { useHasFeature } from '../../data/permissions/can.ts';

interface ProductLink {
  title: string;
  description: string;
  icon: LucideIcon;
  path: string;
  feature?: Feature;
}

const PRODUCTS: ProductLink[] = [
  { title: 'Table Editor', description: 'View and edit the rows of your tables.', icon: Table2, path: 'editor' },
  { title: 'SQL Editor', description: 'Write, run and save SQL queries.', icon: FileCode2, path: 'sql/1' },
  { title: 'Database', description: 'Tables, functions, triggers, roles and extensions.', icon: Database, path: 'database/tables' },
  { title: 'Authentication', description: 'Users and row level security policies.', icon: UsersRound, path: 'auth/users', feature: Feature.PROJECT_AUTH },
  { title: 'Storage', description: 'Buckets and files, with access policies.', icon: HardDrive, path: 'storage/buckets', feature: Feature.PROJECT_STORAGE },
  { title: 'Edge Functions', description: 'Server-side TypeScript close to your data.', icon: Zap, path: 'functions', feature: Feature.PROJECT_EDGE_FUNCTION },
  { title: 'Realtime', description: 'Listen to database changes and broadcasts.', icon: Radio, path: 'realtime/inspector', feature: Feature.REALTIME },
  { title: 'Logs', description: 'Query the logs of every service with SQL.', icon: List, path: 'logs/explorer' },
  { title: 'Reports', description: 'API, storage and database usage over time.', icon: BarChart3, path: 'reports' },
  { title: 'API Docs', description: 'Generated documentation for your tables.', icon: BookOpen, path: 'api' },
];

function ProductCard({ product, projectRef, slug }: { product: ProductLink; projectRef: string; slug: string }) {
  const hasFeature = useHasFeature(slug, product.feature ?? Feature.PROJECT_AUTH);
  if (product.feature && !hasFeature) return null;
  return (
    <Link
      to={`/project/${projectRef}/${product.path}`}
      className="group flex items-start gap-3 rounded-lg border border-line bg-surface p-4 transition-colors hover:border-line-strong hover:bg-surface-2"
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-surface-3 text-fg-muted group-hover:text-brand">
        <product.icon className="size-4" aria-hidden />
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-medium text-fg">{product.title}</span>
        <span className="mt-0.5 block text-xs text-fg-muted">{product.description}</span>
      </span>
    </Link>
  );
}

export function ProductLinks({ projectRef, slug }: { projectRef: string; slug: string }) {
  return (
    <section aria-labelledby="explore-heading">
      <h2 id="explore-heading" className="mb-3 text-sm font-semibold text-fg">
        Explore your project
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {PRODUCTS.map((product) => (
          <ProductCard key={product.path} product={product} projectRef={projectRef} slug={slug} />
        ))}
      </div>
    </section>
  );
}
