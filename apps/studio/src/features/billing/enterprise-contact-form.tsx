import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, Textarea } from '../../components/ui/input.tsx';
import { useEnterpriseContactMutation } from '../../data/billing/enterprise-contact-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

/** The Enterprise plan is arranged with sales: this files a Sales support ticket for the organisation. */
export function EnterpriseContactForm({ slug }: { slug: string }) {
  const contact = useEnterpriseContactMutation(slug);
  const [isOpen, setIsOpen] = useState(false);
  const [company, setCompany] = useState('');
  const [message, setMessage] = useState('');

  if (contact.isSuccess) {
    return <p className="text-sm text-fg-muted" data-testid="enterprise-contact-sent">Thanks: we have your enquiry (ticket #{contact.data.id}) and will be in touch.</p>;
  }
  if (!isOpen) return <Button onClick={() => setIsOpen(true)}>Contact sales</Button>;
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        contact.mutate({ company, message }, { onError: (error) => toast.error(`Failed to send: ${errorMessage(error)}`) });
      }}
    >
      <Field label="Company">{(props) => <Input {...props} value={company} onChange={(e) => setCompany(e.target.value)} required />}</Field>
      <Field label="What do you need?">{(props) => <Textarea {...props} rows={3} value={message} onChange={(e) => setMessage(e.target.value)} required />}</Field>
      <Button type="submit" variant="primary" isLoading={contact.isPending}>Send enquiry</Button>
    </form>
  );
}
