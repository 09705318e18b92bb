import { useState } from 'react';
import { toast } from 'sonner';
import type { Subscription } from '@plinth/api-contract';
import { Field, Input, Textarea } from '../../components/ui/input.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { usePaymentMethodMutation } from '../../data/billing/payment-method-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { GatedButton } from './gated-button.tsx';

/** The manual/invoice provider: who the operator invoices. No card is taken by Plinth. */
export function PaymentMethodPanel({ slug, subscription, gateReason }: { slug: string; subscription: Subscription; gateReason: string | null }) {
  const save = usePaymentMethodMutation(slug);
  const details = subscription.payment_method?.details;
  const [email, setEmail] = useState(details?.billing_email ?? '');
  const [address, setAddress] = useState(details?.billing_address ?? '');
  const [purchaseOrder, setPurchaseOrder] = useState(details?.purchase_order ?? '');
  return (
    <Panel
      title="Payment method"
      description={subscription.payment_method ? subscription.payment_method.summary : 'Paid plans are invoiced: add where invoices go.'}
      testId="payment-method-panel"
    >
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { provider: 'manual', details: { billing_email: email, billing_address: address || null, purchase_order: purchaseOrder || null } },
            { onSuccess: () => toast.success('Successfully saved payment method'), onError: (error) => toast.error(`Failed to save payment method: ${errorMessage(error)}`) },
          );
        }}
      >
        <Field label="Billing email">{(props) => <Input {...props} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />}</Field>
        <Field label="Billing address" aside="Optional">{(props) => <Textarea {...props} rows={2} value={address} onChange={(e) => setAddress(e.target.value)} />}</Field>
        <Field label="Purchase order" aside="Optional">{(props) => <Input {...props} value={purchaseOrder} onChange={(e) => setPurchaseOrder(e.target.value)} />}</Field>
        <div className="flex justify-end">
          <GatedButton type="submit" variant="primary" reason={gateReason} isLoading={save.isPending}>Save payment method</GatedButton>
        </div>
      </form>
    </Panel>
  );
}
