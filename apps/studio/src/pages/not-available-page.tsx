import { NotAvailable } from '../components/ui/not-available.tsx';

export function NotAvailablePage({ title }: { title: string }) {
  return <NotAvailable title={title} />;
}
