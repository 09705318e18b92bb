import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { limits, PLAN_NAMES, PLAN_PRICES, type Plan } from '@plinth/plans';
import { toast } from 'sonner';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field, Input, Select } from '../../components/ui/input.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { useOrganizationCreateMutation } from '../../data/organizations/organization-create-mutation.ts';
import { errorMessage, isApiError } from '../../lib/api.ts';
import { slugify } from '../../lib/format.ts';

const SLUG = /^[a-z0-9][a-z0-9-]*$/;

/** Plans an organization can start on here; Enterprise goes through the contact form on the billing page. */
const STARTING_PLANS = ['free', 'pro', 'team'] as const satisfies readonly Plan[];
type StartingPlan = (typeof STARTING_PLANS)[number];

const PLAN_DESCRIPTION = `The Free plan allows ${limits('free').freeProjectLimit} active free projects per owner or administrator. Paid plans are invoiced by the operator of this Plinth.`;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Values {
  name: string;
  slug: string;
  plan: StartingPlan;
  billingEmail: string;
}
type Errors = Partial<Record<keyof Values, string>>;

function validate({ name, slug, plan, billingEmail }: Values): Errors {
  const errors: Errors = {};
  if (plan !== 'free' && !EMAIL.test(billingEmail.trim())) errors.billingEmail = 'Please provide the email address invoices go to';
  if (!name.trim()) errors.name = 'Please provide an organization name';
  else if (name.trim().length > 64) errors.name = 'Organization name must be at most 64 characters';
  if (slug) {
    if (slug.length > 64) errors.slug = 'The slug must be at most 64 characters';
    else if (!SLUG.test(slug)) errors.slug = 'Use lowercase letters, digits and hyphens only.';
  }
  return errors;
}

export function OrganizationCreateForm() {
  const navigate = useNavigate();
  const create = useOrganizationCreateMutation();
  const [values, setValues] = useState<Values>({ name: '', slug: '', plan: 'free', billingEmail: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const local = validate(values);
  // A server answer (e.g. slug taken) shows until the field changes; local rules still apply.
  const errors: Errors = { name: local.name ?? serverErrors.name, slug: local.slug ?? serverErrors.slug, billingEmail: local.billingEmail };
  const suggestedSlug = slugify(values.name);

  function set(field: keyof Values, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ name: true, slug: true, billingEmail: true });
    if (Object.values(validate(values)).some(Boolean)) return;
    const paymentMethod =
      values.plan === 'free' ? undefined : { provider: 'manual' as const, details: { billing_email: values.billingEmail.trim(), billing_address: null, purchase_order: null } };
    create.mutate(
      { name: values.name.trim(), slug: values.slug || undefined, plan: values.plan, payment_method: paymentMethod },
      {
        onSuccess: (organization) => {
          toast.success(`Successfully created organization ${organization.name}`);
          navigate(`/new/${organization.slug}`);
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'slug_taken') {
            setServerErrors({ slug: error.message });
            setTouched((current) => ({ ...current, slug: true }));
          }
          toast.error(`Failed to create organization: ${errorMessage(error)}`);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Create an organization">
      <Panel
        title="Create a new organization"
        description="Organizations are a way to group your projects. Each organization can be configured with different team members."
        footer={
          <>
            <ButtonLink to="/projects" variant="outline">
              Cancel
            </ButtonLink>
            <Button type="submit" variant="primary" isLoading={create.isPending} data-testid="create-organization">
              Create organization
            </Button>
          </>
        }
      >
        <div className="space-y-5">
          <Field label="Name" error={touched.name ? errors.name : null} description="What's the name of your company or team?">
            {(props) => (
              <Input
                {...props}
                name="name"
                placeholder="Organization name"
                autoFocus
                value={values.name}
                onChange={(e) => set('name', e.target.value)}
                onBlur={() => setTouched((t) => ({ ...t, name: true }))}
              />
            )}
          </Field>
          <Field
            label="Slug"
            aside="Optional"
            error={touched.slug ? errors.slug : null}
            description={
              <>
                Used in URLs: <span className="font-mono">/org/{values.slug || suggestedSlug || 'your-organization'}</span>. Leave empty to derive it from the name.
              </>
            }
          >
            {(props) => (
              <Input
                {...props}
                name="slug"
                placeholder={suggestedSlug || 'my-organization'}
                className="font-mono"
                value={values.slug}
                onChange={(e) => set('slug', e.target.value.toLowerCase())}
                onBlur={() => setTouched((t) => ({ ...t, slug: true }))}
              />
            )}
          </Field>
          <Field label="Plan" description={PLAN_DESCRIPTION}>
            {(props) => (
              <Select {...props} name="plan" value={values.plan} onChange={(e) => set('plan', e.target.value)}>
                {STARTING_PLANS.map((plan) => (
                  <option key={plan} value={plan}>{`${PLAN_NAMES[plan]} - ${PLAN_PRICES[plan].label}/month`}</option>
                ))}
              </Select>
            )}
          </Field>
          {values.plan !== 'free' && (
            <Field label="Billing email" error={touched.billingEmail ? errors.billingEmail : null} description="Where the operator sends this organization's invoices.">
              {(props) => (
                <Input
                  {...props}
                  name="billingEmail"
                  type="email"
                  value={values.billingEmail}
                  onChange={(e) => set('billingEmail', e.target.value)}
                  onBlur={() => setTouched((t) => ({ ...t, billingEmail: true }))}
                />
              )}
            </Field>
          )}
        </div>
      </Panel>
    </form>
  );
}
