import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Send } from 'lucide-react';
import type { SupportTicket } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, Select, Textarea } from '../../components/ui/input.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { useProjectsQuery } from '../../data/projects/projects-query.ts';
import { useSupportTicketCreateMutation } from '../../data/support/support-ticket-create-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { SUPPORT_CATEGORIES } from '../../lib/constants.ts';

type Category = SupportTicket['category'];
const NO_PROJECT = 'no-project';

function isCategory(value: string | null): value is Category {
  return SUPPORT_CATEGORIES.some((category) => category.value === value);
}

interface Values {
  category: Category;
  ref: string;
  subject: string;
  message: string;
}
type Errors = Partial<Record<'subject' | 'message', string>>;

function validate(values: Values): Errors {
  const errors: Errors = {};
  if (!values.subject.trim()) errors.subject = 'Please add a subject';
  else if (values.subject.trim().length > 200) errors.subject = 'The subject must be at most 200 characters';
  if (!values.message.trim()) errors.message = 'Please add a message';
  else if (values.message.trim().length > 10000) errors.message = 'The message must be at most 10,000 characters';
  return errors;
}

/** New support ticket, prefilled from ?category=&ref=&subject=&message=. */
export function SupportForm() {
  const [params] = useSearchParams();
  const projects = useProjectsQuery();
  const create = useSupportTicketCreateMutation();
  const [values, setValues] = useState<Values>(() => {
    const category = params.get('category');
    return {
      category: isCategory(category) ? category : 'Problem',
      ref: params.get('ref') ?? NO_PROJECT,
      subject: params.get('subject') ?? '',
      message: params.get('message') ?? '',
    };
  });
  const [isSubmitted, setIsSubmitted] = useState(false);
  const errors = validate(values);
  const project = projects.data?.find((p) => p.ref === values.ref);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if (Object.values(errors).some(Boolean)) return;
    create.mutate(
      {
        category: values.category,
        project_ref: values.ref === NO_PROJECT ? null : values.ref,
        organization_slug: project?.organization_slug ?? null,
        subject: values.subject.trim(),
        message: values.message.trim(),
      },
      {
        onSuccess: () => {
          toast.success('Support request sent. We will reply by email.');
          setValues((v) => ({ ...v, subject: '', message: '' }));
          setIsSubmitted(false);
        },
        onError: (error) => toast.error(`Failed to submit support ticket: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Contact support">
      <Panel
        title="How can we help?"
        description="Tell us what happened. Include the steps that lead to the problem and any error messages."
        footer={
          <Button type="submit" variant="primary" isLoading={create.isPending} icon={<Send className="size-4" />} data-testid="submit-support">
            Send support request
          </Button>
        }
      >
        <div className="grid gap-5 md:grid-cols-2">
          <Field label="What are you having issues with?">
            {(props) => (
              <Select {...props} name="category" value={values.category} onChange={(e) => set('category', e.target.value as Category)}>
                {SUPPORT_CATEGORIES.map((category) => (
                  <option key={category.value} value={category.value}>
                    {category.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Which project is affected?">
            {(props) => (
              <Select {...props} name="ref" value={values.ref} onChange={(e) => set('ref', e.target.value)}>
                <option value={NO_PROJECT}>No specific project</option>
                {values.ref !== NO_PROJECT && !project && <option value={values.ref}>{values.ref}</option>}
                {(projects.data ?? []).map((p) => (
                  <option key={p.ref} value={p.ref}>
                    {p.name} ({p.ref})
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Subject" error={isSubmitted ? errors.subject : null} className="md:col-span-2">
            {(props) => (
              <Input {...props} name="subject" placeholder="Summary of the problem you have" value={values.subject} onChange={(e) => set('subject', e.target.value)} />
            )}
          </Field>
          <Field label="Message" error={isSubmitted ? errors.message : null} className="md:col-span-2" aside={`${values.message.length} / 10000`}>
            {(props) => (
              <Textarea
                {...props}
                name="message"
                rows={7}
                placeholder="Describe the issue you're facing, along with any relevant information."
                value={values.message}
                onChange={(e) => set('message', e.target.value)}
              />
            )}
          </Field>
        </div>
      </Panel>
    </form>
  );
}
