import { AuthConfigGate } from './auth-config-gate.tsx';
import { RedirectUrlsPanel } from './redirect-urls-panel.tsx';
import { SiteUrlForm } from './site-url-form.tsx';

/** Authentication > URL Configuration: where users land, and where redirects may go. */
export function UrlConfigurationView({ projectRef }: { projectRef: string }) {
  return (
    <AuthConfigGate projectRef={projectRef}>
      {(config, canUpdate) => (
        <>
          <SiteUrlForm projectRef={projectRef} config={config} canUpdate={canUpdate} />
          <RedirectUrlsPanel projectRef={projectRef} config={config} canUpdate={canUpdate} />
        </>
      )}
    </AuthConfigGate>
  );
}
