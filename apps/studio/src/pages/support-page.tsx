import { PageShell } from '../components/layouts/page-shell.tsx';
import { PageContainer, PageHeader } from '../components/ui/page-header.tsx';
import { SupportForm } from '../features/support/support-form.tsx';
import { SupportTickets } from '../features/support/support-tickets.tsx';

export default function SupportPage() {
  return (
    <PageShell crumbs={[{ label: 'Support' }]}>
      <PageContainer size="narrow">
        <PageHeader title="Contact support" description="The administrators of this Plinth installation receive your request." />
        <div className="space-y-10">
          <SupportForm />
          <section aria-labelledby="tickets-heading" className="space-y-3">
            <h2 id="tickets-heading" className="text-sm font-semibold text-fg">
              Your support tickets
            </h2>
            <SupportTickets />
          </section>
        </div>
      </PageContainer>
    </PageShell>
  );
}
