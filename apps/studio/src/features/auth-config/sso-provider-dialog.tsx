import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input, Textarea } from '../../components/ui/input.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { useSsoProviderCreateMutation } from '../../data/sso-providers/sso-provider-create-mutation.ts';
import { useSsoProviderUpdateMutation } from '../../data/sso-providers/sso-provider-update-mutation.ts';
import type { SsoProviderItem } from '../../data/sso-providers/sso-providers-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { SsoDomainsInput } from './sso-domains-input.tsx';
import { createBodyOf, draftOf, draftProblems, updateBodyOf, type MetadataSource, type SsoProviderDraft } from './sso-provider-rules.ts';

const SOURCES: readonly { value: MetadataSource; label: string }[] = [
  { value: 'url', label: 'Metadata URL' },
  { value: 'xml', label: 'Metadata XML' },
];
const EDIT_SOURCES: readonly { value: MetadataSource; label: string }[] = [{ value: 'keep', label: 'Keep current' }, ...SOURCES];

const MAPPING_PLACEHOLDER = '{\n  "keys": {\n    "email": { "name": "mail" },\n    "full_name": { "name": "displayName" }\n  }\n}';

interface SsoProviderDialogProps {
  projectRef: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The provider to edit; none to add one. */
  provider?: SsoProviderItem | null;
}

/**
 * Adds or changes a SAML identity provider: its metadata (fetched by the server from a URL or pasted
 * as XML), the email domains whose users sign in there, and how its attributes map onto user
 * metadata. Enter submits (Ctrl/⌘+Enter inside the text areas), Escape closes.
 */
export function SsoProviderDialog({ projectRef, open, onOpenChange, provider }: SsoProviderDialogProps) {
  const create = useSsoProviderCreateMutation(projectRef);
  const update = useSsoProviderUpdateMutation(projectRef);
  const isEditing = !!provider;
  const isPending = create.isPending || update.isPending;
  const [draft, setDraft] = useState<SsoProviderDraft>(() => draftOf(provider ?? undefined));
  const [isTouched, setIsTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(provider ?? undefined));
    setIsTouched(false);
    setServerError(null);
  }, [open, provider]);

  const problems = draftProblems(draft);
  const shown = isTouched ? problems : {};
  const set = <K extends keyof SsoProviderDraft>(key: K, value: SsoProviderDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  function submit(event?: Pick<FormEvent, 'preventDefault'>) {
    event?.preventDefault();
    setIsTouched(true);
    if (Object.keys(problems).length > 0) return;
    setServerError(null);
    const callbacks = {
      onSuccess: () => {
        toast.success(isEditing ? 'Successfully updated identity provider' : 'Successfully added identity provider');
        onOpenChange(false);
      },
      onError: (error: unknown) => setServerError(errorMessage(error)),
    };
    if (provider) update.mutate({ id: provider.id, body: updateBodyOf(draft) }, callbacks);
    else create.mutate(createBodyOf(draft), callbacks);
  }

  function submitFromTextarea(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent
        title={isEditing ? 'Edit identity provider' : 'Add identity provider'}
        description={provider ? provider.saml.entity_id : "Connect your company's SAML 2.0 identity provider with its metadata."}
        size="lg"
        testId="sso-provider-dialog"
        isBare
      >
        <form onSubmit={submit} noValidate aria-label={isEditing ? 'Edit identity provider' : 'Add identity provider'}>
          <div className="max-h-[65vh] space-y-4 overflow-y-auto px-5 py-4">
            <div className="space-y-2">
              <p className="text-sm font-medium text-fg">{isEditing ? 'Metadata' : 'Metadata source'}</p>
              <SegmentedControl label="Metadata source" options={isEditing ? EDIT_SOURCES : SOURCES} value={draft.source} onChange={(source) => set('source', source)} />
            </div>
            {draft.source === 'url' && (
              <Field label="Metadata URL" error={shown.metadataUrl} description="The server fetches the identity provider's metadata from here once, when you save.">
                {(props) => (
                  <Input {...props} type="url" autoFocus spellCheck={false} placeholder="https://idp.example.com/saml/metadata" value={draft.metadataUrl} onChange={(e) => set('metadataUrl', e.target.value)} data-testid="sso-metadata-url-input" />
                )}
              </Field>
            )}
            {draft.source === 'xml' && (
              <Field label="Metadata XML" error={shown.metadataXml} description="The EntityDescriptor your identity provider offers for download, with its signing certificate.">
                {(props) => (
                  <Textarea {...props} autoFocus spellCheck={false} className="min-h-32 font-mono text-xs" placeholder='<?xml version="1.0"?><EntityDescriptor ...' value={draft.metadataXml} onChange={(e) => set('metadataXml', e.target.value)} onKeyDown={submitFromTextarea} data-testid="sso-metadata-xml-input" />
                )}
              </Field>
            )}
            <Field label="Domains" error={shown.domains} description="Users whose email address is at one of these domains sign in through this provider. Separate them with commas or Enter.">
              {(props) => <SsoDomainsInput {...props} value={draft.domains} onChange={(domains) => set('domains', domains)} />}
            </Field>
            <Field label="Attribute mapping" aside="Optional" error={shown.attributeMapping} description={'JSON: the user metadata keys and the SAML attributes they come from. Without it, the email and name are read from common attributes.'}>
              {(props) => (
                <Textarea {...props} spellCheck={false} className="min-h-28 font-mono text-xs" placeholder={MAPPING_PLACEHOLDER} value={draft.attributeMapping} onChange={(e) => set('attributeMapping', e.target.value)} onKeyDown={submitFromTextarea} data-testid="sso-attribute-mapping-input" />
              )}
            </Field>
            {serverError && (
              <p role="alert" className="rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger" data-testid="sso-provider-dialog-error">
                {serverError}
              </p>
            )}
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isPending}>Cancel</Button>
            <Button type="submit" variant="primary" isLoading={isPending} data-testid="sso-provider-save">
              {isEditing ? 'Save changes' : 'Add identity provider'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
