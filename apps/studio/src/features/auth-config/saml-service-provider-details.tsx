import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button.tsx';
import { SecretField } from '../../components/ui/secret-field.tsx';
import { samlServiceProviderUrls } from './sso-provider-rules.ts';

function Row({ label, description, children }: { label: string; description: string; children: ReactNode }) {
  return (
    <div className="grid gap-2 py-3 first:pt-0 last:pb-0 md:grid-cols-[180px_1fr] md:gap-6">
      <div>
        <p className="text-sm font-medium text-fg">{label}</p>
        <p className="mt-0.5 text-xs text-fg-subtle">{description}</p>
      </div>
      <div className="min-w-0 space-y-2">{children}</div>
    </div>
  );
}

/** What an identity provider's administrator enters when creating the SAML application for this project. */
export function SamlServiceProviderDetails({ callbackUrl }: { callbackUrl: string }) {
  const urls = samlServiceProviderUrls(callbackUrl);
  return (
    <div data-testid="saml-sp-details">
      <h3 className="text-sm font-semibold text-fg">Service provider details</h3>
      <p className="mb-3 mt-0.5 text-sm text-fg-muted">Enter these in your identity provider when you create the SAML application for this project.</p>
      <div className="divide-y divide-line">
        <Row label="Entity ID" description="Also called Audience URI or SP Entity ID.">
          <SecretField label="Entity ID" value={urls.entityId} testId="saml-sp-entity-id" />
        </Row>
        <Row label="ACS URL" description="Assertion Consumer Service URL, where the identity provider posts its response (HTTP-POST).">
          <SecretField label="ACS URL" value={urls.acsUrl} testId="saml-sp-acs-url" />
        </Row>
        <Row label="Metadata URL" description="All of the above as SAML metadata, for identity providers that import it.">
          <SecretField label="Metadata URL" value={urls.metadataUrl} testId="saml-sp-metadata-url" />
          <a href={urls.downloadUrl} download="metadata.xml" className={buttonClasses('outline', 'sm')} data-testid="saml-sp-metadata-download">
            <Download className="size-3.5" aria-hidden />
            Download metadata
          </a>
        </Row>
      </div>
    </div>
  );
}
